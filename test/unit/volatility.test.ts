import { describe, expect, it } from 'vitest'
import { formatInterestSeries } from '../../electron/core/analytics/signals/format-interest'
import { indexFromZ, indexSeries, movers, pointDistances, rankBiasedOverlap, robustZ, snapshotDistance } from '../../electron/core/analytics/signals/volatility'

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
    const snapshots: Array<{ bucket: string; ranked: number[] }> = []
    let list = range(100)
    for (let d = 0; d < 29; d++) {
      for (let s = 0; s < 8; s++) {
        const i = (d * 8 + s) % 10
        list = [...list]
        ;[list[i], list[i + 1]] = [list[i + 1]!, list[i]!]
        snapshots.push({ bucket: `2026-10-${String(d + 1).padStart(2, '0')}`, ranked: list })
      }
    }
    for (let s = 0; s < 8; s++) snapshots.push({ bucket: '2026-10-30', ranked: lastDay(s, list) })
    return indexSeries(pointDistances(snapshots), 28)
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
    expect(last.state).toBe('spike')
  })

  it('reads a day at the baseline median as 3', () => {
    const distances = [0.09, 0.11, 0.1, 0.12, 0.08, 0.1, 0.1, 0.09, 0.11, 0.1].map((distance, i) => ({ bucket: `d${i}`, distance }))
    const indexed = indexSeries([...distances, { bucket: 'today', distance: 0.1 }], 28)
    expect(indexed.at(-1)).toMatchObject({ bucket: 'today', index: 3, isSpike: false, state: 'active' })
    // seven points of history are the least a baseline needs
    expect(indexed[0]!.bucket).toBe('d7')
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
      { day: 1, format: 'News', index: 50, shareOfImpressions: 0.75, shareOfPublications: 0.25 },
      { day: 1, format: 'Utility', index: 50, shareOfImpressions: 0.25, shareOfPublications: 0.75 },
    ])
  })
})
