import { membersOf, type ActivityData } from '../activity/activity-data'
import { inStretch, livesOutside, livingRange } from '../activity/living-range'
import { articleInPeriod, daySpan, type DayRange, type Period } from './period'
import { dayOfSeconds } from '../../time/buckets'

export type { DayRange } from './period'

/** A period's days from its instants (epoch seconds): every day it touches, partly or wholly. */
export function dayRangeOf(from: number | undefined, to: number | undefined): DayRange {
  return { fromDay: from === undefined ? null : dayOfSeconds(from), toDay: to === undefined ? null : Math.ceil(to / 86_400) }
}

/** A period of whole days alone (no end hours): what a DayRange stands for where a Period is asked. */
export const wholeDays = (days: DayRange): Period => ({ days, touched: days, edgeHours: [], edges: new Map(), countries: null })

const asPeriod = (p: Period | DayRange): Period => ('edges' in p ? p : wholeDays(p))

/** Whether a period is every day of every country (the whole-life sums answer it). */
const isAllOf = (p: Period) => p.days.fromDay === null && p.days.toDay === null && p.countries === null && p.edges.size === 0

export interface GroupFigures {
  impressions: number
  /** the best (lowest) position any of the articles reached in the period; null: none seen in it */
  bestPosition: number | null
  /** how many of the articles were seen in the period */
  articles: number
}

/**
 * The feed figures of a group of articles (index numbers) in a period: an article whose every
 * day lies in its whole days (and every country counted) counts its whole-life sums; one partly
 * in it, its cells of those days and its sightings in the end hours.
 */
export function groupFigures(data: ActivityData, articles: ArrayLike<number>, range: Period | DayRange): GroupFigures {
  const period = asPeriod(range)
  const { whole } = data
  const [from, to] = daySpan(period.days)
  const [touchedFrom, touchedTo] = daySpan(period.touched)
  let impressions = 0
  let best = Number.POSITIVE_INFINITY
  let seen = 0
  for (let i = 0; i < articles.length; i++) {
    const a = articles[i]!
    if (livesOutside(data, a, touchedFrom, touchedTo)) continue
    if (period.countries === null && whole.firstDay[a]! >= from && whole.lastDay[a]! < to && !period.edges.has(data.seq[a]!)) {
      impressions += whole.impressions[a]!
      if (whole.bestPosition[a]! < best) best = whole.bestPosition[a]!
      seen++
      continue
    }
    const sums = articleInPeriod(data, a, period, false)
    if (!sums) continue
    impressions += sums.impressions
    if (sums.bestPosition < best) best = sums.bestPosition
    seen++
  }
  return { impressions, bestPosition: best === Number.POSITIVE_INFINITY ? null : best, articles: seen }
}

/**
 * Each trend's figures in the period (a trend the index does not know: none). Over all of history,
 * every trend's sums at once, kept with the index; for many trends in a period, one pass over the
 * period's articles (a list of every trend seen in it walks those, not every trend's members).
 */
export function trendFigures(data: ActivityData, trendIds: readonly string[], range: Period | DayRange): Map<string, GroupFigures> {
  const period = asPeriod(range)
  const everyTrend = isAllOf(period) ? lifetimeTrendFigures(data) : trendIds.length > MEMBERS_WALKED ? periodTrendFigures(data, period) : null
  const none = { impressions: 0, bestPosition: null, articles: 0 }
  return new Map(
    trendIds.map((id) => {
      const n = data.trends.find(id)
      if (everyTrend) return [id, n === undefined ? none : (everyTrend[n] ?? none)]
      return [id, groupFigures(data, n === undefined ? [] : membersOf(data.byTrend, n), period)]
    }),
  )
}

/** Up to this many trends (a page of the list) are read through their own members. */
const MEMBERS_WALKED = 200

/** Every trend's figures in a period (by trend number), from one pass over the period's articles. */
function periodTrendFigures(data: ActivityData, period: Period): GroupFigures[] {
  const trends = data.trends.list.length
  const impressions = new Float64Array(trends)
  const best = new Float64Array(trends).fill(Number.POSITIVE_INFINITY)
  const seen = new Float64Array(trends)
  const [from, to] = daySpan(period.touched)
  const [lo, hi] = livingRange(data, from, to)
  for (let a = lo; a < hi; a++) {
    const t = data.trend[a]!
    if (t < 0 || livesOutside(data, a, from, to)) continue
    const sums = articleInPeriod(data, a, period, false)
    if (!sums) continue
    impressions[t] = impressions[t]! + sums.impressions
    seen[t] = seen[t]! + 1
    if (sums.bestPosition < best[t]!) best[t] = sums.bestPosition
  }
  return Array.from({ length: trends }, (_, t) => ({ impressions: impressions[t]!, bestPosition: best[t] === Number.POSITIVE_INFINITY ? null : best[t]!, articles: seen[t]! }))
}

const lifetimeOf = new WeakMap<ActivityData, GroupFigures[]>()

/** Every trend's figures over all of history (by trend number), summed once per index from its articles' whole-life sums. */
function lifetimeTrendFigures(data: ActivityData): GroupFigures[] {
  let figures = lifetimeOf.get(data)
  if (figures) return figures
  const trends = data.trends.list.length
  const impressions = new Float64Array(trends)
  const best = new Float64Array(trends).fill(Number.POSITIVE_INFINITY)
  const seen = new Float64Array(trends)
  const { whole } = data
  for (let a = 0; a < data.seq.length; a++) {
    const t = data.trend[a]!
    // an article without cells has no figures (as groupFigures skips it)
    if (t < 0 || whole.firstDay[a]! > whole.lastDay[a]!) continue
    impressions[t] = impressions[t]! + whole.impressions[a]!
    seen[t] = seen[t]! + 1
    if (whole.bestPosition[a]! < best[t]!) best[t] = whole.bestPosition[a]!
  }
  figures = Array.from({ length: trends }, (_, t) => ({ impressions: impressions[t]!, bestPosition: best[t] === Number.POSITIVE_INFINITY ? null : best[t]!, articles: seen[t]! }))
  lifetimeOf.set(data, figures)
  return figures
}

/** Each country's articles (seen there in the period) and their impressions there, off the period's cells. */
export function countryFigures(data: ActivityData, range: Period | DayRange): Map<string, { articles: number; impressions: number }> {
  const period = asPeriod(range)
  const figures = new Map(data.countries.list.map((code) => [code, { articles: 0, impressions: 0 }]))
  const [from, to] = daySpan(period.touched)
  const [lo, hi] = livingRange(data, from, to)
  for (let a = lo; a < hi; a++) {
    if (livesOutside(data, a, from, to)) continue
    const sums = articleInPeriod(data, a, period)
    if (!sums) continue
    for (const [country, impressions] of sums.countries) {
      const f = figures.get(country) ?? { articles: 0, impressions: 0 }
      f.articles++
      f.impressions += impressions
      figures.set(country, f)
    }
  }
  return figures
}

export interface PublisherFigures {
  articles: number
  impressions: number
  /** its impressions over all impressions of the feed in the days (0 when the feed had none) */
  share: number
  /** mean feed position over its observations in the days; null: none */
  avgPosition: number | null
  /** its trends by its impressions in them, the largest first: [trend id, impressions] */
  trends: Array<[string, number]>
}

const feedByDayOf = new WeakMap<ActivityData, { firstDay: number; impressions: Float64Array }>()

/** The whole feed's impressions per day (all countries), summed once per index from its daily cells. */
function feedImpressionsByDay(data: ActivityData): { firstDay: number; impressions: Float64Array } {
  let feed = feedByDayOf.get(data)
  if (feed) return feed
  const { days } = data
  let first = Number.POSITIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  for (let k = 0; k < days.day.length; k++) {
    if (days.day[k]! < first) first = days.day[k]!
    if (days.day[k]! > last) last = days.day[k]!
  }
  const impressions = new Float64Array(days.day.length === 0 ? 0 : last - first + 1)
  for (let k = 0; k < days.day.length; k++) impressions[days.day[k]! - first] = impressions[days.day[k]! - first]! + days.impressions[k]!
  feed = { firstDay: days.day.length === 0 ? 0 : first, impressions }
  feedByDayOf.set(data, feed)
  return feed
}

/** Each domain's feed figures in the period (a domain the index does not know: none). */
export function publisherFigures(data: ActivityData, domains: readonly string[], range: Period | DayRange, trendsPerPublisher = 3): Map<string, PublisherFigures> {
  const period = asPeriod(range)
  const [from, to] = daySpan(period.days)
  // the feed's impressions in the whole days, from its totals per day (every daily cell was read on each call: four times as many at a year of history)
  const feed = feedImpressionsByDay(data)
  let feedImpressions = 0
  for (let i = Math.max(0, from - feed.firstDay); i < Math.min(feed.impressions.length, to - feed.firstDay); i++) feedImpressions += feed.impressions[i]!
  // and in the end hours, from their sightings
  for (const sightings of period.edges.values()) for (const s of sightings) feedImpressions += s.impressions
  // a publisher's articles of the period's stretch of the index, not of all history
  const [touchedFrom, touchedTo] = daySpan(period.touched)
  const stretch = livingRange(data, touchedFrom, touchedTo)
  return new Map(
    domains.map((domain) => {
      const n = data.domains.find(domain)
      const members = inStretch(n === undefined ? new Int32Array(0) : membersOf(data.byDomain, n), stretch)
      let articles = 0
      let impressions = 0
      let observations = 0
      let positionSum = 0
      const byTrend = new Map<number, number>()
      for (const a of members) {
        if (livesOutside(data, a, touchedFrom, touchedTo)) continue
        const sums = articleInPeriod(data, a, period, false)
        if (!sums) continue
        articles++
        impressions += sums.impressions
        observations += sums.observations
        positionSum += sums.positionSum
        const t = data.trend[a]!
        if (t >= 0) byTrend.set(t, (byTrend.get(t) ?? 0) + sums.impressions)
      }
      const trends = [...byTrend]
        .sort((x, y) => y[1] - x[1] || x[0] - y[0])
        .slice(0, trendsPerPublisher)
        .map(([t, imps]): [string, number] => [data.trends.list[t]!, imps])
      return [domain, { articles, impressions, share: feedImpressions > 0 ? impressions / feedImpressions : 0, avgPosition: observations > 0 ? positionSum / observations : null, trends }]
    }),
  )
}

/**
 * Articles ranked by their impressions in the period (its countries), for a page: the candidates
 * (seqs; null: every article of the index) seen in it, largest first (or smallest with
 * `ascending`), ties by seq in the same direction. Off each article's impressions per day (every
 * country) and its end hours' sightings; off its cells when the period counts some countries only.
 */
export function rankByImpressions(
  data: ActivityData,
  candidates: readonly number[] | null,
  range: Period | DayRange,
  page: { ascending: boolean; offset: number; limit: number },
): { seqs: number[]; total: number } {
  const period = asPeriod(range)
  const { perDay } = data
  const [from, to] = daySpan(period.days)
  const [touchedFrom, touchedTo] = daySpan(period.touched)
  const seqs: number[] = []
  const impressions: number[] = []
  const consider = (a: number) => {
    if (a < 0 || livesOutside(data, a, touchedFrom, touchedTo)) return
    if (period.countries !== null) {
      const sums = articleInPeriod(data, a, period, false)
      if (!sums) return
      seqs.push(data.seq[a]!)
      impressions.push(sums.impressions)
      return
    }
    let sum = 0
    let seen = false
    for (let k = perDay.start[a]!; k < perDay.start[a + 1]!; k++) {
      const day = perDay.day[k]!
      if (day < from || day >= to) continue
      seen = true
      sum += perDay.impressions[k]!
    }
    for (const s of period.edges.get(data.seq[a]!) ?? []) {
      seen = true
      sum += s.impressions
    }
    if (!seen) return
    seqs.push(data.seq[a]!)
    impressions.push(sum)
  }
  if (candidates === null) {
    const [lo, hi] = livingRange(data, touchedFrom, touchedTo)
    for (let a = lo; a < hi; a++) consider(a)
  }
  else for (const seq of candidates) consider(seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1)
  const direction = page.ascending ? 1 : -1
  const before = (x: number, y: number) => direction * (impressions[x]! - impressions[y]!) < 0 || (impressions[x] === impressions[y] && direction * (seqs[x]! - seqs[y]!) < 0)
  // only the page's end is ordered (a period of a large store has tens of thousands of articles)
  const order = firstInOrder(seqs.length, page.offset + page.limit, before)
  return { seqs: order.slice(page.offset).map((i) => seqs[i]!), total: seqs.length }
}

/** A figure of an article in a period that the window's list can be ordered by (impressions: rankByImpressions). */
export type ArticleFigure = 'best_position' | 'avg_position' | 'hours_in_feed'

/**
 * One page of the articles seen in a period ordered by a figure of theirs there: the best place
 * they reached, their mean place, or their hours from first to last sighting (ties by seq). Only
 * the page's end is ordered, as rankByImpressions does.
 */
export function rankByFigure(
  data: ActivityData,
  candidates: readonly number[] | null,
  range: Period | DayRange,
  figure: ArticleFigure,
  page: { ascending: boolean; offset: number; limit: number },
): { seqs: number[]; total: number } {
  const period = asPeriod(range)
  const [touchedFrom, touchedTo] = daySpan(period.touched)
  const seqs: number[] = []
  const keys: number[] = []
  const consider = (a: number) => {
    if (a < 0 || livesOutside(data, a, touchedFrom, touchedTo)) return
    const sums = articleInPeriod(data, a, period, false)
    if (!sums || sums.observations === 0) return
    seqs.push(data.seq[a]!)
    keys.push(figure === 'best_position' ? sums.bestPosition : figure === 'avg_position' ? sums.positionSum / sums.observations : sums.lastSeen - sums.firstSeen)
  }
  if (candidates === null) {
    const [lo, hi] = livingRange(data, touchedFrom, touchedTo)
    for (let a = lo; a < hi; a++) consider(a)
  } else for (const seq of candidates) consider(seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1)
  const direction = page.ascending ? 1 : -1
  const before = (x: number, y: number) => direction * (keys[x]! - keys[y]!) < 0 || (keys[x] === keys[y] && direction * (seqs[x]! - seqs[y]!) < 0)
  const order = firstInOrder(seqs.length, page.offset + page.limit, before)
  return { seqs: order.slice(page.offset).map((i) => seqs[i]!), total: seqs.length }
}

/**
 * The first `k` of 0..n-1 in the order `before` (a strict total order), in that order: a heap
 * of the best k seen, O(n log k) instead of sorting all n.
 */
export function firstInOrder(n: number, k: number, before: (x: number, y: number) => boolean): number[] {
  const size = Math.min(n, Math.max(0, k))
  if (size === 0) return []
  // a heap whose root is the last of the best `size` so far
  const heap: number[] = []
  const sink = (i: number) => {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let last = i
      if (l < heap.length && before(heap[last]!, heap[l]!)) last = l
      if (r < heap.length && before(heap[last]!, heap[r]!)) last = r
      if (last === i) return
      ;[heap[i], heap[last]] = [heap[last]!, heap[i]!]
      i = last
    }
  }
  for (let x = 0; x < n; x++) {
    if (heap.length < size) {
      heap.push(x)
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1
        if (!before(heap[parent]!, heap[i]!)) break
        ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
        i = parent
      }
    } else if (before(x, heap[0]!)) {
      heap[0] = x
      sink(0)
    }
  }
  return heap.sort((x, y) => (before(x, y) ? -1 : before(y, x) ? 1 : 0))
}

/** A group of articles' impressions per day (all countries), from its first day with any to its last. */
export function dailyImpressions(data: ActivityData, articles: ArrayLike<number>): { firstDay: number | null; values: number[] } {
  const { perDay } = data
  const byDay = new Map<number, number>()
  for (let i = 0; i < articles.length; i++) {
    const a = articles[i]!
    for (let k = perDay.start[a]!; k < perDay.start[a + 1]!; k++) byDay.set(perDay.day[k]!, (byDay.get(perDay.day[k]!) ?? 0) + perDay.impressions[k]!)
  }
  if (byDay.size === 0) return { firstDay: null, values: [] }
  const days = [...byDay.keys()]
  const first = Math.min(...days)
  const last = Math.max(...days)
  return { firstDay: first, values: Array.from({ length: last - first + 1 }, (_, i) => byDay.get(first + i) ?? 0) }
}

/** One trend's figures in the period and its impressions per day over its whole life. */
export function trendDetail(data: ActivityData, trendId: string, range: Period | DayRange): GroupFigures & { firstDay: number | null; daily: number[] } {
  const n = data.trends.find(trendId)
  const members = n === undefined ? new Int32Array(0) : membersOf(data.byTrend, n)
  const daily = dailyImpressions(data, members)
  return { ...groupFigures(data, members, range), firstDay: daily.firstDay, daily: daily.values }
}

/**
 * The seqs of the articles naming any of the entities (their ids), each once, in seq order: the
 * index's own groups. With `seen`, only those whose life (first to last sighting, epoch seconds)
 * meets it, as the store's own period filter tests (an article never seen is kept: the store
 * decides): a busy entity's articles over all its history are many times a period's.
 */
export function articleSeqsOfEntities(data: ActivityData, entityIds: readonly string[], seen: { from?: number; to?: number } = {}): number[] {
  const seqs = new Set<number>()
  const from = seen.from ?? Number.NEGATIVE_INFINITY
  const to = seen.to ?? Number.POSITIVE_INFINITY
  for (const id of entityIds) {
    const e = data.entityIds.find(id)
    if (e === undefined) continue
    for (const a of membersOf(data.byEntity, e)) {
      // never seen (NaN, or the widest range in four bytes: Times) compares false both ways: kept
      if (data.lifeLast[a]! < from || data.lifeFirst[a]! > to) continue
      seqs.add(data.seq[a]!)
    }
  }
  return [...seqs].sort((x, y) => x - y)
}

/** Every article seen in the period (its countries), by seq, with its impressions there: a period's own articles. */
export function periodArticles(data: ActivityData, range: Period | DayRange): Map<number, { impressions: number; a: number }> {
  const period = asPeriod(range)
  const [from, to] = daySpan(period.touched)
  const [lo, hi] = livingRange(data, from, to)
  const out = new Map<number, { impressions: number; a: number }>()
  for (let a = lo; a < hi; a++) {
    if (livesOutside(data, a, from, to)) continue
    const sums = articleInPeriod(data, a, period, false)
    if (sums) out.set(data.seq[a]!, { impressions: sums.impressions, a })
  }
  return out
}

/**
 * Each format group's impressions and articles per UTC day of the period (its countries): whole
 * days off the daily cells, the end hours off their sightings (a partial day counts its hours).
 */
export function formatDays(data: ActivityData, range: Period | DayRange): Map<number, Map<string, { impressions: number; articles: number }>> {
  const period = asPeriod(range)
  const [from, to] = daySpan(period.days)
  const [touchedFrom, touchedTo] = daySpan(period.touched)
  const [lo, hi] = livingRange(data, touchedFrom, touchedTo)
  const days = new Map<number, Map<string, { impressions: number; articles: number }>>()
  const countryCodes = data.countries.list
  const d = data.days
  for (let a = lo; a < hi; a++) {
    if (livesOutside(data, a, touchedFrom, touchedTo)) continue
    const t = data.contentType[a]!
    if (t < 0) continue
    const format = data.contentTypes.list[t]!
    // the days this article was seen on, each counted once whatever its countries
    const seenOn = new Map<number, number>()
    for (let k = d.start[a]!; k < d.start[a + 1]!; k++) {
      const day = d.day[k]!
      if (day < from || day >= to) continue
      if (period.countries && !period.countries.has(countryCodes[d.country[k]!]!)) continue
      seenOn.set(day, (seenOn.get(day) ?? 0) + d.impressions[k]!)
    }
    for (const s of period.edges.get(data.seq[a]!) ?? []) {
      const day = dayOfSeconds(s.firstSeen)
      seenOn.set(day, (seenOn.get(day) ?? 0) + s.impressions)
    }
    for (const [day, impressions] of seenOn) {
      let byFormat = days.get(day)
      if (!byFormat) days.set(day, (byFormat = new Map()))
      const f = byFormat.get(format) ?? { impressions: 0, articles: 0 }
      f.impressions += impressions
      f.articles++
      byFormat.set(format, f)
    }
  }
  return days
}
