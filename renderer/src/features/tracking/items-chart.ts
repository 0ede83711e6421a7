import { markAreaOf, type TimelineMark } from '../../charts/timeline-marks'

/** Rows drawn together on the list's chart, at most. */
export const ITEMS_DRAWN = 5

/** A calendar step of the window (a day or an hour), and whether the window covers it only in part. */
export interface SeriesStep {
  start: string
  end: string
  partial: boolean
}

/**
 * A step's label: its day (or hour), said to be partial where the window covers it in part: the
 * first "from 13:00", the last "so far".
 */
export function stepLabel(step: SeriesStep, grain: 'day' | 'hour', last: boolean): string {
  const name = grain === 'day' ? step.start.slice(0, 10) : step.start.slice(0, 13).replace('T', ' ') + ':00'
  if (!step.partial) return name
  return last ? `${name} (so far)` : `${name} (from ${step.start.slice(11, 16)})`
}

/**
 * The impressions of a list's items over the window on one chart, a point a calendar day (or hour):
 * each row a solid line over its whole steps, its partial steps (the window's first and last) on
 * a dashed line beside, so that a day that has only begun never reads as a drop. Google's updates,
 * the analyst's notes and new data in the store are shaded over their days.
 */
export function itemsOverlayOption(rows: ReadonlyArray<{ name: string; impressions: number[] }>, steps: readonly SeriesStep[], grain: 'day' | 'hour', marks: readonly TimelineMark[] = []) {
  const drawn = rows.slice(0, ITEMS_DRAWN)
  const labels = steps.map((s, i) => stepLabel(s, grain, i === steps.length - 1))
  // a partial step and its whole neighbour on the dashed line; the solid line skips partial steps
  const solid = (values: number[]) => values.map((v, i) => (steps[i]?.partial ? null : v))
  const dashed = (values: number[]) => values.map((v, i) => (steps[i]?.partial || steps[i - 1]?.partial || steps[i + 1]?.partial ? v : null))
  const anyPartial = steps.some((s) => s.partial)
  return {
    grid: { left: 64, right: 16, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', data: drawn.map((r) => r.name) },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value' },
    series: drawn.flatMap((r, k) => [
      ...(k === 0 && marks.length > 0
        ? [{ name: '', type: 'line', data: [], silent: true, markArea: markAreaOf(steps.map((st) => st.start.slice(0, 10)), marks) }]
        : []),
      { name: r.name, type: 'line', smooth: false, symbolSize: 4, connectNulls: false, data: solid(r.impressions), color: PALETTE[k] },
      ...(anyPartial
        ? [{ name: r.name, type: 'line', smooth: false, symbolSize: 4, connectNulls: false, lineStyle: { type: 'dashed' }, tooltip: { show: false }, data: dashed(r.impressions), color: PALETTE[k] }]
        : []),
    ]),
  }
}

/** One colour per row, the same on its solid and dashed lines (echarts' default palette). */
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de']
