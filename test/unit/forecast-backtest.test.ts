import { describe, expect, it } from 'vitest'
import { backtestForecasts, predictedNext } from '../../electron/core/analytics/trends/backtest'

describe('forecast backtest', () => {
  it('scores cuts with a future, by structural type', () => {
    // a steady trend of 10 a day: the forecast decays by at least 10% a day, so it undershoots
    const steady = { structuralType: 'evergreen', daily: new Array(21).fill(10) }
    const result = backtestForecasts([steady], { step: 7, minHistory: 3 })
    // cuts at days 3 and 10 have seven days after them; the cut at 17 has not
    expect(result).toHaveLength(1)
    expect(result[0]!.cases).toBe(2)
    const predicted = predictedNext(new Array(3).fill(10), 7)
    // level 30/7 carried forward with a 10% daily decay: sum of (30/7)·e^(-0.1 d), d = 1..7
    let expected = 0
    for (let d = 1; d <= 7; d++) expected += (30 / 7) * Math.exp(-0.1 * d)
    expect(predicted).toBeCloseTo(Math.round((expected / 30) * 1000) / 10 * 0.3, 6)
    expect(result[0]!.mape).toBeGreaterThan(0)
  })

  it('skips cuts whose next days are empty and trends without history', () => {
    const finished = { structuralType: 'event_driven', daily: [5, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0] }
    const silent = { structuralType: 'cyclic', daily: new Array(20).fill(0) }
    expect(backtestForecasts([finished, silent])).toEqual([])
  })

  it('stays close on a clean decay (the level carried forward is the last week\'s mean, so it overshoots a little)', () => {
    // counts falling by 10% a day from a peak: the fitted rate is the true one
    const daily = Array.from({ length: 40 }, (_, d) => 1000 * Math.exp(-0.1 * d))
    const [r] = backtestForecasts([{ structuralType: 'event_driven', daily }], { minHistory: 10, step: 10 })
    expect(r!.cases).toBeGreaterThan(0)
    expect(r!.mape!).toBeLessThan(40)
  })
})
