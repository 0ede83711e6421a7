#!/usr/bin/env node
// Stops a desktop build early, in a sentence, on a Node older than it needs: electron-builder
// rebuilds better-sqlite3 for Electron with @electron/rebuild, which needs Node 22.12 or newer
// (the command line and the tests run on 20.19 or newer). Usage: node scripts/require-node.mjs 22.12
const wanted = process.argv[2] ?? '22.12'
const parts = (v) => v.replace(/^v/, '').split('.').map(Number)
const [wMajor, wMinor = 0] = parts(wanted)
const [major, minor] = parts(process.versions.node)
if (major < wMajor || (major === wMajor && minor < wMinor)) {
  process.stderr.write(
    `Building the desktop app needs Node ${wanted} or newer (electron-builder rebuilds better-sqlite3 for Electron with @electron/rebuild); this is Node ${process.versions.node}. The command line and the tests run on Node 20.19 or newer.\n`,
  )
  process.exit(1)
}
