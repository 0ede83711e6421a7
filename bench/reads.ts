/**
 * The other methods as scripts and the window call them: each call asks something else where the
 * method allows (another page, another trend, another entity), so the answer is computed; the most
 * expensive valid request of every method; and reads of a running server while another process
 * imports into its store.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { routes } from '../shared/contract/routes'
import { WebSessions } from '../electron/core/auth/web-sessions'
import { Core } from '../electron/core/core'
import { MAX_WINDOW_STEPS } from '../electron/core/service/tracking/access'
import type { DemoScale } from '../electron/core/demo/scales'
import { createHttpApp } from '../electron/core/http/app'
import { decodeFeedEntries } from '../electron/core/store/feed-entries'
import type { Store } from '../electron/core/store/store'
import { isoFromSeconds } from '../electron/core/time/buckets'
import type { BenchLists } from './tracking'
import { BIN, copyWorld, END, line, ms, n, serveFolder, showTiming, timeUrls, timing, worldFile, type Timing } from './lib'

export type ReadResults = Record<string, Timing>

export async function measureReads(store: Store, calls: number): Promise<ReadResults> {
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 1_000_000_000 })
  const app = createHttpApp(core)
  const headers = { cookie: WebSessions.cookie(core.sessions.signIn()) }
  const column = (sql: string) => store.sqlite.prepare(sql).pluck().all() as string[]
  const trends = column(`SELECT id FROM trends ORDER BY article_count DESC LIMIT ${calls}`)
  const entities = column(`SELECT entity_id FROM article_entities GROUP BY entity_id ORDER BY count(*) DESC LIMIT ${calls}`)
  const articles = column(`SELECT a.id FROM articles a JOIN article_facets f ON f.article_seq = a.seq ORDER BY f.impressions DESC LIMIT ${calls}`)
  const topics = column(`SELECT id FROM topics ORDER BY n_articles DESC LIMIT ${calls}`)
  const domains = column(`SELECT domain FROM publishers LIMIT ${calls}`)
  const sorts = ['last_article_at', 'first_seen_at', 'article_count']
  const cycle = <T>(list: T[], i: number) => list[i % list.length]!
  const lists = column(`SELECT id FROM tracking_lists ORDER BY created_at LIMIT ${calls}`)
  const entityNames = column(`SELECT e.name FROM article_entities ae JOIN entities e ON e.id = ae.entity_id GROUP BY ae.entity_id ORDER BY count(*) DESC LIMIT ${calls}`)
  // `days` whole days ending `back` days before the world's end
  const period = (days: number, back: number, prefix: 'date' | 'active' = 'date') => {
    const to = new Date(END.getTime() - back * 86_400_000).toISOString().slice(0, 10)
    const from = new Date(Date.parse(to) - days * 86_400_000).toISOString().slice(0, 10)
    return `${prefix}_from=${from}&${prefix}_to=${to}`
  }
  // a preset's hours as the window asks them: the last `days` x 24 hours up to an hour `back` hours before the world's end (its ends fall inside days)
  const hours = (days: number, back: number, prefix: 'date' | 'active' = 'date') => {
    const to = Math.floor(END.getTime() / 3_600_000) * 3_600_000 - back * 3_600_000
    return `${prefix}_from=${new Date(to - days * 86_400_000).toISOString()}&${prefix}_to=${new Date(to).toISOString()}`
  }
  const each = (make: (i: number) => string) => Array.from({ length: calls }, (_, i) => make(i))
  const requests: Array<[string, string[]]> = [
    ['GET /v1/trends (pages, 3 sorts)', each((i) => `/v1/trends?limit=50&offset=${i}&sort_by=${cycle(sorts, i)}`)],
    ['GET /v1/trends/{id}/articles (the busiest trend, pages)', each((i) => `/v1/trends/${trends[0]}/articles?offset=${i}`)],
    [`GET /v1/trends/{id}/articles (the ${trends.length} busiest trends)`, each((i) => `/v1/trends/${cycle(trends, i)}/articles`)],
    ['GET /v1/trends/{id}', each((i) => `/v1/trends/${cycle(trends, i)}`)],
    ['GET /v1/geo/regions (the busiest entity, 7 d)', each(() => `/v1/geo/regions?entity=${encodeURIComponent(entities[0]!)}&window=7d`)],
    [`GET /v1/geo/regions (the ${entities.length} busiest entities, 7 d)`, each((i) => `/v1/geo/regions?entity=${encodeURIComponent(cycle(entities, i))}&window=7d`)],
    [`GET /v1/geo/regions (the ${entities.length} busiest entities, 24 h)`, each((i) => `/v1/geo/regions?entity=${encodeURIComponent(cycle(entities, i))}&window=24h`)],
    ['GET /v1/articles (pages)', each((i) => `/v1/articles?limit=50&offset=${i * 50}`)],
    ['GET /v1/articles (search)', each((i) => `/v1/articles?search=${cycle(['minister', 'market', 'election', 'storm', 'league', 'bank'], i)}&offset=${i}`)],
    ['GET /v1/articles/{id}/observations', each((i) => `/v1/articles/${cycle(articles, i)}/observations`)],
    ['GET /v1/topics/{id}/trends', each((i) => `/v1/topics/${cycle(topics, i)}/trends`)],
    ['GET /v1/themes', each(() => '/v1/themes')],
    ['GET /public/discover/volatility (countries, 3h)', each((i) => `/public/discover/volatility?country=${cycle(['US', 'DE', 'FR', 'ES', 'RU'], i)}&granularity=${i % 2 ? '3h' : 'day'}`)],
    ['GET /public/discover/categories', each((i) => `/public/discover/categories?limit=${10 + (i % 20)}`)],
    ['GET /public/engine-profile', each((i) => `/public/engine-profile?domain=${cycle(domains, i)}`)],
    // the window's exploring methods: each call another period (30 days ending a day earlier each time)
    ['GET /app/articles (30 d by its impressions, another period)', each((i) => `/app/articles?sort_by=impressions&${period(30, i)}`)],
    ['GET /app/articles (the busiest entities, 30 d)', each((i) => `/app/articles?entity=${encodeURIComponent(entityNames[i % entityNames.length]!)}&${period(30, i)}`)],
    ['GET /app/trends (pages, active in 30 d, figures)', each((i) => `/app/trends?offset=${i}&sort_by=${cycle(sorts, i)}&${period(30, i, 'active')}`)],
    ['GET /app/trends (all history, the biggest first)', each((i) => `/app/trends?sort_by=article_count&offset=${i}`)],
    ['GET /app/geography/countries (30 d)', each((i) => `/app/geography/countries?${period(30, i)}`)],
    ['GET /app/signals/history (all countries, daily, 90 d)', each((i) => `/app/signals/history?country=all&${period(90, i)}`)],
    ['GET /app/signals/history (a country, 3 h, 30 d)', each((i) => `/app/signals/history?country=${cycle(['US', 'DE', 'FR', 'ES', 'RU'], i)}&granularity=3h&${period(30, i)}`)],
    ['GET /app/articles (7 d of hours, by its impressions)', each((i) => `/app/articles?sort_by=impressions&${hours(7, i * 5)}`)],
    ['GET /app/articles (a market\'s feed, 7 d of hours)', each((i) => `/app/articles?market=${cycle(['US', 'DE', 'FR', 'ES', 'RU'], i)}&${hours(7, i * 5)}`)],
    ['GET /app/trends (7 d of hours, by impressions)', each((i) => `/app/trends?sort_by=${cycle(['impressions', 'best_position', 'article_count'], i)}&${hours(7, i * 5, 'active')}`)],
    ['GET /app/hierarchy (30 d of hours)', each((i) => `/app/hierarchy?${hours(30, i * 5, 'active')}`)],
    ['GET /app/signals/format-interest (30 d of hours)', each((i) => `/app/signals/format-interest?country=${cycle(['all', 'US', 'DE'], i)}&${hours(30, i * 5)}`)],
    ['GET /app/signals/top-categories (30 d of hours)', each((i) => `/app/signals/top-categories?country=${cycle(['all', 'US', 'DE'], i)}&limit=15&${hours(30, i * 5)}`)],
    ['GET /app/signals/topics (all countries, 30 d)', each((i) => `/app/signals/topics?country=all&${period(30, i)}`)],
    // What moved at a point, with its story (the turnover against the 14 days before): another day each call
    ['GET /app/signals/movers (a country, a day, with its story)', each((i) => `/app/signals/movers?country=${cycle(['US', 'DE', 'FR', 'ES', 'RU'], i)}&bucket=${period(1, i + 1).slice(10, 20)}`)],
    ['GET /app/signals/movers (all markets, a day, with its story)', each((i) => `/app/signals/movers?country=all&bucket=${period(1, i + 1).slice(10, 20)}`)],
    // Find anything (Ctrl+K) as one types: the first 2, 3, 4 and 6 letters of the busiest entities' names
    ['GET /app/find (what one types: 2 to 6 letters)', each((i) => `/app/find?q=${encodeURIComponent(cycle(entityNames, i).slice(0, [2, 3, 4, 6][i % 4]))}`)],
    // My site: the demo site's Search Console days joined with the feed, another period each call
    ...siteRequests(store, calls, period),
    // winners and losers, a tracking list's totals and the article list by a figure: another period each call
    ['GET /app/leaders (publishers, 30 d against the 30 before)', each((i) => `/app/leaders?kind=publisher&sort_by=gain&${period(30, i)}&${period(30, i + 30).replace(/date_/g, 'compare_')}`)],
    ['GET /app/leaders (entities of a market, 7 d against the week before)', each((i) => `/app/leaders?kind=entity&country=${cycle(['US', 'DE', 'FR', 'ES', 'RU'], i)}&sort_by=loss&${period(7, i)}&${period(7, i + 7).replace(/date_/g, 'compare_')}`)],
    ...(lists.length > 0 ? [['GET /app/articles/totals (a tracking list, 30 d against the 30 before)', each((i) => `/app/articles/totals?list_id=${cycle(lists, i)}&${period(30, i)}&${period(30, i + 30).replace(/date_/g, 'compare_')}`)] as [string, string[]]] : []),
    ['GET /app/articles (30 d by best position)', each((i) => `/app/articles?sort_by=best_position&sort_order=asc&${period(30, i)}`)],
    ['GET /app/publishers/performance (10 publishers, 30 d)', each((i) => `/app/publishers/performance?domains=${Array.from({ length: 10 }, (_, k) => cycle(domains, i + k)).join(',')}&${period(30, i)}`)],
  ]
  const results: ReadResults = {}
  for (const [name, urls] of requests) {
    results[name] = await timeUrls(app, headers, urls, urls.slice(0, 3))
    line(`  ${name.padEnd(58)} ${showTiming(results[name])}`)
  }
  // the volatility pairs and answers kept from the periods before are dropped as new data drops them: a period's own cost
  const fresh = 'GET /app/signals/history (all countries, daily, 90 d, first after new data)'
  const times: number[] = []
  for (let i = 0; i < Math.min(calls, 10); i++) {
    store.changed('data')
    times.push((await timeUrls(app, headers, [`/app/signals/history?country=all&${period(90, i)}`], [])).p50)
  }
  results[fresh] = timing(times)
  line(`  ${fresh.padEnd(58)} ${showTiming(results[fresh])}`)
  core.rateLimiter.close() // the store stays open for the next part
  return results
}

/**
 * Every method of the route table with its most expensive valid parameters (the widest window,
 * the finest grain, the largest page) on the busiest list, article and trend: how long the
 * answer takes and how big it is. Each call asks for another window (its end an hour later).
 */
export async function measureWorstCase(store: Store, lists: BenchLists): Promise<void> {
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 1_000_000_000 })
  const app = createHttpApp(core)
  const headers = { cookie: WebSessions.cookie(core.sessions.signIn()) }
  const pick = (sql: string) => store.sqlite.prepare(sql).pluck().get() as string
  const byKind = (kind: string) => (kind === 'mention' ? lists.mention : lists.entity500)
  const paths: Record<string, string | undefined> = {
    list_id: lists.entity500,
    alpha_2: pick(`SELECT country FROM feed_snapshots GROUP BY country ORDER BY sum(entry_count) DESC LIMIT 1`),
    article_id: pick(`SELECT a.id FROM articles a JOIN article_facets f ON f.article_seq = a.seq ORDER BY f.impressions DESC LIMIT 1`),
    trend_id: pick('SELECT id FROM trends ORDER BY article_count DESC LIMIT 1'),
    // the busiest entity (the bench's lists are made of the busiest)
    entity_id: lists.entities200[0],
    theme_id: pick('SELECT id FROM themes ORDER BY n_articles DESC LIMIT 1'),
    topic_id: pick('SELECT id FROM topics ORDER BY n_articles DESC LIMIT 1'),
  }
  const widest: Record<string, string> = { period: 'custom', date_from: '0001-01-01', grain: 'hour', window: '30d', with_stats: 'true', with_article_counts: 'true', min_articles: '0', domain: pick('SELECT domain FROM publishers LIMIT 1'), q: 'ne' }
  const openapi = (await (await app.request('http://127.0.0.1/openapi.json')).json()) as { paths: Record<string, Record<string, { parameters?: Array<{ name: string; schema: { maximum?: number } }> }>> }
  const rows: Array<[string, number, number, number]> = []
  for (const [id, def] of Object.entries(routes)) {
    if (def.method !== 'GET' || def.access === 'app') continue
    const kindsOf = def.path.includes('{list_id}') ? (def.path.endsWith('/matches') ? ['mention'] : ['entity', 'mention']) : [null]
    for (const kind of kindsOf) {
      const route = def.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((name === 'list_id' && kind ? byKind(kind) : paths[name]) ?? 'x'))
      const documented = openapi.paths[def.path]?.get?.parameters ?? []
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < 6; i++) {
        const params = new URLSearchParams()
        for (const name of Object.keys(def.query?.shape ?? {})) {
          if (name === 'date_to') params.set(name, new Date(END.getTime() - i * 3_600_000).toISOString())
          // hourly steps are bounded (a wider window is a 422): the widest valid one ends at date_to
          else if (name === 'date_from' && 'grain' in (def.query?.shape ?? {})) params.set(name, new Date(END.getTime() - i * 3_600_000 - MAX_WINDOW_STEPS * 3_600_000).toISOString())
          else if (widest[name]) params.set(name, widest[name]!)
          else if (name === 'limit') params.set(name, String(documented.find((p) => p.name === 'limit')?.schema.maximum ?? 1000))
        }
        const started = performance.now()
        const res = await app.request(`http://127.0.0.1${route}?${params}`, { headers })
        const body = await res.arrayBuffer()
        times.push(performance.now() - started)
        bytes = Math.max(bytes, body.byteLength)
        if (res.status !== 200) throw new Error(`${route}?${params}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`)
      }
      times.sort((a, b) => a - b)
      rows.push([`${id}${kind ? ` (${kind} list)` : ''}`, times[Math.floor(times.length / 2)]!, times[times.length - 1]!, bytes])
    }
  }
  for (const [name, med, worst, bytes] of rows.sort((a, b) => b[2] - a[2])) {
    line(`  ${name.padEnd(44)} median ${ms(med).padStart(10)}  worst ${ms(worst).padStart(10)}  ${(bytes / 1024).toFixed(1).padStart(8)} KiB`)
  }
  core.rateLimiter.close() // the store stays open for the next part
}

/**
 * Reads of a running `feedlens serve` while `feedlens import` writes into the same store from
 * another process: p50/p95 of ordinary requests idle, then during the import (on a copy).
 */
export async function measureReadsDuringImport(scale: DemoScale, store: Store): Promise<{ idle: Timing; busy: Timing }> {
  const copy = await copyWorld(scale)
  const server = await serveFolder(copy.dir, ['--public-requests-per-minute', '1000000000'])
  await server.waitForLine(/^Trends and signals are up to date/, 300_000)
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
  const file = path.join(copy.dir, 'more.ndjson')
  const out = fs.createWriteStream(file)
  const urls = new Map(store.sqlite.prepare('SELECT seq, url FROM articles').raw().all() as Array<[number, string]>)
  const from = Math.floor(END.getTime() / 1000) - 10 * 86_400
  let rows = 0
  for (const snap of store.sqlite.prepare('SELECT observed_at AS t, country, entries FROM feed_snapshots WHERE observed_at >= ? ORDER BY observed_at, country').all(from) as Array<{ t: number; country: string; entries: Buffer }>) {
    const e = decodeFeedEntries(snap.entries)
    const at = isoFromSeconds(snap.t + 30 * 86_400)
    for (let i = 0; i < e.seqs.length; i++) {
      if (!out.write(`${JSON.stringify({ observed_at: at, country: snap.country, position: e.positions[i], estimated_impressions: e.impressions[i], url: urls.get(e.seqs[i]!) })}\n`)) {
        await new Promise<void>((r) => out.once('drain', () => r()))
      }
      rows++
    }
  }
  await new Promise<void>((r) => out.end(() => r()))
  const sample = async (until: () => boolean, minimum: number) => {
    const times: number[] = []
    for (let i = 0; times.length < minimum || until(); i++) {
      const started = performance.now()
      const res = await fetch(`${server.url}${reads[i % reads.length]}`, { headers: { 'X-API-Key': copy.key } })
      await res.arrayBuffer()
      times.push(performance.now() - started)
      if (res.status !== 200) throw new Error(`${reads[i % reads.length]}: ${res.status}`)
      if (times.length > 20_000) break
    }
    return timing(times)
  }
  try {
    await sample(() => false, 120)
    const idle = await sample(() => false, 600)
    let importing = true
    const started = performance.now()
    const importer = spawn(process.execPath, [BIN, 'import', file, '--data-dir', copy.dir, '--no-refresh'], { stdio: 'ignore' })
    importer.on('exit', () => (importing = false))
    const busy = await sample(() => importing, 200)
    line(`  reads of \`feedlens serve\` (${reads.length} methods in turn) while \`feedlens import\` writes ${n(rows)} observations into its store (${((performance.now() - started) / 1000).toFixed(1)} s):`)
    line(`    idle:              ${showTiming(idle)}`)
    line(`    during the import: ${showTiming(busy)}: p95 ${(busy.p95 / idle.p95).toFixed(2)}x idle`)
    return { idle, busy }
  } finally {
    await server.stop()
    copy.remove()
  }
}

export const worldSize = (scale: DemoScale) => fs.statSync(worldFile(scale)).size

/** My site's methods on the world's demo site: 30 days compared with the 30 before, its pages, a day explained against its week. */
function siteRequests(store: Store, calls: number, period: (days: number, back: number) => string): Array<[string, string[]]> {
  const site = store.searchConsole.properties()[0]
  if (!site) return []
  const p = `property=${encodeURIComponent(site.property)}`
  const day = (back: number) => new Date(Date.parse(site.dayTo) - back * 86_400_000).toISOString().slice(0, 10)
  const each = (make: (i: number) => string) => Array.from({ length: calls }, (_, i) => make(i))
  return [
    ['GET /app/site/overview (30 d against the 30 before)', each((i) => `/app/site/overview?${p}&${period(30, i)}&${period(30, i + 30).replace(/date_/g, 'compare_')}`)],
    ['GET /app/site/pages (30 d, by clicks, pages)', each((i) => `/app/site/pages?${p}&${period(30, i)}&offset=${(i % 5) * 50}`)],
    ['GET /app/site/explain (a day against its week)', each((i) => `/app/site/explain?${p}&date_from=${day(i)}&date_to=${day(i - 1)}`)],
  ]
}
