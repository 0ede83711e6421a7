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
    files: ['electron/core/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The core never imports electron.' }] }],
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
