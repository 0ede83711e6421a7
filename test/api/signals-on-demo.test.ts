import { beforeAll, describe, expect, it } from 'vitest'
import { Core } from '../../electron/core/core'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { createHttpApp } from '../../electron/core/http/app'
import { WebSessions } from '../../electron/core/auth/web-sessions'
import { refreshSignals } from '../../electron/core/jobs/signals'
import { refreshAnalyticsInBackground } from '../../electron/core/jobs/refresh'
import { refreshTrends, trendsConsolidationDue } from '../../electron/core/jobs/trends'
import { storylineQuality } from '../../electron/core/analytics/trends/quality'
import { backtestForecasts } from '../../electron/core/analytics/trends/backtest'
import { nextSnapshotBatch } from '../../electron/core/demo/next-snapshot'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'
import { openTestStore } from '../helpers/core'
import { dailyCountsOn, trendInMarkets } from '../../electron/core/analytics/trends/market-view'
import { features, forecast, state as lifecycleState, structuralType } from '../../electron/core/analytics/trends/lifecycle'
import { createApiKey } from '../../electron/core/service/keys'
import { addDemoSite } from '../../electron/core/demo/search-console'

const END = new Date('2026-11-20T12:00:00Z')
const store = openTestStore()
let app: ReturnType<typeof createHttpApp>
let session: Record<string, string>
let shakeups: Array<{ day: string; country: string; format_group: string }>

beforeAll(() => {
  generateDemoWorld(store, { scale: 'small', seed: 42, end: END })
  refreshSignals(store, END)
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 100_000 })
  app = createHttpApp(core)
  session = { cookie: WebSessions.cookie(core.sessions.signIn()) }
  shakeups = store.sqlite.prepare('SELECT * FROM demo_shakeups').all() as typeof shakeups
}, 120_000)

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.request(`http://127.0.0.1${url}`, { headers })
  return { status: res.status, body: (await res.json()) as any }
}

describe('volatility calibrated on the demo world', () => {
  it('reads quiet days as about 3 (median between 2.5 and 3.5)', () => {
    const quiet = store.sqlite
      .prepare(
        `SELECT value FROM signal_series WHERE signal = 'volatility' AND granularity = 'day' AND country <> 'ALL'
         AND bucket || country NOT IN (SELECT day || country FROM demo_shakeups) ORDER BY value`,
      )
      .pluck()
      .all() as number[]
    expect(quiet.length).toBeGreaterThan(100)
    const median = quiet[Math.floor(quiet.length / 2)]!
    expect(median).toBeGreaterThanOrEqual(2.5)
    expect(median).toBeLessThanOrEqual(3.5)
  })

  it('scores every planted shake-up 7 or more and flags it as a spike', async () => {
    expect(shakeups.length).toBe(3)
    for (const s of shakeups) {
      const url = s.format_group
        ? `/public/discover/category-volatility?country=${s.country}&category=${s.format_group}`
        : `/public/discover/volatility?country=${s.country}`
      const { body } = await get(url)
      const series = s.format_group ? body.categories[0].series : body.series
      const point = series.find((p: { date: string }) => p.date === s.day)
      expect(point, `${s.day} ${s.country} ${s.format_group}`).toBeDefined()
      expect(point.volatility_index).toBeGreaterThanOrEqual(7)
      expect(point.is_spike).toBe(true)
      expect(['blip', 'sustained']).toContain(point.state)
    }
  })
})

describe('the public signal methods', () => {
  it('answers volatility per day and per 3-hour slot for the last 30 days', async () => {
    const day = await get('/public/discover/volatility?country=de')
    expect(day.status).toBe(200)
    expect(day.body).toMatchObject({ country: 'DE', granularity: 'day', window_days: 30 })
    expect(day.body.series).toHaveLength(30)
    expect(day.body.current_index).toBe(day.body.series.at(-1).volatility_index)
    expect(['rising', 'stable', 'falling']).toContain(day.body.trend)
    const slots = await get('/public/discover/volatility?granularity=3h')
    expect(slots.body.country).toBe('all')
    expect(slots.body.series.length).toBeGreaterThan(200)
    expect(slots.body.series[0]).toMatchObject({ bucket: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00Z$/), slot: expect.any(Number) })
    expect(slots.body.series.every((p: { slot: number }) => p.slot >= 0 && p.slot <= 7)).toBe(true)
  })

  it('answers per format group: short series for all, the full window for one', async () => {
    const all = await get('/public/discover/category-volatility')
    expect(all.body.categories.map((c: { category: string }) => c.category)).toEqual(['News', 'Analysis', 'Utility', 'Atmosphere', 'Routine'])
    for (const c of all.body.categories) expect(c.series.length).toBeLessThanOrEqual(8)
    const one = await get('/public/discover/category-volatility?category=News&granularity=3h')
    expect(one.body.category_filter).toBe('News')
    expect(one.body.categories).toHaveLength(1)
    expect(one.body.categories[0].series.length).toBeGreaterThan(200)
  })

  it('answers format interest with shares that sum to one', async () => {
    const { body } = await get('/public/discover/format-interest?country=US')
    expect(body.formats).toHaveLength(5)
    const sum = (k: string) => body.formats.reduce((s: number, f: any) => s + f.summary[k], 0)
    expect(sum('share_of_impressions')).toBeCloseTo(1, 2)
    expect(sum('share_of_publications')).toBeCloseTo(1, 2)
    expect(sum('current_index')).toBeCloseTo(100, 0)
    const one = await get('/public/discover/format-interest?format=Utility')
    expect(one.body).toMatchObject({ format_filter: 'Utility', formats: [{ format_type: 'Utility' }] })
  })

  it('answers top categories of the last 24 hours', async () => {
    const { body } = await get('/public/discover/categories?limit=3')
    expect(body.categories).toHaveLength(3)
    const impressions = body.categories.map((c: { impressions: number }) => c.impressions)
    expect(impressions).toEqual([...impressions].sort((a, b) => b - a))
    expect(body.categories[0]).toMatchObject({ category: expect.stringMatching(/^\//), publishers: expect.any(Number), share_of_impressions: expect.any(Number) })
  })

  it.each([
    ['/public/discover/volatility?country=USA', 'country'],
    ['/public/discover/volatility?granularity=hour', 'granularity'],
    ['/public/discover/category-volatility?category=Opinion', 'category'],
    ['/public/discover/category-volatility?granularity=week', 'granularity'],
    ['/public/discover/topic-volatility?country=1', 'country'],
    ['/public/discover/format-interest?format=Video', 'format'],
    ['/public/discover/categories?limit=0', 'limit'],
    ['/public/discover/categories?limit=501', 'limit'],
  ])('%s answers 422 at %s', async (url, name) => {
    const { status, body } = await get(url)
    expect(status).toBe(422)
    expect(body.detail[0].loc).toEqual(['query', name])
  })

  it('computes the index over any range the store holds, the same as the stored 30 days where they meet', async () => {
    const s = shakeups.find((x) => !x.format_group)!
    for (const country of [s.country, 'all']) {
      const stored = (await get(`/public/discover/volatility?country=${country}`)).body.series as Array<{ date: string; volatility_index: number }>
      const history = await get(`/app/signals/history?country=${country}&date_from=2026-10-01`, session)
      expect(history.status).toBe(200)
      const byDay = new Map((history.body.points as Array<{ bucket: string; volatility_index: number }>).map((p) => [p.bucket, p.volatility_index]))
      // the last week of the stored series: its baseline lies inside both computations
      for (const p of stored.slice(-7)) expect(byDay.get(p.date), `${country} ${p.date}`).toBe(p.volatility_index)
      expect(history.body.points[0].bucket).toBe('2026-10-01')
    }
    // the whole history: every day from the first data on, the planted shake-up among the spikes
    const all = await get(`/app/signals/history?country=${s.country}`, session)
    expect(all.body.points.length).toBeGreaterThan(60)
    expect(all.body.points.find((p: { bucket: string }) => p.bucket === s.day).is_spike).toBe(true)
    const slots = await get(`/app/signals/history?country=${s.country}&granularity=3h&date_from=2026-11-19&date_to=2026-11-20`, session)
    expect(slots.body.points.map((p: { bucket: string }) => p.bucket.slice(0, 10))).toEqual(new Array(slots.body.points.length).fill('2026-11-19'))
  })

  it('answers a period off the pairs kept from the periods asked before exactly as from nothing kept', async () => {
    const periods = ['date_from=2026-10-01&date_to=2026-10-31', 'date_from=2026-10-02&date_to=2026-11-01', 'date_from=2026-10-10&date_to=2026-10-20', 'date_from=2026-09-01&date_to=2026-11-20', 'date_from=2026-11-10&granularity=3h']
    for (const country of ['all', 'DE']) {
      for (const period of periods) {
        const kept = await get(`/app/signals/history?country=${country}&${period}`, session)
        // new data drops what is kept (pairs and answers): the same period computed from its snapshots alone
        store.changed('data')
        const alone = await get(`/app/signals/history?country=${country}&${period}`, session)
        expect(kept.status).toBe(200)
        expect(kept.body.points.length).toBeGreaterThan(5)
        expect(kept.body).toEqual(alone.body)
      }
    }
  })

  it('explains a spike with the articles and publishers that moved most', async () => {
    const s = shakeups.find((x) => !x.format_group)!
    const { status, body } = await get(`/app/signals/movers?country=${s.country}&bucket=${s.day}`, session)
    expect(status).toBe(200)
    expect(body.snapshots).toBe(8)
    expect(body.articles.length).toBe(15)
    expect(body.articles.every((a: { country: string }) => a.country === s.country)).toBe(true)
    const shares = body.articles.map((a: { share: number }) => a.share)
    expect(shares).toEqual([...shares].sort((a: number, b: number) => b - a))
    expect(body.publishers.reduce((t: number, p: { share: number }) => t + p.share, 0)).toBeCloseTo(1, 1)
  })

  it('opens What moved with the point\'s story: a shake-up turns over far more of the feed than its usual day, in its market only', async () => {
    const s = shakeups.find((x) => !x.format_group)!
    const name = store.sqlite.prepare('SELECT name FROM regions WHERE alpha_2 = ?').pluck().get(s.country) as string
    const one = (await get(`/app/signals/movers?country=${s.country}&bucket=${s.day}`, session)).body.story
    expect(one.slots).toBe(100)
    expect(one.usual_turnover).not.toBeNull()
    expect(one.turnover).toBeGreaterThan(one.usual_turnover * 1.5)
    expect(one.moved).toEqual([name])
    const othersSpiked = shakeups.filter((x) => x.day === s.day && x.country !== s.country && !x.format_group).length
    if (othersSpiked === 0) expect(one.scope).toBe('one')
    expect(one.sentence).toMatch(/; (none of the other 4 markets spiked|.+ spiked too \(\d of the other 4 markets\))\./)
    expect(one.sentence).toMatch(new RegExp(`^At ${s.day} in ${name}, \\d+% of the feed's 100 slots turned over from one snapshot to the next against \\d+% on a usual day[.;]`))
    expect(one.publishers.gained.slots).toBeGreaterThan(0)
    // asked of every market: the shake-up's market moved, not most of them
    const all = (await get(`/app/signals/movers?country=all&bucket=${s.day}`, session)).body.story
    expect(all.moved).toContain(name)
    expect(all.scope).not.toBe('market-wide')
    expect(all.slots).toBe(500)
    // a calm day of the same market: no more than usual
    const calmDay = new Date(Date.parse(`${s.day}T00:00:00Z`) - 5 * 86_400_000).toISOString().slice(0, 10)
    const calm = (await get(`/app/signals/movers?country=${s.country}&bucket=${calmDay}`, session)).body.story
    if (!shakeups.some((x) => x.day === calmDay && x.country === s.country)) expect(calm.moved).toEqual([])
  })
})

describe('trends of the demo world', () => {
  beforeAll(() => {
    refreshTrends(store, END)
    refreshSignals(store, END)
  }, 120_000)

  it('cluster the demo articles into its true storylines (B-cubed F1 0.98 or more, no trend of 5 storylines) under labels their titles carry', () => {
    const members = store.trends.storylineMembers()
    expect(members.length).toBe(store.counts().articles)
    const quality = storylineQuality(members)
    // floors just under the figures reached (docs/trends.md, "Quality")
    expect(quality.f1).toBeGreaterThanOrEqual(0.98)
    expect(quality.labelFit).toBeGreaterThanOrEqual(0.98)
    expect(quality.catchAlls).toBe(0)
  })

  it('tell on a trend\'s card how far the forecast missed on trends of its type, from the backtest of the full pass', async () => {
    const top = (await get('/v1/trends?limit=1&sort_by=article_count', session)).body.trends[0]
    const type = (await get(`/v1/trends/${top.id}`, session)).body.structural_type
    const lastDay = store.trends.lastDay()
    const stored = (
      store.sqlite.prepare('SELECT structural_type AS structuralType, daily_counts AS daily, daily_through AS through FROM trends').all() as Array<{ structuralType: string; daily: string; through: number | null }>
    ).map((t) => ({
      structuralType: t.structuralType,
      daily: dailyCountsOn(JSON.parse(t.daily) as number[], t.through, lastDay),
    }))
    const expected = backtestForecasts(stored).find((b) => b.structuralType === type)!
    const figures = await get(`/app/trends/${top.id}/figures`, session)
    expect(figures.body.forecast_error).toEqual({ structural_type: type, cuts: expected.cases, median_ape: expected.medianApe, mape: expected.mape })
    expect(expected.cases).toBeGreaterThan(0)
  })

  it('serve trends, cards, articles with roles, links and the hierarchy', async () => {
    const list = await get('/v1/trends?limit=200&sort_by=article_count', session)
    expect(list.status).toBe(200)
    expect(list.body.total).toBeGreaterThan(300)
    const counts = list.body.trends.map((t: { article_count: number }) => t.article_count)
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a))
    const hot = await get('/v1/trends?state=hot', session)
    expect(hot.body.trends.every((t: { state: string }) => t.state === 'hot')).toBe(true)
    const top = list.body.trends[0]
    const card = await get(`/v1/trends/${top.id}`, session)
    expect(card.body.daily_counts_180d.length).toBeLessThanOrEqual(180)
    expect(card.body.daily_counts_180d.reduce((s: number, c: number) => s + c, 0)).toBe(top.article_count)
    expect(card.body.features.total_articles).toBe(top.article_count)
    expect(card.body.forecast).toMatchObject({ confidence: expect.any(Number), predicted_total_reach: expect.any(Number) })
    const articles = await get(`/v1/trends/${top.id}/articles?role=F1_trigger`, session)
    expect(articles.body.articles.length).toBeGreaterThan(0)
    expect(articles.body.articles.every((a: { trend_role: string }) => a.trend_role === 'F1_trigger')).toBe(true)
    // pages come in the asked order, and the pages of one order together are every article once
    const sorted = <T,>(xs: T[], cmp: (a: T, b: T) => number) => xs.every((x, i) => i === 0 || cmp(xs[i - 1]!, x) <= 0)
    type TrendArticle = { id: string; first_seen_at: string; assignment_score: number }
    const firstPage = (await get(`/v1/trends/${top.id}/articles?sort_by=first_seen_at&sort_order=asc&limit=20`, session)).body.articles as TrendArticle[]
    const secondPage = (await get(`/v1/trends/${top.id}/articles?sort_by=first_seen_at&sort_order=asc&limit=20&offset=20`, session)).body.articles as TrendArticle[]
    expect(sorted([...firstPage, ...secondPage], (a, b) => a.first_seen_at.localeCompare(b.first_seen_at))).toBe(true)
    expect(new Set([...firstPage, ...secondPage].map((a) => a.id)).size).toBe(Math.min(40, top.article_count))
    const byScore = (await get(`/v1/trends/${top.id}/articles?sort_by=assignment_score&limit=50`, session)).body.articles as TrendArticle[]
    expect(sorted(byScore, (a, b) => b.assignment_score - a.assignment_score)).toBe(true)
    const link = store.sqlite.prepare('SELECT parent_id AS parent, child_id AS child FROM trend_links LIMIT 1').get() as { parent: string; child: string }
    expect((await get(`/v1/trends/${link.child}/parents`, session)).body.parents[0]).toMatchObject({ parent_id: link.parent, relation_type: 'derivative' })
    expect((await get(`/v1/trends/${link.parent}/children`, session)).body.children.map((c: { child_id: string }) => c.child_id)).toContain(link.child)
    const themes = (await get('/v1/themes', session)).body.themes
    expect(themes.length).toBeGreaterThan(3)
    const topics = (await get(`/v1/themes/${themes[0].id}/topics`, session)).body.topics
    expect(topics.reduce((s: number, t: { n_articles: number }) => s + t.n_articles, 0)).toBe(themes[0].n_articles)
    const byTopic = await get(`/v1/topics/${topics[0].id}/trends?limit=200`, session)
    expect(byTopic.body.total).toBe(topics[0].n_trends)
    const topicSignals = await get('/public/discover/topic-volatility')
    expect(topicSignals.body.categories.length).toBeGreaterThan(3)
  })

  it('keeps every trend\'s articles per market, and a view over every market equals the trend as stored', () => {
    const off = store.sqlite
      .prepare(`SELECT count(*) FROM trends t WHERE article_count <> (SELECT coalesce(sum(article_count), 0) FROM trend_countries c WHERE c.trend_id = t.id)`)
      .pluck()
      .get()
    expect(off).toBe(0)
    const lastDay = store.trends.lastDay()!
    const markets = store.geo.regionCodes()
    const largest = store.sqlite.prepare('SELECT id FROM trends ORDER BY article_count DESC, id LIMIT 25').pluck().all() as string[]
    for (const id of largest) {
      const row = store.trends.get(id)!
      const view = trendInMarkets(store.trends.articleTimesInMarkets(id, markets), lastDay)
      expect(view.articleCount).toBe(row.articleCount)
      expect(view.dailyCounts).toEqual(dailyCountsOn(JSON.parse(row.dailyCounts) as number[], row.dailyThrough, lastDay))
      expect(view.features).toEqual(JSON.parse(row.features))
      expect(view.forecast).toEqual(JSON.parse(row.forecast!))
      expect(view.countryScope).toEqual(JSON.parse(row.countryScope))
      expect(view.primaryCountry).toBe(row.primaryCountry)
      expect([view.firstSeenAt, view.lastArticleAt]).toEqual([row.firstSeenAt, row.lastArticleAt])
    }
  })

  it('shows a key limited to one market the trends and articles of that market only', async () => {
    const market = store.geo.regionCodes()[0]!
    const projectId = store.projects.all()[0]?.id ?? store.projects.create({ id: '0b6d5e9a-1f0c-4c7e-9a55-3b1f6f2c7d10', name: 'p', planId: 'pro', createdAt: END.toISOString() }).id
    const key = { 'X-API-Key': createApiKey(store, { name: market, projectId, countries: [market] }, END).value }
    const expected = store.sqlite.prepare('SELECT count(DISTINCT trend_id) FROM trend_countries WHERE country = ?').pluck().get(market) as number
    const list = await get('/v1/trends?min_articles=0&limit=200', key)
    expect(list.body.total).toBe(expected)
    for (const t of list.body.trends.slice(0, 20)) {
      expect(t.country_scope).toEqual([market])
      const articles = await get(`/v1/trends/${t.id}/articles?limit=200`, key)
      expect(articles.body.total).toBe(t.article_count)
      expect(articles.body.articles.every((a: { country_code: string }) => a.country_code === market)).toBe(true)
    }
  })
})

describe('"Is it us or the market?" on the demo world\'s own site', () => {
  it('reads the shake-up day as the market and the calm day\'s fall as the site\'s clicks', async () => {
    const site = addDemoSite(store, 42, null)!
    expect(site).not.toBeNull()
    const ask = async (day: string) => {
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      const { status, body } = await get(`/app/site/explain?property=${encodeURIComponent(site.property)}&country=${site.country}&date_from=${day}&date_to=${next}`, session)
      expect(status).toBe(200)
      return body as { verdict: string; sentence: string; evidence: { peers: string[]; volatility: { max: number | null } } }
    }
    const market = await ask(site.marketDrop)
    expect(market.verdict).toBe('market')
    expect(market.sentence).toContain(`${site.domain}'s Discover clicks fell`)
    expect(market.evidence.volatility.max).toBeGreaterThan(5)
    const own = await ask(site.siteDrop)
    expect(own.verdict).toBe('clicks')
    expect(own.sentence).toMatch(/Readers clicked less often \(click-through rate [\d.]+% to [\d.]+%\) while Discover showed it about as often/)
    // the site's peers are the publishers of its trends
    expect(own.evidence.peers.length).toBeGreaterThan(0)
    expect(own.evidence.peers).not.toContain(site.domain)
  })
})

describe('trends kept current as new data arrives (after the full pass above)', () => {
  type TrendRow = { id: string; article_count: number; daily_counts: string; state: string; label: string; key_entities: string; forecast: string; updated_at: string }
  const trendRows = () => new Map((store.sqlite.prepare('SELECT * FROM trends').all() as TrendRow[]).map((t) => [t.id, t]))
  /** Each trend's row with its markets and parent link, as written. */
  const writtenTrends = () => {
    const countries = store.sqlite.prepare('SELECT * FROM trend_countries WHERE trend_id = ? ORDER BY country')
    const links = store.sqlite.prepare('SELECT * FROM trend_links WHERE child_id = ? ORDER BY parent_id')
    return new Map([...trendRows()].map(([id, t]) => [id, JSON.stringify([t, countries.all(id), links.all(id)])]))
  }
  const trendOfUrl = (url: string) =>
    store.sqlite.prepare('SELECT ta.trend_id FROM trend_articles ta JOIN articles a ON a.id = ta.article_id WHERE a.url = ?').pluck().get(url) as string | undefined

  it('assigns a 3-hour batch to the trends it continues, rewriting only those and keeping every id', () => {
    const later = new Date(END.getTime() + 3 * 3600_000)
    const before = trendRows()
    const batch = nextSnapshotBatch(store, 3)
    expect(batch.articles!.length).toBeGreaterThan(10)
    expect(batch.observations!.length).toBe(500)
    new IngestWriter(store).write(batch)

    const result = refreshTrends(store, later)
    expect(result.mode).toBe('incremental')
    const after = trendRows()
    // each follow-up joined the trend of the story it follows
    const joined = new Map<string, number>()
    for (const a of batch.articles!) {
      const trend = trendOfUrl(a.url)!
      expect(trend).toBe(trendOfUrl(a.url.replace(/-update-3h$/, '')))
      joined.set(trend, (joined.get(trend) ?? 0) + 1)
    }
    expect(result.touched).toBe(joined.size)
    expect(after.size).toBe(before.size)
    for (const [id, old] of before) {
      const now = after.get(id)!
      if (joined.has(id)) {
        expect(now.article_count).toBe(old.article_count + joined.get(id)!)
        expect(now.updated_at).toBe(later.toISOString())
      } else {
        expect(now).toEqual(old)
      }
    }
    expect(store.settings.get('trends_through')).toBe(later.toISOString())
    // a full pass over the same data agrees with the incremental one, trend by trend
    const full = refreshTrends(store, later, { full: true })
    expect(full.mode).toBe('full')
    const recomputed = trendRows()
    const comparable = ({ updated_at: _u, ...rest }: TrendRow) => rest
    let same = 0
    for (const [id, t] of after) if (recomputed.has(id) && JSON.stringify(comparable(recomputed.get(id)!)) === JSON.stringify(comparable(t))) same++
    expect(same / after.size).toBeGreaterThanOrEqual(0.99)
  })

  it('carries every trend into the next day incrementally (its days shifted as a full pass places them); a running app then clusters whole in the background', async () => {
    const nextDay = new Date(END.getTime() + 15 * 3600_000)
    new IngestWriter(store).write(nextSnapshotBatch(store, 12))
    const before = writtenTrends()
    const update = refreshTrends(store, nextDay)
    expect(update.mode).toBe('incremental')
    // only the trends whose figures read otherwise on the new day are written again...
    const rewritten = [...writtenTrends()].filter(([id, t]) => t !== before.get(id))
    expect(rewritten.length).toBe(update.touched)
    expect(update.touched).toBeGreaterThan(0)
    expect(update.touched).toBeLessThan(update.trends / 2)
    // every trend's markets still add up to its articles, and every link names trends that exist
    const off = store.sqlite
      .prepare(`SELECT count(*) FROM trends t WHERE article_count <> (SELECT coalesce(sum(article_count), 0) FROM trend_countries c WHERE c.trend_id = t.id)`)
      .pluck()
      .get()
    expect(off).toBe(0)
    expect(store.sqlite.prepare('SELECT count(*) FROM trend_links WHERE parent_id NOT IN (SELECT id FROM trends) OR child_id NOT IN (SELECT id FROM trends)').pluck().get()).toBe(0)
    // ...and every card follows the new day: its daily counts end on it, and its state, features
    // and forecast are those of its counts (as a trend written that day has them)
    const lastDay = Math.floor(nextDay.getTime() / 86_400_000)
    const parents = new Set(store.sqlite.prepare('SELECT child_id FROM trend_links').pluck().all() as string[])
    for (const id of before.keys()) {
      const card = (await get(`/v1/trends/${id}`, session)).body
      const daily = [...new Array<number>(180 - card.daily_counts_180d.length).fill(0), ...card.daily_counts_180d]
      expect({ id, state: card.state, type: card.structural_type, features: card.features, forecast: card.forecast }).toEqual({
        id,
        state: lifecycleState(daily, structuralType(daily, parents.has(id))),
        type: structuralType(daily, parents.has(id)),
        features: features(daily),
        forecast: forecast(daily, lastDay),
      })
    }
    expect(trendsConsolidationDue(store)).toBe(true)
    const carried = trendRows()
    const generation = store.settings.get('trends_generation')
    await refreshAnalyticsInBackground(store, nextDay)
    expect(trendsConsolidationDue(store)).toBe(false)
    expect(store.settings.get('trends_generation')).not.toBe(generation)
    const recomputed = trendRows()
    let same = 0
    for (const [id, t] of carried) if (recomputed.get(id)?.daily_counts === t.daily_counts) same++
    expect(same / carried.size).toBeGreaterThanOrEqual(0.95)
  })

  it('falls back to a full pass when another process wrote the trends in between', () => {
    const later = new Date(END.getTime() + 18 * 3600_000)
    new IngestWriter(store).write(nextSnapshotBatch(store, 3))
    store.settings.set('trends_generation', 'written by another process')
    expect(refreshTrends(store, later).mode).toBe('full')
    new IngestWriter(store).write(nextSnapshotBatch(store, 3))
    expect(refreshTrends(store, new Date(later.getTime() + 3 * 3600_000)).mode).toBe('incremental')
  })

  it('writes a full pass over stored trends (only what changed) exactly as into empty tables', () => {
    const at = new Date(END.getTime() + 22 * 3600_000)
    const tables = () => ({
      trends: store.sqlite.prepare('SELECT * FROM trends ORDER BY id').all().map((t) => ({ ...(t as object), created_at: null, updated_at: null })),
      members: store.sqlite.prepare('SELECT * FROM trend_articles ORDER BY article_id').all(),
      links: store.sqlite.prepare('SELECT * FROM trend_links ORDER BY parent_id, child_id').all(),
      topics: store.sqlite.prepare('SELECT * FROM topics ORDER BY id').all(),
      themes: store.sqlite.prepare('SELECT * FROM themes ORDER BY id').all(),
    })
    refreshTrends(store, at, { full: true })
    const overStored = tables()
    store.sqlite.exec('DELETE FROM trend_links; DELETE FROM trend_articles; DELETE FROM trends; DELETE FROM topics; DELETE FROM themes;')
    refreshTrends(store, at, { full: true })
    expect(tables()).toEqual(overStored)
    expect(overStored.members.length).toBe(store.counts().articles)
  })

  it('rewrites the first member of a trend of one that takes a follow-up: its new role, named by its stored id', () => {
    const at = new Date(END.getTime() + 22 * 3600_000)
    // an old story told again: no trend of now is near it, so it starts a trend of one...
    const old = store.sqlite
      .prepare(`SELECT ta.article_id FROM trends t JOIN trend_articles ta ON ta.trend_id = t.id WHERE t.article_count = 1 ORDER BY t.last_article_at LIMIT 1`)
      .pluck()
      .get() as string
    const a = store.articles.records([old])[0]!
    const region = store.sqlite.prepare('SELECT f.region FROM article_facets f JOIN articles a ON a.seq = f.article_seq WHERE a.id = ?').pluck().get(old) as string
    const tell = (url: string, hoursBefore: number) => {
      const id = articleIdForUrl(url)!
      new IngestWriter(store).write({
        articles: [{ ...a, id, url, publishedAt: null }],
        observations: [{ articleId: id, country: region, observedAt: new Date(at.getTime() - hoursBefore * 3600_000).toISOString(), position: 3, estimatedImpressions: 100 }],
      })
      expect(refreshTrends(store, at).mode).toBe('incremental')
      return store.sqlite.prepare('SELECT ta.trend_id FROM trend_articles ta WHERE ta.article_id = ?').pluck().get(id) as string
    }
    const first = `${a.url}-told-again`
    const lone = tell(first, 3)
    expect(store.sqlite.prepare('SELECT article_count FROM trends WHERE id = ?').pluck().get(lone)).toBe(1)
    // ...which its second report, an hour later, joins
    const second = `${first}-second-report`
    expect(tell(second, 2)).toBe(lone)
    const members = store.sqlite.prepare('SELECT a.url, ta.article_seq = a.seq AS sameSeq, ta.role FROM trend_articles ta JOIN articles a ON a.id = ta.article_id WHERE ta.trend_id = ? ORDER BY a.url').all(lone)
    expect(members).toEqual([
      { url: first, sameSeq: 1, role: 'F1_trigger' },
      { url: second, sameSeq: 1, role: 'F1_trigger' },
    ])
  })

})
