import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import type { RouteId } from '../../shared/contract/routes'
import { expectOk, makeWorld, type TestWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'
import { refreshSignals } from '../../electron/core/jobs/signals'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { createApiKey } from '../../electron/core/service/keys'

let w: TestWorld
beforeEach(() => {
  w = makeWorld()
  seedFixture(w.store, w.projectId)
})

const ok = <K extends RouteId>(id: K, url: string) => expectOk(w, id, url)

describe('articles', () => {
  it('filters, searches and sorts', async () => {
    const ids = async (q: string) => ((await ok('listArticles', `/v1/articles?${q}`)).articles as Array<{ id: string }>).map((a) => a.id)
    expect(await ids('search=rates')).toEqual([IDS.a1])
    expect(await ids('search=Wohnungen')).toEqual([IDS.a3])
    expect(await ids('search=%22unbalanced')).toEqual([])
    expect(await ids('has_summary=false')).toEqual([IDS.a2])
    expect(await ids('category=/Business&sort_by=first_seen_at&sort_order=asc')).toEqual([IDS.a1, IDS.a2])
    expect(await ids('region=de')).toEqual([IDS.a3])
    expect(await ids('domain=www.example.com&sort_by=first_seen_at')).toEqual([IDS.a2, IDS.a1])
    expect(await ids('content_type=News')).toEqual([IDS.a1])
    expect(await ids('lang=de&has_entities=true')).toEqual([IDS.a3])
    // a1 and a2 were last seen at the same time: the one stored later comes first in descending order.
    expect(await ids('date_from=2026-11-20T10:30:00Z&date_to=2026-11-21')).toEqual([IDS.a2, IDS.a1])
    const page = await ok('listArticles', '/v1/articles?limit=1&offset=1&sort_by=first_seen_at&sort_order=asc')
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1, articles: [{ id: IDS.a2, region: 'US', lang: 'en', domain: 'example.com' }] })
  })

  it('gives the total of a list filtered by markets, region and language as the articles it pages through', async () => {
    // these totals come from the per-region and language counts the store keeps, the others from counting the rows
    const germanKey = createApiKey(w.store, { name: 'DE only', projectId: w.projectId, countries: ['DE'] }, w.now()).value
    const check = async (expected: Record<string, number>, headers?: Record<string, string>) => {
      for (const [q, n] of Object.entries(expected)) {
        const body = (await (await w.get(`/v1/articles?limit=500&${q}`, headers)).json()) as { total: number; articles: unknown[] }
        expect([q, body.total, body.articles.length]).toEqual([q, n, n])
      }
    }
    await check({ '': 3, 'region=US': 2, 'region=DE': 1, 'lang=de': 1, 'lang=en&region=US': 2, 'lang=fr': 0, 'region=US&domain=example.com': 2 })
    await check({ '': 1, 'lang=en': 0, 'region=DE&lang=de': 1 }, { 'X-API-Key': germanKey })
    // an article that moves to another region and language is counted there
    w.store.sqlite.prepare(`UPDATE article_facets SET region = 'DE', lang = 'de' WHERE article_seq = (SELECT seq FROM articles WHERE id = ?)`).run(IDS.a2)
    await check({ '': 3, 'region=US': 1, 'region=DE': 2, 'lang=de': 2 })
    await check({ '': 2, 'lang=de': 2 }, { 'X-API-Key': germanKey })
  })

  it('gives a search\'s total as the matches it lists: one word or several, any case or accent, after edits', async () => {
    const words = ['bank', 'Bank', 'BANK', 'rates', 'Zürich', 'zurich', 'bank-rates', 'R2D2', 'r2d2', 'nothing', '!!', 'bank zürich', 'café']
    const titles = fc.array(fc.array(fc.constantFrom('bank', 'Bank', 'rates', 'Zürich', 'café', 'Cafe', 'R2D2', 'the', 'news'), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 12 })
    await fc.assert(
      fc.asyncProperty(titles, fc.nat(), async (made, pick) => {
        const world = makeWorld()
        try {
          seedFixture(world.store, world.projectId)
          const ids = made.map((_, i) => `e1000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
          new IngestWriter(world.store).write({
            articles: made.map((title, i) => ({ id: ids[i]!, url: `https://example.com/${i}`, title: title.join(' '), domain: 'example.com', region: 'US', lang: 'en' })),
          })
          // an article's title rewritten, another deleted: the index's counts follow
          world.store.sqlite.prepare('UPDATE articles SET title = ? WHERE id = ?').run('bank bank news', ids[pick % ids.length])
          if (ids.length > 1) world.store.sqlite.prepare('DELETE FROM articles WHERE id = ?').run(ids[(pick + 1) % ids.length])
          for (const word of words) {
            const body = (await (await world.get(`/v1/articles?limit=500&search=${encodeURIComponent(word)}`)).json()) as { total: number; articles: unknown[] }
            expect([word, body.total]).toEqual([word, body.articles.length])
          }
        } finally {
          world.core.close()
        }
      }),
      { seed: 515, numRuns: 25 },
    )
    // by hand: "Fed" is in the titles or text of a1 and a2, "Wohnungen" in a3's
    const total = async (q: string) => ((await (await w.get(`/v1/articles?search=${q}`)).json()) as { total: number }).total
    expect([await total('fed'), await total('FED'), await total('wohnungen'), await total('fed%20wohnungen')]).toEqual([2, 2, 1, 0])
  })

  it('pages a common word\'s matches newest first as the whole sorted list has them, whatever order the articles came in, for any key and filter', async () => {
    // each article: its title's words, its market, and the hours it was seen at (none: never seen)
    const article = fc.record({
      words: fc.array(fc.constantFrom('bank', 'rates', 'news'), { minLength: 1, maxLength: 3 }),
      region: fc.constantFrom('US', 'DE'),
      seen: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 3 }),
    })
    const asked = fc.record({ limit: fc.integer({ min: 1, max: 4 }), offset: fc.integer({ min: 0, max: 6 }), sortBy: fc.constantFrom('last_seen_at', 'first_seen_at'), filter: fc.constantFrom('', '&region=US', '&lang=en'), germanKey: fc.boolean() })
    await fc.assert(
      fc.asyncProperty(fc.array(article, { minLength: 4, maxLength: 24 }), asked, async (made, { limit, offset, sortBy, filter, germanKey }) => {
        const world = makeWorld({ regions: ['US', 'DE'] })
        try {
          const ids = made.map((_, i) => `f1000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
          new IngestWriter(world.store).write({
            articles: made.map((a, i) => ({ id: ids[i]!, url: `https://example.com/${i}`, title: a.words.join(' '), domain: 'example.com', region: a.region, lang: 'en' })),
            observations: made.flatMap((a, i) =>
              a.seen.map((hour) => ({ articleId: ids[i]!, country: a.region, observedAt: new Date(Date.UTC(2026, 10, 20, hour)).toISOString(), position: 1, estimatedImpressions: 10 })),
            ),
          })
          const headers = germanKey ? { 'X-API-Key': createApiKey(world.store, { name: 'DE only', projectId: world.projectId, countries: ['DE'] }, world.now()).value } : undefined
          const ids$ = async (q: string) => {
            const res = await world.get(`/v1/articles?search=bank&sort_by=${sortBy}${filter}&${q}`, headers)
            // a German key asking for US articles is refused, whichever way the page is found
            if (res.status === 403) return 'refused'
            return ((await res.json()) as { articles: Array<{ id: string }> }).articles.map((a) => a.id)
          }
          // the whole list is sorted with every match; a small page of a common word walks the newest only
          const all = await ids$('limit=500')
          expect(await ids$(`limit=${limit}&offset=${offset}`)).toEqual(all === 'refused' ? all : all.slice(offset, offset + limit))
        } finally {
          world.core.close()
        }
      }),
      { seed: 616, numRuns: 80 },
    )
  })

  it('sorts by every sort_by in both directions in the order of the times and figures it shows, articles never seen in a feed included', async () => {
    const sortKeys = { first_seen_at: 'first_seen_at', last_seen_at: 'last_seen_at', published_at: 'published_at' } as const
    const made = fc.array(
      fc.record({
        // minutes after 2026-11-10 00:00; a sighting within a day, so times within a day must sort too
        published: fc.option(fc.integer({ min: 0, max: 20 * 1440 }), { nil: null }),
        seen: fc.array(fc.integer({ min: 0, max: 20 * 1440 }), { maxLength: 3 }),
      }),
      { minLength: 2, maxLength: 14 },
    )
    await fc.assert(
      fc.asyncProperty(made, async (rows) => {
        const world = makeWorld()
        try {
          const at = (minutes: number) => new Date(Date.UTC(2026, 10, 10) + minutes * 60_000).toISOString()
          const ids = rows.map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
          new IngestWriter(world.store).write({
            articles: rows.map((r, i) => ({ id: ids[i]!, url: `https://example.com/${i}`, title: `t${i}`, domain: 'example.com', region: 'US', lang: 'en', publishedAt: r.published === null ? undefined : at(r.published) })),
            observations: rows.flatMap((r, i) => r.seen.map((m) => ({ articleId: ids[i]!, country: 'US', observedAt: at(m), position: 1 + (m % 7), estimatedImpressions: 10 + (m % 13) }))),
          })
          for (const [sortBy, field] of Object.entries(sortKeys)) {
            for (const order of ['asc', 'desc'] as const) {
              const body = (await (await world.get(`/v1/articles?limit=500&sort_by=${sortBy}&sort_order=${order}`)).json()) as { articles: Array<Record<string, string | null>> }
              expect(body.articles).toHaveLength(rows.length)
              const shown = body.articles.map((a) => a[field] ?? '')
              // published_at may be absent (null): it sorts as the smallest value
              const sorted = [...shown].sort()
              expect([sortBy, order, shown]).toEqual([sortBy, order, order === 'asc' ? sorted : sorted.reverse()])
            }
          }
        } finally {
          world.core.close()
        }
      }),
      { seed: 45, numRuns: 40 },
    )
  })

  it('returns the detail with optional blocks', async () => {
    const full = await ok('getArticle', `/v1/articles/${IDS.a1}?include_markdown=true`)
    expect(full.markdown).toContain('**Federal Reserve**')
    expect(full.entities).toEqual([{ name: 'Federal Reserve', entity_types: ['Organization'], unified_score: 0.9 }])
    expect(full.images).toEqual([{ url: 'https://example.com/i.jpg', width: 800, height: 600 }])
    const lean = await ok('getArticle', `/v1/articles/${IDS.a1}?include_entities=false&include_images=false`)
    expect('markdown' in lean || 'entities' in lean || 'images' in lean).toBe(false)
    const missing = await w.get('/v1/articles/a1000000-0000-4000-8000-000000000099')
    expect(missing.status).toBe(404)
  })

  it('pages observations', async () => {
    const body = await ok('listArticleObservations', `/v1/articles/${IDS.a1}/observations?limit=1`)
    expect(body).toEqual({
      article_id: IDS.a1,
      observations: [{ observed_at: '2026-11-20T09:00:00.000Z', country: 'US', estimated_impressions: 1000, position: 1 }],
      total: 2,
      limit: 1,
      offset: 0,
    })
  })
})

describe('geography', () => {
  it('lists regions with stats and entity activity', async () => {
    const body = await ok('listRegions', '/v1/geo/regions?with_stats=true&entity=/m/fed&window=24h')
    expect(body.total).toBe(2)
    const us = body.regions.find((r: { alpha_2: string }) => r.alpha_2 === 'US')
    expect(us).toMatchObject({ cities_count: 2, profiles_count: 1, stats: { population: 1000000 }, entity_active: true, entity_publications: 2, entity_impressions: 2700 })
    const only = await ok('listRegions', '/v1/geo/regions?entity=Federal%20Reserve&entity_only=true')
    expect(only.regions.map((r: { alpha_2: string }) => r.alpha_2)).toEqual(['US'])
  })

  it('gives a region in detail with a numeric UTC offset', async () => {
    const body = await ok('getRegion', '/v1/geo/regions/de')
    expect(body).toEqual({
      alpha_2: 'DE',
      alpha_3: 'DEX',
      name: 'Germany',
      languages: ['de'],
      cities: [{ id: 3, name: 'Berlin', is_active: true }],
      first_data_at: '2026-11-01T01:00:00+01:00',
    })
    expect((await w.get('/v1/geo/regions/zz')).status).toBe(403)
    expect((await w.get('/v1/geo/regions/usa')).status).toBe(422)
  })

  it('lists cities and languages', async () => {
    expect(await ok('listRegionCities', '/v1/geo/regions/US/cities?active_only=true')).toEqual({
      region: 'US',
      cities: [{ id: 1, name: 'Boston', is_active: true }],
    })
    expect(await ok('listLanguages', '/v1/geo/languages?with_article_counts=true')).toEqual({
      languages: [
        { code: 'de', name: 'German', regions: ['DE'], article_count: 1 },
        { code: 'en', name: 'English', regions: ['US'], article_count: 2 },
      ],
    })
  })
})

describe('trends', () => {
  it('orders a trend\'s articles by their first sighting, also after an import saw one of them earlier', async () => {
    const db = w.store.sqlite
    const seq = db.prepare('SELECT seq FROM articles WHERE id = ?').pluck().get(IDS.a3)
    db.prepare(`INSERT INTO trend_articles (trend_id, article_id, article_seq, first_seen, assignment_score, role) VALUES (?, ?, ?, ?, 0.5, 'F2_pile_on')`).run(
      IDS.trend, IDS.a3, seq, Date.parse('2026-11-20T10:00:00Z') / 1000,
    )
    const order = async (q = '') => ((await ok('listTrendArticles', `/v1/trends/${IDS.trend}/articles${q}`)).articles as Array<{ id: string; first_seen_at: string }>).map((a) => `${a.id} ${a.first_seen_at}`)
    // newest first: a3 was first seen at 10:00, a1 at 09:00
    expect(await order()).toEqual([`${IDS.a3} 2026-11-20T10:00:00.000Z`, `${IDS.a1} 2026-11-20T09:00:00.000Z`])
    new IngestWriter(w.store).write({ observations: [{ articleId: IDS.a3, country: 'DE', observedAt: '2026-11-20T08:00:00.000Z', position: 2, estimatedImpressions: 50 }] })
    expect(await order()).toEqual([`${IDS.a1} 2026-11-20T09:00:00.000Z`, `${IDS.a3} 2026-11-20T08:00:00.000Z`])
    expect(await order('?sort_order=asc&limit=1&offset=1')).toEqual([`${IDS.a1} 2026-11-20T09:00:00.000Z`])
  })

  it('lists, filters and pages', async () => {
    expect((await ok('listTrends', '/v1/trends')).total).toBe(2)
    expect((await ok('listTrends', '/v1/trends?state=hot')).trends.map((t: { id: string }) => t.id)).toEqual([IDS.trend])
    expect((await ok('listTrends', `/v1/trends?theme_id=${IDS.theme}`)).total).toBe(2)
    expect((await ok('listTrends', '/v1/trends?min_articles=2')).total).toBe(0)
    expect((await ok('listTrends', '/v1/trends?min_articles=0&sort_by=first_seen_at&sort_order=asc')).trends[0].id).toBe(IDS.trend)
  })

  it('gives the card, articles, parents, children and hierarchy', async () => {
    const card = await ok('getTrend', `/v1/trends/${IDS.trend}`)
    expect(card).toMatchObject({
      label: 'Fed holds rates',
      daily_counts_180d: [0, 0, 1],
      features: { days_active: 1, total_articles: 1, slope_14d: 0.1, current_share_7d: 1 },
      forecast: { pct_next24h: 20, confidence: 0.6 },
      key_entities: ['Federal Reserve'],
    })
    const articles = await ok('listTrendArticles', `/v1/trends/${IDS.trend}/articles?role=F1_trigger&sort_by=assignment_score`)
    expect(articles.articles).toEqual([
      expect.objectContaining({ id: IDS.a1, country_code: 'US', assignment_score: 0.92, trend_role: 'F1_trigger' }),
    ])
    expect((await ok('listTrendArticles', `/v1/trends/${IDS.trend}/articles`)).articles.map((a: { id: string }) => a.id)).toEqual([IDS.a1])
    expect((await ok('listTrendParents', `/v1/trends/${IDS.child}/parents`)).parents).toEqual([
      { parent_id: IDS.trend, parent_label: 'Fed holds rates', relation_type: 'derivative', strength: 0.8 },
    ])
    expect((await ok('listTrendChildren', `/v1/trends/${IDS.trend}/children`)).children).toEqual([
      { child_id: IDS.child, child_label: 'Market reaction', relation_type: 'derivative', strength: 0.8 },
    ])
    expect((await ok('listThemes', '/v1/themes')).themes).toEqual([{ id: IDS.theme, label: 'Economy', label_ru: '', n_trends: 2, n_articles: 2 }])
    expect((await ok('listThemeTopics', `/v1/themes/${IDS.theme}/topics`)).topics).toHaveLength(1)
    const topic = await ok('listTopicTrends', `/v1/topics/${IDS.topic}/trends?limit=1`)
    expect(topic).toMatchObject({ topic_id: IDS.topic, total: 2, limit: 1, offset: 0 })
    expect(Object.keys(topic.trends[0]).sort()).toEqual(['article_count', 'first_seen_at', 'id', 'label', 'last_article_at', 'state'])
  })
})

describe('tracking', () => {
  it('lists lists newest first with usage as the contract counts it', async () => {
    const body = await ok('listTrackingLists', '/v1/tracking/lists')
    expect(body.lists.map((l: { name: string }) => l.name)).toEqual(['Brand watch', 'Stories', 'Competitors', 'Sections', 'People & orgs'])
    expect(body.usage).toEqual({
      entity: { used: 2, limit: 500 },
      category: { used: 1, limit: 200 },
      publisher: { used: 1, limit: 500 },
      trend: { used: 1, limit: null },
      mention: { used: 2, limit: 200 },
    })
    const mention = body.lists[0]
    expect(mention).toMatchObject({
      countries: ['US'],
      langs: ['EN'],
      search_scope: 'all',
      active: true,
      matches_count: 5,
      new_publications_24h: 2,
      last_scanned_at: '2026-11-20T11:30:00.000Z',
      scan_status: 'ready',
    })
    expect((await ok('listTrackingLists', '/v1/tracking/lists?kind=entity')).total).toBe(1)
  })

  it('shows a list with items newest first, and the extended mention form', async () => {
    const entity = await ok('getTrackingList', `/v1/tracking/lists/${IDS.entityList}`)
    expect(entity.items).toEqual([
      { key: 'Olaf Scholz', name: 'Olaf Scholz', type: null, added_at: '2026-11-19T01:00:00.000Z' },
      { key: '/m/fed', name: 'Federal Reserve', type: 'Organization', added_at: '2026-11-19T00:00:00.000Z' },
    ])
    const mention = await ok('getTrackingList', `/v1/tracking/lists/${IDS.mentionList}`)
    expect(mention).toMatchObject({
      mentions: ['federal reserve', 'fed'],
      match_types: ['phrase', 'broad'],
      scan_error: null,
      extraction_started_at: '2026-11-20T11:30:00.000Z',
      next_scan_at: '2026-11-20T11:45:00.000Z',
    })
    expect(mention.items[0]).toMatchObject({ key: 'm2', name: 'federal reserve', type: 'phrase', position: 2, matches_count: 2 })
    expect(mention.items[1]).toMatchObject({ key: 'm1', name: 'fed', type: 'broad', position: 1, matches_count: 3 })
    expect((await w.get('/v1/tracking/lists/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })

  it('computes metrics rows for every item of the page, with zeros for items without data', async () => {
    const body = await ok('getTrackingMetrics', `/v1/tracking/lists/${IDS.entityList}/metrics`)
    expect(body.scope).toEqual({
      country: 'all',
      markets: ['DE', 'US'],
      lang: 'all',
      from: '2026-11-19T12:00:00.000Z',
      to: '2026-11-20T12:00:00.000Z',
      grain: 'day',
      prev_from: '2026-11-18T12:00:00.000Z',
      prev_to: '2026-11-19T12:00:00.000Z',
    })
    expect(body.items.map((r: { key: string }) => r.key)).toEqual(['Olaf Scholz', '/m/fed'])
    // Olaf Scholz is not in the store: an unresolved item ('' as its id and type), all zeros, ranked below the Fed.
    expect(body.items[0]).toEqual({
      key: 'Olaf Scholz',
      name: 'Olaf Scholz',
      resolved_id: '',
      resolved_type: '',
      impressions: 0,
      publications_count: 0,
      publishers_count: 0,
      trends_count: 0,
      avg_position: 0,
      delta_pct: 0,
      avg_lifespan_hours: 0,
      rank_delta: -1,
      lived_hours: 0,
      impressions_spark: [0, 0],
      publications_spark: [0, 0],
      related: [],
      last_seen: null,
    })
    // a1: 1000 at 09h (pos 1), 600 at 11h (pos 3); a2: 800 at 10h (pos 2), 300 at 11h (pos 5).
    expect(body.items[1]).toEqual({
      key: '/m/fed',
      name: 'Federal Reserve',
      resolved_id: '/m/fed',
      resolved_type: 'Organization',
      impressions: 2700,
      publications_count: 2,
      publishers_count: 1,
      trends_count: 2, // a1 in the trend, a2 in its child
      avg_position: 2.8, // (1 + 3 + 2 + 5) / 4 = 2.75
      delta_pct: 100, // nothing the day before: a newcomer counts as +100%
      avg_lifespan_hours: 1.5, // a1 lived 09h-11h, a2 10h-11h
      rank_delta: 0,
      lived_hours: 3, // 09h to 11h: a1 from 09h to 11h, a2 from 10h to 11h
      impressions_spark: [0, 2700],
      publications_spark: [0, 2],
      related: [],
      last_seen: '2026-11-20T11:00:00.000Z',
    })
    expect(body.summary).toEqual({ scope: 'page', impressions: 2700, publications_count: 2, delta_pct: 100, impressions_spark: [0, 2700] })
    const de = await ok('getTrackingMetrics', `/v1/tracking/lists/${IDS.entityList}/metrics?country=DE&grain=hour&limit=1&offset=1`)
    expect(de.items).toHaveLength(1)
    expect(de.items[0]).toMatchObject({ key: '/m/fed', impressions: 0 })
    expect(de.items[0].impressions_spark).toHaveLength(24)
    expect(de).toMatchObject({ total: 2, limit: 1, offset: 1 })
  })

  it('needs date_from and date_to for period=custom', async () => {
    const res = await w.get(`/v1/tracking/lists/${IDS.entityList}/metrics?period=custom&date_from=2026-11-01`)
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ detail: [{ loc: ['query', 'date_to'], msg: 'Field required when period=custom', type: 'missing' }] })
  })

  it('rolls a list up by publisher, trend and type', async () => {
    const body = await ok('getTrackingRollup', `/v1/tracking/lists/${IDS.entityList}/rollup`)
    expect(body.publishers).toEqual([{ name: 'example.com', pubs: 2, imps: 2700, delta_pct: 100 }])
    expect(body.trends).toEqual([
      { id: IDS.trend, name: 'Fed holds rates', pubs: 1, imps: 1600, delta_pct: 100 },
      { id: IDS.child, name: 'Market reaction', pubs: 1, imps: 1100, delta_pct: 100 },
    ])
    expect(body.related).toEqual([])
    expect(body.types).toEqual([{ name: 'News', pubs: 1 }, { name: 'Analysis', pubs: 1 }])
    expect(body.groups).toEqual([{ name: '/Business', pubs: 2, imps: 2700 }])
    const publisher = await ok('getTrackingRollup', `/v1/tracking/lists/${IDS.publisherList}/rollup`)
    expect(publisher.publishers).toEqual([])
    const trend = await ok('getTrackingRollup', `/v1/tracking/lists/${IDS.trendList}/rollup`)
    expect(trend.top_articles).toEqual([
      { id: IDS.a1, url: 'https://example.com/fed-rates', title: 'Fed holds rates steady', domain: 'example.com', trend_id: IDS.trend, imps: 1600, cabinet_url: `http://127.0.0.1:9999/article/${IDS.a1}` },
    ])
  })

  it('refuses roll-ups of lists with more than 500 items', async () => {
    const add = w.store.sqlite.prepare(`INSERT INTO tracking_items (id, list_id, key, name, position, added_at) VALUES (?, ?, ?, ?, ?, '2026-11-19T00:00:00Z')`)
    for (let i = 0; i < 500; i++) add.run(`bulk${i}`, IDS.categoryList, `/c/${i}`, `/c/${i}`, i + 2)
    const res = await w.get(`/v1/tracking/lists/${IDS.categoryList}/rollup`)
    expect(res.status).toBe(422)
    expect(((await res.json()) as { detail: { code: string } }).detail.code).toBe('list_too_large')
  })

  it('finds mention matches with hits and a summary', async () => {
    const body = await ok('getTrackingMatches', `/v1/tracking/lists/${IDS.mentionList}/matches`)
    // a3 is German and in DE: outside the list's markets and languages. "fed" broad does not
    // match "Federal" (another stem); the phrase matches the summary and the body of a1.
    expect(body.publications.map((p: { id: string }) => p.id)).toEqual([IDS.a2, IDS.a1])
    expect(body.publications[1]).toEqual({
      id: IDS.a1,
      url: 'https://example.com/fed-rates',
      title: 'Fed holds rates steady',
      publisher: 'Example News',
      domain: 'example.com',
      country: 'US',
      lang: 'EN',
      first_seen_at: '2026-11-20T09:00:00.000Z',
      article_first_seen_at: '2026-11-20T09:00:00.000Z',
      snippet: 'The Federal Reserve kept rates unchanged.',
      cabinet_url: `http://127.0.0.1:9999/article/${IDS.a1}`,
    })
    expect(body.hits[IDS.a1]).toEqual({
      count: 4,
      mentions: [
        { term_id: 'm1', raw_text: 'fed', match_type: 'broad', field: 'title', matched_text: 'Fed' },
        { term_id: 'm1', raw_text: 'fed', match_type: 'broad', field: 'body', matched_text: 'Fed' },
        { term_id: 'm2', raw_text: 'federal reserve', match_type: 'phrase', field: 'summary', matched_text: 'Federal Reserve' },
        { term_id: 'm2', raw_text: 'federal reserve', match_type: 'phrase', field: 'body', matched_text: 'Federal Reserve' },
      ],
    })
    expect(body.summary).toEqual({ matches: 5, publications: 2, mentions: { fed: 3, 'federal reserve': 2 } })
    expect((await ok('getTrackingMatches', `/v1/tracking/lists/${IDS.mentionList}/matches?scope=title`)).summary.matches).toBe(2)
    expect((await ok('getTrackingMatches', `/v1/tracking/lists/${IDS.mentionList}/matches?scope=body`)).summary.matches).toBe(2)
    expect((await ok('getTrackingMatches', `/v1/tracking/lists/${IDS.mentionList}/matches?scope=both`)).summary.matches).toBe(4)
    expect((await ok('getTrackingMatches', `/v1/tracking/lists/${IDS.mentionList}/matches?match_types=phrase`)).summary.publications).toBe(1)
    expect((await ok('getTrackingMatches', `/v1/tracking/lists/${IDS.mentionList}/matches?mention=fed&mention=other&limit=1`)).publications).toHaveLength(1)
    expect((await ok('getTrackingMatches', `/v1/tracking/lists/${IDS.mentionList}/matches?q=markets`)).summary.publications).toBe(1)
    expect((await ok('getTrackingMatches', `/v1/tracking/lists/${IDS.mentionList}/matches?lang=de`)).publications).toEqual([])
    const bad = await w.get(`/v1/tracking/lists/${IDS.mentionList}/matches?match_types=fuzzy`)
    expect(bad.status).toBe(422)
    const wrongKind = await w.get(`/v1/tracking/lists/${IDS.entityList}/matches`)
    expect(wrongKind.status).toBe(400)
    expect(((await wrongKind.json()) as { detail: { code: string } }).detail.code).toBe('kind_mismatch')
  })

  it('answers 503 computing with Retry-After while a first scan runs', async () => {
    w.store.sqlite.prepare(`UPDATE tracking_lists SET scan_status = 'scanning', last_scanned_at = NULL WHERE id = ?`).run(IDS.mentionList)
    const res = await w.get(`/v1/tracking/lists/${IDS.mentionList}/matches`)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(((await res.json()) as { detail: { code: string } }).detail.code).toBe('computing')
  })
})

describe('public signals and profiles', () => {
  it('ranks categories by reach over the last 24 hours', async () => {
    refreshSignals(w.store, w.now())
    const body = await ok('getTopCategories', '/public/discover/categories?limit=2')
    expect(body.categories).toEqual([
      { category: '/Business/Economy', impressions: 1600, delta_pct: null, publications: 1, publishers: 1, share_of_impressions: 0.5 },
      { category: '/Business/Markets', impressions: 1100, delta_pct: null, publications: 1, publishers: 1, share_of_impressions: 0.3438 },
    ])
    expect((await ok('getTopCategories', '/public/discover/categories?country=DE')).categories).toEqual([
      { category: '/Local', impressions: 500, delta_pct: null, publications: 1, publishers: 1, share_of_impressions: 1 },
    ])
    expect((await w.get('/public/discover/categories?limit=501', {})).status).toBe(422)
  })

  it('checks profiles by domain, in bulk and by name', async () => {
    expect(await ok('checkProfile', '/public/engine-profile?domain=https://www.Example.com/news')).toMatchObject({
      ok: true,
      domain: 'example.com',
      exists: true,
      title: 'Example News',
      knowledgeGraphId: '/g/11example',
      totalFollowers: '125000',
    })
    const res = await w.post('/public/engine-profile/bulk', { domains: ['https://www.example.com', 'zeitung.de', 'example.com'] })
    expect(res.status).toBe(200)
    const bulk = (await res.json()) as { results: Array<{ domain: string; exists: boolean; recentPublications: unknown[] }>; total: number; found: number }
    expect(bulk.results.map((r) => [r.domain, r.exists, r.recentPublications.length])).toEqual([
      ['example.com', true, 2],
      ['zeitung.de', false, 1],
    ])
    expect([bulk.total, bulk.found]).toEqual([2, 1])
    const search = await ok('searchProfiles', '/public/engine-profile/query?q=zeit')
    expect(search.results.map((r: { domain: string }) => r.domain)).toEqual(['zeitung.de'])
    expect((await w.get('/public/engine-profile/query?q=z', {})).status).toBe(422)
  })
})
