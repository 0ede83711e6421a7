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

export const round1 = (x: number): number => Math.round(x * 10) / 10
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length
