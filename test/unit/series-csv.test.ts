import { describe, expect, it } from 'vitest'
import { seriesCsv } from '../../renderer/src/charts/series-csv'
import { volatilityOption } from '../../renderer/src/features/signals/volatility-chart'
import { itemsOverlayOption } from '../../renderer/src/features/tracking/items-chart'

/** A chart's series saved as CSV: a line per point, a column per series. */
describe('a chart\'s series as CSV', () => {
  it('writes the volatility chart a day a line', () => {
    const series = [
      { date: '2026-11-20', volatility_index: 3.1, is_spike: false },
      { date: '2026-11-21', volatility_index: 9.4, is_spike: true },
    ]
    expect(seriesCsv(volatilityOption(series as never))).toBe('point,value\r\n2026-11-20,3.1\r\n2026-11-21,9.4\r\n')
  })

  it('makes one column of a line drawn in two parts (whole and partial steps), and leaves out a series of marks only', () => {
    const steps = [
      { start: '2026-11-19T00:00:00Z', end: '2026-11-20T00:00:00Z', partial: false },
      { start: '2026-11-20T00:00:00Z', end: '2026-11-20T12:00:00Z', partial: true },
    ]
    const option = itemsOverlayOption([{ name: 'Example News', impressions: [100, 40] }], steps, 'day', [{ kind: 'note', title: 'A note', dayFrom: '2026-11-19', dayTo: '2026-11-19' }])
    expect(seriesCsv(option)).toBe('point,Example News\r\n2026-11-19,100\r\n2026-11-20 (so far),40\r\n')
  })

  it('has nothing to write for a chart without a category axis (a map, a treemap)', () => {
    expect(seriesCsv({ series: [{ type: 'treemap', data: [{ name: 'a', value: 1 }] }] })).toBeNull()
  })
})
