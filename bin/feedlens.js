#!/usr/bin/env node
// The `feedlens` command: runs the bundled CLI (built by `npm run build` into out/main/cli.js).
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const bundle = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'main', 'cli.js')
if (!existsSync(bundle)) {
  process.stderr.write('feedlens: the CLI is not built yet; run `npm run build` first.\n')
  process.exit(1)
}
const { runCli } = await import(pathToFileURL(bundle).href)
const code = await runCli(process.argv.slice(2))
if (code !== 0) process.exit(code)
if (process.exitCode) process.exit(process.exitCode)
