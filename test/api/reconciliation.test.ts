import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { makeWorld, type TestWorld } from '../helpers/core'
import * as drill from '../../renderer/src/features/tracking/drill-down'
import * as articles from '../../renderer/src/features/articles/questions'
import * as signals from '../../renderer/src/features/signals/questions'
import * as period from '../../renderer/src/components/period'
import { readQuery } from '../../renderer/src/stores/query-values'

/**
 * A figure shown twice is the same figure: over random stores and periods, what one method counts
 * equals what its drill-down lists, each asked exactly as the window asks it (the renderer's own
 * link and query builders). One window rule on both sides (docs/contract-decisions.md, "One
 * window"); change either side's rule and these fail.
 */

const ui = { drill, articles, signals, period, readQuery }

beforeAll(() => {
  // the page's clock is moved to each store's "now", as the window's presets read it
  vi.useFakeTimers({ toFake: ['Date'] })
})

afterAll(() => {
  vi.useRealTimers()
})

const FIRST = Date.UTC(2026, 10, 1)
const HOUR = 3_600_000
const ENTITIES = [
  { id: '/m/fed', name: 'Federal Reserve' },
  { id: '/m/ecb', name: 'European Central Bank' },
  { id: '/m/opec', name: 'OPEC' },
]
const CATEGORIES = ['/Business', '/Business/Markets', '/Sport']
const DOMAINS = ['a.example', 'b.example', 'c.example']
const COUNTRIES = ['US', 'DE']
const TRENDS = ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002']

const article = fc.record({
  entities: fc.subarray([0, 1, 2]),
  category: fc.constantFrom(...CATEGORIES),
  domain: fc.constantFrom(...DOMAINS),
  region: fc.constantFrom(...COUNTRIES),
  lang: fc.constantFrom('en', 'de'),
  format: fc.constantFrom('News', 'Analysis', 'Utility'),
  trend: fc.constantFrom(-1, 0, 1),
  // sightings: minutes before the store's "now" (most within a day or two of it, where the periods' edges lie; a few after it), a country, a position
  sightings: fc.array(
    fc.record({
      before: fc.oneof(fc.integer({ min: -90, max: 2 * 24 * 60 }), fc.integer({ min: 0, max: 10 * 24 * 60 })),
      country: fc.constantFrom(...COUNTRIES),
      position: fc.integer({ min: 1, max: 40 }),
    }),
    { maxLength: 6 },
  ),
})

const windowOf = fc.record({
  period: fc.constantFrom('24h', '7d', '30d', 'custom'),
  fromDay: fc.integer({ min: 0, max: 10 }),
  days: fc.integer({ min: 0, max: 4 }),
  country: fc.constantFrom('all', ...COUNTRIES),
  lang: fc.constantFrom('all', 'en', 'de'),
})

/** now: somewhere in the ten days and the two after, to the minute, often on the hour */
const nowOf = fc.oneof(fc.integer({ min: 12 * 60, max: 12 * 24 * 60 }), fc.integer({ min: 12, max: 12 * 24 }).map((h) => h * 60))

type Made = { articles: Array<ArticleMade>; now: number; window: WindowMade }
type ArticleMade = typeof article extends fc.Arbitrary<infer T> ? T : never
type WindowMade = typeof windowOf extends fc.Arbitrary<infer T> ? T : never

const ids = (i: number) => `a0000000-0000-4000-8000-${String(i).padStart(12, '0')}`
const day = (d: number) => new Date(FIRST + d * 24 * HOUR).toISOString().slice(0, 10)

/** A world holding the random articles, their sightings and trends, its clock at `now`, with an entity, a category and a publisher list of every value. */
async function worldOf(made: Made): Promise<{ w: TestWorld; lists: Record<'entity' | 'category' | 'publisher', string> }> {
  const w = makeWorld({ regions: COUNTRIES })
  w.setNow(new Date(FIRST + made.now * 60_000))
  vi.setSystemTime(w.now())
  const seen = new Set<string>()
  new IngestWriter(w.store).write({
    entities: ENTITIES.map((e) => ({ ...e, type: 'Organization' })),
    articles: made.articles.map((a, i) => ({
      id: ids(i),
      url: `https://${a.domain}/${i}`,
      title: `Article ${i}`,
      domain: a.domain,
      region: a.region,
      lang: a.lang,
      category: a.category,
      contentType: a.format,
      publishedAt: new Date(FIRST).toISOString(),
      entities: a.entities.map((e) => ({ id: ENTITIES[e]!.id, score: 0.9 })),
    })),
    observations: made.articles.flatMap((a, i) =>
      a.sightings.flatMap((s: { before: number; country: string; position: number }) => {
        const minute = Math.max(0, made.now - s.before)
        // one place an article has in a snapshot
        const key = `${i}|${s.country}|${minute}`
        if (seen.has(key)) return []
        seen.add(key)
        return [{ articleId: ids(i), country: s.country, observedAt: new Date(FIRST + minute * 60_000).toISOString(), position: s.position, estimatedImpressions: 10 * s.position + (i % 7) }]
      }),
    ),
  })
  const db = w.store.sqlite
  db.prepare(`INSERT INTO themes (id, label, n_trends, n_articles) VALUES ('d0000000-0000-4000-8000-000000000001', 'T', 2, 0)`).run()
  db.prepare(`INSERT INTO topics (id, theme_id, label, n_trends, n_articles) VALUES ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'T', 2, 0)`).run()
  for (const [t, id] of TRENDS.entries()) {
    db.prepare(
      `INSERT INTO trends (id, label, state, structural_type, semantic_type, article_count, first_seen_at, last_article_at, key_entities, primary_country, country_scope, topic_id, daily_counts, features, updated_at)
       VALUES (?, ?, 'hot', 'unknown', 'news', ?, ?, ?, '[]', 'US', '["US"]', 'e0000000-0000-4000-8000-000000000001', '[]', '{}', 'x')`,
    ).run(id, `Trend ${t}`, made.articles.filter((a) => a.trend === t).length, new Date(FIRST).toISOString(), new Date(FIRST).toISOString())
  }
  const member = db.prepare(`INSERT INTO trend_articles (trend_id, article_id, article_seq, first_seen, assignment_score, role) SELECT ?, id, seq, NULL, 1, 'F2_pile_on' FROM articles WHERE id = ?`)
  made.articles.forEach((a, i) => a.trend >= 0 && member.run(TRENDS[a.trend], ids(i)))
  const lists = {} as Record<'entity' | 'category' | 'publisher', string>
  const values = { entity: ENTITIES.map((e) => e.id), category: CATEGORIES, publisher: DOMAINS }
  for (const kind of ['entity', 'category', 'publisher'] as const) {
    const created = (await (await w.post('/app/lists', { kind, name: kind }, w.session)).json()) as { id: string }
    await w.post(`/app/lists/${created.id}/items`, { items: values[kind].map((value) => ({ value })) }, w.session)
    lists[kind] = created.id
  }
  return { w, lists }
}

/** The window's tracking window of the random one: a preset, or custom whole days. */
const trackingWindow = (m: Made) =>
  m.window.period === 'custom'
    ? { period: 'custom', date_from: day(m.window.fromDay), date_to: day(m.window.fromDay + m.window.days), country: m.window.country, lang: m.window.lang }
    : { period: m.window.period, date_from: '', date_to: '', country: m.window.country, lang: m.window.lang }

const query = (q: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(q).flatMap(([k, v]): Array<[string, string]> => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString()

/** What the Articles screen asks for a link's view (its first page), and the total it shows. */
async function articlesTotal(w: TestWorld, path: string): Promise<number> {
  const view = ui.readQuery(new URL(path, 'http://x').search, ui.articles.ARTICLES_VIEW)
  const asked = ui.articles.articlesQuestions.list(view)!.options.query
  const res = await w.get(`/app/articles?${query(asked as Record<string, unknown>)}`, w.session)
  expect(res.status, path).toBe(200)
  return ((await res.json()) as { total: number }).total
}

const runs = { seed: 45, numRuns: 40 }
const stores = fc.record({ articles: fc.array(article, { minLength: 1, maxLength: 20 }), now: nowOf, window: windowOf })

describe('figures that reconcile across methods', () => {
  it('a tracking row counts the publications its drill-down lists, for every kind, period, market and language', async () => {
    await fc.assert(
      fc.asyncProperty(stores, async (made) => {
        const { w, lists } = await worldOf(made)
        try {
          const window = trackingWindow(made)
          for (const [kind, listId] of Object.entries(lists)) {
            const res = await w.get(`/v1/tracking/lists/${listId}/metrics?${query({ ...ui.drill.windowQuery(window), limit: 200 })}`)
            expect(res.status).toBe(200)
            const rows = ((await res.json()) as { items: Array<{ key: string; name: string; resolved_id?: string; publications_count: number }> }).items
            expect(rows.length).toBeGreaterThan(0)
            for (const row of rows) {
              const path = ui.drill.drillDownPath(ui.drill.rowTarget(kind as 'entity', row), window)
              expect([kind, row.key, await articlesTotal(w, path)]).toEqual([kind, row.key, row.publications_count])
            }
          }
        } finally {
          w.core.close()
        }
      }),
      runs,
    )
  })

  it('a trend\'s count in a period is its articles seen in that period, and the list holds the trends seen in it', async () => {
    await fc.assert(
      fc.asyncProperty(stores, async (made) => {
        const { w } = await worldOf(made)
        try {
          const view = { ...ui.period.periodBounds(trackingWindow(made))! }
          const res = await w.get(`/app/trends?${query({ active_from: view.date_from, active_to: view.date_to, min_articles: 0, limit: 200 })}`, w.session)
          const listed = ((await res.json()) as { trends: Array<{ id: string; article_count: number }> }).trends
          const counts = new Map(listed.map((t) => [t.id, t.article_count]))
          for (const id of TRENDS) {
            const total = await articlesTotal(w, `/articles?${query({ trend_id: id, period: made.window.period, ...(made.window.period === 'custom' ? { date_from: day(made.window.fromDay), date_to: day(made.window.fromDay + made.window.days) } : {}) })}`)
            // a trend with nothing seen in the period is not listed
            expect([id, counts.get(id) ?? 0]).toEqual([id, total])
          }
          // the treemap of the same period: its topic holds those trends with those counts
          const hierarchy = (await (await w.get(`/app/hierarchy?${query({ active_from: view.date_from, active_to: view.date_to })}`, w.session)).json()) as {
            themes: Array<{ n_articles: number; topics: Array<{ n_articles: number; trends: Array<{ id: string; article_count: number }> }> }>
          }
          const inTree = hierarchy.themes.flatMap((th) => th.topics.flatMap((tp) => tp.trends.map((t) => [t.id, t.article_count])))
          expect(Object.fromEntries(inTree)).toEqual(Object.fromEntries([...counts].filter(([, n]) => n > 0)))
          expect(hierarchy.themes.reduce((sum, th) => sum + th.n_articles, 0)).toBe([...counts.values()].reduce((a, b) => a + b, 0))
        } finally {
          w.core.close()
        }
      }),
      runs,
    )
  })

  it('Signals\' panels count the period asked: a top category\'s and a format group\'s publications are the articles listed for them', async () => {
    await fc.assert(
      fc.asyncProperty(stores, async (made) => {
        const { w } = await worldOf(made)
        try {
          const window = trackingWindow(made)
          const view = { ...ui.signals.SIGNALS_VIEW, country: window.country, period: window.period, date_from: window.date_from, date_to: window.date_to }
          const top = (await (await w.get(`/app/signals/top-categories?${query(ui.signals.signalsQuestions.categories(view)!.options.query as Record<string, unknown>)}`, w.session)).json()) as {
            categories: Array<{ category: string; publications: number }>
          }
          for (const c of top.categories) expect([c.category, await articlesTotal(w, ui.signals.categoryArticlesPath(c.category, view))]).toEqual([c.category, c.publications])
          const interest = (await (await w.get(`/app/signals/format-interest?${query(ui.signals.signalsQuestions.interest(view)!.options.query as Record<string, unknown>)}`, w.session)).json()) as {
            formats: Array<{ format_type: string; articles: number }>
          }
          for (const f of interest.formats) {
            const path = `/articles?${query({ content_type: f.format_type, market: view.country === 'all' ? '' : view.country, period: view.period, date_from: view.date_from, date_to: view.date_to })}`
            expect([f.format_type, await articlesTotal(w, path)]).toEqual([f.format_type, f.articles])
          }
        } finally {
          w.core.close()
        }
      }),
      { ...runs, numRuns: 20 },
    )
  })
})

describe('an export holds the rows shown', () => {
  it('pages of the article list (as the screen shows them) are the rows of its export (every page at the largest limit), in the same order, total included', async () => {
    await fc.assert(
      fc.asyncProperty(stores, fc.constantFrom('impressions', 'first_seen_at', 'last_seen_at'), fc.integer({ min: 1, max: 6 }), async (made, sortBy, pageSize) => {
        const { w } = await worldOf(made)
        try {
          const window = trackingWindow(made)
          const view = { ...ui.articles.ARTICLES_VIEW, period: window.period, date_from: window.date_from, date_to: window.date_to, market: window.country === 'all' ? '' : window.country, sort_by: sortBy }
          const filters = ui.articles.articlesQuestions.filters(view)!
          const page = async (limit: number, offset: number) =>
            (await (await w.get(`/app/articles?${query({ ...filters, limit, offset })}`, w.session)).json()) as { articles: Array<{ id: string; impressions: number }>; total: number }
          const exported = await page(500, 0)
          const shown: Array<{ id: string; impressions: number }> = []
          for (let offset = 0; offset < exported.total; offset += pageSize) {
            const p = await page(pageSize, offset)
            expect(p.total).toBe(exported.total)
            shown.push(...p.articles)
          }
          expect(shown).toEqual(exported.articles)
          expect(exported.articles).toHaveLength(exported.total)
        } finally {
          w.core.close()
        }
      }),
      { ...runs, numRuns: 20 },
    )
  })
})
