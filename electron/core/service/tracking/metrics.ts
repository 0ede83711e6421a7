import type { RouteInput, RouteResponse } from '../../../../shared/contract/routes'
import type { ListKind } from '../../../../shared/contract/values'
import type { MatchType } from '../../analytics/mentions/matching'
import { entityNumberOf, itemTotals, pageFigures, type ItemFigures, type RelatedEntity } from '../../analytics/tracking/list-figures'
import { changePct, foldSeries, ranks } from '../../analytics/tracking/sparkline'
import { bucketKeys } from '../../time/buckets'
import type { TrackingItem, TrackingList } from '../../store/repositories/tracking'
import { DAY_MS, HOUR_MS, isoFromSeconds } from '../../time/buckets'
import type { RequestContext } from '../context'
import { listActivity, type WithPreviousTotals } from './activity'
import { activityKey } from './views'
import { trackingWindow } from './window'

type Metrics = RouteResponse<'getTrackingMetrics'>
type Row = Metrics['items'][number]

/** Entities shown per metrics row (related, or top_entities for publishers). */
const RELATED_PER_ROW = 5
const NO_FORECAST = { pct_next24h: null, pct_next7d: null, pct_next30d: null, predicted_total_reach: null, predicted_end_at: null, confidence: null }
const round1 = (x: number) => Math.round(x * 10) / 10


const forecastOf = (json: string | null | undefined) => (json ? { ...NO_FORECAST, ...(JSON.parse(json) as Partial<typeof NO_FORECAST>) } : NO_FORECAST)

/**
 * One page of a list's rows with their figures in the window and against the one before
 * (docs/contract-decisions.md, "Metrics, roll-up and matches"). An answer is kept until the data
 * or the list changes, or the window moves to another hour; only `scope` is made anew.
 */
export async function listMetrics(ctx: RequestContext, list: TrackingList, query: RouteInput<'getTrackingMetrics'>['query']): Promise<Metrics> {
  const tw = trackingWindow(ctx, list, query)
  const { window: w } = tw
  const scope = { ...tw.scope, grain: query.grain, prev_from: w.prevFrom.toISOString(), prev_to: w.prevTo.toISOString() }
  const hours = [tw.current.fromHour, tw.current.toHour, tw.previous.fromHour, tw.previous.toHour]
  const key = JSON.stringify(['metrics', list.id, list.updatedAt, list.itemCount, tw.markets, query.lang, query.grain, query.limit, query.offset, hours])
  // figures from an index of older data (its successor being built) are not kept
  const answer = await ctx.answers.rememberAsync(key, () => computeMetrics({ ctx, list, query, tw, scope, fold: foldSeries }))
  return { ...answer, scope }
}

/**
 * A page of a list's items over the window, one value a calendar day (or hour) it touches: the
 * metrics' sparklines before they are folded into 24 points. The window's first and last steps are
 * partial (from its first hour; so far), and say so, so that a chart never draws them as a drop.
 */
export async function listSeries(ctx: RequestContext, list: TrackingList, query: RouteInput<'getTrackingMetrics'>['query']): Promise<RouteResponse<'appTrackingSeries'>> {
  const tw = trackingWindow(ctx, list, query)
  const hours = [tw.current.fromHour, tw.current.toHour, tw.previous.fromHour, tw.previous.toHour]
  const key = JSON.stringify(['series', list.id, list.updatedAt, list.itemCount, tw.markets, query.lang, query.grain, query.limit, query.offset, hours])
  const scope = { ...tw.scope, grain: query.grain, prev_from: tw.window.prevFrom.toISOString(), prev_to: tw.window.prevTo.toISOString() }
  const metrics = await ctx.answers.rememberAsync(key, () => computeMetrics({ ctx, list, query, tw, scope, fold: (series) => Array.from(series) }))
  const step = query.grain === 'hour' ? HOUR_MS : DAY_MS
  const from = tw.current.fromHour * HOUR_MS
  const to = tw.current.toHour * HOUR_MS
  // a step before the window's first hour (a window from 23:30 touches that day, not one hour of it) holds nothing: left out
  const steps = bucketKeys(tw.window.from, tw.window.to, query.grain).map((b) => ({ b, start: Math.max(b * step, from), end: Math.min((b + 1) * step, to) }))
  const kept = steps.map((x) => x.end > x.start)
  const keep = (values: number[]) => values.filter((_, i) => kept[i])
  return {
    list_id: list.id,
    grain: query.grain,
    buckets: steps
      .filter((_, i) => kept[i])
      .map(({ b, start, end }) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString(), partial: start > b * step || end < (b + 1) * step })),
    items: metrics.items.map((r) => ({ key: r.key, name: r.name, impressions: keep(r.impressions_spark), publications: keep(r.publications_spark) })),
    total: metrics.total,
    limit: metrics.limit,
    offset: metrics.offset,
  }
}

/** What the rows of a page are made from: the items' figures now and before, their sparklines, related entities and forecasts. */
interface PageFacts {
  kind: ListKind
  /** an item's place in the list's keys (a key listed twice: its first place) */
  placeOf: Map<string, number>
  current: Map<number, ItemFigures | null>
  previous: Float64Array
  rankNow: Map<string, number>
  rankPrev: Map<string, number>
  sparkOf: (place: number, field: 'impressions' | 'publications') => number[]
  related: Map<number, RelatedEntity[]>
  forecasts: Map<string, string | null>
}

/** What a page of metrics is asked for: the list, the query and its windows, and how a series is folded into a sparkline. */
interface MetricsAsk {
  ctx: RequestContext
  list: TrackingList
  query: RouteInput<'getTrackingMetrics'>['query']
  tw: ReturnType<typeof trackingWindow>
  scope: Metrics['scope']
  fold: (series: ArrayLike<number>) => number[]
}

async function computeMetrics(ask: MetricsAsk): Promise<{ value: Metrics; behind: boolean }> {
  const { ctx, list, query, tw } = ask
  const items = ctx.store.tracking.itemsWithoutCounts(list.id)
  const keys = items.map((i) => activityKey(list, i))
  const activity = await listActivity(ctx, { kind: list.kind, listId: list.id, keys, current: tw.current, previous: tw.previous }, { previous: 'totals', grain: query.grain })
  try {
    return { value: metricsOf(ask, items, keys, activity), behind: activity.behind }
  } finally {
    activity.release()
  }
}

/** The answer made of a list's activity (read nothing of `activity` after it: its arrays are lent). */
function metricsOf({ ctx, list, query, tw, scope, fold }: MetricsAsk, items: TrackingItem[], keys: string[], activity: WithPreviousTotals): Metrics {
  const kind = list.kind as ListKind
  const page = items.slice(query.offset, query.offset + query.limit)
  const pageKeys = page.map((i) => activityKey(list, i))
  const { data, now, nowRows } = activity
  const placeOf = new Map<string, number>()
  keys.forEach((k, i) => placeOf.has(k) || placeOf.set(k, i))
  const pagePlaces = [...new Set(pageKeys.map((k) => placeOf.get(k)!))]
  const totalsNow = itemTotals(now, nowRows)
  const previous = activity.beforeTotals
  const buckets = bucketKeys(tw.window.from, tw.window.to, query.grain)
  const withRelated = kind !== 'mention' && kind !== 'trend'
  const figures = pageFigures(data, now, nowRows, pagePlaces, {
    window: tw.current,
    grain: query.grain,
    firstBucket: buckets[0] ?? 0,
    buckets: buckets.length,
    hourRows: activity.nowHours,
    itemDays: activity.nowDays,
    totals: kind === 'mention',
    related: withRelated ? { limit: RELATED_PER_ROW, leaveOut: pagePlaces.map((p) => entityNumberOf(data, keys[p]!)) } : null,
  })
  const pageOf = new Map(pagePlaces.map((p, i) => [p, figures.items[i]!]))
  const totals = figures.totals
  const facts: PageFacts = {
    kind,
    placeOf,
    current: new Map(pagePlaces.map((p) => [p, pageOf.get(p)!.figures])),
    previous,
    rankNow: ranks(new Map(keys.map((k) => [k, totalsNow[placeOf.get(k)!]!]))),
    rankPrev: ranks(new Map(keys.map((k) => [k, previous[placeOf.get(k)!]!]))),
    sparkOf: (place, field) => fold(pageOf.get(place)!.series[field]),
    related: new Map(pagePlaces.map((p) => [p, pageOf.get(p)!.related])),
    forecasts: kind === 'trend' ? ctx.store.trends.forecasts(pageKeys) : new Map(),
  }
  const rows = page.map((item) => metricsRow(list, item, facts))
  const pageImpressions = rows.reduce((s, r) => s + r.impressions, 0)
  const pagePrevImpressions = pageKeys.reduce((s, k) => s + previous[placeOf.get(k)!]!, 0)
  // Publications with a match seen in each step (each once, whichever keywords it matched).
  const timeseries =
    kind === 'mention'
      ? buckets.map((b, i) => ({
          ts: new Date(b * (query.grain === 'hour' ? HOUR_MS : DAY_MS)).toISOString(),
          urls: totals!.publications[i]!,
          impressions: totals!.impressions[i]!,
        }))
      : undefined
  const value: Metrics = {
    list_id: list.id,
    kind,
    scope,
    items: rows,
    summary: {
      scope: 'page' as const,
      impressions: pageImpressions,
      publications_count: rows.reduce((s, r) => s + r.publications_count, 0),
      delta_pct: kind === 'trend' ? null : changePct(pageImpressions, pagePrevImpressions),
      impressions_spark: rows.reduce<number[]>((acc, r) => r.impressions_spark.map((v, i) => v + (acc[i] ?? 0)), []),
      ...(timeseries ? { timeseries } : {}),
    },
    total: items.length,
    limit: query.limit,
    offset: query.offset,
  }
  return value
}

/**
 * One item's row (docs/contract-decisions.md, "Metrics, roll-up and matches"). Its fields are
 * added one after another in the order they are sent: a row made of spread parts was a
 * dictionary of its own (several kilobytes), and a page makes hundreds.
 */
function metricsRow(list: TrackingList, item: TrackingItem, f: PageFacts): Row {
  const { kind } = f
  const key = activityKey(list, item)
  const place = f.placeOf.get(key)!
  const cur = f.current.get(place)
  const impressions = cur?.impressions ?? 0
  const row: Record<string, unknown> = {
    key,
    name: item.name,
    impressions,
    publications_count: cur?.publications ?? 0,
    delta_pct: kind === 'trend' ? null : changePct(impressions, f.previous[place]!),
    rank_delta: (f.rankPrev.get(key) ?? 0) - (f.rankNow.get(key) ?? 0),
    impressions_spark: f.sparkOf(place, 'impressions'),
    publications_spark: f.sparkOf(place, 'publications'),
    last_seen: cur?.lastSeen == null ? null : isoFromSeconds(cur.lastSeen),
  }
  if (kind === 'mention') {
    row.match_type = (item.type ?? 'broad') as MatchType
    return row as Row
  }
  const top = (f.related.get(place) ?? []).slice(0, RELATED_PER_ROW)
  row.resolved_id = kind === 'entity' && item.type === null ? '' : item.key
  row.resolved_type = kind === 'entity' ? (item.type ?? '') : kind
  row.publishers_count = cur?.publishers ?? 0
  row.trends_count = cur?.trends ?? 0
  row.avg_position = cur && cur.observations > 0 ? round1(cur.positionSum / cur.observations) : 0
  row.avg_lifespan_hours = cur?.lifespanHours == null ? 0 : round1(cur.lifespanHours)
  row.lived_hours = cur?.livedHours ?? 0
  if (kind === 'publisher') row.top_entities = top.map((r) => ({ entity_id: r.entityId, name: r.name, pubs: r.pubs }))
  else row.related = top.map((r) => r.name)
  if (kind === 'trend') row.forecast = forecastOf(f.forecasts.get(key))
  return row as Row
}
