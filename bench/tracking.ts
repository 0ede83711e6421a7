/**
 * Tracking as analysts meet it: metrics and roll-ups of the busiest lists asked for windows of
 * their own (each call another window: shifted by an hour, of another age), against DuckDB on the
 * same raw observations; and how soon a server that starts answers its first metrics request.
 */
import { execFile, execFileSync } from 'node:child_process'
import path from 'node:path'
import { WebSessions } from '../electron/core/auth/web-sessions'
import { Core } from '../electron/core/core'
import { ensureDemoProject } from '../electron/core/service/demo-project'
import type { DemoScale } from '../electron/core/demo/scales'
import { createHttpApp } from '../electron/core/http/app'
import { scanMentionList } from '../electron/core/jobs/mention-scan'
import { addItems, createList, deleteList } from '../electron/core/service/tracking/editing'
import type { Store } from '../electron/core/store/store'
import { DuckWorld } from './duckdb'
import { copyWorld, END, line, ms, n, serveFolder, showTiming, timedGet, timedGetAnswered, timeUrls, timing, type Timing } from './lib'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The bench's lists (made anew): the 200 and 500 busiest entities, and a 7-keyword mention list. */
export function makeBenchLists(store: Store) {
  const projectId = ensureDemoProject(store, END)?.projectId ?? store.projects.all()[0]!.id
  for (const l of store.tracking.lists(projectId, undefined, 0, 1000, 0).rows) if (l.name.startsWith('bench: ')) deleteList(store, projectId, l.id)
  const entities = store.trackingEditor.suggestions('entity', null, 500).map((e) => e.value)
  const make = (kind: 'entity' | 'mention', name: string, items: Array<{ value: string; match_type?: 'broad' | 'phrase' | 'exact' }>) => {
    const id = createList(store, projectId, { kind, name: `bench: ${name}` }, END)
    addItems(store, projectId, id, items, END)
    return id
  }
  const entity200 = make('entity', '200 entities', entities.slice(0, 200).map((value) => ({ value })))
  const entity500 = make('entity', `${Math.min(500, entities.length)} entities`, entities.slice(0, 500).map((value) => ({ value })))
  const organisations = store.trackingEditor.suggestions('entity', null, 40).filter((e) => store.trackingEditor.entityById(e.value)?.type === 'Organization')
  const mention = make('mention', 'keywords', [
    ...organisations.slice(0, 3).map((o) => ({ value: o.label, match_type: 'phrase' as const })),
    { value: 'central bank' },
    { value: 'coalition' },
    { value: 'Wahl' },
    { value: 'election' },
  ])
  scanMentionList(store, mention, 'full', () => END)
  return { projectId, entity200, entity500, mention, entities200: entities.slice(0, 200), entities500: entities.slice(0, 500) }
}

export type BenchLists = ReturnType<typeof makeBenchLists>

/** A custom window of `days` ending `back` hours (and 17 minutes) before the world's end, `older` days further back. */
function window(days: number, back: number, older = 0) {
  const to = new Date(END.getTime() - older * DAY - back * HOUR - 17 * 60_000)
  const from = new Date(to.getTime() - days * DAY)
  return { from, to, query: `period=custom&date_from=${from.toISOString()}&date_to=${to.toISOString()}` }
}

export interface TrackingResults {
  metrics200: Timing
  metrics200Default: Timing
  metricsHourly7d: Timing
  metricsOld: Timing
  rollup500: Timing
  rollup500Day: Timing
  metricsMention: Timing
  cached: Timing
  duck: DuckComparison | null
}

export async function measureTracking(store: Store, lists: BenchLists, calls: number, duck: DuckWorld | null): Promise<TrackingResults> {
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 1_000_000_000 })
  const app = createHttpApp(core)
  const headers = { cookie: WebSessions.cookie(core.sessions.signIn()) }
  const indexStarted = performance.now()
  const { data } = await store.activity.current()
  line(`  activity index: ready in ${((performance.now() - indexStarted) / 1000).toFixed(2)} s (${n(data.days.day.length)} daily cells of ${n(data.seq.length)} articles)`)
  const shifts = (count: number, offset = 0) => Array.from({ length: count }, (_, i) => i + offset)
  const urls = (list: string, method: string, days: number, extra = '', older = 0, offset = 0, count = calls) =>
    shifts(count, offset).map((k) => `/v1/tracking/lists/${list}/${method}?${window(days, k, older).query}${extra}`)
  const run = (name: string, list: string, method: string, days: number, extra = '', older = 0) => {
    const result = timeUrls(app, headers, urls(list, method, days, extra, older), urls(list, method, days, extra, older, 1000, 3))
    return result.then((t) => {
      line(`  ${name.padEnd(58)} ${showTiming(t)}`)
      return t
    })
  }
  line('  computed (each call another window, shifted by an hour; in-process HTTP app):')
  const metrics200 = await run('metrics, 200 busiest entities, 30 d, limit 200', lists.entity200, 'metrics', 30, '&limit=200')
  const metrics200Default = await run('metrics, 200 busiest entities, 30 d, first page (limit 50)', lists.entity200, 'metrics', 30)
  const metricsHourly7d = await run('metrics, 200 busiest entities, 7 d, hourly', lists.entity200, 'metrics', 7, '&grain=hour')
  const metricsOld = await run('metrics, 200 entities, 30 d ending 100 days back, limit 200', lists.entity200, 'metrics', 30, '&limit=200', 100)
  const rollup500 = await run(`roll-up, ${lists.entities500.length} busiest entities, 30 d`, lists.entity500, 'rollup', 30)
  const rollup500Day = await run(`roll-up, ${lists.entities500.length} busiest entities, 24 h`, lists.entity500, 'rollup', 1)
  const metricsMention = await run('metrics, 7-keyword mention list, 30 d', lists.mention, 'metrics', 30)
  const same = `/v1/tracking/lists/${lists.entity200}/metrics?period=30d&limit=200`
  const cached = await timeUrls(app, headers, Array.from({ length: calls }, () => same), [same])
  line(`  ${'metrics, 200 entities, 30 d, the same URL again (kept answer)'.padEnd(58)} ${showTiming(cached)}`)
  const result: TrackingResults = { metrics200, metrics200Default, metricsHourly7d, metricsOld, rollup500, rollup500Day, metricsMention, cached, duck: null }
  if (duck) result.duck = await compareWithDuck(app, headers, lists, duck, Math.min(calls, 40))
  core.rateLimiter.close() // the store stays open for the next part
  return result
}

export interface DuckComparison {
  questions: number
  comparisons: number
  mismatches: string[]
  feedlens: Timing
  duckdb: Timing
  rollupFeedlens: Timing
  rollupDuckdb: Timing
}

const changePct = (current: number, previous: number) => (previous === 0 ? (current === 0 ? 0 : 100) : Math.round(((current - previous) / previous) * 1000) / 10)
const round1 = (x: number) => Math.round(x * 10) / 10

/**
 * The metrics of the 200-entity list and the roll-up's publisher slice of the 500-entity list,
 * for the same windows, from Feedlens and from DuckDB: every figure compared, each side timed.
 */
async function compareWithDuck(app: ReturnType<typeof createHttpApp>, headers: Record<string, string>, lists: BenchLists, duck: DuckWorld, questions: number): Promise<DuckComparison> {
  const mismatches: string[] = []
  let comparisons = 0
  const ours: number[] = []
  const theirs: number[] = []
  const oursRollup: number[] = []
  const theirsRollup: number[] = []
  const hours = (w: { from: Date; to: Date }) => ({ fromHour: Math.ceil(w.from.getTime() / HOUR), toHour: Math.ceil(w.to.getTime() / HOUR) })
  // DuckDB's first query reads its tables into memory: not timed
  await duck.entityFigures(lists.entities200, hours(window(30, 5000)))
  for (let q = 0; q < questions; q++) {
    // windows of 30 days at another hour each time, every fifth one 7 days, every seventh one older
    const w = window(q % 5 === 4 ? 7 : 30, q * 5, q % 7 === 6 ? 60 : 0)
    const prev = { from: new Date(2 * w.from.getTime() - w.to.getTime()), to: w.from }
    let started = performance.now()
    const res = await app.request(`http://127.0.0.1/v1/tracking/lists/${lists.entity200}/metrics?${w.query}&limit=200`, { headers })
    const body = (await res.json()) as { items: Array<Record<string, unknown>> }
    ours.push(performance.now() - started)
    const now = await duck.entityFigures(lists.entities200, hours(w))
    const before = await duck.entityFigures(lists.entities200, hours(prev))
    theirs.push(now.ms + before.ms)
    for (const row of body.items) {
      const key = String(row.key)
      const f = now.figures.get(key)
      const expected = {
        impressions: f?.impressions ?? 0,
        publications_count: f?.publications ?? 0,
        publishers_count: f?.publishers ?? 0,
        trends_count: f?.trends ?? 0,
        avg_position: f && f.observations > 0 ? round1(f.positionSum / f.observations) : 0,
        last_seen: f ? new Date(f.lastSeen * 1000).toISOString() : null,
        delta_pct: changePct(f?.impressions ?? 0, before.figures.get(key)?.impressions ?? 0),
      }
      for (const [field, value] of Object.entries(expected)) {
        comparisons++
        if (row[field] !== value && mismatches.length < 10) mismatches.push(`${key} ${field}: Feedlens ${String(row[field])}, DuckDB ${String(value)} (${w.query})`)
      }
    }
    started = performance.now()
    const rollup = (await (await app.request(`http://127.0.0.1/v1/tracking/lists/${lists.entity500}/rollup?${w.query}`, { headers })).json()) as {
      publishers: Array<{ name: string; pubs: number; imps: number }>
    }
    oursRollup.push(performance.now() - started)
    const slice = await duck.publisherSlice(lists.entities500, hours(w))
    theirsRollup.push(slice.ms)
    const mine = rollup.publishers.map(({ name, pubs, imps }) => ({ name, pubs, imps }))
    comparisons += slice.slice.length
    if (JSON.stringify(mine) !== JSON.stringify(slice.slice) && mismatches.length < 10) mismatches.push(`roll-up publishers differ for ${w.query}`)
  }
  const result = { questions, comparisons, mismatches, feedlens: timing(ours), duckdb: timing(theirs), rollupFeedlens: timing(oursRollup), rollupDuckdb: timing(theirsRollup) }
  line(`  against DuckDB on the same ${n(duck.observations)} raw observations (loaded in ${duck.loadSeconds.toFixed(0)} s), ${questions} windows:`)
  line(`    metrics, 200 entities, limit 200: Feedlens ${showTiming(result.feedlens)}`)
  line(`                                       DuckDB   ${showTiming(result.duckdb)}  -> DuckDB/Feedlens p50 ${(result.duckdb.p50 / result.feedlens.p50).toFixed(1)}x`)
  line(`    roll-up publishers, 500 entities:  Feedlens ${showTiming(result.rollupFeedlens)}`)
  line(`                                       DuckDB   ${showTiming(result.rollupDuckdb)}  -> DuckDB/Feedlens p50 ${(result.rollupDuckdb.p50 / result.rollupFeedlens.p50).toFixed(1)}x`)
  line(`    ${n(comparisons)} figures compared, ${mismatches.length === 0 ? 'all equal' : `${mismatches.length}+ different:`}`)
  for (const m of mismatches) line(`      ${m}`)
  return result
}

export interface StartResults {
  /** from the server saying it listens to the first metrics answer (ms), with the index file beside the store */
  firstAnswer: number
  /** the same from the start of its process (ms) */
  firstAnswerFromSpawn: number
  /** the same without the file (the index built while the request waits) */
  firstAnswerCold: number
  /** the same, with the file, while the start recomputes trends and signals (data newer than them) */
  firstAnswerCatchingUp: number
  /** a bare Node process reading the same index file after the same copy (ms): what the machine asks of any start */
  bareRead: number
  /** resident memory of the server after its tracking and other answers (MiB) */
  rss: number
  /** then the 200-entity metrics, 30 d, limit 200, over its loopback port: each call another window */
  metricsOverHttp: Timing
  /** the same asked by a script of its own (a Node process apart from the bench's: its heap and work not in the figures) */
  metricsFromScript: Timing
  /** resident memory after those calls, and after it rested (MiB; `--rest-after`) */
  rssAfterTail: number
  rssRested: number
  /** then a script paging through PAGES pages of 500 articles: memory after them, and after it rested again (MiB) */
  rssAfterPaging: number
  rssRestedAfterPaging: number
}

/** Pages of 500 articles a script reads one after another (the medium world holds 455). */
const PAGES = 400

/** The bench's servers rest after this many seconds without a request (the default is 120: the bench does not wait that long) ... */
const REST_AFTER_S = 3
/** ... and are measured this long after their last call (the rest is looked for every REST_AFTER_S / 2 seconds). */
const RESTED_AFTER_MS = 6_000

/** A bare Node process reading a file whole: the time it reports (ms). */
function bareReadOf(file: string): number {
  const script = `const t = performance.now(); require('node:fs').readFileSync(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t))`
  return Number(execFileSync(process.execPath, ['-e', script]).toString())
}

/**
 * Times GETs of `urls` with a key from a Node process of their own, as a local script meets them
 * (after `warmUp`, untimed: a script's first fetches also start its HTTP client): ms each.
 */
function timeFromScript(urls: string[], warmUp: string[], key: string): Promise<number[]> {
  const script = `const [urls, warmUp, key] = JSON.parse(process.argv[1])
const get = async (u) => { const r = await fetch(u, { headers: { 'X-API-Key': key } }); await r.text(); if (r.status !== 200) throw new Error(u + ': ' + r.status) }
;(async () => {
  for (const u of warmUp) await get(u)
  const times = []
  for (const u of urls) { const t = performance.now(); await get(u); times.push(performance.now() - t) }
  process.stdout.write(JSON.stringify(times))
})().catch((e) => { console.error(String(e)); process.exit(1) })`
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['-e', script, JSON.stringify([urls, warmUp, key])], { maxBuffer: 1 << 20 }, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as number[]))),
  )
}

/**
 * `feedlens serve` started on a copy of the world: how long its first metrics answer takes once it
 * listens (with the activity index saved beside the store, as every import's refresh leaves it;
 * without it; and with it while the start recomputes trends and signals, as after `import
 * --no-refresh` or an upgrade), and its memory after answering. Beside it, a bare Node process
 * reading the same index file after the same copy: on this virtual machine, memory a process
 * touches first just after gigabytes were written and freed costs several times what it costs
 * once settled, and that falls on any start alike (docs/performance.md, session 18).
 */
export async function measureStart(scale: DemoScale, lists: BenchLists, calls: number): Promise<StartResults> {
  const first = async (withIndexFile: boolean, analyticsBehind = false, tailCalls = 0) => {
    const copy = await copyWorld(scale, { withIndexFile, analyticsBehind })
    const spawned = performance.now()
    const server = await serveFolder(copy.dir, ['--rest-after', String(REST_AFTER_S)])
    try {
      const w = window(30, 0)
      // a start without the index file says 503 computing while it builds it: asked again after Retry-After, as a script does
      const { ms: took, computing } = await timedGetAnswered(`${server.url}/v1/tracking/lists/${lists.entity200}/metrics?${w.query}&limit=200`, copy.key)
      const fromSpawn = performance.now() - spawned
      for (const path of [`/v1/tracking/lists/${lists.entity500}/rollup?${w.query}`, '/v1/trends?limit=50', '/v1/articles?limit=50', '/public/discover/volatility']) await timedGet(`${server.url}${path}`, copy.key)
      const rss = server.rss()
      // the metrics' tail as a script meets it: over the loopback port, each call another window
      const url = (k: number) => `${server.url}/v1/tracking/lists/${lists.entity200}/metrics?${window(30, k).query}&limit=200`
      const metrics = (k: number) => timedGet(url(k), copy.key)
      const tail: number[] = []
      // warmed up first as the in-process figures are (timeUrls): three other windows, not timed
      for (let k = 1001; k <= 1003 && tailCalls > 0; k++) await metrics(k)
      for (let k = 1; k <= tailCalls; k++) tail.push((await metrics(k)).ms)
      const rssAfterTail = server.rss()
      // the same from a script of its own (other windows: each call another), as a local script
      // meets them, apart from this process's own work and collections
      const fromScript = tailCalls === 0 ? [] : await timeFromScript(Array.from({ length: tailCalls }, (_, i) => url(tailCalls + 1 + i)), [url(1004), url(1005), url(1006)], copy.key)
      // what it holds once it rested after them (Core.rest)
      if (tailCalls === 0) return { took, fromSpawn, rss, computing, tail: timing(tail), fromScript: timing(fromScript), rssAfterTail, rssRested: 0, rssAfterPaging: 0, rssRestedAfterPaging: 0 }
      const rest = () => new Promise((done) => setTimeout(done, RESTED_AFTER_MS))
      await rest()
      const rssRested = server.rss()
      // a script reading the store's articles page after page: each page another URL, each kept a while
      for (let k = 0; k < PAGES; k++) await timedGet(`${server.url}/v1/articles?limit=500&offset=${k * 500}`, copy.key)
      const rssAfterPaging = server.rss()
      await rest()
      return { took, fromSpawn, rss, computing, tail: timing(tail), fromScript: timing(fromScript), rssAfterTail, rssRested, rssAfterPaging, rssRestedAfterPaging: server.rss() }
    } finally {
      await server.stop()
      copy.remove()
    }
  }
  const bare = await copyWorld(scale)
  const bareRead = bareReadOf(path.join(bare.dir, 'feedlens.db.activity'))
  bare.remove()
  const warm = await first(true, false, calls)
  const cold = await first(false)
  const catchingUp = await first(true, true)
  line(
    `  \`feedlens serve\` started on a copy: first metrics answer ${ms(warm.took)} after it listens, ${ms(warm.fromSpawn)} after its process started ` +
      `(index file beside the store; a bare Node process reads that file in ${ms(bareRead)} after the same copy); ${ms(cold.took)} without the file (${cold.computing} answers of 503 computing while it is built, then the figures); ` +
      `${ms(catchingUp.took)} with the file while the start recomputes trends and signals; server memory ${n(warm.rss)} MiB`,
  )
  line(`  ${'then metrics, 200 busiest entities, 30 d, limit 200, over HTTP'.padEnd(58)} ${showTiming(warm.tail)}`)
  line(`  ${'the same from a script of its own (Node, fetch; other windows)'.padEnd(58)} ${showTiming(warm.fromScript)}`)
  line(`  server memory after those calls ${n(warm.rssAfterTail)} MiB; after it rested (--rest-after ${REST_AFTER_S}) ${n(warm.rssRested)} MiB`)
  line(`  then ${PAGES} pages of 500 articles: server memory ${n(warm.rssAfterPaging)} MiB; after it rested ${n(warm.rssRestedAfterPaging)} MiB`)
  return {
    firstAnswer: warm.took,
    firstAnswerFromSpawn: warm.fromSpawn,
    firstAnswerCold: cold.took,
    firstAnswerCatchingUp: catchingUp.took,
    bareRead,
    rss: warm.rss,
    metricsOverHttp: warm.tail,
    metricsFromScript: warm.fromScript,
    rssAfterTail: warm.rssAfterTail,
    rssRested: warm.rssRested,
    rssAfterPaging: warm.rssAfterPaging,
    rssRestedAfterPaging: warm.rssRestedAfterPaging,
  }
}
