import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { words, type Assignment, type ClusterInput } from '../../electron/core/analytics/trends/cluster'
import { clusterTwiceSteps } from '../../electron/core/analytics/trends/two-clusterings'
import { runSteps } from '../../electron/core/steps'
import { anchoringEnd, anchorsOfClustering, Anchors, followAnchored, horizonStart, type Member, type StoredPlaces } from '../../electron/core/analytics/trends/horizon'
import { dayOfSeconds } from '../../electron/core/time/buckets'

/** Stored members as a plain map: seq -> [trend number, score]. */
const storedOf = (rows: Record<number, [number, number]>): StoredPlaces => ({ trendAt: (seq) => rows[seq]?.[0] ?? 0, scoreAt: (seq) => rows[seq]?.[1] ?? 0 })
const assigned = (key: number, cluster: number): Assignment => ({ key, cluster, score: 1 })

describe('the horizon of a full pass', () => {
  it('starts 200 days before the last day, at midnight: 201 days of articles are clustered again', () => {
    const lastDay = dayOfSeconds(Date.parse('2026-11-19T15:00:00Z') / 1000)
    expect(new Date(horizonStart(lastDay) * 1000).toISOString()).toBe('2026-05-03T00:00:00.000Z')
  })

  it("has a store's first pass place its early articles with those of the 42 days after it, weighing words by the trends of every article", () => {
    const horizon = Date.parse('2026-05-03T00:00:00Z') / 1000
    expect(new Date(anchoringEnd(horizon) * 1000).toISOString()).toBe('2026-06-14T00:00:00.000Z')
    // an old story, the same story's words again after the end, and one-off headlines that make its words rare
    const at = (iso: string, key: number, title: string): ClusterInput => ({ key, time: Date.parse(iso) / 1000, words: words(title), entities: [] })
    const inputs = [
      ...[1, 2, 3, 4].map((n) => at(`2026-01-1${n}T08:00:00Z`, n, `Harbour bridge reopens after storm repairs, part ${n}`)),
      at('2026-06-13T23:59:59Z', 5, 'Harbour bridge reopens after storm repairs, the last part'),
      at('2026-06-14T00:00:00Z', 6, 'Harbour bridge reopens after storm repairs, once more'),
      ...Array.from({ length: 80 }, (_, n) => at(`2026-07-${String(1 + (n % 28)).padStart(2, '0')}T06:00:00Z`, 100 + n, `Quarterly${n} ledger${n} notice${n}`)),
    ]
    const placed = runSteps(clusterTwiceSteps(inputs, anchoringEnd(horizon))).assignments
    expect(placed.map((a) => a.key).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5])
    // the old story is one trend, as the words' weights come from every article (placed alone, the four are four trends)
    const january = (assignments: Assignment[]) => new Set(assignments.filter((a) => a.key <= 4).map((a) => a.cluster)).size
    expect(january(placed)).toBe(1)
    expect(january(runSteps(clusterTwiceSteps(inputs.slice(0, 4))).assignments)).toBe(4)
  })

  it('keeps the articles before it that are stored in a trend, filed by that trend with their stored scores', () => {
    const anchors = new Anchors(storedOf({ 1: [7, 0.5], 3: [8, 0.25], 4: [7, 0.9], 5: [8, 1], 6: [7, 0.1] }), 200)
    const kept = [[1, 100], [2, 150], [3, 199], [4, 200], [5, 300], [6, 120]].map(([seq, time]) => anchors.take(seq!, time!))
    // 2 is stored in no trend (clustered as new); 4 and 5 are not before the horizon
    expect(kept).toEqual([true, false, true, false, false, true])
    expect([...anchors.byTrend]).toEqual([
      [7, [{ seq: 1, score: 0.5 }, { seq: 6, score: 0.1 }]],
      [8, [{ seq: 3, score: 0.25 }]],
    ])
  })

  it('adds each trend\'s anchored articles to the cluster holding most of its later ones, the lowest cluster of a tie, else to a trend of their own', () => {
    const stored = storedOf({ 10: [1, 1], 11: [1, 1], 12: [1, 1], 20: [2, 1], 21: [2, 1], 1: [1, 0.4], 2: [2, 0.6], 3: [3, 0.7], 4: [3, 0.8], 5: [4, 0.9] })
    const members = new Map<number, Member[]>([
      [100, [{ seq: 10, score: 1 }, { seq: 20, score: 1 }]],
      [90, [{ seq: 11, score: 1 }, { seq: 12, score: 1 }, { seq: 21, score: 1 }]],
    ])
    const assignments = [assigned(10, 100), assigned(20, 100), assigned(11, 90), assigned(12, 90), assigned(21, 90)]
    const anchored = new Map<number, Member[]>([
      [1, [{ seq: 1, score: 0.4 }]],
      [2, [{ seq: 2, score: 0.6 }]],
      [3, [{ seq: 4, score: 0.8 }, { seq: 3, score: 0.7 }]],
      [4, [{ seq: 5, score: 0.9 }]],
    ])
    // article 5 was removed while the pass ran
    followAnchored(members, anchored, assignments, stored, (seq) => seq !== 5)
    expect([...members]).toEqual([
      // trend 1: one later article here, two in cluster 90; trend 2: one each, 90 the lower
      [100, [{ seq: 10, score: 1 }, { seq: 20, score: 1 }]],
      [90, [{ seq: 11, score: 1 }, { seq: 12, score: 1 }, { seq: 21, score: 1 }, { seq: 1, score: 0.4 }, { seq: 2, score: 0.6 }]],
      // trend 3 has no later article: a trend of its own, by its first seq; trend 4's article is gone
      [3, [{ seq: 4, score: 0.8 }, { seq: 3, score: 0.7 }]],
    ])
  })

  it("anchors the articles a clustering of every article placed before it, by their cluster in seq order, and follows them as a later pass follows its stored trends", () => {
    // seqs 0-5 with their times (seq 3 not placed); clusters 0 (seqs 0, 4 and 5) and 2 (seqs 1 and 2)
    const times = Float64Array.from([100, 150, 120, NaN, 210, 300])
    const clustering = [
      { key: 4, cluster: 0, score: 0.5 },
      { key: 2, cluster: 2, score: 0.75 },
      { key: 0, cluster: 0, score: 1 },
      { key: 1, cluster: 2, score: 1 },
      { key: 5, cluster: 0, score: 0.25 },
    ]
    const { anchors, places } = anchorsOfClustering(clustering, times, 200)
    // the cluster as a number above 0 (a cluster's id may be 0: 0 says none)
    expect([...anchors.byTrend]).toEqual([
      [1, [{ seq: 0, score: 1 }]],
      [3, [{ seq: 1, score: 1 }, { seq: 2, score: 0.75 }]],
    ])
    expect([0, 1, 3, 4, 5].map((seq) => [places.trendAt(seq), places.scoreAt(seq)])).toEqual([[1, 1], [3, 1], [0, 0], [1, 0.5], [1, 0.25]])
    // the later articles clustered again: 4 and 5 apart; the first cluster's early article follows the lower of the tie
    const members = new Map<number, Member[]>([[5, [{ seq: 5, score: 0.5 }]], [4, [{ seq: 4, score: 1 }]]])
    followAnchored(members, anchors.byTrend, [assigned(5, 5), assigned(4, 4)], places, () => true)
    expect([...members]).toEqual([
      [5, [{ seq: 5, score: 0.5 }]],
      [4, [{ seq: 4, score: 1 }, { seq: 0, score: 1 }]],
      [1, [{ seq: 1, score: 1 }, { seq: 2, score: 0.75 }]],
    ])
  })

  it('places every anchored article still present exactly once, and moves no clustered one (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cluster: fc.integer({ min: 1000, max: 1005 }), trend: fc.integer({ min: 0, max: 4 }) }), { maxLength: 30 }),
        fc.array(fc.record({ trend: fc.integer({ min: 1, max: 6 }), present: fc.boolean() }), { maxLength: 30 }),
        (clustered, early) => {
          const rows: Record<number, [number, number]> = {}
          const members = new Map<number, Member[]>()
          const assignments = clustered.map((c, i) => {
            const seq = 100 + i
            if (c.trend > 0) rows[seq] = [c.trend, 1]
            ;(members.get(c.cluster) ?? members.set(c.cluster, []).get(c.cluster)!).push({ seq, score: 1 })
            return assigned(seq, c.cluster)
          })
          const anchored = new Map<number, Member[]>()
          early.forEach((e, i) => (anchored.get(e.trend) ?? anchored.set(e.trend, []).get(e.trend)!).push({ seq: 1 + i, score: 0.5 }))
          followAnchored(members, anchored, assignments, storedOf(rows), (seq) => early[seq - 1]!.present)
          const placed = [...members.values()].flat().map((m) => m.seq).sort((a, b) => a - b)
          const expected = [...early.flatMap((e, i) => (e.present ? [1 + i] : [])), ...clustered.map((_, i) => 100 + i)]
          expect(placed).toEqual(expected)
          // the clustered articles stay in their clusters
          for (const a of assignments) expect(members.get(a.cluster)!.some((m) => m.seq === a.key)).toBe(true)
        },
      ),
      { seed: 50, numRuns: 200 },
    )
  })
})
