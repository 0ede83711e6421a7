import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { churn, median, spikeStory, turnover, type SlotFacts } from '../../electron/core/analytics/signals/spike-story'

/** The sentence that opens What moved, from snapshots written out by hand. */

const facts = new Map<number, SlotFacts>([
  [1, { domain: 'a.de', format: 'News', trend: { id: 't1', label: 'Storm Anna' } }],
  [2, { domain: 'a.de', format: 'News', trend: { id: 't1', label: 'Storm Anna' } }],
  [3, { domain: 'b.de', format: 'Evergreen', trend: null }],
  [4, { domain: 'b.de', format: 'Evergreen', trend: null }],
  [5, { domain: 'c.de', format: 'News', trend: { id: 't2', label: 'Election night' } }],
  [6, { domain: 'c.de', format: 'News', trend: { id: 't2', label: 'Election night' } }],
  [7, { domain: 'c.de', format: 'News', trend: { id: 't2', label: 'Election night' } }],
  [8, { domain: 'a.de', format: 'Analysis', trend: null }],
])

describe('the story of a point of the volatility series', () => {
  it('counts the slots that turned over, as a share of the slots at the end, snapshot to snapshot', () => {
    expect(turnover([1, 2, 3, 4], [1, 5, 6, 7])).toBe(0.75)
    // 1 of 2 new, then 2 of 2 new: 3 of 4 slots
    expect(churn([[1, 2], [1, 3], [4, 5]])).toEqual({ fresh: 3, slots: 4 })
    expect(churn([[1, 2]])).toEqual({ fresh: 0, slots: 0 })
    expect(turnover([1, 2], [])).toBe(0)
    expect(median([0.1, 0.3, 0.2])).toBe(0.2)
    expect(median([0.1, 0.2, 0.3, 0.4])).toBeCloseTo(0.25)
    expect(median([])).toBeNull()
  })

  it('tells one country\'s churn against its usual day, and who took and lost the slots', () => {
    // 4 slots; 3 new (5, 6, 7 in place of 2, 3, 4): 75% against a usual 20%
    const story = spikeStory('2026-11-21', 'Germany', [{ country: 'DE', name: 'Germany', snapshots: [[1, 2, 3, 4], [1, 5, 6, 7]], usual: [0.2, 0.1, 0.3] }], facts)
    expect(story).toMatchObject({ turnover: 0.75, usualTurnover: 0.2, slots: 4, moved: ['Germany'], scope: 'one' })
    // News: 2 before, 4 after (+2); Evergreen 2 → 0; Election night +3, Storm Anna −1; c.de +3, b.de −2
    expect(story.formats).toEqual({ gained: { key: 'News', label: 'News', slots: 2 }, lost: { key: 'Evergreen', label: 'Evergreen', slots: -2 } })
    expect(story.trends).toEqual({ gained: { key: 't2', label: 'Election night', slots: 3 }, lost: { key: 't1', label: 'Storm Anna', slots: -1 } })
    expect(story.publishers).toEqual({ gained: { key: 'c.de', label: 'c.de', slots: 3 }, lost: { key: 'b.de', label: 'b.de', slots: -2 } })
    expect(story.sentence).toBe(
      'At 2026-11-21 in Germany, 75% of the feed\'s 4 slots turned over from one snapshot to the next against 20% on a usual day. News gained 2 slots and Evergreen lost 2 slots; “Election night” gained 3 slots and “Storm Anna” lost 1 slot; c.de gained 3 slots and b.de lost 2 slots.',
    )
  })

  it('says whether the move was market-wide, a few markets, or none, when every market is asked', () => {
    const calm = { snapshots: [[1, 2, 3, 4], [1, 2, 3, 8]], usual: [0.25, 0.25] }
    const churned = { snapshots: [[1, 2, 3, 4], [5, 6, 7, 8]], usual: [0.25, 0.25] }
    const feeds = (moved: number, of: number) =>
      Array.from({ length: of }, (_, i) => ({ country: `C${i}`, name: `Country ${i}`, ...(i < moved ? churned : calm) }))
    expect(spikeStory('2026-11-21', 'all markets', feeds(1, 5), facts)).toMatchObject({ scope: 'one', moved: ['Country 0'] })
    expect(spikeStory('2026-11-21', 'all markets', feeds(1, 5), facts).sentence).toContain('; only Country 0 moved.')
    expect(spikeStory('2026-11-21', 'all markets', feeds(2, 5), facts).scope).toBe('some')
    const wide = spikeStory('2026-11-21', 'all markets', feeds(3, 5), facts)
    expect(wide.scope).toBe('market-wide')
    // 3 x 4 new slots and 2 x 1 of 20: 70%, against a usual 25%
    expect(wide.sentence).toMatch(/^At 2026-11-21 in all markets, 70% of the feed's 20 slots turned over from one snapshot to the next against 25% on a usual day; it was market-wide \(3 of 5 markets moved\)\./)
    expect(spikeStory('2026-11-21', 'all markets', feeds(0, 5), facts).sentence).toContain('; no market moved more than usual.')
  })

  it('tells of one market whether the others spiked at the same point (Signals\' own spikes)', () => {
    const germany = [{ country: 'DE', name: 'Germany', snapshots: [[1, 2, 3, 4], [5, 6, 7, 8]], usual: [0.2] }]
    const alone = spikeStory('2026-11-21', 'Germany', germany, facts, { spiked: [], of: 4 })
    expect(alone.scope).toBe('one')
    expect(alone.sentence).toContain('against 20% on a usual day; none of the other 4 markets spiked.')
    const two = spikeStory('2026-11-21', 'Germany', germany, facts, { spiked: ['France', 'Spain'], of: 4 })
    expect(two.scope).toBe('market-wide')
    expect(two.sentence).toContain('; France and Spain spiked too (2 of the other 4 markets).')
    expect(spikeStory('2026-11-21', 'Germany', germany, facts, { spiked: ['France'], of: 4 }).scope).toBe('some')
  })

  it('names Google\'s announced updates the point falls within', () => {
    const germany = [{ country: 'DE', name: 'Germany', snapshots: [[1, 2, 3, 4], [5, 6, 7, 8]], usual: [0.2] }]
    const s = spikeStory('2026-11-21', 'Germany', germany, facts, null, [{ name: 'November 2026 core update', dayFrom: '2026-11-19', dayTo: null }])
    expect(s.updates).toEqual(['November 2026 core update'])
    expect(s.sentence).toMatch(/ It falls within Google's November 2026 core update \(2026-11-19 to ongoing\)\.$/)
    expect(spikeStory('2026-11-21', 'Germany', germany, facts).updates).toEqual([])
  })

  it('says when it cannot compare, and when there is nothing to tell', () => {
    expect(spikeStory('2026-11-21T09:00:00Z', 'Spain', [{ country: 'ES', name: 'Spain', snapshots: [[1], [2]], usual: [] }], facts).sentence).toMatch(
      /^At 2026-11-21T09:00:00Z in Spain, 100% of the feed's 1 slot turned over from one snapshot to the next \(no earlier day to compare with\)\./,
    )
    expect(spikeStory('2026-11-21', 'Spain', [{ country: 'ES', name: 'Spain', snapshots: [[], []], usual: [] }], facts).sentence).toBe(
      'The feed Feedlens sees has no snapshot of Spain at 2026-11-21: nothing to tell.',
    )
  })

  it('keeps its figures in bounds for any snapshots (property)', () => {
    const seqs = fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 10 }).map((a) => [...new Set(a)])
    fc.assert(
      fc.property(fc.array(fc.record({ snapshots: fc.array(seqs, { maxLength: 4 }), usual: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }) }), { minLength: 1, maxLength: 6 }), (raw) => {
        const feeds = raw.map((f, i) => ({ country: `C${i}`, name: `C${i}`, ...f }))
        const s = spikeStory('2026-11-21', 'all markets', feeds, facts)
        expect(s.turnover).toBeGreaterThanOrEqual(0)
        expect(s.turnover).toBeLessThanOrEqual(1)
        expect(s.slots).toBe(feeds.reduce((n, f) => n + (f.snapshots.length > 1 ? f.snapshots.at(-1)!.length : 0), 0))
        expect(s.moved.length).toBeLessThanOrEqual(feeds.length)
        if (s.formats.gained) expect(s.formats.gained.slots).toBeGreaterThan(0)
        if (s.publishers.lost) expect(s.publishers.lost.slots).toBeLessThan(0)
        expect(s.sentence.length).toBeGreaterThan(20)
      }),
      { seed: 49, numRuns: 200 },
    )
  })
})
