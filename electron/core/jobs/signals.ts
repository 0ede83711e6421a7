import { formatGroups } from '../../../shared/contract/values'
import {
  combineSeries as combine,
  indexSeries,
  pointDistances,
  subjectPairs,
  wholeSeries,
  BASELINE_DAYS,
  DAY_UNIT,
  SLOT_UNIT,
  type DistanceSeries as Series,
  type IndexedPoint,
} from '../analytics/signals/volatility'
import { periodMetrics } from '../analytics/signals/period-metrics'
import { formatInterestSeries } from '../analytics/signals/format-interest'
import { rankTopCategories } from '../analytics/signals/top-categories'
import type { Store } from '../store/store'
import { runSteps, write } from '../steps'
import { DAY_MS, dayKeyOfIndex, slotOfDay } from '../time/buckets'

/** Days of series kept: the 30 the methods show. */
export const SERIES_DAYS = 30
/** Top categories kept per country: the most the method's limit asks. */
const TOP_CATEGORIES_KEPT = 500

/**
 * Recomputes every stored signal series from the feed snapshots: the volatility index per
 * country and for the whole feed, per day and per 3-hour slot; the same per format group and
 * per top-level topic; and format interest. Runs after bulk loads and in the background.
 */
export function refreshSignals(store: Store, now: Date = new Date()): { points: number; through: string | null } {
  return runSteps(signalSteps(store, now))
}

/**
 * How the stored series are computed: a store whose series were computed another way recomputes
 * them at the next refresh. Changed whenever what the signals job writes changes.
 */
export const SIGNALS_METHOD = '2026-11-27 states calm, active, blip, sustained; confidence; a running period compared on the same hours; the newest point\'s metrics; format interest series'

/** Whether the stored series were computed another way than this version computes them. */
export function signalsMethodOutdated(store: Store): boolean {
  return store.settings.get('signals_method') !== SIGNALS_METHOD && store.signalWriter.latestObservation() !== null
}

/** True when observations arrived after the series were last computed. */
export function signalsStale(store: Store): boolean {
  if (signalsMethodOutdated(store)) return true
  const latest = store.signalWriter.latestObservation()
  if (latest === null) return false
  const through = store.settings.get('signals_through')
  return !through || Date.parse(through) < latest * 1000
}

type SeriesRow = Parameters<Store['signalWriter']['replace']>[1][number]

/**
 * Every signal, computed then written in one transaction: the volatility series (overall, per
 * format group and per topic), format interest, and top categories, each a step of its own.
 */
export function* signalSteps(store: Store, now: Date): Generator<unknown, { points: number; through: string | null }, unknown> {
  const w = store.signalWriter
  const latest = w.latestObservation()
  if (latest === null) {
    yield* write(store, () => {
      for (const signal of ['volatility', 'format_volatility', 'topic_volatility', 'format_interest', 'top_categories']) w.replace(signal, [])
    })
    return { points: 0, through: null }
  }
  const end = Math.min(latest, Math.floor(now.getTime() / 1000))
  const volatility = yield* volatilitySteps(store, end)
  const interest = formatInterestRows(store, end)
  yield
  const top = topCategoryRows(store, end)
  yield* write(store, () => {
    for (const [signal, list] of Object.entries(volatility)) w.replace(signal, list)
    w.replace('format_interest', interest)
    w.replace('top_categories', top)
    store.settings.set('signals_through', new Date(end * 1000).toISOString())
    store.settings.set('signals_computed_at', now.toISOString())
    store.settings.set('signals_method', SIGNALS_METHOD)
  })
  store.changed()
  return { points: Object.values(volatility).reduce((s, r) => s + r.length, 0) + interest.length, through: new Date(end * 1000).toISOString() }
}

/**
 * The volatility index per country and for the whole feed, per day and per 3-hour slot; the same
 * per format group and per top-level topic (daily only). Pauses after each country.
 */
function* volatilitySteps(store: Store, end: number): Generator<unknown, Record<string, SeriesRow[]>, unknown> {
  const w = store.signalWriter
  const from = end - (SERIES_DAYS + BASELINE_DAYS + 1) * 86_400
  const keepFrom = new Date((end - SERIES_DAYS * 86_400) * 1000).toISOString().slice(0, 10)
  const topicOf = w.topicsOfArticles()
  const topics = [...new Set(topicOf.values())].sort()
  const rows: Record<string, SeriesRow[]> = { volatility: [], format_volatility: [], topic_volatility: [] }
  const all: Record<string, { day: Series[]; slot: Series[] }> = {}

  const emit = (signal: string, country: string, subject: string, granularity: 'day' | '3h', points: IndexedPoint[]) => {
    for (const p of points) {
      if (p.bucket.slice(0, 10) < keepFrom) continue
      rows[signal]!.push({
        country,
        subject,
        granularity,
        bucket: p.bucket,
        value: p.index,
        isSpike: p.isSpike,
        state: p.state,
        detail: {
          distance: Math.round(p.distance * 10000) / 10000,
          z: Math.round(p.z * 100) / 100,
          confidence: p.confidence,
          baseline_points: p.baselinePoints,
          ...(p.partial ? { partial: true } : {}),
          ...(p.insufficientBaseline ? { note: 'insufficient_baseline' } : {}),
        },
      })
    }
  }
  /** One series of a country from its distances per day and per 3-hour slot (a topic's: daily only, the contract's topic-volatility has no granularity). */
  const series = (signal: string, country: string, subject: string, day: Series, slot: Series) => {
    emit(signal, country, subject, 'day', indexSeries(day, BASELINE_DAYS))
    emit(signal, country, subject, '3h', indexSeries(slot, BASELINE_DAYS, slotOfDay))
    const key = `${signal}|${subject}`
    all[key] ??= { day: [], slot: [] }
    all[key]!.day.push(day)
    all[key]!.slot.push(slot)
  }

  for (const country of store.geo.regionCodes()) {
    const snapshots = w.snapshots(country, from, end)
    if (snapshots.length < 2) continue
    series('volatility', country, '', pointDistances(snapshots, DAY_UNIT), pointDistances(snapshots, SLOT_UNIT))
    // each snapshot split once by format group, and once by topic
    for (const [group, pairs] of subjectPairs(snapshots, formatGroups, (seq, s) => s.formats.get(seq))) {
      series('format_volatility', country, group, wholeSeries(pairs, DAY_UNIT), wholeSeries(pairs, SLOT_UNIT))
    }
    for (const [topic, pairs] of subjectPairs(snapshots, topics, (seq) => topicOf.get(seq))) series('topic_volatility', country, topic, wholeSeries(pairs, DAY_UNIT), [])
    yield
  }
  for (const [key, parts] of Object.entries(all)) {
    const [signal, subject] = key.split('|') as [string, string]
    emit(signal, 'ALL', subject, 'day', indexSeries(combine(parts.day), BASELINE_DAYS))
    emit(signal, 'ALL', subject, '3h', indexSeries(combine(parts.slot), BASELINE_DAYS, slotOfDay))
  }
  addLatestMetrics(store, rows, topicOf)
  return rows
}

/**
 * The feed's figures of each series' newest point (its period so far), beside its index: the
 * impressions of every sighting in it, the articles shown and their publishers; a format group's
 * or a topic's of its own articles. Read from the hourly cells, as every other figure is.
 */
function addLatestMetrics(store: Store, rows: Record<string, SeriesRow[]>, topicOf: Map<number, string>): void {
  const newest = new Map<string, string>()
  for (const list of Object.values(rows)) {
    for (const r of list) {
      const key = `${r.country}|${r.granularity}`
      if ((newest.get(key) ?? '') < r.bucket) newest.set(key, r.bucket)
    }
  }
  const articlesOf = new Map<string, ReturnType<Store['signalWriter']['periodArticles']>>()
  for (const [key, bucket] of newest) {
    const [country, granularity] = key.split('|') as [string, 'day' | '3h']
    const fromHour = Date.parse(granularity === 'day' ? `${bucket}T00:00:00Z` : `${bucket}:00:00Z`) / 3_600_000
    articlesOf.set(key, store.signalWriter.periodArticles(country === 'ALL' ? null : [country], fromHour, fromHour + (granularity === 'day' ? 24 : 3)))
  }
  const keeps: Record<string, (subject: string) => (a: { seq: number; contentType: string | null }) => boolean> = {
    volatility: () => () => true,
    format_volatility: (group) => (a) => a.contentType === group,
    topic_volatility: (topic) => (a) => topicOf.get(a.seq) === topic,
  }
  for (const [signal, list] of Object.entries(rows)) {
    for (const r of list) {
      const key = `${r.country}|${r.granularity}`
      if (r.bucket !== newest.get(key)) continue
      const keep = keeps[signal]!(r.subject)
      r.detail = { ...(r.detail as object), metrics: periodMetrics(articlesOf.get(key)!.filter(keep)) }
    }
  }
}

/** Format interest per day of the last 30, per country and for the whole feed. */
function formatInterestRows(store: Store, end: number): SeriesRow[] {
  const fromDay = Math.floor((end * 1000 - SERIES_DAYS * DAY_MS) / DAY_MS)
  const rows: SeriesRow[] = []
  for (const country of [null, ...store.geo.regionCodes()]) {
    for (const point of formatInterestSeries(store.signalWriter.formatDays(country, fromDay))) {
      rows.push({
        country: country ?? 'ALL',
        subject: point.format,
        granularity: 'day',
        bucket: dayKeyOfIndex(point.day),
        value: point.index,
        isSpike: false,
        state: 'active',
        detail: { share_of_impressions: point.shareOfImpressions, share_of_publications: point.shareOfPublications, impressions: point.impressions, articles: point.publications },
      })
    }
  }
  return rows
}

/**
 * Top categories of the 24 hours up to the newest data (the current hour and the 23 before),
 * against the 24 before them, per country and for the whole feed; read as they are by
 * /public/discover/categories.
 */
function topCategoryRows(store: Store, end: number): SeriesRow[] {
  const toHour = Math.floor(end / 3600) + 1
  const rows: SeriesRow[] = []
  for (const country of [null, ...store.geo.regionCodes()]) {
    const countries = country ? [country] : store.geo.regionCodes()
    const window = store.signals.categoryWindow(countries, toHour - 24, toHour, toHour - 48)
    for (const r of rankTopCategories(window.current, window.previous, window.facts, TOP_CATEGORIES_KEPT)) {
      rows.push({
        country: country ?? 'ALL',
        subject: r.category,
        granularity: '24h',
        bucket: new Date(toHour * 3_600_000).toISOString(),
        value: r.impressions,
        isSpike: false,
        state: 'active',
        detail: { publications: r.publications, publishers: r.publishers, delta_pct: r.delta_pct, share_of_impressions: r.share_of_impressions },
      })
    }
  }
  return rows
}
