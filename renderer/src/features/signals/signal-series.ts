import type { RouteResponse } from '../../../../shared/contract/routes'
import type { FormatGroup } from '../../../../shared/contract/values'
import type { SignalsView } from './questions'
import { periodPhrase } from '../../components/period'

export type Point = RouteResponse<'getVolatility'>['series'][number]
type HistoryPoint = RouteResponse<'appVolatilityHistory'>['points'][number]

/** A point chosen to explain: its bucket, and the format group whose series it is on (none: the whole feed's). */
export interface Selection {
  bucket: string
  category?: FormatGroup
}

/** A point's bucket: its day, or its 3-hour slot. */
export const bucketOf = (p: Point) => p.date ?? p.bucket ?? ''

/** A history's points as a series of the public method (what the charts draw). */
export const asSeries = (points: readonly HistoryPoint[], granularity: 'day' | '3h'): Point[] =>
  points.map((p) => ({
    ...(granularity === 'day' ? { date: p.bucket } : { bucket: `${p.bucket}:00:00Z` }),
    volatility_index: p.volatility_index,
    is_spike: p.is_spike,
    state: p.state,
    confidence: p.confidence,
  }))

/** The view's period in a heading: "last 30 days", "the whole history", "2026-11-01 to 2026-11-07". */
export const periodTitle: (view: Pick<SignalsView, 'period' | 'date_from' | 'date_to'>) => string = periodPhrase

export const mean1 = (values: number[]) => (values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10)
