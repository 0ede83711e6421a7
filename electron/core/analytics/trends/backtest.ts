import { forecast } from './lifecycle'

/**
 * Backtest of the trend forecast (docs/trends.md): each trend's daily counts are cut at every
 * `step`-th day with at least `minHistory` days before it and `horizon` days after it; the
 * forecast made from the days up to the cut predicts the articles of the next `horizon` days,
 * which the counts after the cut then tell. The mean absolute percentage error is taken over
 * the cuts whose actual count is at least one article (a percentage of zero means nothing).
 */

/** The setting that keeps the last full pass's backtest (a JSON list of BacktestResult). */
export const FORECAST_BACKTEST = 'forecast_backtest'

export interface BacktestTrend {
  structuralType: string
  daily: readonly number[]
}

export interface BacktestResult {
  structuralType: string
  /** cuts scored */
  cases: number
  /** mean absolute percentage error, percent; null without cases */
  mape: number | null
  /** median absolute percentage error, percent */
  medianApe: number | null
}

export function predictedNext(daily: readonly number[], horizon: 7): number {
  const f = forecast(daily, daily.length - 1)
  const total = daily.reduce((s, c) => s + c, 0)
  const pct = horizon === 7 ? f.pct_next7d : null
  return pct === null ? 0 : (pct / 100) * total
}

export function backtestForecasts(trends: readonly BacktestTrend[], options: { horizon?: 7; step?: number; minHistory?: number } = {}): BacktestResult[] {
  const horizon = options.horizon ?? 7
  const step = options.step ?? 7
  const minHistory = options.minHistory ?? 3
  const errors = new Map<string, number[]>()
  for (const t of trends) {
    for (let cut = minHistory; cut + horizon <= t.daily.length; cut += step) {
      const history = t.daily.slice(0, cut)
      if (history.every((c) => c === 0)) continue
      const actual = t.daily.slice(cut, cut + horizon).reduce((s, c) => s + c, 0)
      if (actual < 1) continue
      const ape = (Math.abs(predictedNext(history, horizon) - actual) / actual) * 100
      const list = errors.get(t.structuralType) ?? []
      list.push(ape)
      errors.set(t.structuralType, list)
    }
  }
  const round1 = (x: number) => Math.round(x * 10) / 10
  return [...errors.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([structuralType, apes]) => {
      const sorted = [...apes].sort((a, b) => a - b)
      return {
        structuralType,
        cases: apes.length,
        mape: round1(apes.reduce((s, x) => s + x, 0) / apes.length),
        medianApe: round1(sorted[Math.floor(sorted.length / 2)]!),
      }
    })
}
