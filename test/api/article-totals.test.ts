import { beforeAll, describe, expect, it } from 'vitest'
import { IDS, seedFixture } from '../helpers/fixture'
import { makeWorld, type TestWorld } from '../helpers/core'

/** The strip of totals above the article list, on the fixture's five sightings, added up by hand. */

let world: TestWorld
beforeAll(() => {
  world = makeWorld()
  seedFixture(world.store, world.projectId)
})
const totals = async (query: string) => {
  const res = await world.get(`/app/articles/totals?${query}`, world.session)
  return { status: res.status, body: (await res.json()) as any }
}

describe('GET /app/articles/totals', () => {
  it('adds up every article the filters hold (not a page of them) over the whole history', async () => {
    // 1,000 + 600 + 800 + 300 + 500; positions 1, 3, 2, 5, 1
    expect(await totals('')).toEqual({ status: 200, body: { totals: { impressions: 3200, articles: 3, publishers: 2, best_position: 1, avg_position: 2.4 }, compared: null } })
    // the two of example.com: positions 1, 3, 2, 5
    expect((await totals('domain=example.com&limit=1')).body.totals).toEqual({ impressions: 2700, articles: 2, publishers: 1, best_position: 1, avg_position: 2.8 })
    expect((await totals('entity=Federal%20Reserve')).body.totals.impressions).toBe(2700)
    expect((await totals('market=DE')).body.totals).toEqual({ impressions: 500, articles: 1, publishers: 1, best_position: 1, avg_position: 1 })
  })

  it('takes a period hour by hour, and the period compared beside it', async () => {
    const { body } = await totals('domain=example.com&date_from=2026-11-20T10:00:00Z&date_to=2026-11-20T12:00:00Z&compare_from=2026-11-20T09:00:00Z&compare_to=2026-11-20T10:00:00Z')
    // 10:00-12:00: 800 (2), 600 (3), 300 (5); 09:00-10:00: 1,000 (1)
    expect(body).toEqual({
      totals: { impressions: 1700, articles: 2, publishers: 1, best_position: 2, avg_position: 3.3 },
      compared: { impressions: 1000, articles: 1, publishers: 1, best_position: 1, avg_position: 1 },
    })
    // nothing seen: nothing added up
    expect((await totals('date_from=2026-11-01T00:00:00Z&date_to=2026-11-02T00:00:00Z')).body.totals).toEqual({ impressions: 0, articles: 0, publishers: 0, best_position: null, avg_position: null })
    expect((await totals('market=JP')).status).toBe(403)
    expect((await totals('date_from=soon')).status).toBe(422)
  })

  it('adds up the articles a tracking list\'s items claim, any kind, each article once', async () => {
    // entities: the Fed's two articles (Olaf Scholz has none); sections: /Business/Economy's one; publishers: example.com's two
    expect((await totals(`list_id=${IDS.entityList}`)).body.totals).toEqual({ impressions: 2700, articles: 2, publishers: 1, best_position: 1, avg_position: 2.8 })
    expect((await totals(`list_id=${IDS.categoryList}`)).body.totals).toEqual({ impressions: 1600, articles: 1, publishers: 1, best_position: 1, avg_position: 2 })
    expect((await totals(`list_id=${IDS.publisherList}&date_from=2026-11-20T11:00:00Z&date_to=2026-11-20T12:00:00Z`)).body.totals).toEqual({ impressions: 900, articles: 2, publishers: 1, best_position: 3, avg_position: 4 })
    // mention list: its keywords matched the two Fed articles; within the other filters
    expect((await totals(`list_id=${IDS.mentionList}`)).body.totals.articles).toBe(2)
    expect((await totals(`list_id=${IDS.mentionList}&domain=zeitung.de`)).body.totals).toEqual({ impressions: 0, articles: 0, publishers: 0, best_position: null, avg_position: null })
    expect((await totals('list_id=f0000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await totals('list_id=nope')).status).toBe(422)
  })
})
