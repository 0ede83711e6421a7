import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatInterestSeries } from '../../electron/core/analytics/signals/format-interest'
import { SnapshotPairsKept } from '../../electron/core/analytics/signals/snapshot-pairs'
import { indexFromZ, indexSeries, pointDistances, pointDistancesOfPairs, rankBiasedOverlap, restrictSnapshots, robustZ, snapshotDistance, subjectDistances, subjectPairs, wholeSeries, DAY_UNIT } from '../../electron/core/analytics/signals/volatility'
import { movers } from '../../electron/core/analytics/signals/movers'

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from)

describe('rank-biased overlap', () => {
  it('is 1 for identical lists and 0 for lists with nothing in common', () => {
    expect(rankBiasedOverlap(range(100), range(100))).toBeCloseTo(1, 12)
    expect(rankBiasedOverlap(range(100), range(100, 1000))).toBe(0)
  })

  it('matches a hand computation', () => {
    // p = 0.5, A = [1,2,3], B = [1,3,2]: overlaps 1, 1, 3 at depths 1..3.
    // sum = 1/1*0.5 + 1/2*0.25 + 3/3*0.125 = 0.75; RBO_ext = 3/3*0.125 + (0.5/0.5)*0.75 = 0.875
    expect(rankBiasedOverlap([1, 2, 3], [1, 3, 2], 0.5)).toBeCloseTo(0.875, 12)
  })

  it('weighs a change at the top more than one at the bottom', () => {
    const base = range(100)
    const swapTop = [2, 1, ...range(98, 3)]
    const swapBottom = [...range(98), 100, 99]
    expect(snapshotDistance(base, swapTop)).toBeGreaterThan(snapshotDistance(base, swapBottom))
  })

  it('gives a full reshuffle almost the maximum distance', () => {
    expect(snapshotDistance(range(100), range(100).reverse())).toBeGreaterThan(0.99)
  })

  // the definition with a set per list's prefix: the marks kept from call to call must agree with it
  const bySets = (a: readonly (string | number)[], b: readonly (string | number)[], p: number) => {
    const depth = Math.max(a.length, b.length)
    if (depth === 0) return 1
    const seenA = new Set<string | number>()
    const seenB = new Set<string | number>()
    let overlap = 0
    let sum = 0
    let weight = 1
    for (let d = 1; d <= depth; d++) {
      const x = a[d - 1]
      const y = b[d - 1]
      if (x !== undefined) {
        if (seenB.has(x)) overlap++
        seenA.add(x)
      }
      if (y !== undefined) {
        if (seenA.has(y) && y !== x) overlap++
        seenB.add(y)
      }
      if (x !== undefined && x === y) overlap++
      weight *= p
      sum += (overlap / d) * weight
    }
    return Math.min(1, (overlap / depth) * weight + ((1 - p) / p) * sum)
  }

  it('agrees with the definition on any lists, one call after another (seqs, repeats, large or negative numbers, text)', () => {
    const id = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3_000_000 }), fc.constantFrom(-1, 2 ** 24, 2 ** 31, 1.5), fc.constantFrom('a', 'b', '7'))
    const seq = fc.integer({ min: 0, max: 60 })
    const lists = fc.oneof(fc.tuple(fc.array(seq, { maxLength: 30 }), fc.array(seq, { maxLength: 30 })), fc.tuple(fc.array(id, { maxLength: 20 }), fc.array(id, { maxLength: 20 })))
    fc.assert(
      fc.property(fc.array(lists, { minLength: 1, maxLength: 8 }), fc.constantFrom(0.5, 0.9), (calls, p) => {
        for (const [a, b] of calls) expect(rankBiasedOverlap(a, b, p)).toBe(bySets(a, b, p))
      }),
      { seed: 42, numRuns: 400 },
    )
  })
})

describe('the index', () => {
  it('maps the baseline median to 3 and three robust deviations to 7, within 0..10', () => {
    expect(indexFromZ(0)).toBe(3)
    expect(indexFromZ(3)).toBe(7)
    expect(indexFromZ(-10)).toBe(0)
    expect(indexFromZ(50)).toBe(10)
    // median 0.10, MAD 0.01 -> one robust deviation is 0.014826
    const baseline = [0.09, 0.1, 0.11, 0.1, 0.09, 0.11, 0.1]
    expect(robustZ(0.1 + 3 * 0.014826, baseline)).toBeCloseTo(3, 6)
  })

  /** 29 days of 8 snapshots with one swap near the top per snapshot, then a chosen last day. */
  function days(lastDay: (snapshot: number, previous: number[]) => number[]) {
    const snapshots: Array<{ at: number; ranked: number[] }> = []
    const at = (day: number, slot: number) => Date.UTC(2026, 9, day + 1) / 1000 + slot * 10_800
    let list = range(100)
    for (let d = 0; d < 29; d++) {
      for (let s = 0; s < 8; s++) {
        const i = (d * 8 + s) % 10
        list = [...list]
        ;[list[i], list[i + 1]] = [list[i + 1]!, list[i]!]
        snapshots.push({ at: at(d, s), ranked: list })
      }
    }
    for (let s = 0; s < 8; s++) snapshots.push({ at: at(29, s), ranked: lastDay(s, list) })
    return indexSeries(pointDistances(snapshots, DAY_UNIT), 28)
  }

  it('gives identical snapshots the minimum', () => {
    const frozen = days((_, previous) => previous).at(-1)!
    expect(frozen.bucket).toBe('2026-10-30')
    expect(frozen.distance).toBe(0)
    expect(frozen.index).toBe(0)
    expect(frozen.state).toBe('calm')
  })

  it('gives a full reshuffle the maximum and flags it as a spike', () => {
    const last = days((s) => (s % 2 === 0 ? range(100).reverse() : range(100))).at(-1)!
    expect(last.index).toBe(10)
    expect(last.isSpike).toBe(true)
    // a spike alone (the days before were usual) is a blip
    expect(last.state).toBe('blip')
  })

  it('reads a day at the baseline median as 3', () => {
    const distances = [0.09, 0.11, 0.1, 0.12, 0.08, 0.1, 0.1, 0.09, 0.11, 0.1].map((distance, i) => ({ bucket: `d${i}`, distance, samples: [] }))
    const indexed = indexSeries([...distances, { bucket: 'today', distance: 0.1, samples: [] }], 28)
    expect(indexed.at(-1)).toMatchObject({ bucket: 'today', index: 3, isSpike: false, state: 'active', confidence: 'medium', insufficientBaseline: false })
    // seven points of history are the least a baseline needs; from three, a point is shown marked so, with low confidence
    expect(indexed[0]).toMatchObject({ bucket: 'd3', insufficientBaseline: true, confidence: 'low', isSpike: false })
    expect(indexed.find((p) => !p.insufficientBaseline)!.bucket).toBe('d7')
  })
})

describe('movers', () => {
  it('ranks entries, exits and moves near the top first', () => {
    const moved = movers([1, 2, 3, 4], [2, 1, 3, 5])
    expect(moved.map((m) => [m.articleSeq, m.before, m.after])).toEqual([
      [1, 1, 2],
      [2, 2, 1],
      [4, 4, null],
      [5, null, 4],
    ])
    expect(moved.reduce((s, m) => s + m.weight, 0)).toBeCloseTo(1, 12)
  })
})

describe('format interest', () => {
  it('weighs shares of impressions and of publications equally', () => {
    const out = formatInterestSeries([
      { day: 1, format: 'News', impressions: 750, publications: 1 },
      { day: 1, format: 'Utility', impressions: 250, publications: 3 },
    ])
    // News: (0.75 + 0.25) / 2 = 50; Utility: (0.25 + 0.75) / 2 = 50
    expect(out).toEqual([
      { day: 1, format: 'News', index: 50, shareOfImpressions: 0.75, shareOfPublications: 0.25, impressions: 750, publications: 1 },
      { day: 1, format: 'Utility', index: 50, shareOfImpressions: 0.25, shareOfPublications: 0.75, impressions: 250, publications: 3 },
    ])
  })
})

describe('volatility over any period, off the pairs kept from the periods before', () => {
  const unit = { seconds: 4, key: (at: number) => String(Math.floor(at / 4)) }
  const feed = fc.array(fc.record({ gap: fc.integer({ min: 1, max: 3 }), ranked: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 6 }) }), { maxLength: 30 }).map((rows) => {
    let at = 0
    return rows.map((r) => ({ at: (at += r.gap), ranked: r.ranked }))
  })
  const range = fc.tuple(fc.integer({ min: -5, max: 90 }), fc.integer({ min: 0, max: 40 })).map(([from, length]) => [from, from + length] as const)

  it('gives every period the points of its own snapshots, reading no more than them, and nothing for a period it covers', () => {
    fc.assert(
      fc.property(feed, fc.array(range, { minLength: 1, maxLength: 6 }), (snapshots, periods) => {
        let read = 0
        const kept = new SnapshotPairsKept((from, to) => {
          const out = snapshots.filter((s) => s.at >= from && s.at <= to)
          read += out.length
          return out
        })
        for (const [from, to] of periods) {
          const own = snapshots.filter((s) => s.at >= from && s.at <= to)
          read = 0
          expect(pointDistancesOfPairs(kept.covering(from, to), from, to, unit)).toEqual(pointDistances(own, unit))
          // no more than its own snapshots (and a kept one at each edge, read again to measure against)
          expect(read).toBeLessThanOrEqual(own.length + 2)
          read = 0
          kept.covering(from, to)
          expect(read).toBe(0)
        }
      }),
      { seed: 42, numRuns: 400 },
    )
  })

  it('measures the first kept snapshot against the one before it once a period reaches back past it', () => {
    const snapshots = [
      { at: 10, ranked: [1, 2, 3] },
      { at: 20, ranked: [2, 1, 3] },
      { at: 30, ranked: [2, 1, 4] },
    ]
    const kept = new SnapshotPairsKept((from, to) => snapshots.filter((s) => s.at >= from && s.at <= to))
    expect(kept.covering(20, 30).distance).toEqual([Number.NaN, snapshotDistance([2, 1, 3], [2, 1, 4])])
    const wider = kept.covering(0, 30)
    expect(wider.at).toEqual([10, 20, 30])
    expect(wider.distance).toEqual([Number.NaN, snapshotDistance([1, 2, 3], [2, 1, 3]), snapshotDistance([2, 1, 3], [2, 1, 4])])
  })
})

describe('each subject\'s volatility from one split of every ranking', () => {
  const unit = { seconds: 4, key: (at: number) => String(Math.floor(at / 4)) }
  const subjects = ['a', 'b', 'c']
  // each article's subject: one of three, or none (an article without a topic or format)
  const subjectOf = (seq: number) => (seq % 4 === 3 ? undefined : subjects[seq % 4])
  const feed = fc.array(fc.record({ gap: fc.integer({ min: 1, max: 3 }), ranked: fc.uniqueArray(fc.integer({ min: 0, max: 15 }), { maxLength: 8 }) }), { maxLength: 25 }).map((rows) => {
    let at = 0
    return rows.map((r) => ({ at: (at += r.gap), ranked: r.ranked, formats: new Map(r.ranked.map((seq) => [seq, subjectOf(seq) ?? null])) }))
  })

  it('gives every subject the series of the snapshots restricted to it, to the last digit, a subject missing from a snapshot measured as an empty list', () => {
    fc.assert(
      fc.property(feed, (snapshots) => {
        const bySubject = subjectPairs(snapshots, subjects, (seq, s) => s.formats.get(seq))
        expect([...bySubject.keys()]).toEqual(subjects)
        for (const subject of subjects) {
          const restricted = restrictSnapshots(snapshots, (_, f) => f === subject)
          expect(wholeSeries(bySubject.get(subject)!, unit)).toEqual(pointDistances(restricted, unit))
          expect(wholeSeries(bySubject.get(subject)!, DAY_UNIT)).toEqual(pointDistances(restricted, DAY_UNIT))
        }
        // the same by the article alone (topics), as the service's topic volatility reads it
        const streamed = subjectDistances(snapshots, subjects, subjectOf, unit)
        for (const subject of subjects) expect(streamed.get(subject)).toEqual(pointDistances(restrictSnapshots(snapshots, (seq) => subjectOf(seq) === subject), unit))
      }),
      { seed: 2026, numRuns: 300 },
    )
  })

  it('measures a subject that appears only in the second snapshot against an empty first', () => {
    const snapshots = [
      { at: 1, ranked: [0, 4], formats: new Map<number, string | null>([[0, 'a'], [4, 'a']]) },
      { at: 2, ranked: [1, 0], formats: new Map<number, string | null>([[1, 'b'], [0, 'a']]) },
    ]
    const pairs = subjectPairs(snapshots, ['a', 'b'], (seq, s) => s.formats.get(seq))
    expect(pairs.get('b')).toEqual({ at: [1, 2], distance: [Number.NaN, snapshotDistance([], [1])] })
    expect(pairs.get('a')).toEqual({ at: [1, 2], distance: [Number.NaN, snapshotDistance([0, 4], [0])] })
  })
})
