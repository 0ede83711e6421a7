import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runSteps } from '../../electron/core/steps'
import { words, type ClusterInput } from '../../electron/core/analytics/trends/cluster'
import { packAssignments, packInputs, unpackAssignments, unpackInputs } from '../../electron/core/analytics/trends/packed-inputs'
import { clusterTwiceSteps } from '../../electron/core/analytics/trends/two-clusterings'

/** A clustering's input as a full pass makes it: section and market may be absent, null or a name; entities carry more than their id and score. */
const input = fc.record(
  {
    key: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    time: fc.oneof(fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }), fc.double({ noNaN: true, min: 0, max: 2e9 })),
    words: fc.array(fc.constantFrom('harbour', 'bridge', 'vote', 'é', '', 'über', 'a b', 'ENTITY:/m/x'), { maxLength: 12 }),
    entities: fc.array(fc.record({ id: fc.constantFrom('/m/a', '/m/b', 'harbour', '/g/ü'), score: fc.double({ noNaN: true, min: 0, max: 1 }), name: fc.constant('Name') }), { maxLength: 5 }),
    section: fc.constantFrom(null, '/News', '/Business', 'harbour'),
    market: fc.constantFrom(null, 'oil', 'gold'),
  },
  { requiredKeys: ['key', 'time', 'words', 'entities'] },
)

describe('a clustering\'s inputs packed for another thread', () => {
  it('unpack to inputs equal to them, in their order: each word and entity id, score, section and market as it was, absent where it was absent', () => {
    fc.assert(
      fc.property(fc.array(input, { maxLength: 30 }), (inputs) => {
        const packed = packInputs(inputs)
        // every string once
        expect(new Set(packed.strings).size).toBe(packed.strings.length)
        const expected = inputs.map((i) => ({ ...i, entities: i.entities.map((e) => ({ id: e.id, score: e.score })) }))
        expect(unpackInputs(packed)).toStrictEqual(expected)
      }),
      { seed: 50, numRuns: 300 },
    )
  })

  it('and their assignments come back as they were', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ key: fc.nat(), cluster: fc.nat(), score: fc.double({ noNaN: true }) })), (assignments) => {
        expect(unpackAssignments(packAssignments(assignments))).toStrictEqual(assignments.map((a) => ({ ...a })))
      }),
      { seed: 51, numRuns: 200 },
    )
  })

  it('are clustered as the inputs they were packed from (the same assignments)', () => {
    const headline = (n: number, text: string, section: string, entity?: string): ClusterInput => ({
      key: n,
      time: 1_780_000_000 + n * 3_600,
      words: words(text),
      entities: entity ? [{ id: entity, score: 0.8 }] : [],
      section,
    })
    const inputs = Array.from({ length: 60 }, (_, n) =>
      n % 3 === 0
        ? headline(n, `Harbour bridge reopens after storm repairs, part ${n}`, '/Business', '/m/harbour')
        : n % 3 === 1
          ? headline(n, `Volcano eruption forces island evacuation, update ${n}`, '/Science')
          : headline(n, `Quarterly${n} ledger${n} notice${n}`, '/News'),
    )
    const here = runSteps(clusterTwiceSteps(inputs)).assignments
    expect(new Set(here.map((a) => a.cluster)).size).toBeGreaterThan(2)
    expect(runSteps(clusterTwiceSteps(unpackInputs(packInputs(inputs)))).assignments).toEqual(here)
  })
})
