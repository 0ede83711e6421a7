import { beforeEach, describe, expect, it } from 'vitest'
import { createApiKey } from '../../electron/core/service/keys'
import { makeWorld, type TestWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

let w: TestWorld
let usOnly: Record<string, string>
beforeEach(() => {
  w = makeWorld()
  seedFixture(w.store, w.projectId)
  usOnly = { 'X-API-Key': createApiKey(w.store, { name: 'US only', projectId: w.projectId, countries: ['US'] }, w.now()).value }
})

const detail = async (res: Response) => ((await res.json()) as { detail: unknown }).detail

describe('closed markets (a key limited to US)', () => {
  it('lists only its markets and answers 403 for an explicit closed one', async () => {
    const list = (await (await w.get('/v1/articles', usOnly)).json()) as { articles: Array<{ region: string }>; total: number }
    expect(list.total).toBe(2)
    expect(list.articles.every((a) => a.region === 'US')).toBe(true)
    for (const url of ['/v1/articles?region=DE', `/v1/articles/${IDS.a3}`, `/v1/articles/${IDS.a3}/observations`, '/v1/geo/regions/de', '/v1/geo/regions/DE/cities']) {
      const res = await w.get(url, usOnly)
      expect(res.status, url).toBe(403)
      expect(await detail(res), url).toBe('This API key has no access to the market DE.')
    }
    const languages = (await (await w.get('/v1/geo/languages?with_article_counts=true', usOnly)).json()) as { languages: Array<{ code: string; regions: string[]; article_count: number }> }
    expect(languages.languages).toEqual([
      { code: 'de', name: 'German', regions: [], article_count: 0 },
      { code: 'en', name: 'English', regions: ['US'], article_count: 2 },
    ])
  })
})

describe('404 and 422 answers of the article and geography methods', () => {
  it('answers 404 for an unknown article, and 403 for a region that is not one of the project\'s markets', async () => {
    expect((await w.get('/v1/articles/a1000000-0000-4000-8000-0000000000ff')).status).toBe(404)
    expect((await w.get('/v1/articles/a1000000-0000-4000-8000-0000000000ff/observations')).status).toBe(404)
    for (const url of ['/v1/geo/regions/ZZ', '/v1/geo/regions/ZZ/cities']) {
      const res = await w.get(url)
      expect(res.status, url).toBe(403)
      expect(await res.json()).toEqual({ detail: "ZZ is not one of this project's markets (DE, US)." })
    }
  })

  it.each([
    ['/v1/articles?limit=0', ['query', 'limit']],
    ['/v1/articles?limit=501', ['query', 'limit']],
    ['/v1/articles?offset=-5', ['query', 'offset']],
    ['/v1/articles?sort_by=title', ['query', 'sort_by']],
    ['/v1/articles?sort_order=sideways', ['query', 'sort_order']],
    ['/v1/articles?content_type=Opinion', ['query', 'content_type']],
    ['/v1/articles?region=USA', ['query', 'region']],
    ['/v1/articles?lang=english', ['query', 'lang']],
    ['/v1/articles?date_to=2026-13-45', ['query', 'date_to']],
    ['/v1/articles?has_entities=perhaps', ['query', 'has_entities']],
    ['/v1/articles?has_summary=2', ['query', 'has_summary']],
    ['/v1/articles/not-an-id', ['path', 'article_id']],
    [`/v1/articles/${IDS.a1}?include_markdown=maybe`, ['query', 'include_markdown']],
    [`/v1/articles/${IDS.a1}/observations?limit=1001`, ['query', 'limit']],
    [`/v1/articles/${IDS.a1}/observations?date_from=soon`, ['query', 'date_from']],
    ['/v1/geo/regions?window=2h', ['query', 'window']],
    ['/v1/geo/regions?with_stats=yes please', ['query', 'with_stats']],
    ['/v1/geo/regions/1A', ['path', 'alpha_2']],
    ['/v1/geo/regions/US/cities?active_only=sometimes', ['query', 'active_only']],
    ['/v1/geo/languages?with_article_counts=3', ['query', 'with_article_counts']],
  ])('%s answers 422 at %j', async (url, loc) => {
    const res = await w.get(url)
    expect(res.status).toBe(422)
    const issues = (await detail(res)) as Array<{ loc: string[]; msg: string; type: string }>
    expect(issues.map((i) => i.loc)).toEqual([loc])
  })

  it('accepts the documented forms of booleans and dates', async () => {
    for (const url of ['/v1/articles?has_summary=yes', '/v1/articles?has_summary=0', '/v1/articles?date_from=2026-11-20', '/v1/articles?date_from=2026-11-20T10:00:00%2B02:00', '/v1/articles?date_from=1']) {
      const res = await w.get(url)
      expect(res.status, url).toBe(url.endsWith('=1') ? 422 : 200)
    }
  })
})
