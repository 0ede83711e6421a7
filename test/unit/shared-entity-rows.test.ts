import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { SharedEntityRows } from '../../electron/core/analytics/trends/shared-entity-rows'
import { SharedStrings } from '../../electron/core/shared-strings'

/** A full pass reads each distinct entity link (entity, score, origin) as one row shared by its articles. */
describe('shared entity rows', () => {
  it('gives the same row for the same entity, score and origin, and another for any other', () => {
    const rows = new SharedEntityRows()
    const fed = rows.of('/m/fed', 'Federal Reserve', 'Organization', 0.5, 0)
    expect(fed).toEqual({ id: '/m/fed', name: 'Federal Reserve', type: 'Organization', score: 0.5, extracted: 0 })
    expect(rows.of('/m/fed', 'Federal Reserve', 'Organization', 0.5, 0)).toBe(fed)
    const found = rows.of('/m/fed', 'Federal Reserve', 'Organization', 0.5, 1)
    expect(found).not.toBe(fed)
    expect(found.extracted).toBe(1)
    expect(rows.of('/m/fed', 'Federal Reserve', 'Organization', 0.25, 0)).toEqual({ id: '/m/fed', name: 'Federal Reserve', type: 'Organization', score: 0.25, extracted: 0 })
    expect(rows.of('/m/ecb', 'ECB', null, 0.5, 0)).toEqual({ id: '/m/ecb', name: 'ECB', type: null, score: 0.5, extracted: 0 })
  })

  it('holds one string per id, the shared one', () => {
    const shared = new SharedStrings()
    const kept = shared.of(['/m/', 'fed'].join(''))
    const rows = new SharedEntityRows((id) => shared.of(id))
    expect(rows.of(['/m', '/fed'].join(''), 'Federal Reserve', null, 1, 0).id).toBe(kept)
  })

  it('reads back every link as it was given, whatever repeats (property)', () => {
    const link = fc.record({
      id: fc.constantFrom('/m/a', '/m/b', 'e:c'),
      score: fc.constantFrom(0, 0.25, 0.5, 1, 0.1 + 0.2),
      extracted: fc.constantFrom(0, 1),
    })
    fc.assert(
      fc.property(fc.array(link, { maxLength: 60 }), (links) => {
        const rows = new SharedEntityRows()
        const read = links.map((l) => rows.of(l.id, `name ${l.id}`, 'Thing', l.score, l.extracted))
        read.forEach((row, i) => expect(row).toEqual({ id: links[i]!.id, name: `name ${links[i]!.id}`, type: 'Thing', score: links[i]!.score, extracted: links[i]!.extracted }))
        // as many rows as distinct links
        expect(new Set(read).size).toBe(new Set(links.map((l) => `${l.id}|${l.score}|${l.extracted}`)).size)
      }),
      { seed: 50, numRuns: 200 },
    )
  })
})
