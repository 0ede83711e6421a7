import { beforeAll, describe, expect, it } from 'vitest'
import { routes, type RouteDef, type RouteId } from '../../shared/contract/routes'
import { MAX_WINDOW_STEPS } from '../../electron/core/service/tracking/access'
import { makeWorld, type TestWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

/**
 * No request does unbounded work: every method of the route table is sent its most expensive
 * valid parameters (the widest window, the finest grain, the largest page) and must answer,
 * within bounds of size. How long these take at medium scale is measured by `npm run bench`.
 */

let w: TestWorld
type OpenApi = { paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema: { maximum?: number } }> }>> }
let openapi: OpenApi
beforeAll(async () => {
  w = makeWorld()
  seedFixture(w.store, w.projectId)
  openapi = (await (await w.get('/openapi.json', {})).json()) as OpenApi
})

/** Path parameters of the fixture for each method's path. */
const PATHS: Record<string, string> = {
  list_id: IDS.mentionList,
  alpha_2: 'US',
  article_id: IDS.a1,
  trend_id: IDS.trend,
  theme_id: IDS.theme,
  topic_id: IDS.topic,
  entity_id: encodeURIComponent('/m/fed'),
}

/** The most expensive valid value of each query parameter that sizes work. */
const WIDEST: Record<string, string> = {
  period: 'custom',
  date_from: '0001-01-01',
  date_to: '9999-12-31',
  grain: 'hour',
  window: '30d',
  with_stats: 'true',
  with_article_counts: 'true',
  min_articles: '0',
  domain: 'example.com',
  q: 'ex',
}

function widestUrl(def: RouteDef): string {
  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => PATHS[name] ?? 'x')
  const documented = openapi.paths[def.path]![def.method.toLowerCase()]!.parameters ?? []
  const params = new URLSearchParams()
  for (const name of Object.keys(def.query?.shape ?? {})) {
    if (WIDEST[name]) params.set(name, WIDEST[name]!)
    else if (name === 'limit') params.set(name, String(documented.find((p) => p.name === 'limit')?.schema.maximum ?? 1000))
  }
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

describe('the most expensive valid request of every method', () => {
  const gets = (Object.entries(routes) as Array<[RouteId, RouteDef]>).filter(([, r]) => r.method === 'GET' && r.access !== 'app')

  it.each(gets.map(([id]) => id))('%s answers within bounds', async (id) => {
    const def = routes[id] as RouteDef
    const url = widestUrl(def)
    const res = await w.get(url)
    const text = await res.text()
    expect(res.status, `${url}: ${text.slice(0, 300)}`).toBe(200)
    expect(text.length, url).toBeLessThan(1_000_000)
  })

  it('cuts a custom window to the data that exists and to now, and says so in scope', async () => {
    const res = await w.get(`/v1/tracking/lists/${IDS.mentionList}/metrics?period=custom&date_from=0001-01-01&date_to=9999-12-31&grain=hour`)
    const body = (await res.json()) as { scope: { from: string; to: string; prev_from: string }; summary: { timeseries: unknown[] } }
    expect(res.status).toBe(200)
    // the fixture's data begins on 2026-11-01 (DE's first data; that day starts the window); now is 2026-11-20 12:00
    expect(body.scope.from).toBe('2026-11-01T00:00:00.000Z')
    expect(body.scope.to).toBe('2026-11-20T12:00:00.000Z')
    // the comparison window: the same 19.5 days just before
    expect(body.scope.prev_from).toBe('2026-10-12T12:00:00.000Z')
    expect(body.summary.timeseries).toHaveLength(19 * 24 + 12)
    const daily = (await (await w.get(`/v1/tracking/lists/${IDS.entityList}/metrics?period=custom&date_from=0001-01-01&date_to=9999-12-31`)).json()) as {
      items: Array<{ key: string; impressions_spark: number[] }>
    }
    // 20 days (Nov 1 to 20), the fixture's Fed impressions (1,000 + 600 + 800 + 300) all on the last
    expect(daily.items.find((i) => i.key === '/m/fed')!.impressions_spark).toEqual([...new Array(19).fill(0), 2700])
  })

  it('refuses a window of more steps than one answer holds, with a 422 that says why', async () => {
    // wholly before the data, so nothing cuts it: a year of hours
    const res = await w.get(`/v1/tracking/lists/${IDS.mentionList}/metrics?period=custom&date_from=2001-01-01&date_to=2002-01-01&grain=hour`)
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      detail: [
        {
          loc: ['query', 'grain'],
          msg: `A window of 365 days holds 8,760 hourly steps; one answer holds at most ${MAX_WINDOW_STEPS.toLocaleString('en-US')} (183 days of hours): use grain=day or a shorter window`,
          type: 'value_error',
        },
      ],
    })
    expect((await w.get(`/v1/tracking/lists/${IDS.mentionList}/metrics?period=custom&date_from=2001-01-01&date_to=2002-01-01&grain=day`)).status).toBe(200)
  })
})
