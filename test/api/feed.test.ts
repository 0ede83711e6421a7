import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { expectOk, makeWorld, tempDir, type TestWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

/** GET /v2/feed: arrival order, an opaque cursor, no element twice, none skipped (docs/contract-decisions.md, "The feed"). */

const A9 = 'a1000000-0000-4000-8000-000000000009'

let w: TestWorld
beforeEach(() => {
  w = makeWorld()
  seedFixture(w.store, w.projectId)
})

/** Every element from a cursor on, page by page; the last page's cursor. */
async function drain(world: TestWorld, query = '', from?: string): Promise<{ elements: any[]; cursor: string; pages: number }> {
  const elements: any[] = []
  let cursor = from
  for (let pages = 1; ; pages++) {
    const sep = query ? '&' : ''
    const body = await expectOk(world, 'getFeed', `/v2/feed?${query}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`)
    elements.push(...body.elements)
    cursor = body.next_cursor
    if (!body.has_more) return { elements, cursor: cursor!, pages }
  }
}

/** The fixture's articles by number (1, 2, 3) in a snapshot's summary. */
const numberOf = (id: string) => ({ [IDS.a1]: '1', [IDS.a2]: '2', [IDS.a3]: '3' })[id] ?? id.slice(-1)
const summary = (e: any) =>
  e.type === 'article' ? `article ${e.article.id}` : `${e.snapshot.country} ${e.snapshot.observed_at} ${e.snapshot.entries.map((x: any) => `${numberOf(x.article_id)}@${x.position}:${x.impressions}`).join(' ')}`

describe('GET /v2/feed', () => {
  it('sends the articles as they arrived, then the snapshots that show them, with every field', async () => {
    const body = await expectOk(w, 'getFeed', '/v2/feed')
    expect(body.has_more).toBe(false)
    expect(body.elements.map(summary)).toEqual([
      `article ${IDS.a1}`,
      `article ${IDS.a2}`,
      `article ${IDS.a3}`,
      // snapshots in the order the batch's rows first named them
      'US 2026-11-20T09:00:00.000Z 1@1:1000',
      'US 2026-11-20T11:00:00.000Z 1@3:600 2@5:300',
      'US 2026-11-20T10:00:00.000Z 2@2:800',
      'DE 2026-11-20T10:00:00.000Z 3@1:500',
    ])
    expect(body.elements[0].article).toEqual({
      id: IDS.a1,
      url: 'https://example.com/fed-rates',
      title: 'Fed holds rates steady',
      domain: 'example.com',
      region: 'US',
      lang: 'en',
      category: '/Business/Economy',
      content_type: 'News',
      summary: 'The Federal Reserve kept rates unchanged.',
      markdown: '# Fed\n\nThe **Federal Reserve** kept rates.',
      images: [{ url: 'https://example.com/i.jpg', width: 800, height: 600 }],
      published_at: '2026-11-20T08:00:00.000Z',
      entities: [{ id: '/m/fed', name: 'Federal Reserve', type: 'Organization', score: 0.9, extracted: false }],
      publisher: { name: 'Example News', country: 'US', profile_exists: true, knowledge_graph_id: '/g/11example', total_followers: 125000 },
    })
  })

  it('pages of one element add up to the whole feed, and the last cursor waits for what comes next', async () => {
    const whole = (await expectOk(w, 'getFeed', '/v2/feed')).elements
    const paged = await drain(w, 'limit=1')
    expect(paged.elements).toEqual(whole)
    expect(paged.pages).toBe(7)
    const again = await expectOk(w, 'getFeed', `/v2/feed?cursor=${paged.cursor}`)
    expect(again).toEqual({ elements: [], next_cursor: paged.cursor, has_more: false, remaining: 0 })
  })

  it('after a cursor, sends only what arrived since: an entry added to a stored snapshot once, never the snapshot again', async () => {
    const { cursor } = await drain(w)
    const writer = new IngestWriter(w.store)
    writer.write({
      articles: [{ id: A9, url: 'https://example.com/late', title: 'Late story', domain: 'example.com', region: 'US', lang: 'en' }],
      observations: [{ articleId: A9, country: 'US', observedAt: '2026-11-20T11:00:00.000Z', position: 7, estimatedImpressions: 90 }],
    })
    // the same rows again, and an article already stored: nothing new arrives
    writer.write({ observations: [{ articleId: IDS.a1, country: 'US', observedAt: '2026-11-20T09:00:00.000Z', position: 1, estimatedImpressions: 1000 }] })
    writer.write({ articles: [{ id: IDS.a2, url: 'https://example.com/fed-reaction', title: 'Markets react to the Fed (updated)', domain: 'example.com', region: 'US', lang: 'en' }] })
    const next = await drain(w, '', cursor)
    expect(next.elements.map(summary)).toEqual([`article ${A9}`, 'US 2026-11-20T11:00:00.000Z 9@7:90'])
    // read from the beginning, the snapshot's first arrival still holds only what arrived with it
    const all = await drain(w)
    expect(all.elements.map(summary)).toContain('US 2026-11-20T11:00:00.000Z 1@3:600 2@5:300')
    const observations = all.elements.flatMap((e) => (e.type === 'snapshot' ? e.snapshot.entries : []))
    expect(observations).toHaveLength(6)
  })

  it('filters by region and language, an entry sent only with its article', async () => {
    expect((await drain(w, 'region=de')).elements.map(summary)).toEqual([`article ${IDS.a3}`, 'DE 2026-11-20T10:00:00.000Z 3@1:500'])
    expect((await drain(w, 'lang=de')).elements.map(summary)).toEqual([`article ${IDS.a3}`, 'DE 2026-11-20T10:00:00.000Z 3@1:500'])
    expect((await drain(w, 'since=2026-11-20T10:30:00Z')).elements.map(summary)).toEqual([
      `article ${IDS.a1}`,
      `article ${IDS.a2}`,
      `article ${IDS.a3}`,
      'US 2026-11-20T11:00:00.000Z 1@3:600 2@5:300',
    ])
  })

  it('answers a cursor it did not issue with 422 and a sentence', async () => {
    const { cursor } = await drain(w)
    const other = makeWorld()
    seedFixture(other.store, other.projectId)
    const cases: Array<[TestWorld, string, RegExp]> = [
      [w, 'nonsense', /Not a feed cursor/],
      [w, `f1.${Buffer.from('zz:1').toString('base64url')}`, /Not a feed cursor/],
      [other, cursor, /issued by another store/],
      [w, cursor.replace(/.$/, 'A'), /./],
    ]
    for (const [world, bad, message] of cases) {
      const res = await world.get(`/v2/feed?cursor=${encodeURIComponent(bad)}`)
      if (bad === cases[3]![1] && res.status === 200) continue // a changed last character may still decode to a valid position
      expect(res.status, bad).toBe(422)
      const body = (await res.json()) as any
      expect(body.detail).toHaveLength(1)
      expect(body.detail[0]).toMatchObject({ loc: ['query', 'cursor'], type: 'value_error' })
      expect(body.detail[0].msg).toMatch(message)
    }
    const past = `f1.${Buffer.from(`${w.store.settings.get('store_id')}:999`).toString('base64url')}`
    const res = await w.get(`/v2/feed?cursor=${past}`)
    expect(res.status).toBe(422)
    expect(((await res.json()) as any).detail[0].msg).toMatch(/past the end/)
    for (const q of ['limit=0', 'limit=1001', 'region=USA', 'since=yesterday']) expect((await w.get(`/v2/feed?${q}`)).status, q).toBe(422)
  })

  it('describes its elements in /openapi.json', async () => {
    const doc = (await (await w.get('/openapi.json', {})).json()) as any
    const text = JSON.stringify(doc.paths['/v2/feed'].get)
    for (const field of ['"snapshot"', '"article"', 'observed_at', 'article_id', 'next_cursor', 'has_more', 'remaining', 'cursor']) expect(text, field).toContain(field)
  })

  it('keeps a cursor valid across a restart', async () => {
    const file = path.join(tempDir(), 'feedlens.db')
    const first = makeWorld({ file })
    seedFixture(first.store, first.projectId)
    const page = await expectOk(first, 'getFeed', '/v2/feed?limit=4')
    const rest = (await expectOk(first, 'getFeed', `/v2/feed?cursor=${page.next_cursor}`)).elements
    first.core.close()
    const reopened = makeWorld({ file })
    const after = await expectOk(reopened, 'getFeed', `/v2/feed?cursor=${page.next_cursor}`)
    expect(after.elements).toEqual(rest)
    reopened.core.close()
  })
})
