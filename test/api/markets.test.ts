import { beforeAll, describe, expect, it } from 'vitest'
import { routes, type RouteDef, type RouteId } from '../../shared/contract/routes'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { createApiKey } from '../../electron/core/service/keys'
import { makeWorld, type TestWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

/**
 * A key limited to some markets sees only them, on every keyed method: the route table is walked,
 * so a method added later without a case here fails this test.
 */

const DE = {
  a4: 'a1000000-0000-4000-8000-000000000004',
  trend: 'b1000000-0000-4000-8000-0000000000de',
  theme: 'c1000000-0000-4000-8000-0000000000de',
  topic: 'd1000000-0000-4000-8000-0000000000de',
}

/** The fixture (US and DE) plus German data a US key must never see: a German article in the US trend, and a German trend. */
function seedClosedMarket(w: TestWorld): void {
  const db = w.store.sqlite
  new IngestWriter(w.store).write({
    articles: [
      { id: DE.a4, url: 'https://zeitung.de/fed', title: 'Die Fed und Berlin', domain: 'zeitung.de', region: 'DE', lang: 'de',
        category: '/Business/Economy', contentType: 'News', summary: 'Die Federal Reserve, aus Berlin gesehen.', entities: [{ id: '/m/berlin', score: 0.7 }] },
    ],
    observations: [{ articleId: DE.a4, country: 'DE', observedAt: '2026-11-20T10:00:00.000Z', position: 2, estimatedImpressions: 400 }],
  })
  // the US trend gets a German article; a German trend of its own, under a German-only theme
  db.prepare(`INSERT INTO trend_articles (trend_id, article_id, article_seq, assignment_score, role) SELECT ?, id, seq, 0.5, 'F2_pile_on' FROM articles WHERE id = ?`).run(IDS.trend, DE.a4)
  db.prepare(`UPDATE trends SET article_count = 2, country_scope = '["DE","US"]' WHERE id = ?`).run(IDS.trend)
  db.prepare(`INSERT INTO themes (id, label, n_trends, n_articles) VALUES (?, 'Local', 1, 1)`).run(DE.theme)
  db.prepare(`INSERT INTO topics (id, theme_id, label, n_trends, n_articles) VALUES (?, ?, 'Local', 1, 1)`).run(DE.topic, DE.theme)
  db.prepare(`UPDATE themes SET n_articles = 3 WHERE id = ?`).run(IDS.theme)
  db.prepare(`UPDATE topics SET n_articles = 3 WHERE id = ?`).run(IDS.topic)
  db.prepare(
    `INSERT INTO trends (id, label, state, structural_type, semantic_type, article_count, first_seen_at, last_article_at, key_entities,
       primary_country, country_scope, topic_id, daily_counts, features, forecast, updated_at)
     VALUES (?, 'Berlin baut', 'emerging', 'unknown', 'news', 1, '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z', '["Berlin"]',
       'DE', '["DE"]', ?, '[1]', '{}', null, '2026-11-20T12:00:00.000Z')`,
  ).run(DE.trend, DE.topic)
  db.prepare(`INSERT INTO trend_articles (trend_id, article_id, article_seq, assignment_score, role) SELECT ?, id, seq, 1, 'F1_trigger' FROM articles WHERE id = ?`).run(DE.trend, IDS.a3)
  db.prepare(`INSERT INTO trend_links (parent_id, child_id, relation_type, strength) VALUES (?, ?, 'related', 0.3)`).run(IDS.trend, DE.trend)
  db.prepare(`INSERT INTO trend_links (parent_id, child_id, relation_type, strength) VALUES (?, ?, 'related', 0.3)`).run(DE.trend, IDS.child)
  db.prepare(
    `INSERT INTO trend_countries (trend_id, country, article_count, first_seen_at, last_article_at) VALUES
       (?, 'DE', 1, '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z'), (?, 'DE', 1, '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z')`,
  ).run(IDS.trend, DE.trend)
  // the entity list also tracks a German entity: its row is there, with zeros
  db.prepare(`INSERT INTO tracking_items (id, list_id, key, name, type, position, added_at) VALUES ('i9', ?, '/m/berlin', 'Berlin', 'Place', 3, '2026-11-19T06:00:00.000Z')`).run(IDS.entityList)
}

type KeyRoute = { [K in RouteId]: (typeof routes)[K]['access'] extends 'key' ? K : never }[RouteId]

/** How to call every keyed method so that closed-market data would show if it leaked. */
const CALLS: Record<KeyRoute, string[]> = {
  listTrackingLists: ['/v1/tracking/lists'],
  getTrackingList: [`/v1/tracking/lists/${IDS.entityList}`, `/v1/tracking/lists/${IDS.mentionList}`],
  getTrackingMetrics: [IDS.entityList, IDS.categoryList, IDS.publisherList, IDS.trendList, IDS.mentionList].flatMap((id) => [
    `/v1/tracking/lists/${id}/metrics?period=7d`,
    `/v1/tracking/lists/${id}/metrics?period=custom&date_from=2026-11-01&date_to=2026-11-21&grain=hour`,
  ]),
  getTrackingRollup: [IDS.entityList, IDS.categoryList, IDS.publisherList, IDS.trendList, IDS.mentionList].map((id) => `/v1/tracking/lists/${id}/rollup?period=7d`),
  getTrackingMatches: [`/v1/tracking/lists/${IDS.mentionList}/matches`, `/v1/tracking/lists/${IDS.mentionList}/matches?q=Fed`],
  listRegions: ['/v1/geo/regions?with_stats=true', '/v1/geo/regions?entity=Berlin&window=7d', '/v1/geo/regions?entity=%2Fm%2Fberlin&entity_only=true'],
  getRegion: ['/v1/geo/regions/us'],
  listRegionCities: ['/v1/geo/regions/US/cities'],
  listLanguages: ['/v1/geo/languages?with_article_counts=true'],
  listArticles: ['/v1/articles?limit=500', '/v1/articles?search=Berlin', '/v1/articles?domain=zeitung.de', '/v1/articles?sort_by=impressions&sort_order=asc'],
  getArticle: [`/v1/articles/${IDS.a1}`],
  listArticleObservations: [`/v1/articles/${IDS.a1}/observations`],
  listTrends: ['/v1/trends?min_articles=0', '/v1/trends?sort_by=article_count&sort_order=asc', `/v1/trends?theme_id=${DE.theme}`],
  getTrend: [`/v1/trends/${IDS.trend}`],
  listTrendArticles: [`/v1/trends/${IDS.trend}/articles`, `/v1/trends/${IDS.trend}/articles?sort_by=assignment_score&sort_order=asc`],
  listTrendParents: [`/v1/trends/${IDS.child}/parents`],
  listTrendChildren: [`/v1/trends/${IDS.trend}/children`],
  listThemes: ['/v1/themes'],
  listThemeTopics: [`/v1/themes/${IDS.theme}/topics`, `/v1/themes/${DE.theme}/topics`],
  listTopicTrends: [`/v1/topics/${IDS.topic}/trends`, `/v1/topics/${DE.topic}/trends`],
  listEntities: ['/v1/entities', '/v1/entities?q=Ber', '/v1/entities?q=%2Fm%2Fberlin', '/v1/entities?type=place', '/v1/entities?date_from=2026-11-01&date_to=2026-11-30&sort_by=name'],
  getEntity: ['/v1/entities/%2Fm%2Ffed', '/v1/entities/%2Fm%2Ffed?date_from=2026-11-20'],
  getFeed: ['/v2/feed', '/v2/feed?limit=1000&lang=de', '/v2/feed?since=2026-11-20T10:00:00Z'],
}

/** What of the German market must not show through a US key. */
const CLOSED = [IDS.a3, DE.a4, DE.trend, '"DE"', 'zeitung.de', 'Berlin baut', 'Die Fed']

let w: TestWorld
let us: Record<string, string>

beforeAll(() => {
  w = makeWorld()
  seedFixture(w.store, w.projectId)
  seedClosedMarket(w)
  us = { 'X-API-Key': createApiKey(w.store, { name: 'US only', projectId: w.projectId, countries: ['US'] }, w.now()).value }
})

const json = async (url: string, headers = us) => {
  const res = await w.get(url, headers)
  return { status: res.status, body: (await res.json()) as any, text: '' }
}

describe('a key limited to some markets, on every keyed method', () => {
  const keyed = (Object.entries(routes) as Array<[RouteId, RouteDef]>).filter(([, r]) => r.access === 'key').map(([id]) => id as KeyRoute)

  it('has a case for every keyed method of the route table', () => {
    expect(Object.keys(CALLS).sort()).toEqual([...keyed].sort())
  })

  it.each(keyed)('%s answers without any trace of the closed markets', async (id) => {
    for (const url of CALLS[id]) {
      const res = await w.get(url, us)
      const text = await res.text()
      expect(res.status, `${url}: ${text}`).toBe(200)
      const parsed = routes[id].response.safeParse(JSON.parse(text))
      expect(parsed.success, `${url}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
      for (const closed of CLOSED) expect(text, `${url} shows ${closed}`).not.toContain(closed)
    }
  })

  it.each(keyed.filter((id) => hasCountryParameter(routes[id])))('%s answers an explicit closed market (DE) with 403', async (id) => {
    for (const url of CALLS[id]) {
      const res = await w.get(withCountry(url, routes[id], 'DE'), us)
      expect(res.status, url).toBe(403)
      expect(await res.json()).toEqual({ detail: 'This API key has no access to the market DE.' })
    }
  })

  it.each(keyed.filter((id) => hasCountryParameter(routes[id])))("%s answers a country outside the project's markets (JP) with 403, for an unlimited key too", async (id) => {
    for (const url of CALLS[id]) {
      for (const headers of [us, { 'X-API-Key': w.key }]) {
        const res = await w.get(withCountry(url, routes[id], 'JP'), headers)
        expect(res.status, url).toBe(403)
        expect(await res.json()).toEqual({ detail: "JP is not one of this project's markets (DE, US)." })
      }
    }
  })
})

/** A method's country parameter: `country` or `region` in the query, `alpha_2` in the path. */
function hasCountryParameter(def: RouteDef): boolean {
  const query = Object.keys(def.query?.shape ?? {})
  return query.includes('country') || query.includes('region') || Object.keys(def.params?.shape ?? {}).includes('alpha_2')
}

function withCountry(url: string, def: RouteDef, country: string): string {
  if (Object.keys(def.params?.shape ?? {}).includes('alpha_2')) return url.replace(/\/regions\/[a-zA-Z]{2}/, `/regions/${country}`)
  const name = Object.keys(def.query?.shape ?? {}).includes('country') ? 'country' : 'region'
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${country}`
}

describe('what a US key sees of the trends', () => {
  it('lists trends with an open market, counted over open markets, total after that', async () => {
    const all = await json('/v1/trends?min_articles=0', { 'X-API-Key': w.key })
    expect(all.body.total).toBe(3)
    const { body } = await json('/v1/trends?min_articles=0&sort_by=article_count')
    expect(body.total).toBe(2)
    const trend = body.trends.find((t: { id: string }) => t.id === IDS.trend)
    expect(trend).toMatchObject({ article_count: 1, country_scope: ['US'], primary_country: 'US', first_seen_at: '2026-11-20T09:00:00.000Z' })
    // min_articles counts open articles: the US trend has one there
    expect((await json('/v1/trends?min_articles=2')).body.total).toBe(0)
    expect((await json('/v1/trends?min_articles=2', { 'X-API-Key': w.key })).body.total).toBe(1)
  })

  it('opens the card over the open market only, and answers a closed trend with 403 like a closed article', async () => {
    const card = (await json(`/v1/trends/${IDS.trend}`)).body
    expect(card).toMatchObject({ article_count: 1, country_scope: ['US'], primary_country: 'US', daily_counts_180d: [1] })
    // one article on the last of 14 days: slope = 6.5 / 227.5 (least squares over x = 0..13)
    expect(card.features).toEqual({ days_active: 1, total_articles: 1, slope_14d: 0.029, current_share_7d: 1 })
    const full = (await json(`/v1/trends/${IDS.trend}`, { 'X-API-Key': w.key })).body
    expect(full).toMatchObject({ article_count: 2, country_scope: ['DE', 'US'] })
    for (const url of [`/v1/trends/${DE.trend}`, `/v1/trends/${DE.trend}/articles`, `/v1/trends/${DE.trend}/parents`, `/v1/trends/${DE.trend}/children`]) {
      const res = await json(url)
      expect(res.status, url).toBe(403)
      expect(res.body).toEqual({ detail: `This API key has no access to the markets of trend ${DE.trend}.` })
    }
    expect((await json(`/v1/articles/${IDS.a3}`)).status).toBe(403)
  })

  it('leaves closed-market articles out of trend articles, with total counted after', async () => {
    const { body } = await json(`/v1/trends/${IDS.trend}/articles`)
    expect(body.total).toBe(1)
    expect(body.articles.map((a: { id: string }) => a.id)).toEqual([IDS.a1])
    expect((await json(`/v1/trends/${IDS.trend}/articles`, { 'X-API-Key': w.key })).body.total).toBe(2)
  })

  it('counts themes and topics over open markets, and leaves out those with none', async () => {
    expect((await json('/v1/themes')).body.themes).toEqual([{ id: IDS.theme, label: 'Economy', label_ru: '', n_trends: 2, n_articles: 2 }])
    expect((await json(`/v1/themes/${IDS.theme}/topics`)).body.topics).toEqual([{ id: IDS.topic, label: 'Central banks', label_ru: '', n_trends: 2, n_articles: 2 }])
    expect((await json(`/v1/themes/${DE.theme}/topics`)).body).toEqual({ theme_id: DE.theme, topics: [] })
    const unlimited = (await json('/v1/themes', { 'X-API-Key': w.key })).body.themes
    expect(unlimited.map((t: { label: string; n_articles: number }) => [t.label, t.n_articles])).toEqual([['Economy', 3], ['Local', 1]])
  })

  it('leaves links to closed trends out of parents and children', async () => {
    expect((await json(`/v1/trends/${IDS.trend}/children`)).body.children.map((c: { child_id: string }) => c.child_id)).toEqual([IDS.child])
    expect((await json(`/v1/trends/${IDS.child}/parents`)).body.parents.map((p: { parent_id: string }) => p.parent_id)).toEqual([IDS.trend])
    const all = (await json(`/v1/trends/${IDS.trend}/children`, { 'X-API-Key': w.key })).body.children
    expect(all.map((c: { child_id: string }) => c.child_id).sort()).toEqual([IDS.child, DE.trend].sort())
  })
})
