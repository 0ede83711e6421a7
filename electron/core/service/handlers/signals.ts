import { formatGroups } from '../../../../shared/contract/values'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { summarizeInterest, summarizeVolatility } from '../../analytics/signals/summary'
import type { Confidence, PointState } from '../../analytics/signals/volatility'
import type { SignalPointRow } from '../../store/repositories/signals'
import { addDays, addHours, dayKey, hourKey } from '../../time/buckets'
import type { HandlerMap } from '../handler-types'
import type { RequestContext } from '../context'

type SignalRoutes = 'getVolatility' | 'getCategoryVolatility' | 'getTopicVolatility' | 'getFormatInterest' | 'getTopCategories'
type Point = RouteResponse<'getVolatility'>['series'][number]

export const WINDOW_DAYS = 30
/** Without a category filter, category volatility returns these "short series" (docs/contract-decisions.md). */
export const SHORT_SERIES_DAYS = 7

/** Series are stored per country code, and under 'ALL' for the whole feed. */
const seriesCountry = (country: string) => (country === 'all' ? 'ALL' : country)

/** First bucket of the last `days` days: today and the days before it, or the 3-hour slots after now - days. */
function fromBucket(ctx: RequestContext, granularity: 'day' | '3h', days: number): string {
  return granularity === 'day' ? dayKey(addDays(ctx.now, -(days - 1))) : hourKey(addHours(ctx.now, -days * 24 + 1))
}

/** What the signals job keeps beside a volatility point (jobs/signals.ts). */
interface VolatilityDetail {
  confidence?: Confidence
  partial?: boolean
  note?: 'insufficient_baseline'
  metrics?: Point['metrics']
}

/** A stored point and its detail, read once for the series and its summary. */
interface ReadPoint {
  row: SignalPointRow
  detail: VolatilityDetail
}

const readPoints = (rows: SignalPointRow[]): ReadPoint[] => rows.map((row) => ({ row, detail: row.detail ? (JSON.parse(row.detail) as VolatilityDetail) : {} }))

function toPoint({ row, detail }: ReadPoint, granularity: 'day' | '3h'): Point {
  const common: Omit<Point, 'date' | 'bucket' | 'slot'> = {
    volatility_index: row.value,
    is_spike: row.isSpike === 1,
    state: row.state as PointState,
    confidence: detail.confidence ?? 'high',
    ...(detail.partial ? { partial: true } : {}),
    ...(detail.note ? { note: detail.note } : {}),
    ...(detail.metrics ? { metrics: detail.metrics } : {}),
  }
  if (granularity === 'day') return { date: row.bucket, ...common }
  return { bucket: `${row.bucket}:00:00Z`, slot: Math.floor(Number(row.bucket.slice(11, 13)) / 3), ...common }
}

const summaryOf = (points: ReadPoint[]) =>
  summarizeVolatility(
    points.map(({ row, detail }) => ({
      value: row.value,
      state: row.state as PointState,
      confidence: detail.confidence ?? 'high',
      insufficientBaseline: detail.note === 'insufficient_baseline',
    })),
  )

/** When the stored series were computed (the request's time before they ever were). */
const generatedAt = (ctx: RequestContext): string => ctx.store.settings.get('signals_computed_at') ?? ctx.now.toISOString()

function bySubject(rows: SignalPointRow[]): Map<string, SignalPointRow[]> {
  const map = new Map<string, SignalPointRow[]>()
  for (const r of rows) {
    const list = map.get(r.subject)
    if (list) list.push(r)
    else map.set(r.subject, [r])
  }
  return map
}

export const signalHandlers: HandlerMap<SignalRoutes> = {
  getVolatility(ctx, { query }) {
    const points = readPoints(
      ctx.store.signals.series('volatility', seriesCountry(query.country), query.granularity, fromBucket(ctx, query.granularity, WINDOW_DAYS), '', true),
    )
    const summary = summaryOf(points)
    return {
      country: query.country,
      granularity: query.granularity,
      window_days: WINDOW_DAYS,
      current_index: summary.current_index,
      trend: summary.trend,
      summary,
      generated_at: generatedAt(ctx),
      series: points.map((p) => toPoint(p, query.granularity)),
    }
  },

  getCategoryVolatility(ctx, { query }) {
    const days = query.category ? WINDOW_DAYS : SHORT_SERIES_DAYS
    const grouped = bySubject(
      ctx.store.signals.series(
        'format_volatility',
        seriesCountry(query.country),
        query.granularity,
        fromBucket(ctx, query.granularity, days),
        query.category,
        true,
      ),
    )
    const groups = query.category ? [query.category] : [...formatGroups]
    return {
      country: query.country,
      category_filter: query.category ?? null,
      generated_at: generatedAt(ctx),
      categories: groups.map((g) => {
        const points = readPoints(grouped.get(g) ?? [])
        return {
          category: g,
          summary: summaryOf(points),
          series: points.map((p) => toPoint(p, query.granularity)),
        }
      }),
    }
  },

  getTopicVolatility(ctx, { query }) {
    const grouped = bySubject(
      ctx.store.signals.series('topic_volatility', seriesCountry(query.country), 'day', fromBucket(ctx, 'day', WINDOW_DAYS), query.category, true),
    )
    return {
      country: query.country,
      category_filter: query.category ?? null,
      generated_at: generatedAt(ctx),
      categories: [...grouped.entries()].map(([topic, rows]) => ({
        category: topic,
        summary: summaryOf(readPoints(rows)),
      })),
    }
  },

  getFormatInterest(ctx, { query }) {
    const grouped = bySubject(
      ctx.store.signals.series('format_interest', seriesCountry(query.country), 'day', fromBucket(ctx, 'day', WINDOW_DAYS), query.format, true),
    )
    const formats = query.format ? [query.format] : [...formatGroups]
    return {
      country: query.country,
      format_filter: query.format ?? null,
      generated_at: generatedAt(ctx),
      formats: formats.map((f) => {
        const rows = grouped.get(f) ?? []
        const series = rows.map((r) => {
          const d = JSON.parse(r.detail ?? '{}') as { share_of_impressions: number; share_of_publications: number; impressions?: number; articles?: number }
          return {
            date: r.bucket,
            interest_index: r.value,
            impressions: d.impressions ?? 0,
            articles: d.articles ?? 0,
            share_of_impressions: d.share_of_impressions,
            share_of_publications: d.share_of_publications,
          }
        })
        const last = series[series.length - 1]
        return {
          format_type: f,
          summary: {
            ...summarizeInterest(series.map((p) => p.interest_index)),
            share_of_impressions: last?.share_of_impressions ?? null,
            share_of_publications: last?.share_of_publications ?? null,
          },
          series,
        }
      }),
    }
  },

  getTopCategories(ctx, { query }) {
    return {
      country: query.country,
      window_hours: 24,
      generated_at: generatedAt(ctx),
      categories: ctx.store.signals.storedTopCategories(seriesCountry(query.country), query.limit),
    }
  },
}
