import { describe, expect, it } from 'vitest'
import { addToCells, sightings, subjectCells, type CellGroup } from '../../electron/core/ingest/fold-cells'

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

  it('sums daily cells per publisher, category and entity, counting publications only for articles new to the day', () => {
    const groups = new Map<string, CellGroup>()
    addToCells(groups, 20_000, 'US', 1_728_000_000, entries([[1, 1, 900], [2, 2, 300], [3, 3, 100]]))
    const day = [...groups.values()][0]!
    day.fresh = true
    day.cells.get(1)!.isNew = true
    day.cells.get(2)!.isNew = true
    // article 3 had a cell of this day already: its impressions count, its publication does not
    const facts = new Map([
      [1, { domain: 'a.example', category: '/News', entities: ['/m/x', '/m/y'] }],
      [2, { domain: 'a.example', category: null, entities: ['/m/x'] }],
      [3, { domain: 'b.example', category: '/News', entities: [] }],
    ])
    const cells = subjectCells([day], facts)
      .map((s) => [s.kind, s.key, s.impressions, s.publications, s.observations, s.positionSum, s.fresh])
      .sort((a, b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`))
    expect(cells).toEqual([
      ['category', '/News', 1000, 1, 2, 4, true],
      ['entity', '/m/x', 1200, 2, 2, 3, true],
      ['entity', '/m/y', 900, 1, 1, 1, true],
      ['publisher', 'a.example', 1200, 2, 2, 3, true],
      ['publisher', 'b.example', 100, 0, 1, 3, true],
    ])
  })

  it("gives each article's first and last sighting and impressions across its days and countries", () => {
    const groups = new Map<string, CellGroup>()
    addToCells(groups, 1, 'US', 90_000, entries([[7, 1, 10]]))
    addToCells(groups, 2, 'US', 180_000, entries([[7, 2, 20]]))
    addToCells(groups, 1, 'DE', 86_400, entries([[7, 5, 1]]))
    expect(sightings(groups.values())).toEqual(new Map([[7, { first: 86_400, last: 180_000, impressions: 31 }]]))
  })
})
