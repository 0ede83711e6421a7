import { describe, expect, it } from 'vitest'
import { routes, type RouteDef } from '../../shared/contract/routes'
import { makeWorld } from '../helpers/core'

/** Every method of ../shared/spec/service-contract.md, as written there. */
const CONTRACT_METHODS = [
  'GET /v1/tracking/lists',
  'GET /v1/tracking/lists/{list_id}',
  'GET /v1/tracking/lists/{list_id}/metrics',
  'GET /v1/tracking/lists/{list_id}/rollup',
  'GET /v1/tracking/lists/{list_id}/matches',
  'GET /v1/geo/regions',
  'GET /v1/geo/regions/{alpha_2}',
  'GET /v1/geo/regions/{alpha_2}/cities',
  'GET /v1/geo/languages',
  'GET /v1/articles',
  'GET /v1/articles/{article_id}',
  'GET /v1/articles/{article_id}/observations',
  'GET /v1/trends',
  'GET /v1/trends/{trend_id}',
  'GET /v1/trends/{trend_id}/articles',
  'GET /v1/trends/{trend_id}/parents',
  'GET /v1/trends/{trend_id}/children',
  'GET /v1/themes',
  'GET /v1/themes/{theme_id}/topics',
  'GET /v1/topics/{topic_id}/trends',
  'GET /public/discover/volatility',
  'GET /public/discover/category-volatility',
  'GET /public/discover/topic-volatility',
  'GET /public/discover/format-interest',
  'GET /public/discover/categories',
  'GET /public/engine-profile',
  'POST /public/engine-profile/bulk',
  'GET /public/engine-profile/query',
  // referred to by the contract, their parameters and payloads ours (docs/contract-decisions.md)
  'GET /v1/entities',
  'GET /v1/entities/{entity_id}',
  'GET /v2/feed',
]

const contractRoutes = (Object.values(routes) as RouteDef[]).filter((r) => r.access !== 'app')

describe('contract coverage', () => {
  it('registers exactly the contract methods under /v1 and /public', () => {
    expect(contractRoutes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...CONTRACT_METHODS].sort())
  })

  it('keeps every keyed method under /v1 and every keyless one under /public', () => {
    // the feed method is referred to under /v2/
    for (const r of contractRoutes) expect(r.path.startsWith(r.access === 'key' ? (r.path === '/v2/feed' ? '/v2/' : '/v1/') : '/public/'), r.path).toBe(true)
  })

  it('answers the list methods on an empty store with their documented shapes, never invented data', async () => {
    const w = makeWorld()
    const calls: Array<[string, string]> = [
      ['listTrackingLists', '/v1/tracking/lists'],
      ['listRegions', '/v1/geo/regions'],
      ['listLanguages', '/v1/geo/languages'],
      ['listArticles', '/v1/articles'],
      ['listTrends', '/v1/trends'],
      ['listThemes', '/v1/themes'],
      ['listEntities', '/v1/entities'],
      ['getFeed', '/v2/feed'],
      ['getVolatility', '/public/discover/volatility?granularity=3h'],
      ['getCategoryVolatility', '/public/discover/category-volatility'],
      ['getTopicVolatility', '/public/discover/topic-volatility'],
      ['getFormatInterest', '/public/discover/format-interest'],
      ['getTopCategories', '/public/discover/categories'],
      ['checkProfile', '/public/engine-profile?domain=https://www.example.com/x'],
      ['searchProfiles', '/public/engine-profile/query?q=ex'],
    ]
    for (const [id, url] of calls) {
      const res = await w.get(url)
      expect(res.status, url).toBe(200)
      const body = await res.json()
      const parsed = routes[id as keyof typeof routes].response.safeParse(body)
      expect(parsed.success, `${url}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
    }
    expect(await (await w.get('/v1/tracking/lists')).json()).toEqual({
      lists: [],
      usage: {
        entity: { used: 0, limit: 500 },
        category: { used: 0, limit: 200 },
        publisher: { used: 0, limit: 500 },
        trend: { used: 0, limit: null },
        mention: { used: 0, limit: 200 },
      },
      total: 0,
      limit: 50,
      offset: 0,
    })
    expect(await (await w.get('/public/engine-profile?domain=https://www.example.com/x')).json()).toEqual({
      ok: true,
      domain: 'example.com',
      exists: false,
      title: null,
      knowledgeGraphId: null,
      totalFollowers: '0',
      recentPublications: [],
    })
    const groups = (await (await w.get('/public/discover/category-volatility')).json()) as { categories: Array<{ category: string }> }
    expect(groups.categories.map((c) => c.category)).toEqual(['News', 'Analysis', 'Utility', 'Atmosphere', 'Routine'])
  })

  it('lists every contract path with its parameters in /openapi.json', async () => {
    const w = makeWorld()
    const doc = (await (await w.get('/openapi.json', {})).json()) as {
      paths: Record<string, Record<string, { parameters: Array<{ name: string; in: string; required: boolean; schema: { default?: unknown; maximum?: number } }> }>>
    }
    const listed = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`))
    expect(listed.sort()).toEqual([...CONTRACT_METHODS].sort())
    const trends = doc.paths['/v1/trends']!.get!.parameters
    expect(trends.map((p) => p.name)).toEqual([
      'state',
      'structural_type',
      'semantic_type',
      'topic_id',
      'theme_id',
      'min_articles',
      'sort_by',
      'sort_order',
      'limit',
      'offset',
    ])
    const card = doc.paths['/v1/trends/{trend_id}']!.get!.parameters
    expect(card).toEqual([expect.objectContaining({ name: 'trend_id', in: 'path', required: true })])
    const profile = doc.paths['/public/engine-profile']!.get!.parameters
    expect(profile).toEqual([expect.objectContaining({ name: 'domain', in: 'query', required: true })])
  })
})
