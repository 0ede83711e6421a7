/**
 * `npm run bench`: generation time per scale, the sustained import rate, and p50/p95 latency
 * of the API methods (tracking at the issue's list sizes included) on demo worlds. Worlds are cached under bench/.cache (--fresh rebuilds).
 */
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { Command } from 'commander'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { WebSessions } from '../electron/core/auth/web-sessions'
import { Core } from '../electron/core/core'
import { generateDemoWorld } from '../electron/core/demo/generate'
import { ensureDemoProject } from '../electron/core/demo/demo-project'
import { demoScales, type DemoScale } from '../electron/core/demo/scales'
import { createHttpApp } from '../electron/core/http/app'
import type { ImportReport } from '../electron/core/ingest/importer'
import { Store } from '../electron/core/store/store'
import { refreshSignals } from '../electron/core/jobs/signals'
import { forgetTrendState, refreshTrends } from '../electron/core/jobs/trends'
import { nextSnapshotBatch } from '../electron/core/demo/next-snapshot'
import { IngestWriter } from '../electron/core/ingest/writer'
import { scanMentionList } from '../electron/core/jobs/mention-scan'
import { backtestForecasts } from '../electron/core/analytics/trends/backtest'
import { addItems, createList, deleteList } from '../electron/core/service/tracking/editing'
import { isoFromSeconds } from '../electron/core/time/buckets'
import { decodeFeedEntries } from '../electron/core/store/feed-entries'

const here = path.dirname(fileURLToPath(import.meta.url))
const MIGRATIONS = path.resolve(here, '../resources/drizzle')
const CACHE = path.resolve(here, '.cache')
/** The built CLI (`npm run bench` builds first). */
const BIN = path.resolve(here, '../bin/feedlens.js')
const END = new Date('2026-11-20T12:00:00Z')
const SEED = 42

const program = new Command()
  .option('--scales <list>', 'demo scales to measure', 'small,medium')
  .option('--iterations <n>', 'requests per method', '200')
  .option('--fresh', 'rebuild cached worlds')
  .option('--only <parts>', 'measure only these parts: analytics, import, latency, tracking, worst, contention, throughput', 'analytics,import,latency,tracking,worst,contention,throughput')
  .parse()
const opts = program.opts<{ scales: string; iterations: string; fresh?: boolean; only: string }>()
const parts = new Set(opts.only.split(','))
const scales = opts.scales.split(',').filter((s): s is DemoScale => (demoScales as readonly string[]).includes(s))
const iterations = Number(opts.iterations)

const line = (s: string) => process.stdout.write(`${s}\n`)
const ms = (x: number) => `${x.toFixed(2)} ms`

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

function openWorld(scale: DemoScale): { store: Store; built: number | null } {
  fs.mkdirSync(CACHE, { recursive: true })
  const file = path.join(CACHE, `${scale}-seed${SEED}.db`)
  if (opts.fresh) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true })
  const existed = fs.existsSync(file)
  const store = Store.open({ file, migrationsFolder: MIGRATIONS })
  if (existed && store.counts().articles > 0) return { store, built: null }
  const started = performance.now()
  const summary = generateDemoWorld(store, { scale, seed: SEED, end: END })
  const seconds = (performance.now() - started) / 1000
  ensureDemoProject(store, END)
  line(`generate ${scale}: ${seconds.toFixed(1)} s (${summary.articles.toLocaleString('en-US')} articles, ${summary.observations.toLocaleString('en-US')} observations)`)
  return { store, built: seconds }
}

/** `feedlens import FILE --json --no-refresh` into a data folder: its report and the seconds from start to exit. */
function cliImport(file: string, dataDir: string): Promise<{ report: ImportReport; seconds: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'import', file, '--data-dir', dataDir, '--json', '--no-refresh'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`feedlens import ${file} exited with ${code}`))
      else resolve({ report: (JSON.parse(out) as ImportReport[])[0]!, seconds: (performance.now() - started) / 1000 })
    })
  })
}

/** Exports the world's articles and observations to NDJSON, then imports them into an empty store. */
async function measureImport(source: Store): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-'))
  const articlesFile = path.join(dir, 'articles.ndjson')
  const observationsFile = path.join(dir, 'observations.ndjson')
  const articles = fs.createWriteStream(articlesFile)
  for (const a of source.sqlite
    .prepare(`SELECT url, title, region, lang, category, content_type, summary, published_at FROM articles ORDER BY seq`)
    .iterate() as Iterable<Record<string, unknown>>) {
    articles.write(`${JSON.stringify(a)}\n`)
  }
  await new Promise<void>((r) => articles.end(() => r()))
  const observations = fs.createWriteStream(observationsFile)
  const urls = new Map(
    (source.sqlite.prepare(`SELECT seq, url FROM articles`).raw().all() as Array<[number, string]>).map(([seq, url]) => [seq, url]),
  )
  let rows = 0
  // time order, then country and position: how a feed recorder writes its snapshots
  for (const s of source.sqlite
    .prepare(`SELECT observed_at AS t, country, entries FROM feed_snapshots ORDER BY observed_at, country`)
    .all() as Array<{ t: number; country: string; entries: Buffer }>) {
    const e = decodeFeedEntries(s.entries)
    const observedAt = isoFromSeconds(s.t)
    for (let i = 0; i < e.seqs.length; i++) {
      const line = { observed_at: observedAt, country: s.country, position: e.positions[i], estimated_impressions: e.impressions[i], url: urls.get(e.seqs[i]!) }
      if (!observations.write(`${JSON.stringify(line)}\n`)) await new Promise<void>((r) => observations.once('drain', () => r()))
      rows++
    }
  }
  await new Promise<void>((r) => observations.end(() => r()))
  // through the built CLI, as users import: parsing on its worker thread, timed from start to exit
  const a = await cliImport(articlesFile, dir)
  line(`import articles: ${a.report.articles.toLocaleString('en-US')} in ${a.seconds.toFixed(1)} s (${Math.round(a.report.articles / a.seconds).toLocaleString('en-US')} articles/s)`)
  const o = await cliImport(observationsFile, dir)
  line(
    `import observations (NDJSON, aggregates included, \`feedlens import\` start to exit): ${o.report.observationsInserted.toLocaleString('en-US')} in ${o.seconds.toFixed(1)} s = ` +
      `${Math.round(o.report.observationsInserted / o.seconds).toLocaleString('en-US')} observations/s${o.report.parsedOnWorker ? '' : ' (parsed on the writing thread: no worker)'}`,
  )
  const again = await cliImport(observationsFile, dir)
  line(`re-import of the same file (all skipped as already stored): ${again.report.observationsDuplicate.toLocaleString('en-US')} rows in ${again.seconds.toFixed(1)} s`)
  fs.rmSync(dir, { recursive: true, force: true })
  if (rows !== o.report.observationsInserted) line(`  (warning: ${rows} rows exported, ${o.report.observationsInserted} imported)`)
}

/**
 * The update after one 3-hour batch of snapshots (every country's feed 3 hours on, with new
 * articles following the stories that had just appeared), right after the full recompute. The
 * batch and the update are rolled back, so the cached world stays as it was.
 */
function measureIncrementalTrends(store: Store): void {
  const later = new Date(END.getTime() + 3 * 3600_000)
  store.sqlite.exec('BEGIN')
  try {
    const batch = nextSnapshotBatch(store, 3)
    const writeStarted = performance.now()
    new IngestWriter(store).write(batch)
    const written = performance.now() - writeStarted
    const started = performance.now()
    const update = refreshTrends(store, later)
    const seconds = (performance.now() - started) / 1000
    line(
      `trends incremental update after one 3-hour batch (${batch.observations!.length.toLocaleString('en-US')} observations, ${batch.articles!.length} new articles; ` +
        `written in ${(written / 1000).toFixed(2)} s): ${seconds.toFixed(2)} s, ${update.mode}, ${update.touched} of ${update.trends.toLocaleString('en-US')} trends rewritten`,
    )
  } finally {
    store.sqlite.exec('ROLLBACK')
    forgetTrendState(store)
  }
}

async function measureLatency(store: Store): Promise<void> {
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 1_000_000_000 })
  const app = createHttpApp(core)
  const headers = { cookie: WebSessions.cookie(core.sessions.signIn()) }
  const pick = (sql: string) => store.sqlite.prepare(sql).pluck().get() as string
  const article = pick(`SELECT id FROM articles ORDER BY seq DESC LIMIT 1`)
  const word = (pick(`SELECT title FROM articles WHERE lang = 'en' ORDER BY seq DESC LIMIT 1`) ?? 'news').split(/\s+/).filter((w) => w.length > 4)[0] ?? 'news'
  const entity = pick(`SELECT entity_id FROM article_entities LIMIT 1`)
  const requests: Array<[string, string]> = [
    ['GET /v1/articles', '/v1/articles'],
    ['GET /v1/articles (region, sort first_seen)', '/v1/articles?region=US&sort_by=first_seen_at&limit=50'],
    ['GET /v1/articles (search)', `/v1/articles?search=${encodeURIComponent(word)}`],
    ['GET /v1/articles (category, content_type)', '/v1/articles?category=/News&content_type=News'],
    ['GET /v1/articles (dates, has_summary)', '/v1/articles?date_from=2026-11-19&date_to=2026-11-20&has_summary=true'],
    ['GET /v1/articles/{id}', `/v1/articles/${article}?include_markdown=true`],
    ['GET /v1/articles/{id}/observations', `/v1/articles/${article}/observations`],
    ['GET /v1/geo/regions', '/v1/geo/regions?with_stats=true'],
    ['GET /v1/geo/regions (entity, 7d)', `/v1/geo/regions?entity=${encodeURIComponent(entity)}&window=7d`],
    ['GET /v1/geo/regions/{alpha_2}', '/v1/geo/regions/us'],
    ['GET /v1/geo/regions/{alpha_2}/cities', '/v1/geo/regions/US/cities'],
    ['GET /v1/geo/languages (counts)', '/v1/geo/languages?with_article_counts=true'],
    ['GET /v1/trends', '/v1/trends'],
    ['GET /v1/trends (state, sort article_count)', '/v1/trends?state=persistent&sort_by=article_count'],
    ['GET /v1/trends/{id}', `/v1/trends/${pick('SELECT id FROM trends ORDER BY article_count DESC LIMIT 1')}`],
    ['GET /v1/trends/{id}/articles', `/v1/trends/${pick('SELECT id FROM trends ORDER BY article_count DESC LIMIT 1')}/articles`],
    ['GET /v1/trends/{id}/children', `/v1/trends/${pick('SELECT parent_id FROM trend_links LIMIT 1')}/children`],
    ['GET /v1/themes', '/v1/themes'],
    ['GET /v1/topics/{id}/trends', `/v1/topics/${pick('SELECT id FROM topics ORDER BY n_articles DESC LIMIT 1')}/trends`],
    ['GET /public/discover/volatility', '/public/discover/volatility'],
    ['GET /public/discover/volatility (US, 3h)', '/public/discover/volatility?country=US&granularity=3h'],
    ['GET /public/discover/category-volatility', '/public/discover/category-volatility'],
    ['GET /public/discover/category-volatility (News)', '/public/discover/category-volatility?category=News'],
    ['GET /public/discover/topic-volatility', '/public/discover/topic-volatility'],
    ['GET /public/discover/format-interest', '/public/discover/format-interest'],
    ['GET /public/discover/categories', '/public/discover/categories'],
    ['GET /public/engine-profile', `/public/engine-profile?domain=${pick('SELECT domain FROM publishers LIMIT 1')}`],
    ['GET /public/engine-profile/query', '/public/engine-profile/query?q=news'],
  ]
  await timeRequests(app, headers, requests)
}

function startServer(mode: 'feedlens' | 'bare', arg: string): Promise<{ port: number; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'public-server.ts'), mode, arg], { stdio: ['ignore', 'pipe', 'inherit'] })
    child.stdout.once('data', (d: Buffer) => resolve({ port: Number(String(d).trim()), stop: () => child.kill() }))
    child.once('error', reject)
  })
}

async function throughput(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 50, duration: 10, pipelining: 1 })
  return result.requests.average
}

/** /public/discover/volatility through Feedlens, and the same bytes from a bare node:http server. */
async function measureThroughput(file: string): Promise<void> {
  const feedlens = await startServer('feedlens', file)
  const url = `http://127.0.0.1:${feedlens.port}/public/discover/volatility`
  const body = Buffer.from(await (await fetch(url)).arrayBuffer())
  const bare = await startServer('bare', body.toString('base64'))
  try {
    const ours = await throughput(url)
    const baseline = await throughput(`http://127.0.0.1:${bare.port}/`)
    line(`throughput of /public/discover/volatility (autocannon, 50 connections, 10 s, one run; ${body.length} bytes a response):`)
    line(`  Feedlens ${Math.round(ours).toLocaleString('en-US')} req/s, bare node:http ${Math.round(baseline).toLocaleString('en-US')} req/s: ${((ours / baseline) * 100).toFixed(0)}%`)
  } finally {
    feedlens.stop()
    bare.stop()
  }
}

/** Times requests through the in-process HTTP app and prints p50 and p95 of each. */
async function timeRequests(app: ReturnType<typeof createHttpApp>, headers: Record<string, string>, requests: Array<[string, string]>): Promise<void> {
  for (const [name, url] of requests) {
    const times: number[] = []
    let first = 0
    for (let i = 0; i < iterations + 10; i++) {
      const started = performance.now()
      const res = await app.request(`http://127.0.0.1${url}`, { headers })
      await res.arrayBuffer()
      if (i === 0) first = performance.now() - started
      if (i >= 10) times.push(performance.now() - started)
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
    }
    times.sort((a, b) => a - b)
    // "first" met an empty answer memory (the in-memory index already built)
    line(`  ${name.padEnd(52)} p50 ${ms(percentile(times, 50)).padStart(10)}  p95 ${ms(percentile(times, 95)).padStart(10)}  first ${ms(first).padStart(11)}`)
  }
}

/**
 * Tracking at the sizes of the issue: metrics of a 200-item entity list over 30 days, the
 * roll-up of a 500-item list, the matches of a mention list; and how long its first scan takes.
 */
/** The bench's lists at the issue's sizes (made anew): 200 and 500 entities, and a 7-keyword mention list (not scanned yet). */
function makeBenchLists(store: Store) {
  const projectId = ensureDemoProject(store, END)?.projectId ?? store.projects.all()[0]!.id
  for (const l of store.tracking.lists(projectId, undefined, 0, 1000, 0).rows) if (l.name.startsWith('bench: ')) deleteList(store, projectId, l.id)
  const entities = store.trackingEditor.suggestions('entity', null, 500).map((e) => ({ value: e.value }))
  const make = (kind: 'entity' | 'mention', name: string, items: Array<{ value: string; match_type?: 'broad' | 'phrase' | 'exact' }>) => {
    const id = createList(store, projectId, { kind, name: `bench: ${name}` }, END)
    addItems(store, projectId, id, items, END)
    return id
  }
  const entity200 = make('entity', '200 entities', entities.slice(0, 200))
  const entity500 = make('entity', `${Math.min(500, entities.length)} entities`, entities.slice(0, 500))
  const organisations = store.trackingEditor.suggestions('entity', null, 40).filter((e) => store.trackingEditor.entityById(e.value)?.type === 'Organization')
  const mention = make('mention', 'keywords', [
    ...organisations.slice(0, 3).map((o) => ({ value: o.label, match_type: 'phrase' as const })),
    { value: 'central bank' },
    { value: 'coalition' },
    { value: 'Wahl' },
    { value: 'election' },
  ])
  return { entity200, entity500, mention, entityCount: Math.min(500, entities.length) }
}

async function measureTracking(store: Store): Promise<void> {
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 1_000_000_000 })
  const app = createHttpApp(core)
  const headers = { cookie: WebSessions.cookie(core.sessions.signIn()) }
  const { entity200, entity500, mention, entityCount } = makeBenchLists(store)
  const indexStarted = performance.now()
  const { data: index } = await store.activity.current()
  line(`  in-memory activity index: built in ${((performance.now() - indexStarted) / 1000).toFixed(2)} s (${index.days.day.length.toLocaleString('en-US')} daily cells, ${index.seq.length.toLocaleString('en-US')} articles)`)
  const scanStarted = performance.now()
  const scan = scanMentionList(store, mention, 'full', () => END)
  line(`  first scan of a 7-keyword mention list: ${((performance.now() - scanStarted) / 1000).toFixed(2)} s (${scan.articlesChecked.toLocaleString('en-US')} candidate articles checked, ${scan.matchesAdded.toLocaleString('en-US')} matches)`)
  await timeRequests(app, headers, [
    ['GET /v1/tracking/lists', '/v1/tracking/lists'],
    ['GET metrics, 200 entities, 30d, limit 200', `/v1/tracking/lists/${entity200}/metrics?period=30d&limit=200`],
    ['GET metrics, 200 entities, 7d, hourly, limit 50', `/v1/tracking/lists/${entity200}/metrics?period=7d&grain=hour`],
    [`GET rollup, ${entityCount} entities, 24h`, `/v1/tracking/lists/${entity500}/rollup`],
    [`GET rollup, ${entityCount} entities, 30d`, `/v1/tracking/lists/${entity500}/rollup?period=30d`],
    ['GET matches, mention list', `/v1/tracking/lists/${mention}/matches`],
    ['GET matches, mention list, limit 1000', `/v1/tracking/lists/${mention}/matches?limit=1000`],
    ['GET metrics, mention list, 30d', `/v1/tracking/lists/${mention}/metrics?period=30d`],
  ])
}

/**
 * Every method of the route table with its most expensive valid parameters (the widest window,
 * the finest grain, the largest page) on the busiest list, article and trend: how long the
 * answer takes and how big it is. Each call asks for another window (its end an hour later), so
 * no answer comes from memory.
 */
async function measureWorstCase(store: Store): Promise<void> {
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 1_000_000_000 })
  const app = createHttpApp(core)
  const headers = { cookie: WebSessions.cookie(core.sessions.signIn()) }
  const pick = (sql: string) => store.sqlite.prepare(sql).pluck().get() as string
  const bench = makeBenchLists(store)
  scanMentionList(store, bench.mention, 'full', () => END)
  const byKind = (kind: string) => (kind === 'mention' ? bench.mention : bench.entity500)
  const paths: Record<string, string | undefined> = {
    list_id: bench.entity500,
    alpha_2: pick(`SELECT country FROM feed_snapshots GROUP BY country ORDER BY sum(entry_count) DESC LIMIT 1`),
    article_id: pick(`SELECT a.id FROM articles a JOIN article_facets f ON f.article_seq = a.seq ORDER BY f.impressions DESC LIMIT 1`),
    trend_id: pick('SELECT id FROM trends ORDER BY article_count DESC LIMIT 1'),
    theme_id: pick('SELECT id FROM themes ORDER BY n_articles DESC LIMIT 1'),
    topic_id: pick('SELECT id FROM topics ORDER BY n_articles DESC LIMIT 1'),
  }
  const widest: Record<string, string> = { period: 'custom', date_from: '0001-01-01', grain: 'hour', window: '30d', with_stats: 'true', with_article_counts: 'true', min_articles: '0', domain: pick('SELECT domain FROM publishers LIMIT 1'), q: 'ne' }
  const openapi = (await (await app.request('http://127.0.0.1/openapi.json')).json()) as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema: { maximum?: number } }> }>> }
  const rows: Array<[string, number, number, number, number]> = []
  const { routes } = await import('../shared/contract/routes')
  for (const [id, def] of Object.entries(routes)) {
    if (def.method !== 'GET' || def.access === 'app') continue
    const kindsOf = def.path.includes('{list_id}') ? (def.path.endsWith('/matches') ? ['mention'] : ['entity', 'mention']) : [null]
    for (const kind of kindsOf) {
      const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'list_id' && kind ? byKind(kind) : paths[name]) ?? 'x')
      const documented = openapi.paths[def.path]?.get?.parameters ?? []
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < 6; i++) {
        const params = new URLSearchParams()
        for (const name of Object.keys(def.query?.shape ?? {})) {
          if (name === 'date_to') params.set(name, new Date(END.getTime() - i * 3_600_000).toISOString())
          else if (widest[name]) params.set(name, widest[name]!)
          else if (name === 'limit') params.set(name, String(documented.find((p) => p.name === 'limit')?.schema.maximum ?? 1000))
        }
        const started = performance.now()
        const res = await app.request(`http://127.0.0.1${path}?${params}`, { headers })
        const body = await res.arrayBuffer()
        times.push(performance.now() - started)
        bytes = Math.max(bytes, body.byteLength)
        if (res.status !== 200) throw new Error(`${path}?${params}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`)
      }
      times.sort((a, b) => a - b)
      rows.push([`${id}${kind ? ` (${kind} list)` : ''}`, times[Math.floor(times.length / 2)]!, times[times.length - 1]!, bytes, 0])
    }
  }
  for (const [name, median, worst, bytes] of rows.sort((a, b) => b[2] - a[2])) {
    line(`  ${name.padEnd(44)} median ${ms(median).padStart(11)}  worst ${ms(worst).padStart(11)}  ${(bytes / 1024).toFixed(1).padStart(8)} KiB`)
  }
}

/**
 * Reads of a running `feedlens serve` while `feedlens import` writes into the same store from
 * another process: p50/p95 of ordinary requests idle, then during the import (on a copy of the
 * world, so the cached one stays as it was).
 */
async function measureReadsDuringImport(scale: DemoScale): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-contention-'))
  const source = path.join(CACHE, `${scale}-seed${SEED}.db`)
  const copy = new (await import('better-sqlite3')).default(source, { readonly: true })
  await copy.backup(path.join(dir, 'feedlens.db'))
  copy.close()
  // the bench's own copy: its plans without request limits, so that nothing but the store is measured
  const limits = Store.open({ file: path.join(dir, 'feedlens.db'), migrationsFolder: MIGRATIONS })
  limits.sqlite.prepare('UPDATE plans SET requests_per_minute = NULL, requests_per_month = NULL').run()
  limits.close()
  const keyOut = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'keys', 'create', '--name', 'bench', '--internal', '--data-dir', dir], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`keys create: ${code}`))))
  })
  const server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dir], { stdio: ['ignore', 'pipe', 'ignore'] })
  const url = await new Promise<string>((resolve) => {
    let out = ''
    server.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out)
      if (m) resolve(m[1]!)
    })
  })
  const store = Store.open({ file: source, migrationsFolder: MIGRATIONS })
  const pick = (sql: string) => store.sqlite.prepare(sql).pluck().get() as string
  const reads = [
    '/v1/trends?limit=50',
    `/v1/trends/${pick('SELECT id FROM trends ORDER BY article_count DESC LIMIT 1')}/articles`,
    '/v1/articles?limit=50',
    '/v1/geo/regions?with_stats=true',
    `/v1/articles/${pick('SELECT id FROM articles ORDER BY seq DESC LIMIT 1')}/observations`,
    '/public/discover/volatility?country=US',
  ]
  // an observations file of the world's last 10 days, moved 30 days on: new snapshots to write
  const file = path.join(dir, 'more.ndjson')
  const out = fs.createWriteStream(file)
  const urls = new Map((store.sqlite.prepare('SELECT seq, url FROM articles').raw().all() as Array<[number, string]>).map(([seq, u]) => [seq, u]))
  const from = Math.floor(END.getTime() / 1000) - 10 * 86_400
  let rows = 0
  for (const snap of store.sqlite.prepare('SELECT observed_at AS t, country, entries FROM feed_snapshots WHERE observed_at >= ? ORDER BY observed_at, country').all(from) as Array<{ t: number; country: string; entries: Buffer }>) {
    const e = decodeFeedEntries(snap.entries)
    const at = isoFromSeconds(snap.t + 30 * 86_400)
    for (let i = 0; i < e.seqs.length; i++) {
      if (!out.write(`${JSON.stringify({ observed_at: at, country: snap.country, position: e.positions[i], estimated_impressions: e.impressions[i], url: urls.get(e.seqs[i]!) })}\n`)) await new Promise<void>((r) => out.once('drain', () => r()))
      rows++
    }
  }
  await new Promise<void>((r) => out.end(() => r()))
  store.close()
  const sample = async (until: () => boolean, minimum: number) => {
    const times: number[] = []
    for (let i = 0; times.length < minimum || until(); i++) {
      const started = performance.now()
      const res = await fetch(`${url}${reads[i % reads.length]}`, { headers: { 'X-API-Key': keyOut } })
      await res.arrayBuffer()
      times.push(performance.now() - started)
      if (res.status !== 200) throw new Error(`${reads[i % reads.length]}: ${res.status}`)
      if (times.length > 20_000) break
    }
    return times.sort((a, b) => a - b)
  }
  try {
    await sample(() => false, 120) // warm-up: first answers, caches
    const idle = await sample(() => false, 600)
    let importing = true
    const started = performance.now()
    const importer = spawn(process.execPath, [BIN, 'import', file, '--data-dir', dir, '--no-refresh'], { stdio: 'ignore' })
    importer.on('exit', () => (importing = false))
    const busy = await sample(() => importing, 200)
    const seconds = (performance.now() - started) / 1000
    line(`reads of \`feedlens serve\` (${reads.length} methods in turn, over its socket) while \`feedlens import\` writes ${rows.toLocaleString('en-US')} observations into the same store (${seconds.toFixed(1)} s):`)
    line(`  idle:             p50 ${ms(percentile(idle, 50))}  p95 ${ms(percentile(idle, 95))}  (${idle.length} requests)`)
    line(`  during the import: p50 ${ms(percentile(busy, 50))}  p95 ${ms(percentile(busy, 95))}  max ${ms(busy[busy.length - 1]!)}  (${busy.length} requests): p95 ${(percentile(busy, 95) / percentile(idle, 95)).toFixed(2)}x idle`)
  } finally {
    server.kill('SIGTERM')
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  line(`Feedlens benchmark: ${os.cpus().length} cores, Node ${process.version}, ${iterations} requests per method`)
  for (const scale of scales) {
    const { store } = openWorld(scale)
    if (parts.has('analytics')) {
      const trendsStarted = performance.now()
      const trends = refreshTrends(store, END)
      line(`trends ${scale} (full recompute): ${((performance.now() - trendsStarted) / 1000).toFixed(1)} s (${trends.trends.toLocaleString('en-US')} trends)`)
      measureIncrementalTrends(store)
      const history = (store.sqlite.prepare('SELECT structural_type AS structuralType, daily_counts AS daily FROM trends').all() as Array<{ structuralType: string; daily: string }>).map(
        (t) => ({ structuralType: t.structuralType, daily: JSON.parse(t.daily) as number[] }),
      )
      line('forecast backtest (7-day article count, cuts every 7 days; MAPE over cuts with at least one article after):')
      for (const r of backtestForecasts(history)) line(`  ${r.structuralType.padEnd(14)} ${String(r.cases).padStart(6)} cuts  MAPE ${String(r.mape).padStart(6)} %  median APE ${String(r.medianApe).padStart(6)} %`)
      const signalsStarted = performance.now()
      const signals = refreshSignals(store, END)
      line(`signals ${scale}: ${((performance.now() - signalsStarted) / 1000).toFixed(1)} s (${signals.points.toLocaleString('en-US')} series points)`)
    }
    if (!parts.has('analytics') && store.counts().trends === 0) {
      // the methods need what the analytics compute (not timed here)
      refreshTrends(store, END)
      refreshSignals(store, END)
    }
    const counts = store.counts()
    line(`\n${scale}: ${counts.articles.toLocaleString('en-US')} articles, ${counts.observations.toLocaleString('en-US')} observations`)
    if (parts.has('import')) await measureImport(store)
    if (parts.has('latency')) {
      line('latency (in-process HTTP app, app session):')
      await measureLatency(store)
    }
    if (parts.has('tracking')) {
      line('tracking (in-process HTTP app, app session):')
      await measureTracking(store)
    }
    if (parts.has('worst')) {
      line('the most expensive valid request of every method (widest window cut to the data, finest grain, largest page; a new window each call):')
      await measureWorstCase(store)
    }
    store.close()
    if (parts.has('contention')) await measureReadsDuringImport(scale)
    if (scale === scales[scales.length - 1] && parts.has('throughput')) await measureThroughput(path.join(CACHE, `${scale}-seed${SEED}.db`))
  }
}

void main()
