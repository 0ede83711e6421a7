/**
 * What every part of the benchmark shares: the cached demo worlds, copies of them to serve, the
 * built CLI and servers in their own processes, and how timings are summed up.
 */
import { addDemoSite } from '../electron/core/demo/search-console'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import { generateDemoWorld } from '../electron/core/demo/generate'
import { ensureDemoProject } from '../electron/core/service/demo-project'
import type { DemoScale } from '../electron/core/demo/scales'
import { analyticsStale, beginRefresh, refreshAnalytics, refreshAnalyticsAndWait, type BegunRefresh } from '../electron/core/jobs/refresh'
import { RefreshThread } from '../electron/core/jobs/refresh-thread'
import { createApiKey } from '../electron/core/service/keys'
import { Store } from '../electron/core/store/store'

export const here = path.dirname(fileURLToPath(import.meta.url))
export const MIGRATIONS = path.resolve(here, '../resources/drizzle')
export const CACHE = path.resolve(here, '.cache')
/** The built CLI (`npm run bench` builds first). */
export const BIN = path.resolve(here, '../bin/feedlens.js')
/** The demo worlds end here; the bench's clock stands here. */
export const END = new Date('2026-11-20T12:00:00Z')
export const SEED = 42

/**
 * A built worker's script (`npm run bench` builds first; out/main/<name>.js): the bench runs from
 * the sources, where there are no workers, and measures the work as the CLI and the app run it.
 * Null without the build (each caller says so).
 */
export function builtWorker(name: 'demo-world-worker' | 'refresh-worker'): URL | null {
  const script = path.resolve(here, `../out/main/${name}.js`)
  return fs.existsSync(script) ? pathToFileURL(script) : null
}

export const line = (s = '') => process.stdout.write(`${s}\n`)
export const ms = (x: number) => `${x.toFixed(1)} ms`
export const n = (x: number) => Math.round(x).toLocaleString('en-US')

export interface Timing {
  p50: number
  p95: number
  max: number
  count: number
}

export function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
  return { p50: at(50), p95: at(95), max: sorted[sorted.length - 1] ?? 0, count: sorted.length }
}

export const showTiming = (t: Timing) => `p50 ${ms(t.p50).padStart(9)}  p95 ${ms(t.p95).padStart(9)}  max ${ms(t.max).padStart(9)}  (${t.count} calls)`

/** The most memory this process has held (MiB). */
export const peakMiB = () => process.resourceUsage().maxRSS / 1024

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

export const worldFile = (scale: DemoScale) => path.join(CACHE, `${scale}-seed${SEED}.db`)

/** The cached world of a scale (made on first use, or anew with `fresh`), with its trends and signals. */
export async function openWorld(scale: DemoScale, fresh = false): Promise<Store> {
  fs.mkdirSync(CACHE, { recursive: true })
  const file = worldFile(scale)
  if (fresh) for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.activity`]) fs.rmSync(f, { force: true })
  const existed = fs.existsSync(file)
  const store = Store.open({ file, migrationsFolder: MIGRATIONS })
  const refreshWorker = builtWorker('refresh-worker')
  const thread = refreshWorker ? new RefreshThread(refreshWorker, store.openOptions) : null
  // as `feedlens demo` builds it: the refresh begun once the world is written, beside its indexes
  let begun: BegunRefresh | null = null
  if (!existed || store.counts().articles === 0) {
    const started = performance.now()
    const worker = builtWorker('demo-world-worker')
    if (!worker) line(`  the ${scale} world's records are made on this thread (the demo world's worker is not built: \`npm run build\`)`)
    const summary = generateDemoWorld(store, {
      scale,
      seed: SEED,
      end: END,
      onProgress: (done, total) => {
        if (done % 30 === 0) line(`  the ${scale} world: day ${done} of ${total}, ${((performance.now() - started) / 1000).toFixed(0)} s, peak memory ${n(peakMiB())} MiB`)
      },
    }, worker, () => {
      if (thread) begun = beginRefresh(thread, END)
    })
    ensureDemoProject(store, END)
    line(`generated the ${scale} world in ${((performance.now() - started) / 1000).toFixed(0)} s: ${n(summary.articles)} articles, ${n(summary.observations)} observations (peak memory of this process so far ${n(peakMiB())} MiB)`)
  }
  // the demo world's own site (My site), as a first start has it; a world cached before it gets it now
  if (store.searchConsole.properties().length === 0) {
    const started = performance.now()
    const site = addDemoSite(store, SEED, null)
    if (site) line(`added the ${scale} world's demo site ${site.property} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  // the world as an import leaves it: trends and signals computed and marked current, so that a
  // server started on a copy has nothing to catch up on (copyWorld's `analyticsBehind` asks for that)
  if (begun || analyticsStale(store)) {
    const started = performance.now()
    // as `feedlens demo` computes them: on the built refresh thread, then the scans and the index here
    if (thread) await refreshAnalyticsAndWait(store, END, thread, begun)
    else {
      line(`  the ${scale} world's trends and signals are computed on this thread (the refresh worker is not built: \`npm run build\`)`)
      refreshAnalytics(store, END)
    }
    const beside = begun ? ' more, begun beside the indexes at the end of its generation' : ''
    line(`computed the ${scale} world's trends and signals in ${((performance.now() - started) / 1000).toFixed(0)} s${beside} (peak memory of this process so far ${n(peakMiB())} MiB)`)
  }
  return store
}

/**
 * A data folder holding a copy of a world (and of its activity index file), its plans without
 * request limits (the bench measures the store and the server, not the limits: a setting of the
 * bench's own copy, never a default), and an API key of its project. Removed by `remove`.
 */
/**
 * `analyticsBehind`: the copy's data is newer than its trends and signals (as after `import
 * --no-refresh`, or the first start after an upgrade), so a server started on it recomputes them.
 */
export async function copyWorld(scale: DemoScale, options: { withIndexFile?: boolean; analyticsBehind?: boolean } = {}): Promise<{ dir: string; key: string; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `feedlens-bench-${scale}-`))
  const source = new Database(worldFile(scale), { readonly: true })
  await source.backup(path.join(dir, 'feedlens.db'))
  source.close()
  if (options.withIndexFile !== false && fs.existsSync(`${worldFile(scale)}.activity`)) fs.copyFileSync(`${worldFile(scale)}.activity`, path.join(dir, 'feedlens.db.activity'))
  const store = Store.open({ file: path.join(dir, 'feedlens.db'), migrationsFolder: MIGRATIONS })
  store.sqlite.prepare('UPDATE plans SET requests_per_minute = NULL, requests_per_month = NULL').run()
  const key = createApiKey(store, { name: 'bench', projectId: store.projects.all()[0]!.id }, END).value
  if (options.analyticsBehind) store.transaction(() => store.freshness.markDataChanged(END))
  store.close()
  // a store at rest, as an app starts on one: the copy's gigabytes written out first (their
  // write-back would otherwise slow the first reads of what is measured)
  for (const name of fs.readdirSync(dir)) {
    const fd = fs.openSync(path.join(dir, name), 'r')
    fs.fsyncSync(fd)
    fs.closeSync(fd)
  }
  return { dir, key, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Resident memory of the server process now (MiB). */
  rss(): number
  /** Resolves with the first line of its output from now on that matches (or rejects after `timeoutMs`). */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>
  stop(): Promise<void>
}

/** Whether processes can be held to some CPUs here (Linux's taskset). */
export const CAN_PIN = process.platform === 'linux' && spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0

/** A Node process of these arguments, held to the CPUs `cpus` (taskset's list, "1") where the machine can; else free. */
function spawnNode(args: string[], cpus: string | undefined, options: Parameters<typeof spawn>[2]): ChildProcess {
  return cpus !== undefined && CAN_PIN ? spawn('taskset', ['-c', cpus, process.execPath, ...args], options) : spawn(process.execPath, args, options)
}

/** A server in its own process: `feedlens serve` on a data folder (the built CLI), or bench/public-server.ts; `cpus` holds it to some CPUs. */
export function startProcess(command: string[], pattern: RegExp, cpus?: string): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawnNode(command, cpus, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    let everything = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      everything += d.toString()
      const m = pattern.exec(out)
      if (m) {
        out = ''
        resolve({
          url: m[1]!,
          child,
          waitForLine: (wanted, timeoutMs) =>
            new Promise<string>((found, fail) => {
              const check = () => {
                const line = everything.split('\n').find((l) => wanted.test(l))
                if (line === undefined) return false
                clearTimeout(timer)
                child.stdout!.off('data', check)
                found(line)
                return true
              }
              const timer = setTimeout(() => {
                child.stdout!.off('data', check)
                fail(new Error(`no line matching ${wanted} within ${timeoutMs} ms`))
              }, timeoutMs)
              if (!check()) child.stdout!.on('data', check)
            }),
          rss: () => {
            const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
            return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
          },
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done()
              child.once('exit', () => done())
              child.kill('SIGTERM')
            }),
        })
      }
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}`)))
  })
}

/** `feedlens serve` (the built CLI) on a data folder. Its clock is the real one: requests name their windows. */
export const serveFolder = (dir: string, extra: string[] = [], cpus?: string) =>
  startProcess([BIN, 'serve', '--port', '0', '--data-dir', dir, ...extra], /listening on (http:\/\/[\d.:]+)/, cpus)

/**
 * GETs a URL as a script following the contract does: a 503 (the store still computing) is asked
 * again after its Retry-After; the time is until the answer (ms), with how many 503s came first.
 */
export async function timedGetAnswered(url: string, key?: string): Promise<{ ms: number; computing: number }> {
  const started = performance.now()
  for (let computing = 0; ; computing++) {
    const res = await fetch(url, { headers: key ? { 'X-API-Key': key } : {} })
    const text = await res.text()
    if (res.status === 503 && computing < 120) {
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000))
      continue
    }
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`)
    return { ms: performance.now() - started, computing }
  }
}

/** GETs a URL with a key and returns the time it took (ms); throws on anything but 200. */
export async function timedGet(url: string, key?: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now()
  const res = await fetch(url, { headers: key ? { 'X-API-Key': key } : {} })
  const text = await res.text()
  const took = performance.now() - started
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`)
  return { ms: took, body: JSON.parse(text) as unknown }
}

/** Writes lines to a file (a header first when given), waiting when the stream is full; returns the rows written. */
export async function writeLines(file: string, rows: Iterable<string>, header?: string): Promise<number> {
  const out = fs.createWriteStream(file)
  if (header !== undefined) out.write(`${header}\n`)
  let count = 0
  for (const row of rows) {
    if (!out.write(`${row}\n`)) await new Promise<void>((r) => out.once('drain', () => r()))
    count++
  }
  await new Promise<void>((r) => out.end(() => r()))
  return count
}

/** Times each URL once through the app (after untimed calls of others: a running app is warm); a status other than 200 stops the bench. */
export async function timeUrls(app: { request(url: string, init: RequestInit): Response | Promise<Response> }, headers: Record<string, string>, urls: string[], warmUp: string[]): Promise<Timing> {
  for (const u of warmUp) await (await app.request(`http://127.0.0.1${u}`, { headers })).arrayBuffer()
  const times: number[] = []
  for (const u of urls) {
    const started = performance.now()
    const res = await app.request(`http://127.0.0.1${u}`, { headers })
    await res.arrayBuffer()
    times.push(performance.now() - started)
    if (res.status !== 200) throw new Error(`${u}: ${res.status}`)
  }
  return timing(times)
}

