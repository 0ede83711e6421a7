import { formatGroups } from '../../../../shared/contract/values'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { summarizeSeries } from '../../analytics/signals/summary'
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

function toPoint(row: SignalPointRow, granularity: 'day' | '3h'): Point {
  const common = { volatility_index: row.value, is_spike: row.isSpike === 1, state: row.state as Point['state'] }
  if (granularity === 'day') return { date: row.bucket, ...common }
  return { bucket: `${row.bucket}:00:00Z`, slot: Math.floor(Number(row.bucket.slice(11, 13)) / 3), ...common }
}

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
    const rows = ctx.store.signals.series(
      'volatility',
      seriesCountry(query.country),
      query.granularity,
      fromBucket(ctx, query.granularity, WINDOW_DAYS),
      '',
    )
    return {
      country: query.country,
      granularity: query.granularity,
      window_days: WINDOW_DAYS,
      ...summarizeSeries(rows.map((r) => r.value)),
      series: rows.map((r) => toPoint(r, query.granularity)),
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
      ),
    )
    const groups = query.category ? [query.category] : [...formatGroups]
    return {
      country: query.country,
      category_filter: query.category ?? null,
      categories: groups.map((g) => {
        const rows = grouped.get(g) ?? []
        return {
          category: g,
          summary: summarizeSeries(rows.map((r) => r.value)),
          series: rows.map((r) => toPoint(r, query.granularity)),
        }
      }),
    }
  },

  getTopicVolatility(ctx, { query }) {
    const grouped = bySubject(
      ctx.store.signals.series('topic_volatility', seriesCountry(query.country), 'day', fromBucket(ctx, 'day', WINDOW_DAYS), query.category),
    )
    return {
      country: query.country,
      category_filter: query.category ?? null,
      categories: [...grouped.entries()].map(([topic, rows]) => ({
        category: topic,
        summary: summarizeSeries(rows.map((r) => r.value)),
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
      formats: formats.map((f) => {
        const rows = grouped.get(f) ?? []
        const last = rows[rows.length - 1]
        const detail = (last?.detail ? JSON.parse(last.detail) : {}) as { share_of_impressions?: number; share_of_publications?: number }
        return {
          format_type: f,
          summary: {
            ...summarizeSeries(rows.map((r) => r.value)),
            share_of_impressions: detail.share_of_impressions ?? null,
            share_of_publications: detail.share_of_publications ?? null,
          },
        }
      }),
    }
  },

  getTopCategories(ctx, { query }) {
    return {
      country: query.country,
      window_hours: 24,
      categories: ctx.store.signals.storedTopCategories(seriesCountry(query.country), query.limit),
    }
  },
}
