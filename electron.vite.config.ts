import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { routeMetadata } from './shared/contract/routes'

const { version } = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string }

export default defineConfig({
  main: {
    define: { __FEEDLENS_VERSION__: JSON.stringify(version) },
    resolve: {
      alias: [
        // i18n-iso-countries' Node entry requires each of its 80 locales by a computed path a bundle
        // cannot follow; Feedlens registers the few it reads (ingest/search-console/export-tables.ts)
        { find: /^i18n-iso-countries$/, replacement: 'i18n-iso-countries/index.js' },
        // fflate's Node build declares its own `require` (for worker threads Feedlens does not use),
        // which clashes with the bundle's; its plain build unzips the same, synchronously
        { find: /^fflate$/, replacement: resolve(__dirname, 'node_modules/fflate/esm/browser.js') },
      ],
    },
    build: {
      // The bundles leave only package.json's `dependencies` to node_modules: the native SQLite
      // binding, a package that reads a data file beside itself, and the updater (the Electron
      // main process alone loads it, from inside app.asar). Everything else is a devDependency,
      // bundled in: the workers and the command line run from app.asar.unpacked, where module
      // resolution cannot reach into the archive (electron-builder.yml unpacks the few with their
      // dependencies; test/desktop/package-layout.test.ts starts each from a copy of the package).
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'electron/main/index.ts'),
          cli: resolve(__dirname, 'electron/core/cli/main.ts'),
          // the command a packaged app installs runs this (it runs runCli itself)
          feedlens: resolve(__dirname, 'electron/core/cli/run.ts'),
          // imports parse files on a worker thread (see electron/core/ingest/parsed-chunks.ts)
          'parse-worker': resolve(__dirname, 'electron/core/ingest/parse-worker.ts'),
          // trends and signals are recomputed on a worker thread (see electron/core/jobs/refresh-thread.ts)
          'refresh-worker': resolve(__dirname, 'electron/core/jobs/refresh-worker.ts'),
          // a store's first pass clusters every article on a worker thread beside its clustering of the later ones (see electron/core/jobs/clustering-beside.ts)
          'first-clustering-worker': resolve(__dirname, 'electron/core/jobs/first-clustering-worker.ts'),
          // syncs fetch and parse an upstream's feed on a worker thread (see electron/core/sync/feed-pages.ts)
          'feed-reader-worker': resolve(__dirname, 'electron/core/sync/feed-reader-worker.ts'),
          // the demo world's records are made on a worker thread beside its writes (see electron/core/demo/generate.ts)
          'demo-world-worker': resolve(__dirname, 'electron/core/demo/world-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'electron/preload/index.ts') },
        // A sandboxed preload must be one CommonJS file that only requires 'electron'.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      // the window loads what its first screen needs, minified; the build prints each chunk's gzipped size
      minify: 'esbuild',
      reportCompressedSize: true,
      rollupOptions: { input: resolve(__dirname, 'renderer/index.html') },
      chunkSizeWarningLimit: 2000,
    },
    // the window calls routes by id: their methods and paths are written in, the zod schemas stay in the main process
    define: { __FEEDLENS_ROUTES__: JSON.stringify(routeMetadata()) },
    plugins: [react()],
  },
})
