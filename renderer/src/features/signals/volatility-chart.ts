import type { RouteResponse } from '../../../../shared/contract/routes'
import { markAreaOf, type TimelineMark } from '../../charts/timeline-marks'

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
 * Which spike peaks of a small strip carry their value: the highest first, then each whose label
 * stays `minGap` pixels clear of those kept (3-hour points sit a few pixels apart). Index order.
 */
export function spacedLabels(peaks: readonly number[], x: (index: number) => number, value: (index: number) => number, minGap: number): number[] {
  const kept: number[] = []
  for (const i of [...peaks].sort((a, b) => value(b) - value(a) || a - b)) {
    if (kept.every((k) => Math.abs(x(k) - x(i)) >= minGap)) kept.push(i)
  }
  return kept.sort((a, b) => a - b)
}

/** Fewer articles than this a point (a day, or a 3-hour slot) and a group's index moves with a handful of them. */
export const FEW_ARTICLES_A_POINT = 3

/**
 * A format group's articles a point of its series in the period (its articles over the points),
 * and whether that is too few to read its index as the group's.
 */
export function articlesAPoint(articles: number, points: number): { perPoint: number; few: boolean } {
  const perPoint = points > 0 ? articles / points : 0
  return { perPoint: Math.round(perPoint * 10) / 10, few: perPoint < FEW_ARTICLES_A_POINT }
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

/** The period compared, drawn under the line point by point (its first point under the first): its values and its name. */
export interface EarlierLine {
  values: ReadonlyArray<number | null>
  words: string
}

/** The volatility line (0-10), the spike level, markers on spike peaks and the selected point; updates and notes shaded; the period compared as a dashed line. */
export function volatilityOption(series: readonly Point[], selectedIndex = -1, marks: readonly TimelineMark[] = [], earlier: EarlierLine | null = null) {
  const lines: object[] = [{ yAxis: SPIKE_LEVEL, name: 'spike level', lineStyle: { type: 'dashed', color: '#c83a3a' } }]
  if (selectedIndex >= 0) lines.push({ xAxis: selectedIndex, name: 'selected', lineStyle: { type: 'solid', color: '#3b6fd8', width: 2 } })
  return {
    grid: { left: 36, right: 16, top: 28, bottom: 48 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: series.map(pointLabel) },
    // the top stays at 10 and markers sit inside the plot (clip off), so a 10 is not cut
    yAxis: { type: 'value', min: 0, max: 10, splitNumber: 5 },
    // zoom by wheel or drag, and a slider under the main chart
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 4 }],
    series: [
      {
        type: 'line',
        // straight segments: the line never passes above or below its values
        smooth: false,
        clip: false,
        symbolSize: 5,
        data: series.map((p) => p.volatility_index),
        markLine: { silent: true, symbol: 'none', data: lines },
        // an update's or a note's days, its name on hover
        markArea: markAreaOf(series.map((p) => pointLabel(p).slice(0, 10)), marks),
        markPoint: {
          symbolSize: 32,
          itemStyle: { color: '#c83a3a' },
          data: spikePeaks(series).map((i) => ({ coord: [i, series[i]!.volatility_index], value: series[i]!.volatility_index })),
        },
      },
      ...(earlier
        ? [
            {
              type: 'line',
              name: earlier.words,
              smooth: false,
              symbol: 'none',
              lineStyle: { type: 'dashed', width: 1.5, color: '#8c96a8' },
              itemStyle: { color: '#8c96a8' },
              data: series.map((_, i) => earlier.values[i] ?? null),
            },
          ]
        : []),
    ],
    // the period compared named beside the plot (the line itself has no name: its CSV column stays "value")
    ...(earlier ? { legend: { top: 0, left: 40, data: [earlier.words], textStyle: { color: '#8c96a8' } } } : {}),
  }
}

/** The plot of a small volatility strip: its size in pixels and the room left for the 0-5-10 labels. */
export interface StripPlot {
  width: number
  height: number
  left: number
  top: number
}

/** The x of point i of n across the plot: the first at its left edge, the last at its right. */
export const stripX = (plot: StripPlot, index: number, count: number) =>
  plot.left + (count <= 1 ? plot.width / 2 : (index * plot.width) / (count - 1))

/** The y of an index value (0-10, the top at 10). */
export const stripY = (plot: StripPlot, value: number) => plot.top + plot.height * (1 - Math.min(10, Math.max(0, value)) / 10)

/** The point nearest in x to a pointer at x (from the strip's left edge): a click anywhere over the strip picks a point. */
export function nearestStripIndex(plot: StripPlot, x: number, count: number): number {
  if (count <= 1) return 0
  const at = Math.round(((x - plot.left) / plot.width) * (count - 1))
  return Math.min(count - 1, Math.max(0, at))
}

/** The line through the points as SVG path commands. */
export const stripPath = (plot: StripPlot, values: readonly number[]) =>
  values.map((v, i) => `${i === 0 ? 'M' : 'L'}${stripX(plot, i, values.length).toFixed(1)},${stripY(plot, v).toFixed(1)}`).join('')

/**
 * The period compared under a strip: point i at the x of the strip's point i (of `count`), a gap
 * where it has no value, nothing past the strip's last point.
 */
export function earlierStripPath(plot: StripPlot, values: ReadonlyArray<number | null>, count: number): string {
  let path = ''
  let drawing = false
  values.slice(0, count).forEach((v, i) => {
    if (v === null) {
      drawing = false
      return
    }
    path += `${drawing ? 'L' : 'M'}${stripX(plot, i, count).toFixed(1)},${stripY(plot, v).toFixed(1)}`
    drawing = true
  })
  return path
}
