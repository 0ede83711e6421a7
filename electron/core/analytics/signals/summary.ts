import type { Confidence, PointState } from './volatility'

export type SignalTrend = 'rising' | 'stable' | 'falling'

/** How far (index points) the recent mean must move from the baseline mean to count as a change. */
export const TREND_THRESHOLD = 0.75

/**
 * Summary of an index series, oldest to newest: the newest value, and whether the last 3
 * points run above (rising) or below (falling) the 7 before them.
 */
export function summarizeSeries(values: number[]): { current_index: number | null; trend: SignalTrend } {
  if (values.length === 0) return { current_index: null, trend: 'stable' }
  const current = round1(values[values.length - 1]!)
  const recent = values.slice(-3)
  const baseline = values.slice(-10, -3)
  if (baseline.length === 0) return { current_index: current, trend: 'stable' }
  const diff = mean(recent) - mean(baseline)
  return { current_index: current, trend: diff > TREND_THRESHOLD ? 'rising' : diff < -TREND_THRESHOLD ? 'falling' : 'stable' }
}

/** A stored volatility point as a summary reads it. */
export interface SummaryPoint {
  value: number
  state: PointState
  confidence: Confidence
  insufficientBaseline: boolean
}

export interface VolatilitySummary {
  current_index: number | null
  mean_index: number | null
  trend: SignalTrend
  current_state: PointState | null
  confidence: Confidence | null
}

/**
 * A volatility series' summary (oldest point first): the newest index and the window's mean over
 * the points that have a baseline (a point without one is never a headline figure: null, not 0),
 * the trend over them, and the newest point's state and confidence.
 */
export function summarizeVolatility(points: readonly SummaryPoint[]): VolatilitySummary {
  const counted = points.filter((p) => !p.insufficientBaseline).map((p) => p.value)
  const last = points[points.length - 1]
  const { current_index, trend } = summarizeSeries(counted)
  return {
    current_index: last && !last.insufficientBaseline ? current_index : null,
    mean_index: counted.length > 0 ? round1(mean(counted)) : null,
    trend,
    current_state: last?.state ?? null,
    confidence: last?.confidence ?? null,
  }
}

/** A format interest series' summary: the newest index, the window's mean, the trend, and how far the newest sits from the mean. */
export function summarizeInterest(values: number[]): { current_index: number | null; mean_index: number | null; trend: SignalTrend; shift_vs_mean: number | null } {
  const { current_index, trend } = summarizeSeries(values)
  const mean_index = values.length > 0 ? round1(mean(values)) : null
  return { current_index, mean_index, trend, shift_vs_mean: current_index === null || mean_index === null ? null : round1(current_index - mean_index) }
}

export const round1 = (x: number): number => Math.round(x * 10) / 10
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length
