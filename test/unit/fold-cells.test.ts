import { describe, expect, it } from 'vitest'
import { addToCells, sightings, type CellGroup } from '../../electron/core/ingest/fold-cells'

const entries = (rows: Array<[seq: number, position: number, impressions: number]>) => ({
  seqs: Uint32Array.from(rows.map((r) => r[0])),
  positions: Uint32Array.from(rows.map((r) => r[1])),
  impressions: Uint32Array.from(rows.map((r) => r[2])),
})

describe('folding observations into cells', () => {
  it('sums impressions and positions per article and bucket, keeping the best position and the first and last sighting', () => {
    const groups = new Map<string, CellGroup>()
    addToCells(groups, 10, 'US', 36_000, entries([[1, 3, 100], [2, 1, 500]]))
    addToCells(groups, 10, 'US', 37_800, entries([[1, 1, 400]]))
    addToCells(groups, 10, 'DE', 36_000, entries([[1, 2, 50]]))
    expect([...groups.values()].map((g) => [g.bucket, g.country, [...g.cells.values()]])).toEqual([
      [
        10,
        'US',
        [
          { seq: 1, impressions: 500, observations: 2, bestPosition: 1, positionSum: 4, firstSeen: 36_000, lastSeen: 37_800, isNew: false },
          { seq: 2, impressions: 500, observations: 1, bestPosition: 1, positionSum: 1, firstSeen: 36_000, lastSeen: 36_000, isNew: false },
        ],
      ],
      [10, 'DE', [{ seq: 1, impressions: 50, observations: 1, bestPosition: 2, positionSum: 2, firstSeen: 36_000, lastSeen: 36_000, isNew: false }]],
    ])
  })

  it("gives each article's first and last sighting and impressions across its days and countries", () => {
    const groups = new Map<string, CellGroup>()
    addToCells(groups, 1, 'US', 90_000, entries([[7, 1, 10]]))
    addToCells(groups, 2, 'US', 180_000, entries([[7, 2, 20]]))
    addToCells(groups, 1, 'DE', 86_400, entries([[7, 5, 1]]))
    expect(sightings(groups.values())).toEqual(new Map([[7, { first: 86_400, last: 180_000, impressions: 31 }]]))
  })

  it("folds a batch's sightings into those of the batches before it", () => {
    const before = new Map([[7, { first: 86_400, last: 90_000, impressions: 5 }], [8, { first: 3_600, last: 7_200, impressions: 2 }]])
    const groups = new Map<string, CellGroup>()
    addToCells(groups, 2, 'US', 180_000, entries([[7, 2, 20], [9, 1, 4]]))
    addToCells(groups, 0, 'DE', 80_000, entries([[7, 5, 1]]))
    expect(sightings(groups.values(), before)).toBe(before)
    expect(before).toEqual(
      new Map([
        [7, { first: 80_000, last: 180_000, impressions: 26 }],
        [8, { first: 3_600, last: 7_200, impressions: 2 }],
        [9, { first: 180_000, last: 180_000, impressions: 4 }],
      ]),
    )
  })
})
