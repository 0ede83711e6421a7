import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'resources/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The core runs in plain Node (CLI, tests, headless serving): it must never import Electron.
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The core never imports electron.' }] }],
    },
  },
  {
    // shared/ and the renderer run in the window too: no Node built-ins, no Electron, nothing of the core.
    files: ['shared/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'shared/ and the renderer never import electron.' }],
          patterns: [
            { group: ['node:*'], message: 'shared/ and the renderer run in the window: no Node built-ins.' },
            { group: ['**/electron/core/**', '**/electron/main/**', '**/electron/preload/**'], message: 'shared/ and the renderer never import the core or the shell.' },
          ],
        },
      ],
    },
  },
  {
    // Raw ipcMain lives only in electron/main/ipc.ts.
    files: ['electron/main/**/*.ts'],
    ignores: ['electron/main/ipc.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "Identifier[name='ipcMain']", message: 'Wire IPC in electron/main/ipc.ts only.' }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
)
