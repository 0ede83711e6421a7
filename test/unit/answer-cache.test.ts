import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AnswerCache } from '../../electron/core/service/answer-cache'

/** The kept answers: held while the data's version holds, within a count and a weight, the oldest going first. */

const bytes = (n: number) => ({ body: Buffer.alloc(n), headers: {} })

describe('the kept answers', () => {
  it('weigh what they are sent as, and the oldest go first once they would weigh more than allowed', () => {
    const cache = new AnswerCache(() => 1, 100, 5_000)
    const object = { rows: ['x'.repeat(500)] }
    const json = JSON.stringify(object).length // 513: an object weighs its JSON
    cache.set('a', bytes(600))
    cache.set('b', bytes(500))
    cache.set('c', object)
    for (const k of ['d', 'e', 'f', 'g', 'h']) cache.set(k, bytes(600))
    expect(cache.bytes).toBe(600 + 500 + json + 5 * 600)
    // 600 more pass 5,000: the oldest ('a') goes, and only it
    cache.set('i', bytes(600))
    expect(cache.get('a')).toBeUndefined()
    expect(['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].every((k) => cache.get(k) !== undefined)).toBe(true)
    expect(cache.bytes).toBe(500 + json + 6 * 600)
    // an answer heavier than an eighth of what may be kept is not kept, and takes nothing out
    cache.set('huge', bytes(626))
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.size).toBe(8)
    cache.clear()
    expect([cache.size, cache.bytes]).toEqual([0, 0])
  })

  it('weigh a promised answer as what it resolves to, and forget one that failed', async () => {
    const cache = new AnswerCache(() => 1, 100, 8_000)
    const answer = Promise.resolve({ rows: ['x'.repeat(98)] })
    cache.set('p', answer)
    expect(cache.bytes).toBe(0)
    await answer
    expect(cache.bytes).toBe(JSON.stringify({ rows: ['x'.repeat(98)] }).length)
    expect(await cache.get<Promise<unknown>>('p')).toEqual({ rows: ['x'.repeat(98)] })
    const failed = Promise.reject(new Error('no'))
    cache.set('q', failed)
    await failed.catch(() => undefined)
    expect(cache.get('q')).toBeUndefined()
  })

  it('give back each hit as an answer of its own, equal to the one kept; bytes as they were kept', async () => {
    const cache = new AnswerCache(() => 1, 100, 100_000)
    const answer = { items: [{ key: '/m/a', impressions_spark: [1, 2, 3], last_seen: null, related: ['B'] }], total: 1 }
    cache.set('metrics', answer)
    // the caller of the computation keeps using its object: a change there is not the kept answer's
    answer.items[0]!.related.push('changed after it was kept')
    const first = cache.get<typeof answer>('metrics')!
    expect(first).toEqual({ items: [{ key: '/m/a', impressions_spark: [1, 2, 3], last_seen: null, related: ['B'] }], total: 1 })
    // nor is what a caller does with a hit (the loopback server adds the request's scope to it)
    first.items.pop()
    expect(cache.get<typeof answer>('metrics')!.items).toHaveLength(1)
    expect(cache.get('metrics')).not.toBe(cache.get('metrics'))
    // a promised answer likewise, once it resolved
    const promised = Promise.resolve({ rows: [1, 2] })
    cache.set('later', promised)
    await promised
    const later = cache.get<{ rows: number[] }>('later')!
    later.rows.push(3)
    expect(cache.get('later')).toEqual({ rows: [1, 2] })
    // bytes as sent are the very bytes kept (the fast path writes them out)
    const sent = bytes(10)
    cache.set('bytes', sent)
    expect(cache.get('bytes')).toBe(sent)
    // nothing to send is not kept
    cache.set('nothing', undefined)
    expect(cache.size).toBe(3)
  })

  it('never hold more than their count or weight, whatever is kept in whatever order (a script paging through a large store)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 8, max: 20_000 }),
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 40 }), size: fc.integer({ min: 0, max: 3_000 }), version: fc.integer({ min: 1, max: 3 }) }), { maxLength: 200 }),
        (max, maxBytes, sets) => {
          let version = 1
          const cache = new AnswerCache(() => version, max, maxBytes)
          const last = new Map<string, number>()
          for (const s of sets) {
            version = s.version
            cache.set(String(s.key), bytes(s.size))
            last.set(String(s.key), s.size)
            expect(cache.size).toBeLessThanOrEqual(max)
            expect(cache.bytes).toBeLessThanOrEqual(maxBytes)
          }
          // what is still kept is the last answer of its key, and the weight is theirs
          let sum = 0
          for (const [key, size] of last) {
            const kept = cache.get<{ body: Buffer }>(key)
            if (kept) {
              expect(kept.body.length).toBe(size)
              sum += size
            }
          }
          expect(cache.bytes).toBe(sum)
        },
      ),
      { seed: 5050, numRuns: 200 },
    )
  })
})
