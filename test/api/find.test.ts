import { beforeAll, describe, expect, it } from 'vitest'
import { IDS, seedFixture } from '../helpers/fixture'
import { makeWorld, type TestWorld } from '../helpers/core'

/** "Find anything" (Ctrl+K) on the hand-made fixture: what each query finds, written out by hand. */

let world: TestWorld
beforeAll(() => {
  world = makeWorld()
  seedFixture(world.store, world.projectId)
})

const find = async (q: string, extra = '') => {
  const res = await world.get(`/app/find?q=${encodeURIComponent(q)}${extra}`, world.session)
  return { status: res.status, body: (await res.json()) as any }
}
const short = (body: { results: Array<{ kind: string; label: string; detail: string; count: number }> }) => body.results.map((r) => [r.kind, r.label, r.detail, r.count])

describe('GET /app/find', () => {
  it('finds a trend, an entity and the articles by what is typed, each kind in its order', async () => {
    const { status, body } = await find('fed')
    expect(status).toBe(200)
    expect(body.q).toBe('fed')
    expect(short(body)).toEqual([
      ['trend', 'Fed holds rates', 'hot', 1],
      ['entity', 'Federal Reserve', 'Organization', 2],
      // articles by their words, the last one as typed so far, the newest first
      ['article', 'Markets react to the Fed', 'example.com', 0],
      ['article', 'Fed holds rates steady', 'example.com', 0],
    ])
    expect(body.results[0].id).toBe(IDS.trend)
    expect(body.results[2].id).toBe(IDS.a2)
  })

  it('matches a name from a word\'s start, publishers by domain or name, categories by any level, and the project\'s lists', async () => {
    expect(short((await find('reserve')).body)).toEqual([['entity', 'Federal Reserve', 'Organization', 2], ['article', 'Fed holds rates steady', 'example.com', 0]])
    expect(short((await find('exa')).body)).toEqual([['publisher', 'Example News', 'example.com', 2]])
    expect(short((await find('die zeit')).body)).toEqual([['publisher', 'Die Zeitung', 'zeitung.de', 1]])
    expect(short((await find('econ')).body)).toEqual([['category', '/Business/Economy', '', 1]])
    expect(short((await find('compet')).body)).toEqual([['list', 'Competitors', 'publisher', 1]])
    expect(short((await find('market')).body)).toEqual([
      ['trend', 'Market reaction', 'emerging', 1],
      ['category', '/Business/Markets', '', 1],
      ['article', 'Markets react to the Fed', 'example.com', 0],
    ])
  })

  it('takes what is typed literally (LIKE and search syntax are not the user\'s), cuts each kind at the limit, and answers bad input with 422', async () => {
    expect((await find('%_')).body.results).toEqual([])
    expect((await find('"fed* OR')).body.results.map((r: { kind: string }) => r.kind)).toEqual([])
    expect(short((await find('fed', '&limit=1')).body)).toEqual([
      ['trend', 'Fed holds rates', 'hot', 1],
      ['entity', 'Federal Reserve', 'Organization', 2],
      ['article', 'Markets react to the Fed', 'example.com', 0],
    ])
    for (const bad of ['?q=f', '?q=', '', `?q=${'x'.repeat(101)}`, '?q=fed&limit=0', '?q=fed&limit=21']) {
      const res = await world.get(`/app/find${bad}`, world.session)
      expect(res.status, bad).toBe(422)
      expect(((await res.json()) as { detail: unknown[] }).detail.length).toBeGreaterThan(0)
    }
    // a key of the contract's methods is not the window
    expect((await world.get('/app/find?q=fed')).status).toBe(401)
  })
})
