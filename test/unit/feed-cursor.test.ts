import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeFeedCursor, encodeFeedCursor } from '../../electron/core/service/feed'
import { ValidationApiError } from '../../electron/core/service/errors'
import { batchOf } from '../../electron/core/sync/feed-pages'

const STORE = '0123456789abcdef0123456789abcdef'

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
        id, url: `https://x.example/${id}`, title: 't', domain: 'x.example', region, lang: 'en', category: null, content_type: null, summary: null,
        markdown: null, images: null, published_at: null, entities: [{ id: '/m/a', name: 'A', type: null, score: 0.5, extracted: true }],
        publisher: { name: 'X', country: region, profile_exists: true, knowledge_graph_id: null, total_followers: 7 },
      },
    })
    fc.assert(
      fc.property(fc.array(fc.array(fc.record({ position: fc.integer({ min: 1, max: 500 }), impressions: fc.nat({ max: 10 ** 6 }) }), { maxLength: 30 }), { maxLength: 10 }), (snapshots) => {
        const elements = [
          article('a1000000-0000-4000-8000-000000000001', 'US'),
          ...snapshots.map((entries, i) => ({
            type: 'snapshot' as const,
            snapshot: { country: 'GB', observed_at: new Date(Date.UTC(2026, 10, 1, i)).toISOString(), entries: entries.map((e) => ({ article_id: 'a1000000-0000-4000-8000-000000000001', ...e })) },
          })),
        ]
        const page = batchOf(elements)
        const total = snapshots.reduce((n, s) => n + s.length, 0)
        expect(page.observations).toBe(total)
        expect(page.batch.observationColumns!.position).toEqual(snapshots.flat().map((e) => e.position))
        expect(page.batch.observationColumns!.observedAt).toEqual(snapshots.flatMap((s, i) => s.map(() => Date.UTC(2026, 10, 1, i) / 1000)))
        expect(page.batch.articles![0]!.entities).toEqual([{ id: '/m/a', score: 0.5, extracted: true }])
        expect(page.batch.publishers).toEqual([{ domain: 'x.example', name: 'X', country: 'US', profileExists: true, knowledgeGraphId: null, totalFollowers: 7 }])
        expect(page.countries.sort()).toEqual(snapshots.length > 0 ? ['GB', 'US'] : ['US'])
      }),
      { seed: 17, numRuns: 100 },
    )
  })
})
