import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeFeedCursor, encodeFeedCursor } from '../../electron/core/service/feed'
import { ValidationApiError } from '../../electron/core/errors'
import { BatchBuilder, stepsOf } from '../../electron/core/sync/feed-pages'
import { feedResponse } from '../../shared/contract/feed'
import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'

const STORE = '0123456789abcdef0123456789abcdef'
/** An article's id is its URL's (a sync leaves out one whose is not: sync/feed-rules.ts). */
const ID = articleIdForUrl('https://x.example/a1')!

describe('the feed cursor', () => {
  it('reads back every position it was made from, up to the end of the journal', () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 40 }), fc.nat({ max: 1000 }), (position, beyond) => {
        expect(decodeFeedCursor(encodeFeedCursor(STORE, position), STORE, position + beyond)).toBe(position)
      }),
      { seed: 17, numRuns: 300 },
    )
  })

  it('answers any other text with a 422 on the cursor parameter, never another error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((s) => `f1.${Buffer.from(s).toString('base64url')}`), fc.string().map((s) => `f1.${s}`)), (text) => {
        try {
          const position = decodeFeedCursor(text, STORE, 100)
          // the rare text that is a cursor of this store: a position inside the journal
          expect(position).toBeLessThanOrEqual(100)
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationApiError)
          expect((error as ValidationApiError).issues[0]!.loc).toEqual(['query', 'cursor'])
        }
      }),
      { seed: 17, numRuns: 500 },
    )
  })
})

describe('a page of the feed as an ingest batch', () => {
  it('keeps every entry of every snapshot as one observation, and every article with its entities and publisher', () => {
    const article = (id: string, region: string) => ({
      type: 'article' as const,
      article: {
        id, url: 'https://x.example/a1', title: 't', domain: 'x.example', region, lang: 'en', category: null, content_type: null, summary: null,
        markdown: null, images: null, published_at: null, entities: [{ id: '/m/a', name: 'A', type: null, score: 0.5, extracted: true }],
        publisher: { name: 'X', country: region, profile_exists: true, knowledge_graph_id: null, total_followers: 7 },
      },
    })
    fc.assert(
      fc.property(fc.array(fc.array(fc.record({ position: fc.integer({ min: 1, max: 500 }), impressions: fc.nat({ max: 10 ** 6 }) }), { maxLength: 30 }), { maxLength: 10 }), (snapshots) => {
        const elements = [
          article(ID, 'US'),
          ...snapshots.map((entries, i) => ({
            type: 'snapshot' as const,
            snapshot: { country: 'GB', observed_at: new Date(Date.UTC(2026, 10, 1, i)).toISOString(), entries: entries.map((e) => ({ article_id: ID, ...e })) },
          })),
        ]
        const builder = new BatchBuilder()
        builder.add(elements)
        const total = snapshots.reduce((n, s) => n + s.length, 0)
        expect(builder.observations).toBe(total)
        const { batch, countries, cursor } = builder.build('f1.next')
        expect(cursor).toBe('f1.next')
        const columns = batch.snapshotColumns
        if (total === 0) expect(columns).toBeUndefined()
        else {
          // one article, named once however many entries name it
          expect(columns!.articleIds).toEqual([ID])
          expect([...columns!.article]).toEqual(snapshots.flat().map(() => 0))
          expect([...columns!.position]).toEqual(snapshots.flat().map((e) => e.position))
          expect([...columns!.impressions]).toEqual(snapshots.flat().map((e) => e.impressions))
          expect(columns!.observedAt).toEqual(snapshots.map((_, i) => Date.UTC(2026, 10, 1, i) / 1000))
          expect(columns!.ends).toEqual(snapshots.map((_, i) => snapshots.slice(0, i + 1).reduce((n, s) => n + s.length, 0)))
        }
        expect(batch.articles![0]!.entities).toEqual([{ id: '/m/a', score: 0.5, extracted: true }])
        expect(batch.publishers).toEqual([{ domain: 'x.example', name: 'X', country: 'US', profileExists: true, knowledgeGraphId: null, totalFollowers: 7 }])
        expect(countries.sort()).toEqual(snapshots.length > 0 ? ['GB', 'US'] : ['US'])
      }),
      { seed: 17, numRuns: 100 },
    )
  })
})

describe('pages gathered into write batches', () => {
  it('writes when a batch reaches its observations or articles, and at the end, each with the cursor after its last page', async () => {
    const snapshot = (n: number) => ({
      type: 'snapshot' as const,
      snapshot: { country: 'GB', observed_at: '2026-11-01T00:00:00.000Z', entries: Array.from({ length: n }, (_, i) => ({ article_id: ID, position: i + 1, impressions: 1 })) },
    })
    const sizes = [3, 4, 2, 6, 1]
    async function* pages() {
      for (const [i, n] of sizes.entries()) yield { elements: [snapshot(n)], next_cursor: `c${i}`, has_more: i < sizes.length - 1, remaining: sizes.length - 1 - i }
    }
    const steps = []
    for await (const step of stepsOf(pages(), { observations: 6, articles: 100 })) steps.push(step)
    expect(steps.map((s) => s.elements)).toEqual([1, 1, 1, 1, 1])
    expect(steps.map((s) => s.remaining)).toEqual([4, 3, 2, 1, 0])
    // 3+4 >= 6: written after the second page; 2+6 after the fourth; 1 at the end
    expect(steps.map((s) => s.write?.cursor ?? null)).toEqual([null, 'c1', null, 'c3', 'c4'])
    expect(steps.map((s) => s.write?.batch.snapshotColumns?.ends ?? null)).toEqual([null, [3, 7], null, [2, 8], [1]])
  })

  it('is read only with positions from 1 and impressions from 0, as the contract decisions say', () => {
    const page = (position: number, impressions: number) => ({
      elements: [{ type: 'snapshot', snapshot: { country: 'GB', observed_at: '2026-11-01T00:00:00.000Z', entries: [{ article_id: ID, position, impressions }] } }],
      next_cursor: 'f1.x',
      has_more: false,
      remaining: 0,
    })
    expect(feedResponse.safeParse(page(1, 0)).success).toBe(true)
    expect(feedResponse.safeParse(page(0, 5)).success).toBe(false)
    expect(feedResponse.safeParse(page(3, -1)).success).toBe(false)
  })

  it('refuses an entry past 32 bits rather than let a typed column wrap it', () => {
    const builder = new BatchBuilder()
    const entries = [{ article_id: ID, position: 1, impressions: 2 ** 32 }]
    expect(() => builder.add([{ type: 'snapshot', snapshot: { country: 'GB', observed_at: '2026-11-01T00:00:00.000Z', entries } }])).toThrow(
      /out of range: position 1, impressions 4294967296/,
    )
  })
})
