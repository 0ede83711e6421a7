import type { ItemPublication } from './item-figures'

/**
 * The recent feed in memory, for tracking lists: every hourly (article, country) cell of the
 * last weeks in time order, in typed arrays, with what the metrics and roll-ups need to know of
 * each article. A metrics request for any list then walks the window's cells once instead of
 * asking SQLite to tie a million hourly rows to list items (docs/architecture.md).
 */

export interface IndexedArticle {
  seq: number
  id: string
  url: string
  title: string
  domain: string
  lang: string
  category: string | null
  contentType: string | null
  publisher: string | null
  trendId: string | null
  trendLabel: string | null
  lifeFirst: number | null
  lifeLast: number | null
  entityIds: string[]
}

/** Cells in time order: hourly cells (time = hours since the epoch) or daily ones (days). */
export interface Cells {
  time: Int32Array
  article: Int32Array
  country: Uint8Array
  impressions: Int32Array
  observations: Int32Array
  positionSum: Int32Array
  /** first and last sighting in the cell, epoch seconds */
  firstSeen: Float64Array
  lastSeen: Float64Array
  size: number
}

export interface ActivityIndex {
  /** hours since the epoch from which the index holds every cell */
  fromHour: number
  articles: IndexedArticle[]
  entityNames: Map<string, string>
  countries: string[]
  hours: Cells
  /** the same activity by day, from the first whole day on: whole days inside a window are read here */
  days: Cells
}

type CellRow = [number, string, number, number, number, number, number, number]

function emptyCells(capacity: number): Cells {
  const cap = Math.max(16, capacity)
  return {
    time: new Int32Array(cap),
    article: new Int32Array(cap),
    country: new Uint8Array(cap),
    impressions: new Int32Array(cap),
    observations: new Int32Array(cap),
    positionSum: new Int32Array(cap),
    firstSeen: new Float64Array(cap),
    lastSeen: new Float64Array(cap),
    size: 0,
  }
}

function grow(c: Cells): Cells {
  const cap = c.time.length * 2
  const copy = <T extends Int32Array | Uint8Array | Float64Array>(a: T, make: (n: number) => T): T => {
    const b = make(cap)
    b.set(a)
    return b
  }
  return {
    time: copy(c.time, (n) => new Int32Array(n)),
    article: copy(c.article, (n) => new Int32Array(n)),
    country: copy(c.country, (n) => new Uint8Array(n)),
    impressions: copy(c.impressions, (n) => new Int32Array(n)),
    observations: copy(c.observations, (n) => new Int32Array(n)),
    positionSum: copy(c.positionSum, (n) => new Int32Array(n)),
    firstSeen: copy(c.firstSeen, (n) => new Float64Array(n)),
    lastSeen: copy(c.lastSeen, (n) => new Float64Array(n)),
    size: c.size,
  }
}

/** Collects cells (each kind in time order) and articles into an index. */
export class ActivityIndexBuilder {
  private readonly seqIndex = new Map<number, number>()
  private readonly countryIndex = new Map<string, number>()
  readonly index: ActivityIndex

  constructor(fromHour: number, expectedHourCells: number, expectedDayCells: number) {
    this.index = { fromHour, articles: [], entityNames: new Map(), countries: [], hours: emptyCells(expectedHourCells), days: emptyCells(expectedDayCells) }
  }

  /** An hourly cell: [hour, country, article seq, impressions, observations, position sum, first seen, last seen]. */
  addHourCell(row: CellRow): void {
    if (this.index.hours.size === this.index.hours.time.length) this.index.hours = grow(this.index.hours)
    this.put(this.index.hours, row)
  }

  /** A daily cell: [day, country, article seq, ...] as for hours. */
  addDayCell(row: CellRow): void {
    if (this.index.days.size === this.index.days.time.length) this.index.days = grow(this.index.days)
    this.put(this.index.days, row)
  }

  private put(cells: Cells, row: CellRow): void {
    const ix = this.index
    let c = this.countryIndex.get(row[1])
    if (c === undefined) {
      c = ix.countries.length
      ix.countries.push(row[1])
      this.countryIndex.set(row[1], c)
    }
    let a = this.seqIndex.get(row[2])
    if (a === undefined) {
      a = this.seqIndex.size
      this.seqIndex.set(row[2], a)
    }
    const i = cells.size++
    cells.time[i] = row[0]
    cells.country[i] = c
    cells.article[i] = a
    cells.impressions[i] = row[3]
    cells.observations[i] = row[4]
    cells.positionSum[i] = row[5]
    cells.firstSeen[i] = row[6]
    cells.lastSeen[i] = row[7]
  }

  /** Sequence numbers of the articles seen, in the order of their index. */
  seqs(): number[] {
    return [...this.seqIndex.keys()]
  }

  addArticle(article: Omit<IndexedArticle, 'entityIds'>): void {
    const a = this.seqIndex.get(article.seq)
    if (a !== undefined) this.index.articles[a] = { ...article, entityIds: [] }
  }

  addEntity(seq: number, entityId: string, name: string): void {
    const a = this.seqIndex.get(seq)
    if (a === undefined) return
    this.index.articles[a]?.entityIds.push(entityId)
    this.index.entityNames.set(entityId, name)
  }

  finish(): ActivityIndex {
    // an article that disappeared between the reads keeps an empty record
    for (const [seq, a] of this.seqIndex) {
      this.index.articles[a] ??= {
        seq, id: '', url: '', title: '', domain: '', lang: '', category: null, contentType: null, publisher: null,
        trendId: null, trendLabel: null, lifeFirst: null, lifeLast: null, entityIds: [],
      }
    }
    return this.index
  }
}

export interface WindowQuery {
  fromHour: number
  toHour: number
  countries: string[]
  lang: string | null
  /** the list items an article belongs to (null or empty: none) */
  keysOf(article: IndexedArticle): readonly string[] | null
  /** per-bucket series: hours, days, or none */
  grain?: 'hour' | 'day'
  /** the items whose publications the bucket totals count (all when left out) */
  totalsFor?: ReadonlySet<string>
}

export interface WindowActivity {
  /** every (item, publication) pair with its figures in the window, and the publication's place in the index */
  pairs: Array<ItemPublication & { articleIndex: number }>
  /** per article index: the publication's impressions in the window (articles of the items only) */
  articleImpressions: Map<number, number>
  /** per item: bucket → impressions and → publications */
  buckets: Map<string, { impressions: Map<number, number>; publications: Map<number, number> }>
  /** per bucket: publications of any item seen then, and their impressions */
  bucketTotals: Map<number, { publications: number; impressions: number }>
}

/** Whether a window lies inside what the index holds (it holds everything after its start). */
export const covers = (ix: ActivityIndex, fromHour: number) => fromHour >= ix.fromHour

/** First cell at or after a time (cells are in time order). */
function lowerBound(cells: Cells, time: number): number {
  let lo = 0
  let hi = cells.size
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (cells.time[mid]! < time) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The stretches of cells a window is read from, in time order: hourly cells for the part of a
 * day at each end, daily cells for the whole days between (fewer cells), unless hourly buckets
 * are wanted.
 */
function segments(ix: ActivityIndex, fromHour: number, toHour: number, hourly: boolean) {
  const firstWholeDay = Math.max(Math.ceil(fromHour / 24), Math.ceil(ix.fromHour / 24))
  const endWholeDay = Math.floor(toHour / 24)
  if (hourly || endWholeDay <= firstWholeDay) return [{ cells: ix.hours, from: fromHour, to: toHour, perHour: true }]
  return [
    { cells: ix.hours, from: fromHour, to: firstWholeDay * 24, perHour: true },
    { cells: ix.days, from: firstWholeDay, to: endWholeDay, perHour: false },
    { cells: ix.hours, from: endWholeDay * 24, to: toHour, perHour: true },
  ]
}

const NO_KEYS: readonly string[] = []

/** One walk over the window's cells: the items' publications, their sums and their series. */
export function windowActivity(ix: ActivityIndex, q: WindowQuery): WindowActivity {
  const allowedCountry = new Uint8Array(Math.max(1, ix.countries.length))
  ix.countries.forEach((c, i) => (allowedCountry[i] = q.countries.includes(c) ? 1 : 0))
  const n = ix.articles.length
  // per article, filled as the walk meets it: its items (null: none), sums, and last bucket
  const keysOfArticle: Array<readonly string[]> = new Array<readonly string[]>(n).fill(NO_KEYS)
  const claim = new Uint8Array(n) // 0 not asked yet, 1 claimed by no item, 2 by some
  const counted = new Uint8Array(n)
  const touched: number[] = []
  const imps = new Float64Array(n)
  const obs = new Float64Array(n)
  const pos = new Float64Array(n)
  const first = new Float64Array(n)
  const last = new Float64Array(n)
  const lastBucket = new Float64Array(n).fill(Number.NaN)
  const bucketOf = q.grain === 'hour' ? (h: number) => h : (h: number) => Math.floor(h / 24)
  const firstBucket = bucketOf(q.fromHour)
  const nBuckets = q.grain ? bucketOf(Math.max(q.fromHour, q.toHour - 1)) - firstBucket + 1 : 0
  const series = new Map<string, { impressions: Float64Array; publications: Float64Array }>()
  const inTotals = new Int8Array(n) // 0 not known yet, 1 counted in the bucket totals, -1 not
  const totalImps = new Float64Array(nBuckets)
  const totalPubs = new Float64Array(nBuckets)
  const byDay = q.grain === 'day'
  const wantSeries = q.grain !== undefined
  for (const segment of segments(ix, q.fromHour, q.toHour, q.grain === 'hour')) {
    const c = segment.cells
    const { time, article: articleOf, country, impressions, observations, positionSum, firstSeen, lastSeen } = c
    const perHour = segment.perHour
    const end = lowerBound(c, segment.to)
    for (let i = lowerBound(c, segment.from); i < end; i++) {
      if (allowedCountry[country[i]!] === 0) continue
      const a = articleOf[i]!
      let state = claim[a]!
      if (state === 0) {
        const article = ix.articles[a]!
        const claimed = q.lang && article.lang !== q.lang ? null : q.keysOf(article)
        if (claimed && claimed.length > 0) {
          keysOfArticle[a] = claimed
          state = claim[a] = 2
        } else state = claim[a] = 1
      }
      if (state === 1) continue
      const keys = keysOfArticle[a]!
      const cellImps = impressions[i]!
      const cellFirst = firstSeen[i]!
      const cellLast = lastSeen[i]!
      if (counted[a] === 0) {
        counted[a] = 1
        touched.push(a)
        first[a] = cellFirst
        last[a] = cellLast
      } else {
        if (cellFirst < first[a]!) first[a] = cellFirst
        if (cellLast > last[a]!) last[a] = cellLast
      }
      imps[a] = imps[a]! + cellImps
      obs[a] = obs[a]! + observations[i]!
      pos[a] = pos[a]! + positionSum[i]!
      if (!wantSeries) continue
      const b = (perHour ? (byDay ? Math.floor(time[i]! / 24) : time[i]!) : time[i]!) - firstBucket
      // cells come in time order, so an article enters each bucket once, at its first cell there
      const firstInBucket = lastBucket[a] !== b
      if (firstInBucket) lastBucket[a] = b
      if (inTotals[a] === 0) inTotals[a] = !q.totalsFor || keys.some((k) => q.totalsFor!.has(k)) ? 1 : -1
      if (inTotals[a] === 1) {
        totalImps[b] = totalImps[b]! + cellImps
        if (firstInBucket) totalPubs[b] = totalPubs[b]! + 1
      }
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]!
        let s = series.get(key)
        if (!s) series.set(key, (s = { impressions: new Float64Array(nBuckets), publications: new Float64Array(nBuckets) }))
        s.impressions[b] = s.impressions[b]! + cellImps
        if (firstInBucket) s.publications[b] = s.publications[b]! + 1
      }
    }
  }
  const pairs: Array<ItemPublication & { articleIndex: number }> = []
  const articleImpressions = new Map<number, number>()
  for (const a of touched) {
    const article = ix.articles[a]!
    articleImpressions.set(a, imps[a]!)
    for (const key of keysOfArticle[a]!) {
      pairs.push({
        key,
        seq: article.seq,
        domain: article.domain,
        impressions: imps[a]!,
        observations: obs[a]!,
        positionSum: pos[a]!,
        firstSeen: first[a]!,
        lastSeen: last[a]!,
        trendId: article.trendId,
        lifeFirst: article.lifeFirst,
        lifeLast: article.lifeLast,
        articleIndex: a,
      })
    }
  }
  const toMap = (values: Float64Array) => {
    const m = new Map<number, number>()
    values.forEach((v, i) => v !== 0 && m.set(firstBucket + i, v))
    return m
  }
  const buckets = new Map<string, { impressions: Map<number, number>; publications: Map<number, number> }>()
  for (const [key, s] of series) buckets.set(key, { impressions: toMap(s.impressions), publications: toMap(s.publications) })
  const bucketTotals = new Map<number, { publications: number; impressions: number }>()
  for (let b = 0; b < nBuckets; b++) {
    if (totalImps[b] || totalPubs[b]) bucketTotals.set(firstBucket + b, { publications: totalPubs[b]!, impressions: totalImps[b]! })
  }
  return { pairs, articleImpressions, buckets, bucketTotals }
}

/** How each kind's items claim an article. */
export function membership(kind: string, keys: readonly string[], mentionItemsOf?: Map<string, string[]>): (a: IndexedArticle) => readonly string[] | null {
  const wanted = new Set(keys)
  switch (kind) {
    case 'entity':
      return (a) => a.entityIds.filter((e) => wanted.has(e))
    case 'category':
      return (a) => (a.category !== null && wanted.has(a.category) ? [a.category] : null)
    case 'publisher':
      return (a) => (wanted.has(a.domain) ? [a.domain] : null)
    case 'trend':
      return (a) => (a.trendId !== null && wanted.has(a.trendId) ? [a.trendId] : null)
    case 'mention':
      return (a) => (mentionItemsOf?.get(a.id) ?? []).filter((i) => wanted.has(i))
    default:
      return () => null
  }
}
