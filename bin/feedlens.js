#!/usr/bin/env node
// The `feedlens` command: runs the bundled CLI (built by `npm run build` into out/main/feedlens.js).
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const bundle = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'main', 'feedlens.js')
if (!existsSync(bundle)) {
  process.stderr.write('feedlens: the CLI is not built yet; run `npm run build` first.\n')
  process.exit(1)
}
await import(pathToFileURL(bundle).href)
