import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { nextSnapshotBatch } from '../../electron/core/demo/next-snapshot'
import { startHttpServer, type RunningServer } from '../../electron/core/http/server'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshAnalytics } from '../../electron/core/jobs/refresh'
import { createApiKey } from '../../electron/core/service/keys'
import { FeedSourceError } from '../../electron/core/sync/feed-client'
import { syncFrom } from '../../electron/core/sync/sync'
import { routes, type RouteId } from '../../shared/contract/routes'
import { FIXED_NOW, makeWorld, type TestWorld } from '../helpers/core'

/**
 * Two Feedlens servers over loopback (docs/sync.md): A with three weeks of the demo world, B empty.
 * B syncs from A with a key limited to Germany; every method on B then answers as A does with
 * that key, except what B computes from fewer articles (the trend hierarchy: compared by
 * articles), and A's reference facts that no feed carries (see docs/contract-decisions.md).
 */

let a: TestWorld
let b: TestWorld
let server: RunningServer
let deKey: string
/** Requests B made to A, by path. */
const asked: string[] = []
const countingFetch: typeof fetch = (input, init) => {
  asked.push(String(input))
  return fetch(input, init)
}

beforeAll(async () => {
  a = makeWorld({ publicRequestsPerMinute: 1_000_000 })
  generateDemoWorld(a.store, { scale: 'small', seed: 42, end: FIXED_NOW, days: 21 })
  refreshAnalytics(a.store, FIXED_NOW)
  deKey = createApiKey(a.store, { name: 'DE only', projectId: a.projectId, countries: ['DE'] }, FIXED_NOW).value
  server = await startHttpServer(a.core, { port: 0 })
  b = makeWorld({ publicRequestsPerMinute: 1_000_000 })
  await syncFrom(b.store, { url: `${server.url}/`, key: deKey, fetch: countingFetch, pageSize: 500 })
  refreshAnalytics(b.store, FIXED_NOW)
}, 120_000)

afterAll(async () => {
  await server?.close()
})

const text = async (w: TestWorld, url: string, headers?: Record<string, string>) => {
  const res = await w.get(url, headers)
  expect(res.status, url).toBe(200)
  return res.text()
}
const one = (w: TestWorld, sql: string) => w.store.sqlite.prepare(sql).pluck().get() as string

/** One call of every contract method, B's trend hierarchy aside (compared by articles below). */
function sameAnswerCalls(): Partial<Record<RouteId, string[]>> {
  const article = one(a, "SELECT a.id FROM articles a JOIN article_facets f ON f.article_seq = a.seq WHERE a.region = 'DE' ORDER BY f.impressions DESC LIMIT 1")
  const entity = one(a, "SELECT ae.entity_id FROM article_entities ae JOIN articles a ON a.id = ae.article_id WHERE a.region = 'DE' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1")
  const e = encodeURIComponent(entity)
  return {
    listRegions: ['/v1/geo/regions?with_stats=true', `/v1/geo/regions?entity=${e}&window=7d`],
    listArticles: ['/v1/articles?limit=500', '/v1/articles?sort_by=impressions&limit=100', '/v1/articles?search=Vellmar', '/v1/articles?date_from=2026-11-10&date_to=2026-11-12'],
    getArticle: [`/v1/articles/${article}?include_markdown=true`],
    listArticleObservations: [`/v1/articles/${article}/observations?limit=1000`],
    getEntity: [`/v1/entities/${e}`, `/v1/entities/${e}?date_from=2026-11-15`],
    getVolatility: ['/public/discover/volatility?country=DE', '/public/discover/volatility?country=DE&granularity=3h'],
    getCategoryVolatility: ['/public/discover/category-volatility?country=DE'],
    getFormatInterest: ['/public/discover/format-interest?country=DE'],
    getTopCategories: ['/public/discover/categories?country=DE'],
  }
}

describe('B synced from A with a key limited to Germany', () => {
  it('answers every method on the articles, observations and signals exactly as A does with that key', async () => {
    for (const [id, urls] of Object.entries(sameAnswerCalls()) as Array<[RouteId, string[]]>) {
      for (const url of urls) {
        const headers = routes[id].access === 'public' ? {} : undefined
        expect(await text(b, url, headers), url).toBe(await text(a, url, headers ?? { 'X-API-Key': deKey }))
      }
    }
  })

  it('lists the same entities with the same figures (their trends are B\'s own)', async () => {
    const strip = (body: string) => (JSON.parse(body) as { entities: Array<Record<string, unknown>> }).entities.map(({ trends: _, ...rest }) => rest)
    const fromA = strip(await text(a, '/v1/entities?limit=200', { 'X-API-Key': deKey }))
    expect(fromA.length).toBeGreaterThan(20)
    expect(strip(await text(b, '/v1/entities?limit=200'))).toEqual(fromA)
  })

  it('knows the same country and languages with articles (reference facts no feed carries aside)', async () => {
    const region = async (w: TestWorld, h?: Record<string, string>) => {
      const body = JSON.parse(await text(w, '/v1/geo/regions/DE', h)) as { cities: Array<{ is_active: boolean }> }
      // whether a city is "active" is the upstream's reference knowledge (the demo world marks the cities its stories name)
      return { ...body, cities: body.cities.map(({ is_active: _, ...c }) => c) }
    }
    expect(await region(b)).toEqual(await region(a, { 'X-API-Key': deKey }))
    const languages = async (w: TestWorld, h?: Record<string, string>) =>
      (JSON.parse(await text(w, '/v1/geo/languages?with_article_counts=true', h)) as { languages: Array<{ article_count: number }> }).languages.filter((l) => l.article_count > 0)
    expect(await languages(b)).toEqual(await languages(a, { 'X-API-Key': deKey }))
  })

  it('groups the German articles into trends that agree with A\'s seen through Germany (pairwise F1 >= 0.9)', () => {
    const groups = (w: TestWorld) =>
      new Map(
        w.store.sqlite
          .prepare("SELECT ta.article_id, ta.trend_id FROM trend_articles ta JOIN articles x ON x.id = ta.article_id WHERE x.region = 'DE'")
          .raw()
          .all() as Array<[string, string]>,
      )
    const fromA = groups(a)
    const fromB = groups(b)
    const articles = [...fromA.keys()].filter((id) => fromB.has(id))
    expect(articles.length).toBeGreaterThan(0.95 * fromA.size)
    let both = 0
    let onlyA = 0
    let onlyB = 0
    for (let i = 0; i < articles.length; i++) {
      for (let j = i + 1; j < articles.length; j++) {
        const inA = fromA.get(articles[i]!) === fromA.get(articles[j]!)
        const inB = fromB.get(articles[i]!) === fromB.get(articles[j]!)
        if (inA && inB) both++
        else if (inA) onlyA++
        else if (inB) onlyB++
      }
    }
    const f1 = (2 * both) / (2 * both + onlyA + onlyB)
    expect(f1).toBeGreaterThanOrEqual(0.9)
  })

})

describe('B synced from A with an unlimited key', () => {
  it('computes the same trends, themes and topics as A', async () => {
    const full = makeWorld({ publicRequestsPerMinute: 1_000_000 })
    await syncFrom(full.store, { url: server.url, key: a.key })
    refreshAnalytics(full.store, FIXED_NOW)
    const fromA = (url: string) => text(a, url)
    const trend = one(a, 'SELECT id FROM trends ORDER BY article_count DESC, id LIMIT 1')
    const theme = one(a, 'SELECT id FROM themes ORDER BY n_articles DESC, id LIMIT 1')
    for (const url of ['/v1/trends?limit=100', '/v1/trends?state=hot&sort_by=article_count', `/v1/trends/${trend}/articles?limit=100`, '/v1/themes', `/v1/themes/${theme}/topics`]) {
      expect(await text(full, url, { 'X-API-Key': full.key }), url).toBe(await fromA(url))
    }
  }, 60_000)
})

describe('A imports again', () => {
  it('brings only what is new on the next sync', async () => {
    const batch = nextSnapshotBatch(a.store)
    new IngestWriter(a.store).write(batch)
    const newGerman = batch.articles!.filter((x) => x.region === 'DE').length
    const germanRows = batch.observations!.filter((o) => o.country === 'DE').length
    asked.length = 0
    const result = await syncFrom(b.store, { url: server.url, key: deKey, fetch: countingFetch })
    expect(asked).toHaveLength(1)
    expect(result).toEqual({ articles: newGerman, observations: germanRows, elements: newGerman + 1 })
    const again = await syncFrom(b.store, { url: server.url, key: deKey, fetch: countingFetch })
    expect(again).toEqual({ articles: 0, observations: 0, elements: 0 })
    expect(b.store.upstreams.get(server.url)).toMatchObject({ countries: null, lastResult: { articles: 0, observations: 0, elements: 0 } })
  })
})

describe('an upstream that cannot be synced from', () => {
  it('is named in a sentence: down, refusing the key, or not speaking the feed', async () => {
    const b2 = makeWorld()
    const attempt = (url: string, key: string) => syncFrom(b2.store, { url, key }).then(() => null, (e: unknown) => e as FeedSourceError)
    const closed = await freePort()
    const down = await attempt(`http://127.0.0.1:${closed}`, deKey)
    expect(down?.reason).toBe('unreachable')
    expect(down?.message).toBe(`Cannot reach http://127.0.0.1:${closed}: connection refused. Is the upstream running, and is the address right?`)
    const refused = await attempt(server.url, 'fl_wrong_key')
    expect(refused?.reason).toBe('refused')
    expect(refused?.message).toMatch(/refused the key/)
    const notAFeed = await attempt(`${server.url}/nothing-here`, deKey)
    expect(notAFeed?.reason).toBe('not-a-feed')
    expect(b2.store.upstreams.get(`${server.url}/nothing-here`)?.lastResult?.error).toMatch(/has no \/v2\/feed/)
    expect(b2.store.sqlite.prepare('SELECT count(*) FROM articles').pluck().get()).toBe(0)
  })
})

/** A port nothing listens on (taken, then given back). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
