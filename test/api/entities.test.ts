import { beforeAll, describe, expect, it } from 'vitest'
import { createApiKey } from '../../electron/core/service/keys'
import { expectOk, makeWorld, type TestWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

/**
 * GET /v1/entities and /v1/entities/{id} on the fixture: Federal Reserve in two US articles
 * (1,000 + 600 and 800 + 300 impressions on 2026-11-20), Berlin in one German one (500).
 */

let w: TestWorld
beforeAll(() => {
  w = makeWorld()
  seedFixture(w.store, w.projectId)
})

const names = (body: any) => body.entities.map((e: any) => e.name)

describe('GET /v1/entities', () => {
  it('lists the entities seen in the feed with their figures, trends and whether a list tracks them', async () => {
    const body = await expectOk(w, 'listEntities', '/v1/entities')
    expect(body.total).toBe(2)
    expect(body.limit).toBe(50)
    expect(body.offset).toBe(0)
    const [fed, berlin] = body.entities
    expect(fed).toMatchObject({ id: '/m/fed', name: 'Federal Reserve', type: 'Organization', publications: 2, impressions: 2700, tracked: true })
    expect(fed.trends).toHaveLength(2)
    expect(fed.trends).toEqual(
      expect.arrayContaining([
        { id: IDS.trend, label: 'Fed holds rates', publications: 1 },
        { id: IDS.child, label: 'Market reaction', publications: 1 },
      ]),
    )
    expect(berlin).toEqual({ id: '/m/berlin', name: 'Berlin', type: 'Place', publications: 1, impressions: 500, trends: [], tracked: false })
  })

  it('finds by the start of a name or by id, by type, market, language and window, and sorts and pages', async () => {
    const cases: Array<[string, string[], number?]> = [
      ['q=fed', ['Federal Reserve']],
      ['q=%2Fm%2Fberlin', ['Berlin']],
      ['q=reserve', []],
      ['type=PLACE', ['Berlin']],
      ['region=de', ['Berlin']],
      ['lang=en', ['Federal Reserve']],
      ['date_from=2026-11-21', []],
      ['date_from=2026-11-20&date_to=2026-11-21', ['Federal Reserve', 'Berlin']],
      ['sort_by=name&sort_order=asc', ['Berlin', 'Federal Reserve']],
      ['sort_by=impressions&sort_order=asc', ['Berlin', 'Federal Reserve']],
      ['limit=1&offset=1', ['Berlin'], 2],
    ]
    for (const [query, expected, total] of cases) {
      const body = await expectOk(w, 'listEntities', `/v1/entities?${query}`)
      expect(names(body), query).toEqual(expected)
      expect(body.total, query).toBe(total ?? expected.length)
    }
  })

  it('answers bad parameters with the contract errors', async () => {
    for (const query of ['limit=0', 'limit=201', 'offset=-1', 'sort_by=popularity', 'region=Germany', 'date_from=soon', 'q=']) {
      const res = await w.get(`/v1/entities?${query}`)
      expect(res.status, query).toBe(422)
      expect(((await res.json()) as any).detail[0].loc[0]).toBe('query')
    }
    const res = await w.get('/v1/entities?date_from=2026-11-21&date_to=2026-11-20')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ detail: 'date_from must be earlier than date_to.' })
    expect((await w.get('/v1/entities', {})).status).toBe(401)
  })
})

describe('GET /v1/entities/{id}', () => {
  it('gives one entity with its first and last sighting and its daily series', async () => {
    const body = await expectOk(w, 'getEntity', '/v1/entities/%2Fm%2Ffed')
    expect(body).toMatchObject({
      id: '/m/fed',
      name: 'Federal Reserve',
      publications: 2,
      impressions: 2700,
      tracked: true,
      first_seen_at: '2026-11-20T09:00:00.000Z',
      last_seen_at: '2026-11-20T11:00:00.000Z',
      daily: [{ date: '2026-11-20', publications: 2, impressions: 2700 }],
    })
    const before = await expectOk(w, 'getEntity', '/v1/entities/%2Fm%2Ffed?date_to=2026-11-19')
    expect(before).toMatchObject({ publications: 0, impressions: 0, first_seen_at: null, daily: [] })
  })

  it('answers an unknown entity with 404, and one only closed markets show as if unknown', async () => {
    const res = await w.get('/v1/entities/%2Fm%2Fnobody')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ detail: 'Entity /m/nobody not found' })
    const us = { 'X-API-Key': createApiKey(w.store, { name: 'US only', projectId: w.projectId, countries: ['US'] }, w.now()).value }
    const closed = await w.get('/v1/entities/%2Fm%2Fberlin', us)
    expect(closed.status).toBe(404)
    expect(await closed.json()).toEqual({ detail: 'Entity /m/berlin not found' })
    expect((await w.get('/v1/entities/%2Fm%2Ffed', us)).status).toBe(200)
    expect((await w.get('/v1/entities/%2Fm%2Fberlin')).status).toBe(200)
  })
})
