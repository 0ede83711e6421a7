import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// every project removes the folders its tests made (test/helpers/temp-dirs.ts)
const setupFiles = ['test/setup/temp-dirs.ts']

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          environment: 'node',
          setupFiles,
          include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts', 'test/cli/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // the desktop shell against a stand-in for Electron (its binary is not needed to test the shell)
        resolve: { alias: { electron: fileURLToPath(new URL('./test/desktop/fake-electron.ts', import.meta.url)) } },
        test: {
          name: 'desktop',
          environment: 'node',
          setupFiles,
          include: ['test/desktop/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          setupFiles,
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
