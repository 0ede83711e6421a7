import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RUN_GAP, runsOf } from '../../electron/core/jobs/seq-runs'

describe('the runs of seqs a slice reads (runsOf)', () => {
  it('reads a slice of early articles with a few later ones among them as a statement each, and a slice of wanted articles as one', () => {
    const later = new Set([20_017, 31_000, 39_990])
    expect([...runsOf(20_000, 40_000, (seq) => later.has(seq))]).toEqual([
      { first: 20_017, last: 20_017 },
      { first: 31_000, last: 31_000 },
      { first: 39_990, last: 39_990 },
    ])
    expect([...runsOf(20_000, 40_000, () => true)]).toEqual([{ first: 20_001, last: 40_000 }])
    expect([...runsOf(20_000, 40_000, () => false)]).toEqual([])
    // a gap shorter than RUN_GAP is scanned, one of RUN_GAP or more splits
    expect([...runsOf(0, 1_000, (seq) => seq === 10 || seq === 10 + RUN_GAP || seq === 11 + 2 * RUN_GAP)]).toEqual([
      { first: 10, last: 10 + RUN_GAP },
      { first: 11 + 2 * RUN_GAP, last: 11 + 2 * RUN_GAP },
    ])
  })

  it('covers every wanted seq once, each run from a wanted seq to a wanted seq, split only at RUN_GAP or more unwanted in a row', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 600 }), fc.array(fc.integer({ min: 0, max: 1_200 }), { maxLength: 80 }), (after, span, picks) => {
        const end = after + span
        const wanted = new Set(picks.filter((seq) => seq > after && seq <= end))
        const runs = [...runsOf(after, end, (seq) => wanted.has(seq))]
        const covered: number[] = []
        runs.forEach((run, i) => {
          expect(wanted.has(run.first) && wanted.has(run.last)).toBe(true)
          expect(run.first).toBeLessThanOrEqual(run.last)
          const inside = [...wanted].filter((seq) => seq >= run.first && seq <= run.last).sort((a, b) => a - b)
          for (let k = 1; k < inside.length; k++) expect(inside[k]! - inside[k - 1]!).toBeLessThanOrEqual(RUN_GAP)
          if (i > 0) expect(run.first - runs[i - 1]!.last).toBeGreaterThan(RUN_GAP)
          covered.push(...inside)
        })
        expect(covered).toEqual([...wanted].sort((a, b) => a - b))
      }),
      { seed: 44, numRuns: 300 },
    )
  })
})
