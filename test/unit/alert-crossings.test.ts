import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { alertRuleDefinition } from '../../shared/contract/alerts'
import { changeCrosses, evaluateRule, type AlertState, type Reading } from '../../electron/core/analytics/alerts/crossings'

/** The crossing rule without a store: once per crossing, again only after it was uncrossed, nothing at the first look. */

const volatility = alertRuleDefinition.parse({ kind: 'volatility', country: 'de', threshold: 60 })
const reading = (index: number | null, day = '2026-11-21'): Reading => ({ kind: 'volatility', market: 'DE', index, day })

describe('evaluateRule', () => {
  it('volatility: the first look records, a rise to the threshold fires once, a fall and a rise fire again', () => {
    let state: AlertState | null = null
    const step = (index: number | null) => {
      const e = evaluateRule(volatility, reading(index), state)
      state = e.state
      return e.fired.map((f) => f.title)
    }
    expect(step(72)).toEqual([]) // already above when written: no alert of the past
    expect(step(40)).toEqual([])
    expect(step(60)).toEqual(['Volatility of DE reached 60 on 2026-11-21 (at or above 60)'])
    expect(step(65)).toEqual([])
    expect(step(null)).toEqual([]) // no data: not crossed
    expect(step(61)).toEqual(['Volatility of DE reached 61 on 2026-11-21 (at or above 60)'])
    const e = evaluateRule(volatility, reading(61), state)
    expect(e).toMatchObject({ crossed: true, fired: [] })
  })

  it('volatility of a format group names it and links the day on Signals', () => {
    const rule = alertRuleDefinition.parse({ kind: 'volatility', threshold: 10, format_group: 'Analysis' })
    const fired = evaluateRule(rule, { kind: 'volatility', market: 'all', index: 12.5, day: '2026-11-21' }, { crossed: false }).fired
    expect(fired).toEqual([
      {
        title: 'Volatility of the whole feed (Analysis) reached 12.5 on 2026-11-21 (at or above 10)',
        evidence: { market: 'all', format_group: 'Analysis', index: 12.5, day: '2026-11-21', threshold: 10 },
        link: '/signals?country=all&bucket=2026-11-21',
      },
    ])
  })

  it('a change crosses in its direction only, at the threshold itself', () => {
    expect([changeCrosses(50, 50, 'up'), changeCrosses(-50, 50, 'up'), changeCrosses(-50, 50, 'down'), changeCrosses(49.9, 50, 'either'), changeCrosses(null, 1, 'either')]).toEqual([true, false, true, false, false])
  })

  it('fires exactly once per crossing whatever the sequence of readings (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }), { minLength: 1, maxLength: 60 }), (indexes) => {
        let state: AlertState | null = null
        let fired = 0
        for (const index of indexes) {
          const e = evaluateRule(volatility, reading(index), state)
          fired += e.fired.length
          state = e.state
        }
        // crossings counted by hand: from below (or no data) to at-or-above, the first reading excluded
        let expected = 0
        for (let i = 1; i < indexes.length; i++) {
          const was = indexes[i - 1] !== null && indexes[i - 1]! >= 60
          const is = indexes[i] !== null && indexes[i]! >= 60
          if (is && !was) expected++
        }
        return fired === expected
      }),
      { seed: 49, numRuns: 300 },
    )
  })
})
