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
