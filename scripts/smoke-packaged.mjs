#!/usr/bin/env node
// Smoke test of a packaged app on its own OS (the desktop workflow), as a user meets it:
//  1. launches the packaged app (through Playwright's Electron driver) on an empty data folder and
//     a free port, handing it a small feed file as a file association would;
//  2. the window loads and the preload's bridge answers (/app/status through IPC);
//  3. the loopback API answers /public/discover/volatility;
//  4. the file is imported by the app and its trends are computed (the app's workers);
//  5. a key made through the window's bridge reads /v1/trends over loopback (and no key is a 401);
//  6. the packaged command line runs with the app's own Node (ELECTRON_RUN_AS_NODE), as the
//     "Install command line tool" launcher runs it, and sees that key;
//  7. the app quits.
// Each step prints a line; the first failure ends the run with exit 1.
// Usage: node scripts/smoke-packaged.mjs <path to the app's executable>
/* global window -- the functions given to win.evaluate run in the window */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { _electron as electron } from 'playwright-core'

const executable = process.argv[2] && path.resolve(process.argv[2])
if (!executable || !fs.existsSync(executable)) {
  console.error(`usage: smoke-packaged.mjs <app executable> (not found: ${process.argv[2] ?? 'none given'})`)
  process.exit(2)
}

/**
 * The app's binary and its packaged command line: in Feedlens.app/Contents/Resources on macOS,
 * resources/ beside the binary elsewhere, inside the mount of an AppImage (mounted for the while,
 * as the installed launcher does: `--appimage-mount`).
 */
async function packagedCommandLine() {
  const cliIn = (resources) => path.join(resources, 'app.asar.unpacked', 'out', 'main', 'feedlens.js')
  if (executable.endsWith('.AppImage')) {
    const mounter = spawn(executable, ['--appimage-mount'], { stdio: ['ignore', 'pipe', 'inherit'] })
    const mounted = await new Promise((resolve, reject) => {
      let out = ''
      mounter.stdout.on('data', (chunk) => {
        out += chunk
        if (out.includes('\n')) resolve(out.split('\n')[0])
      })
      mounter.on('exit', (code) => reject(new Error(`${executable} --appimage-mount exited with ${code}`)))
    })
    return { binary: path.join(mounted, 'feedlens'), script: cliIn(path.join(mounted, 'resources')), done: () => mounter.kill() }
  }
  const resources = process.platform === 'darwin' ? path.resolve(path.dirname(executable), '..', 'Resources') : path.join(path.dirname(executable), 'resources')
  return { binary: executable, script: cliIn(resources), done: () => {} }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `probe` until it returns a value (not undefined), or fails after `seconds`. */
async function until(what, seconds, probe) {
  const deadline = Date.now() + seconds * 1000
  let last = null
  while (Date.now() < deadline) {
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    await sleep(500)
  }
  throw new Error(`${what}: not within ${seconds} s${last ? ` (last: ${last.message})` : ''}`)
}

function check(condition, message) {
  if (!condition) throw new Error(message)
}

const ARTICLES = 12
const HOURS = 30
/** A feed of the last HOURS hours in the US and GB, each article titled on first sight. */
function feedFile(folder) {
  const lines = []
  const lastHour = Math.floor(Date.now() / 3_600_000) * 3_600_000
  for (let h = HOURS - 1; h >= 0; h--) {
    const at = new Date(lastHour - h * 3_600_000).toISOString()
    for (const country of ['US', 'GB']) {
      for (let a = 0; a < ARTICLES; a++) {
        const row = { observed_at: at, country, position: a + 1, estimated_impressions: 5000 - 300 * a, url: `https://news.example/${country}/story-${a}` }
        if (h === HOURS - 1) Object.assign(row, { title: `Storm ${a} reaches the coast of ${country === 'US' ? 'Texas' : 'Cornwall'}`, lang: 'en' })
        lines.push(JSON.stringify(row))
      }
    }
  }
  const file = path.join(folder, 'smoke-feed.ndjson')
  fs.writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

const port = await freePort()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-smoke-'))
const feed = feedFile(fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-smoke-file-')))
const env = { ...process.env, FEEDLENS_DATA_DIR: dataDir, FEEDLENS_PORT: String(port), FEEDLENS_NO_UPDATES: '1', ELECTRON_ENABLE_LOGGING: '1' }
const base = `http://127.0.0.1:${port}`

let app = null
let failed = false
const step = async (name, run) => {
  const started = Date.now()
  await run()
  console.log(`ok  ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

try {
  await step('the packaged app starts', async () => {
    app = await electron.launch({ executablePath: executable, args: ['--no-sandbox', feed], env, timeout: 120_000 })
  })

  let win
  await step('its window loads and the preload\'s bridge answers', async () => {
    win = await app.firstWindow({ timeout: 60_000 })
    await win.waitForLoadState('domcontentloaded')
    const answer = await win.evaluate(async () => {
      const status = await window.feedlens.request({ method: 'GET', path: '/app/status' })
      return { kind: window.feedlens.kind, status: status.status, dataDir: status.body?.data_dir }
    })
    check(answer.kind === 'electron', `the bridge is ${answer.kind}, not electron`)
    check(answer.status === 200, `/app/status through the bridge answered ${answer.status}`)
    check(path.resolve(answer.dataDir) === path.resolve(dataDir) || fs.realpathSync(answer.dataDir) === fs.realpathSync(dataDir), `the app opened ${answer.dataDir}, not ${dataDir}`)
  })

  await step('the loopback API answers /public/discover/volatility', async () => {
    const body = await until('/public/discover/volatility', 60, async () => {
      const res = await fetch(`${base}/public/discover/volatility`)
      return res.status === 200 ? res.json() : undefined
    })
    check(typeof body === 'object' && body !== null, 'no JSON body')
  })

  const bridge = (request) => win.evaluate((req) => window.feedlens.request(req), request)

  await step('the handed-over file is imported and its trends computed', async () => {
    await until('the import and its trends', 120, async () => {
      const { status, body } = await bridge({ method: 'GET', path: '/app/status' })
      if (status !== 200) return undefined
      const done = body.counts.observations === ARTICLES * HOURS * 2 && body.counts.trends > 0 && !body.analytics.refreshing && !body.analytics.behind
      return done ? body : undefined
    })
  })

  let key
  await step('a key made in the window reads /v1/trends over loopback', async () => {
    const created = await bridge({ method: 'POST', path: '/app/keys', body: { name: 'smoke', internal: true } })
    check(created.status === 201 || created.status === 200, `POST /app/keys answered ${created.status}`)
    key = created.body.value
    const res = await fetch(`${base}/v1/trends`, { headers: { 'X-API-Key': key } })
    check(res.status === 200, `/v1/trends answered ${res.status}`)
    const body = await res.json()
    check(Array.isArray(body.trends) && body.trends.length > 0, `/v1/trends listed no trends: ${JSON.stringify(body).slice(0, 300)}`)
    const keyless = await fetch(`${base}/v1/trends`)
    check(keyless.status === 401, `/v1/trends without a key answered ${keyless.status}`)
  })

  await step('the packaged command line runs on the app\'s own Node', async () => {
    const { binary, script, done } = await packagedCommandLine()
    try {
      const cli = (args) => spawnSync(binary, [script, ...args], { encoding: 'utf8', env: { ...env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 60_000 })
      const version = cli(['--version'])
      check(version.status === 0 && /^\d+\.\d+\.\d+/.test(version.stdout), `feedlens --version: exit ${version.status}, ${version.stdout}${version.stderr}`)
      const keys = cli(['keys', 'list', '--data-dir', dataDir])
      check(keys.status === 0 && keys.stdout.includes('smoke'), `feedlens keys list: exit ${keys.status}, ${keys.stdout}${keys.stderr}`)
    } finally {
      done()
    }
  })

  await step('the app quits', async () => {
    await app.close()
    app = null
  })
} catch (error) {
  failed = true
  console.error(`FAILED: ${error.message}`)
} finally {
  if (app) await app.close().catch(() => {})
}
if (!failed) console.log(`The packaged app passed its smoke test on port ${port}.`)
process.exit(failed ? 1 : 0)
