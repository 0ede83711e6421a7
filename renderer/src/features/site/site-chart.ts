import type { RouteResponse } from '../../../../shared/contract/routes'
import { markAreaOf, type TimelineMark } from '../../charts/timeline-marks'
import { dayOfMs } from '../../time/days'

type Overview = RouteResponse<'appSiteOverview'>

const SPIKE_LEVEL = 7

/**
 * The site's Discover clicks a day (bars), its impressions and CTR, on one time axis with its share of the feed's
 * impressions (a line, right axis, percent) and the feed's volatility in its countries (a dashed
 * line, 0 to 10, spikes marked); a day under way is drawn pale and said to be so far; the chosen
 * day stands out; Google's announced updates and the analyst's notes are shaded. Pure: tested
 * without a browser.
 */
export function siteOption(overview: Overview, chosenDay: string | null, today = dayOfMs(Date.now()), marks: readonly TimelineMark[] = [], earlier: { overview: Overview; words: string } | null = null) {
  const days = overview.days
  const labels = days.map((d) => (d.day === today ? `${d.day} (so far)` : d.day))
  // the period compared: its clicks day by day under this period's (its first day under the first)
  const earlierName = earlier ? `clicks, ${earlier.words}` : null
  return {
    grid: { left: 104, right: 92, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['clicks', ...(earlierName ? [earlierName] : []), 'impressions', 'CTR', 'share of the feed', 'feed volatility'] },
    xAxis: { type: 'category', data: labels },
    yAxis: [
      { type: 'value', name: 'clicks', minInterval: 1 },
      { type: 'value', name: 'share', position: 'right', splitLine: { show: false }, axisLabel: { formatter: (v: number) => `${Math.round(v * 100)}%` } },
      { type: 'value', name: 'index', position: 'right', offset: 48, min: 0, max: 10, splitLine: { show: false } },
      { type: 'value', name: 'impressions', position: 'left', offset: 52, splitLine: { show: false }, axisLabel: { formatter: (v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v)) } },
    ],
    series: [
      {
        name: 'clicks',
        type: 'bar',
        data: days.map((d) => ({
          value: d.clicks,
          itemStyle: { color: d.day === chosenDay ? '#e0703b' : '#3b6fd8', opacity: d.day === today ? 0.45 : 1 },
        })),
        markArea: markAreaOf(days.map((d) => d.day), marks),
      },
      ...(earlier && earlierName
        ? [{ name: earlierName, type: 'line', symbol: 'none', lineStyle: { width: 1.5, type: 'dashed', color: '#8c96a8' }, itemStyle: { color: '#8c96a8' }, data: days.map((_, i) => earlier.overview.days[i]?.clicks ?? null) }]
        : []),
      { name: 'impressions', type: 'line', yAxisIndex: 3, symbol: 'none', lineStyle: { width: 1, color: '#7a5cc4' }, itemStyle: { color: '#7a5cc4' }, data: days.map((d) => d.impressions) },
      // the click-through rate on the percent axis beside the share
      { name: 'CTR', type: 'line', yAxisIndex: 1, symbol: 'none', lineStyle: { width: 1, type: 'dotted', color: '#e0703b' }, itemStyle: { color: '#e0703b' }, data: days.map((d) => d.ctr) },
      { name: 'share of the feed', type: 'line', yAxisIndex: 1, symbol: 'none', lineStyle: { width: 1.5, color: '#23845a' }, itemStyle: { color: '#23845a' }, data: days.map((d) => d.feed_share) },
      {
        name: 'feed volatility',
        type: 'line',
        yAxisIndex: 2,
        symbol: 'none',
        lineStyle: { width: 1, type: 'dashed', color: '#c83a3a' },
        itemStyle: { color: '#c83a3a' },
        data: days.map((d) => d.volatility),
        markLine: { silent: true, symbol: 'none', data: [{ yAxis: SPIKE_LEVEL, name: 'spike level', lineStyle: { type: 'dotted', color: '#c83a3a' } }] },
        markPoint: {
          symbol: 'pin',
          symbolSize: 26,
          itemStyle: { color: '#c83a3a' },
          label: { show: false },
          data: days.flatMap((d, i) => (d.is_spike ? [{ name: 'spike', coord: [labels[i], d.volatility] }] : [])),
        },
      },
    ],
  }
}
