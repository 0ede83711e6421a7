#!/usr/bin/env node
// Smoke test of a packaged app on its own OS (the desktop workflow): launches the installed
// binary on an empty data folder and a free port, waits for the loopback API, asks
// /public/discover/volatility, and quits. A package that cannot start, open its store or serve
// fails here. Usage: node scripts/smoke-packaged.mjs <path to the app's executable>
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const executable = process.argv[2]
if (!executable || !fs.existsSync(executable)) {
  console.error(`usage: smoke-packaged.mjs <app executable> (not found: ${executable ?? 'none given'})`)
  process.exit(2)
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

const port = await freePort()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-smoke-'))
const app = spawn(executable, ['--no-sandbox'], {
  env: { ...process.env, FEEDLENS_DATA_DIR: dataDir, FEEDLENS_PORT: String(port), FEEDLENS_NO_UPDATES: '1', ELECTRON_ENABLE_LOGGING: '1' },
  stdio: 'inherit',
})
let exited = null
app.on('exit', (code) => (exited = code))

const deadline = Date.now() + 120_000
let answer = null
while (Date.now() < deadline && exited === null) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/public/discover/volatility`)
    answer = { status: res.status, body: await res.json() }
    break
  } catch {
    await new Promise((r) => setTimeout(r, 1000))
  }
}
app.kill()
if (!answer) {
  console.error(exited !== null ? `The app exited (code ${exited}) before its API answered.` : 'The app\'s API did not answer within 120 s.')
  process.exit(1)
}
if (answer.status !== 200 || typeof answer.body !== 'object') {
  console.error(`/public/discover/volatility answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  process.exit(1)
}
console.log(`The packaged app answered /public/discover/volatility with 200 on port ${port}.`)
process.exit(0)
