import type { RouteResponse } from '../../../../shared/contract/routes'

type Point = RouteResponse<'getVolatility'>['series'][number]

/** The index the contract calls a noticeable change. */
export const SPIKE_LEVEL = 7

/** A point's time as the axis shows it: the day, or the 3-hour bucket's hour (with the year). */
export const pointLabel = (p: Point) => (p.date ? p.date : (p.bucket ?? '').slice(0, 13).replace('T', ' ') + 'h')

/**
 * The spikes worth a marker: the highest point of each run of consecutive spikes, so 3-hour
 * series do not pile markers on one another.
 */
export function spikePeaks(series: readonly Point[]): number[] {
  const peaks: number[] = []
  let best = -1
  series.forEach((p, i) => {
    if (p.is_spike) {
      if (best < 0 || (p.volatility_index ?? 0) > (series[best]!.volatility_index ?? 0)) best = i
    } else if (best >= 0) {
      peaks.push(best)
      best = -1
    }
  })
  if (best >= 0) peaks.push(best)
  return peaks
}

/**
 * Several volatility series on one chart (countries, or format groups): one line each, on the
 * union of their points' times; a series without a point at a time leaves a gap there.
 */
export function overlayOption(named: ReadonlyArray<{ name: string; series: readonly Point[] }>) {
  const labels = [...new Set(named.flatMap((n) => n.series.map(pointLabel)))].sort()
  const at = new Map(labels.map((l, i) => [l, i]))
  return {
    grid: { left: 36, right: 16, top: 36, bottom: 48 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', min: 0, max: 10 },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 6 }],
    series: named.map((n, k) => {
      const data: Array<number | null> = new Array(labels.length).fill(null)
      for (const p of n.series) data[at.get(pointLabel(p))!] = p.volatility_index
      return {
        name: n.name,
        type: 'line',
        smooth: false,
        symbol: 'none',
        data,
        ...(k === 0 ? { markLine: { silent: true, symbol: 'none', data: [{ yAxis: SPIKE_LEVEL, name: 'spike level', lineStyle: { type: 'dashed', color: '#c83a3a' } }] } } : {}),
      }
    }),
  }
}

/** The volatility line (0-10), the spike level, markers on spike peaks and the selected point. */
export function volatilityOption(series: readonly Point[], options: { compact?: boolean; selectedIndex?: number } = {}) {
  const { compact = false, selectedIndex = -1 } = options
  const lines: object[] = [{ yAxis: SPIKE_LEVEL, name: 'spike level', lineStyle: { type: 'dashed', color: '#c83a3a' } }]
  if (selectedIndex >= 0) lines.push({ xAxis: selectedIndex, name: 'selected', lineStyle: { type: 'solid', color: '#3b6fd8', width: 2 } })
  return {
    grid: compact ? { left: 24, right: 6, top: 10, bottom: 18 } : { left: 36, right: 16, top: 28, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: series.map(pointLabel), axisLabel: { show: !compact } },
    // the top stays at 10 and markers sit inside the plot (clip off), so a 10 is not cut
    yAxis: { type: 'value', min: 0, max: 10, splitNumber: compact ? 2 : 5 },
    // zoom by wheel or drag, and a slider under the main chart
    ...(compact ? {} : { dataZoom: [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 4 }] }),
    series: [
      {
        type: 'line',
        // straight segments: the line never passes above or below its values
        smooth: false,
        clip: false,
        symbolSize: compact ? 3 : 5,
        data: series.map((p) => p.volatility_index),
        markLine: { silent: true, symbol: 'none', label: { show: !compact }, data: lines },
        markPoint: {
          symbolSize: compact ? 22 : 32,
          itemStyle: { color: '#c83a3a' },
          data: spikePeaks(series).map((i) => ({ coord: [i, series[i]!.volatility_index], value: series[i]!.volatility_index })),
        },
      },
    ],
  }
}
