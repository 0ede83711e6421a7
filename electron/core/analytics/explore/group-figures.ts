import { membersOf, type ActivityData } from '../tracking/activity-data'
import { inStretch, livesOutside, livingRange } from '../tracking/living-range'

/** Whole days of a period, in days since 1970-01-01: from inclusive, to exclusive; null: open. */
export interface DayRange {
  fromDay: number | null
  toDay: number | null
}

/** A period's days from its instants (epoch seconds): every day it touches, partly or wholly. */
export function dayRangeOf(from: number | undefined, to: number | undefined): DayRange {
  return { fromDay: from === undefined ? null : Math.floor(from / 86_400), toDay: to === undefined ? null : Math.ceil(to / 86_400) }
}

/** The range's ends as numbers to compare days with (an open end: unbounded). */
const daySpan = (range: DayRange): [number, number] => [range.fromDay ?? Number.NEGATIVE_INFINITY, range.toDay ?? Number.POSITIVE_INFINITY]

export interface GroupFigures {
  impressions: number
  /** the best (lowest) position any of the articles reached in the days; null: none seen in them */
  bestPosition: number | null
}

/**
 * The feed figures of a group of articles (index numbers) over whole days: an article whose every
 * day lies in the range counts its whole-life sums; one partly in it, its cells of those days.
 */
export function groupFigures(data: ActivityData, articles: ArrayLike<number>, range: DayRange): GroupFigures {
  const { whole, days } = data
  const [from, to] = daySpan(range)
  let impressions = 0
  let best = Number.POSITIVE_INFINITY
  for (let i = 0; i < articles.length; i++) {
    const a = articles[i]!
    if (livesOutside(data, a, from, to)) continue
    if (whole.firstDay[a]! >= from && whole.lastDay[a]! < to) {
      impressions += whole.impressions[a]!
      if (whole.bestPosition[a]! < best) best = whole.bestPosition[a]!
      continue
    }
    for (let k = days.start[a]!; k < days.start[a + 1]!; k++) {
      const day = days.day[k]!
      if (day < from || day >= to) continue
      impressions += days.impressions[k]!
      if (days.bestPosition[k]! < best) best = days.bestPosition[k]!
    }
  }
  return { impressions, bestPosition: best === Number.POSITIVE_INFINITY ? null : best }
}

/** Each trend's figures over the days (a trend the index does not know: none). */
export function trendFigures(data: ActivityData, trendIds: readonly string[], range: DayRange): Map<string, GroupFigures> {
  // over all of history, every trend's sums at once, kept with the index (a page of the largest trends is most of the articles)
  const lifetime = range.fromDay === null && range.toDay === null ? lifetimeTrendFigures(data) : null
  return new Map(
    trendIds.map((id) => {
      const n = data.trends.find(id)
      if (lifetime) return [id, n === undefined ? { impressions: 0, bestPosition: null } : lifetime[n]!]
      return [id, groupFigures(data, n === undefined ? [] : membersOf(data.byTrend, n), range)]
    }),
  )
}

const lifetimeOf = new WeakMap<ActivityData, GroupFigures[]>()

/** Every trend's figures over all of history (by trend number), summed once per index from its articles' whole-life sums. */
function lifetimeTrendFigures(data: ActivityData): GroupFigures[] {
  let figures = lifetimeOf.get(data)
  if (figures) return figures
  const trends = data.trends.list.length
  const impressions = new Float64Array(trends)
  const best = new Float64Array(trends).fill(Number.POSITIVE_INFINITY)
  const { whole } = data
  for (let a = 0; a < data.seq.length; a++) {
    const t = data.trend[a]!
    // an article without cells has no figures (as groupFigures skips it)
    if (t < 0 || whole.firstDay[a]! > whole.lastDay[a]!) continue
    impressions[t] = impressions[t]! + whole.impressions[a]!
    if (whole.bestPosition[a]! < best[t]!) best[t] = whole.bestPosition[a]!
  }
  figures = Array.from({ length: trends }, (_, t) => ({ impressions: impressions[t]!, bestPosition: best[t] === Number.POSITIVE_INFINITY ? null : best[t]! }))
  lifetimeOf.set(data, figures)
  return figures
}

/** Each country's articles (seen there in the days) and their impressions there, off every daily cell of the days. */
export function countryFigures(data: ActivityData, range: DayRange): Map<string, { articles: number; impressions: number }> {
  const { days } = data
  const [from, to] = daySpan(range)
  const countries = data.countries.list.length
  const articles = new Float64Array(countries)
  const impressions = new Float64Array(countries)
  // the last article counted in each country: an article's cells are together, so each counts once
  const lastCounted = new Int32Array(countries).fill(-1)
  const [lo, hi] = livingRange(data, from, to)
  for (let a = lo; a < hi; a++) {
    if (livesOutside(data, a, from, to)) continue
    for (let k = days.start[a]!; k < days.start[a + 1]!; k++) {
      const day = days.day[k]!
      if (day < from || day >= to) continue
      const c = days.country[k]!
      impressions[c] = impressions[c]! + days.impressions[k]!
      if (lastCounted[c] !== a) {
        lastCounted[c] = a
        articles[c] = articles[c]! + 1
      }
    }
  }
  return new Map(data.countries.list.map((code, c) => [code, { articles: articles[c]!, impressions: impressions[c]! }]))
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

/** Each domain's feed figures over the days (a domain the index does not know: none). */
export function publisherFigures(data: ActivityData, domains: readonly string[], range: DayRange, trendsPerPublisher = 3): Map<string, PublisherFigures> {
  const { days } = data
  const [from, to] = daySpan(range)
  // the feed's impressions in the days, from its totals per day (every daily cell was read on each call: four times as many at a year of history)
  const feed = feedImpressionsByDay(data)
  let feedImpressions = 0
  for (let i = Math.max(0, from - feed.firstDay); i < Math.min(feed.impressions.length, to - feed.firstDay); i++) feedImpressions += feed.impressions[i]!
  // a publisher's articles of the period's stretch of the index, not of all history
  const stretch = livingRange(data, from, to)
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
        if (livesOutside(data, a, from, to)) continue
        let seen = false
        let own = 0
        for (let k = days.start[a]!; k < days.start[a + 1]!; k++) {
          if (days.day[k]! < from || days.day[k]! >= to) continue
          seen = true
          own += days.impressions[k]!
          observations += days.observations[k]!
          positionSum += days.positionSum[k]!
        }
        if (!seen) continue
        articles++
        impressions += own
        const t = data.trend[a]!
        if (t >= 0) byTrend.set(t, (byTrend.get(t) ?? 0) + own)
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
 * Articles ranked by their impressions in the days (all countries), for a page: the candidates
 * (seqs; null: every article of the index) seen on one of the days, largest first (or smallest
 * with `ascending`), ties by seq in the same direction. Off each article's impressions per day.
 */
export function rankByImpressions(
  data: ActivityData,
  candidates: readonly number[] | null,
  range: DayRange,
  page: { ascending: boolean; offset: number; limit: number },
): { seqs: number[]; total: number } {
  const { perDay } = data
  const [from, to] = daySpan(range)
  const seqs: number[] = []
  const impressions: number[] = []
  const consider = (a: number) => {
    if (a < 0 || livesOutside(data, a, from, to)) return
    let sum = 0
    let seen = false
    for (let k = perDay.start[a]!; k < perDay.start[a + 1]!; k++) {
      const day = perDay.day[k]!
      if (day < from || day >= to) continue
      seen = true
      sum += perDay.impressions[k]!
    }
    if (!seen) return
    seqs.push(data.seq[a]!)
    impressions.push(sum)
  }
  if (candidates === null) {
    const [lo, hi] = livingRange(data, from, to)
    for (let a = lo; a < hi; a++) consider(a)
  }
  else for (const seq of candidates) consider(seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1)
  const direction = page.ascending ? 1 : -1
  const before = (x: number, y: number) => direction * (impressions[x]! - impressions[y]!) < 0 || (impressions[x] === impressions[y] && direction * (seqs[x]! - seqs[y]!) < 0)
  // only the page's end is ordered (a period of a large store has tens of thousands of articles)
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

/** One trend's figures over the days and its impressions per day over its whole life. */
export function trendDetail(data: ActivityData, trendId: string, range: DayRange): GroupFigures & { firstDay: number | null; daily: number[] } {
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
      // NaN compares false both ways: kept
      if (data.lifeLast[a]! < from || data.lifeFirst[a]! > to) continue
      seqs.add(data.seq[a]!)
    }
  }
  return [...seqs].sort((x, y) => x - y)
}
