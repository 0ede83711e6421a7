import { describe, expect, it } from 'vitest'
import { markAreas, volatilityOption } from '../../renderer/src/features/signals/volatility-chart'

/** Updates and notes shaded on the volatility chart: each over the points of its days. */
describe('the timeline\'s marks on a chart', () => {
  const days = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']

  it('shades each mark over the points of its days, one that runs on to the end, and leaves out one outside the series', () => {
    const areas = markAreas(days, [
      { kind: 'note', title: 'Election week', dayFrom: '2026-11-19', dayTo: '2026-11-20' },
      { kind: 'update', title: 'November core update', dayFrom: '2026-11-01', dayTo: null },
      { kind: 'note', title: 'Before', dayFrom: '2026-10-01', dayTo: '2026-10-02' },
      { kind: 'note', title: 'After', dayFrom: '2026-11-25', dayTo: '2026-11-25' },
    ]) as Array<[{ name: string; xAxis: number }, { xAxis: number }]>
    expect(areas.map(([from, to]) => [from.name, from.xAxis, to.xAxis])).toEqual([
      ['Election week', 1, 2],
      ['November core update', 0, 3],
    ])
  })

  it('draws them on the volatility chart beside its spike level', () => {
    const series = days.map((date) => ({ date, volatility_index: 3, is_spike: false }))
    const option = volatilityOption(series as never, -1, [{ kind: 'note', title: 'A day', dayFrom: '2026-11-21', dayTo: '2026-11-21' }]) as { series: Array<{ markArea: { data: unknown[] } }> }
    expect(option.series[0]!.markArea.data).toHaveLength(1)
  })
})
