import js from '@eslint/js'
import fs from 'node:fs'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import noImportCircles from './eslint/no-import-circles.js'

/**
 * The floors of the Node side, from the top down (docs/architecture.md draws them). A file
 * imports only from its own floor and the floors below it: an import that runs back up, or a
 * circle of imports (type-only ones included), fails the lint.
 */
const FLOORS = [
  ['shell, command line, benchmarks', ['electron/main', 'electron/core/cli', 'bench']],
  ['HTTP', ['electron/core/http', 'electron/core/bootstrap.ts']],
  ['core', ['electron/core/core.ts']],
  ['service', ['electron/core/service']],
  ['sync, demo, limits', ['electron/core/sync', 'electron/core/demo', 'electron/core/limits']],
  ['auth, jobs, ingest', ['electron/core/auth', 'electron/core/jobs', 'electron/core/ingest']],
  ['store', ['electron/core/store']],
  ['analytics', ['electron/core/analytics']],
  [
    'small helpers',
    ['electron/core/time', 'electron/core/domains', 'electron/core/geo', 'electron/core/timeline', 'electron/core/paths', 'electron/core/types', 'electron/core/steps.ts', 'electron/core/errors.ts', 'electron/core/version.ts', 'electron/core/serve-defaults.ts', 'electron/core/shared-strings.ts'],
  ],
]

// every folder and file of the core stands on a floor: a new one is placed before it is linted
const placed = new Set(FLOORS.flatMap(([, paths]) => paths))
for (const entry of fs.readdirSync('electron/core')) {
  if (!placed.has(`electron/core/${entry}`)) throw new Error(`eslint.config.js: electron/core/${entry} stands on no floor; add it to FLOORS.`)
}

/** import-x/no-restricted-paths zones: each floor may not reach any floor above it. */
const floorZones = FLOORS.flatMap(([name, paths], i) =>
  i === 0
    ? []
    : paths.map((target) => ({
        target: `./${target}`,
        from: FLOORS.slice(0, i).flatMap(([, above]) => above.map((p) => `./${p}`)),
        message: `The ${name} floor imports only from its own floor and the floors below it (docs/architecture.md, "The floors").`,
      })),
)

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
    files: ['electron/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: floorZones }] },
  },
  {
    files: ['electron/**/*.ts', 'bench/**/*.ts', 'shared/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { feedlens: { rules: { 'no-import-circles': noImportCircles } } },
    rules: { 'feedlens/no-import-circles': 'error' },
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
