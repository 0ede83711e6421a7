import { describe, expect, it } from 'vitest'
import { markAreas } from '../../renderer/src/charts/timeline-marks'
import { volatilityOption } from '../../renderer/src/features/signals/volatility-chart'
import { siteOption } from '../../renderer/src/features/site/site-chart'
import { cardChart } from '../../renderer/src/features/trends/trend-charts'
import { itemsOverlayOption } from '../../renderer/src/features/tracking/items-chart'

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

  it('shades them on My site\'s chart too, over its days', () => {
    const overview = { days: days.map((day) => ({ day, clicks: 1, impressions: 10, ctr: 0.1, from_pages: false, feed_impressions: 5, feed_share: 0.1, volatility: 3, volatility_state: 'calm', is_spike: false })) }
    const option = siteOption(overview as never, null, '2026-11-30', [{ kind: 'update', title: 'Core update', dayFrom: '2026-11-20', dayTo: null }]) as { series: Array<{ markArea?: { data: Array<[{ xAxis: number }, { xAxis: number }]> } }> }
    expect(option.series[0]!.markArea!.data.map(([a, b]) => [a.xAxis, b.xAxis])).toEqual([[2, 3]])
    // the site's clicks, impressions and CTR a day on the feed's time axis, beside its share and the feed's volatility
    const named = option.series as unknown as Array<{ name: string; data: unknown[] }>
    expect(named.map((x) => x.name)).toEqual(['clicks', 'impressions', 'CTR', 'share of the feed', 'feed volatility'])
    expect(named[1]!.data).toEqual([10, 10, 10, 10])
    expect(named[2]!.data).toEqual([0.1, 0.1, 0.1, 0.1])
  })

  it('draws the period compared as a dashed line under each chart, point by point', () => {
    // My site: the earlier period's clicks under this period's days; one day shorter leaves the last empty
    const now = { days: days.map((day) => ({ day, clicks: 5 })) }
    const before = { days: days.slice(0, 3).map((day, i) => ({ day, clicks: i + 1 })) }
    const site = siteOption(now as never, null, '2026-11-30', [], { overview: before as never, words: 'the period before' }) as unknown as { legend: { data: string[] }; series: Array<{ name: string; data: unknown[]; lineStyle?: { type: string } }> }
    const line = site.series.find((x) => x.name === 'clicks, the period before')!
    expect(line.data).toEqual([1, 2, 3, null])
    expect(line.lineStyle!.type).toBe('dashed')
    expect(site.legend.data).toContain('clicks, the period before')
    // Signals: the volatility of the period compared under the index
    const series = days.map((date) => ({ date, volatility_index: 3, is_spike: false }))
    const volatility = volatilityOption(series as never, -1, [], { values: [2, null, 4], words: 'a year before' }) as unknown as { legend: { data: string[] }; series: Array<{ name?: string; data: unknown[] }> }
    expect(volatility.series[1]).toMatchObject({ name: 'a year before', data: [2, null, 4, null] })
    expect(volatility.legend.data).toEqual(['a year before'])
    expect((volatilityOption(series as never) as { series: unknown[]; legend?: unknown }).series).toHaveLength(1)
  })

  it('shades them on a trend\'s chart over its days', () => {
    const card = { daily_counts_180d: [1, 2, 3, 4], first_seen_at: '2026-11-18T09:00:00Z', forecast: null }
    const option = cardChart(card as never, null, Date.parse('2026-11-30T00:00:00Z'), [{ kind: 'event', title: 'Imported feed.ndjson', dayFrom: '2026-11-19', dayTo: '2026-11-19' }]) as { series: Array<{ name: string; markArea?: { data: Array<[{ xAxis: number }, { xAxis: number }]> } }> }
    const bars = option.series.find((x) => x.name === 'articles')!
    expect(bars.markArea!.data.map(([a, b]) => [a.xAxis, b.xAxis])).toEqual([[1, 1]])
  })

  it('shades them on a list\'s chart, by hour too, and draws nothing more without them', () => {
    const steps = ['2026-11-20T22:00:00Z', '2026-11-20T23:00:00Z', '2026-11-21T00:00:00Z', '2026-11-21T01:00:00Z'].map((start) => ({ start, end: start, partial: false }))
    const rows = [{ name: 'Example News', impressions: [1, 2, 3, 4] }]
    const option = itemsOverlayOption(rows, steps, 'hour', [{ kind: 'note', title: 'Election night', dayFrom: '2026-11-21', dayTo: '2026-11-21' }]) as { series: Array<{ markArea?: { data: Array<[{ xAxis: number }, { xAxis: number }]> } }> }
    expect(option.series[0]!.markArea!.data.map(([a, b]) => [a.xAxis, b.xAxis])).toEqual([[2, 3]])
    expect((itemsOverlayOption(rows, steps, 'hour') as { series: unknown[] }).series).toHaveLength(1)
  })
})
