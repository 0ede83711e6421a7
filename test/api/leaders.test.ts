import { beforeAll, describe, expect, it } from 'vitest'
import { IDS, seedFixture } from '../helpers/fixture'
import { makeWorld, type TestWorld } from '../helpers/core'

/** Winners and losers on the hand-made fixture: every figure added up by hand from its five sightings. */

let world: TestWorld
beforeAll(() => {
  world = makeWorld()
  seedFixture(world.store, world.projectId)
})

const ask = async (query: string) => {
  const res = await world.get(`/app/leaders?${query}`, world.session)
  return { status: res.status, body: (await res.json()) as any }
}
const rows = (body: { leaders: Array<{ key: string; label: string; impressions: number; articles: number; before: number | null; delta: number | null }> }) =>
  body.leaders.map((l) => [l.key, l.label, l.impressions, l.articles, l.before, l.delta])

describe('GET /app/leaders', () => {
  it('ranks each kind by its impressions over the whole history', async () => {
    const publishers = await ask('')
    expect(publishers.status).toBe(200)
    expect(publishers.body).toMatchObject({ kind: 'publisher', country: 'all', sort_by: 'impressions', compared: false, total: 2 })
    // example.com: 1,000 + 600 + 800 + 300; zeitung.de: 500
    expect(rows(publishers.body)).toEqual([
      ['example.com', 'Example News', 2700, 2, null, null],
      ['zeitung.de', 'Die Zeitung', 500, 1, null, null],
    ])
    expect(rows((await ask('kind=trend')).body)).toEqual([
      [IDS.trend, 'Fed holds rates', 1600, 1, null, null],
      [IDS.child, 'Market reaction', 1100, 1, null, null],
    ])
    expect(rows((await ask('kind=entity')).body)).toEqual([
      ['/m/fed', 'Federal Reserve', 2700, 2, null, null],
      ['/m/berlin', 'Berlin', 500, 1, null, null],
    ])
    expect(rows((await ask('kind=category&limit=2')).body)).toEqual([
      ['/Business/Economy', '/Business/Economy', 1600, 1, null, null],
      ['/Business/Markets', '/Business/Markets', 1100, 1, null, null],
    ])
    expect((await ask('kind=category&limit=2')).body.total).toBe(3)
  })

  it('tells the gain and the loss against a period compared, hour by hour, in a market', async () => {
    // 10:00 to 12:00 against 09:00 to 10:00: example.com 600 + 1,100 against 1,000; zeitung.de 500 against none
    const gain = await ask('date_from=2026-11-20T10:00:00Z&date_to=2026-11-20T12:00:00Z&compare_from=2026-11-20T09:00:00Z&compare_to=2026-11-20T10:00:00Z&sort_by=gain')
    expect(gain.body.compared).toBe(true)
    expect(rows(gain.body)).toEqual([
      ['example.com', 'Example News', 1700, 2, 1000, 700],
      ['zeitung.de', 'Die Zeitung', 500, 1, 0, 500],
    ])
    // the other way round: both lost; zeitung.de had nothing in the period and is a loser all the same
    const loss = await ask('date_from=2026-11-20T09:00:00Z&date_to=2026-11-20T10:00:00Z&compare_from=2026-11-20T10:00:00Z&compare_to=2026-11-20T12:00:00Z&sort_by=loss')
    expect(rows(loss.body)).toEqual([
      ['example.com', 'Example News', 1000, 1, 1700, -700],
      ['zeitung.de', 'Die Zeitung', 0, 0, 500, -500],
    ])
    expect(rows((await ask('country=de')).body)).toEqual([['zeitung.de', 'Die Zeitung', 500, 1, null, null]])
  })

  it('answers bad input with the contract\'s 4xx', async () => {
    for (const [query, status] of [
      ['kind=planet', 422],
      ['sort_by=best', 422],
      ['sort_by=gain', 422], // a gain is against a period compared
      ['limit=0', 422],
      ['limit=101', 422],
      ['country=usa', 422],
      ['country=JP', 403],
      ['date_from=yesterday', 422],
    ] as const) {
      const res = await ask(query)
      expect(res.status, query).toBe(status)
      if (status === 422) expect(Array.isArray(res.body.detail) && res.body.detail.length > 0, query).toBe(true)
      else expect(typeof res.body.detail, query).toBe('string')
    }
  })
})

describe('GET /app/signals/top-categories against a period compared', () => {
  it('measures the change against the period given, else against the period of the same length before', async () => {
    const day = 'date_from=2026-11-20T00:00:00Z&date_to=2026-11-21T00:00:00Z'
    const same = (await world.get(`/app/signals/top-categories?${day}&compare_from=2026-11-20T00:00:00Z&compare_to=2026-11-21T00:00:00Z`, world.session).then((r) => r.json())) as { categories: Array<{ category: string; impressions: number; delta_pct: number | null }> }
    // the same day on both sides: no change anywhere
    expect(same.categories.map((c) => [c.category, c.impressions, c.delta_pct])).toEqual([
      ['/Business/Economy', 1600, 0],
      ['/Business/Markets', 1100, 0],
      ['/Local', 500, 0],
    ])
    const before = (await world.get(`/app/signals/top-categories?${day}`, world.session).then((r) => r.json())) as { categories: Array<{ delta_pct: number | null }> }
    // the day before held nothing
    expect(before.categories.every((c) => c.delta_pct !== 0)).toBe(true)
    expect((await world.get(`/app/signals/top-categories?${day}&compare_from=soon`, world.session)).status).toBe(422)
  })
})
