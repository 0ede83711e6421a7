import { countryBitsOf, lifeFirstOf, lifeLastOf, type ActivityData } from '../activity/activity-data'
import { addItemDays, type DayChunk } from './item-days'
import type { Membership } from './membership'
import { scratch } from '../activity/scratch'
import type { ActivityWindow } from '../activity/window'
import { countryMask, inRanges, placesBySeq, windowParts, type HourRow, type WindowImpressions, type WindowSums } from '../activity/window-activity'

/**
 * The per-item figures of a list in a window (docs/contract-decisions.md, "Tracking"), from the
 * window's sums per article (window-activity.ts) and the items' claims on those articles, in
 * typed arrays: a list of hundreds of busy items covers tens of thousands of publications, and an
 * object per (item, publication) pair made most of a request's time. Pure.
 */

/** An item's figures in a window (times epoch seconds). */
export interface ItemFigures {
  impressions: number
  /** its publications seen in the window */
  publications: number
  publishers: number
  trends: number
  observations: number
  positionSum: number
  lastSeen: number | null
  /** the mean lifetime (first to last sighting) of its publications that were ever seen, hours */
  lifespanHours: number | null
  /** hours it was in the feed within the window (see livedHours) */
  livedHours: number
}

/** The rows of a window's sums each item claims: item i's are rows[start[i]..start[i+1]), in row order. */
export interface ItemRows {
  start: Int32Array
  rows: Int32Array
}

export function itemRows(sums: WindowSums, member: Membership, itemCount: number): ItemRows {
  const out = new Int32Array(member.maxClaims)
  const m = sums.articles.length
  const start = new Int32Array(itemCount + 1)
  // the claims in row order, asked once (lent; a claim is an article's entity links walked, the
  // costliest step here): claimed[c] is the item of the c-th claim, of row claimRow[c]
  let capacity = Math.max(16, 2 * m)
  let claimed = scratch.borrow(Int32Array, capacity)
  let claimRow = scratch.borrow(Int32Array, capacity)
  let count = 0
  for (let j = 0; j < m; j++) {
    const n = member.claim(sums.articles[j]!, out)
    if (count + n > capacity) {
      capacity = 2 * (count + n)
      const grown = (from: Int32Array) => {
        const to = scratch.borrow(Int32Array, capacity)
        to.set(from.subarray(0, count))
        scratch.giveBack(from)
        return to
      }
      claimed = grown(claimed)
      claimRow = grown(claimRow)
    }
    for (let k = 0; k < n; k++) {
      claimed[count] = out[k]!
      claimRow[count++] = j
      start[out[k]! + 1]!++
    }
  }
  for (let i = 0; i < itemCount; i++) start[i + 1]! += start[i]!
  // lent (a request's claims: hundreds of thousands at large); the caller gives them back
  const rows = scratch.borrow(Int32Array, count)
  const next = start.slice(0, itemCount)
  for (let c = 0; c < count; c++) rows[next[claimed[c]!]!++] = claimRow[c]!
  scratch.giveBack(claimed, claimRow)
  return { start, rows }
}

/** Each item's impressions in the window, from the claims directly (the comparison window needs no more). */
export function claimedTotals(sums: WindowImpressions, member: Membership, itemCount: number): Float64Array {
  const out = new Int32Array(member.maxClaims)
  const totals = new Float64Array(itemCount)
  for (let j = 0; j < sums.articles.length; j++) {
    const n = member.claim(sums.articles[j]!, out)
    const imps = sums.impressions[j]!
    for (let k = 0; k < n; k++) totals[out[k]!] = totals[out[k]!]! + imps
  }
  return totals
}

/** Each item's impressions in the window. */
export function itemTotals(sums: WindowSums, rows: ItemRows): Float64Array {
  const items = rows.start.length - 1
  const totals = new Float64Array(items)
  for (let i = 0; i < items; i++) {
    let sum = 0
    for (let r = rows.start[i]!; r < rows.start[i + 1]!; r++) sum += sums.impressions[rows.rows[r]!]!
    totals[i] = sum
  }
  return totals
}

const HOUR = 3600
/** Spans packed as first hour * SPAN_SHIFT + last hour (hours since the epoch stay below 2^21 until 2209). */
export const SPAN_SHIFT = 2 ** 21

/** What a page asks besides the figures: the sparklines' buckets, and related entities. */
export interface PageQuery extends SeriesQuery {
  /** related entities per item: how many, and each item's own entity number to leave out (-1: none); null: none wanted */
  related: { limit: number; leaveOut: readonly number[] } | null
}

/** An item of a page: its figures (null: no publication in the window), related entities and series. */
export interface ItemPage {
  figures: ItemFigures | null
  related: RelatedEntity[]
  series: Series
}

/**
 * The figures, related entities and series of the items of a page (item numbers). The walk over
 * each item's publications is memory-bound, so what it needs of each publication is first
 * gathered into one block per publication, in publication order (see PageRows); each item then
 * reads one block per publication. With `q.totals`, also the
 * publications of any of the items per bucket (each once) and their impressions.
 */
export function pageFigures(data: ActivityData, sums: WindowSums, rows: ItemRows, items: readonly number[], q: PageQuery): { items: ItemPage[]; totals: Series | null } {
  const page = new PageRows(data, sums, rows, items, q)
  try {
    const walker = new ItemWalker(data, rows, page, q)
    const out = items.map((item, place) => walker.item(item, q.related?.leaveOut[place] ?? -1))
    if (!q.totals) return { items: out, totals: null }
    const totals: Series = { impressions: new Float64Array(q.buckets), publications: new Float64Array(q.buckets) }
    page.addAllBuckets(totals)
    return { items: out, totals }
  } finally {
    page.release()
  }
}

/** A publication's block in PageRows.blocks: its record, how many entities and bucket entries follow, then they (entries as bucket, impressions). */
const IMPS = 0
const OBS = 1
const POS = 2
const LAST = 3
const DOMAIN = 4
const TREND = 5
const LIFE = 6
const SPAN = 7
const ENTITY_COUNT = 8
const BUCKET_COUNT = 9
const BLOCK_HEAD = 10

/**
 * The page's publications, gathered in order, each as one block of everything an item's walk
 * reads of it: its window sums, domain, trend, lifetime and span, its entities, and its
 * impressions per bucket. The walk jumps from publication to publication; one block side by
 * side costs fewer cache misses than a record, an entity list and a bucket list apart.
 */
class PageRows {
  readonly blocks: Float64Array
  /** sums row -> where its block starts (-1: not on the page) */
  readonly blockOf: Int32Array

  /** (blocks and blockOf are lent from the scratch pool: see release) */
  constructor(data: ActivityData, sums: WindowSums, rows: ItemRows, items: readonly number[], q: PageQuery) {
    const m = sums.articles.length
    // first the place of each chosen row among the page's publications (the buckets are gathered by place)
    const placeOf = scratch.borrow(Int32Array, m, -1)
    for (const item of items) for (let r = rows.start[item]!; r < rows.start[item + 1]!; r++) placeOf[rows.rows[r]!] = 0
    const chosenRows = scratch.borrow(Int32Array, m)
    let c = 0
    for (let j = 0; j < m; j++) {
      if (placeOf[j] === -1) continue
      placeOf[j] = c
      chosenRows[c++] = j
    }
    const chosen = chosenRows.subarray(0, c)
    const buckets = bucketEntries(data, sums, chosen, placeOf, q)
    const { start: es, items: ei } = data.entities
    let size = c * BLOCK_HEAD + 2 * buckets.size
    for (const j of chosen) size += es[sums.articles[j]! + 1]! - es[sums.articles[j]!]!
    const blocks = (this.blocks = scratch.borrow(Float64Array, size))
    // then the places become where the blocks start
    this.blockOf = placeOf
    let at = 0
    for (let p = 0; p < c; p++) {
      const j = chosen[p]!
      const a = sums.articles[j]!
      placeOf[j] = at
      blocks[at + IMPS] = sums.impressions[j]!
      blocks[at + OBS] = sums.observations[j]!
      blocks[at + POS] = sums.positionSum[j]!
      blocks[at + LAST] = sums.lastSeen[j]!
      blocks[at + DOMAIN] = data.domain[a]!
      blocks[at + TREND] = data.trend[a]!
      const lifeFirst = lifeFirstOf(data, a)
      const lifeLast = lifeLastOf(data, a)
      blocks[at + LIFE] = Number.isNaN(lifeFirst) || Number.isNaN(lifeLast) ? Number.NaN : (lifeLast - lifeFirst) / HOUR
      blocks[at + SPAN] = Math.floor(sums.firstSeen[j]! / HOUR) * SPAN_SHIFT + Math.floor(sums.lastSeen[j]! / HOUR)
      blocks[at + ENTITY_COUNT] = es[a + 1]! - es[a]!
      blocks[at + BUCKET_COUNT] = buckets.start[p + 1]! - buckets.start[p]!
      at += BLOCK_HEAD
      for (let k = es[a]!; k < es[a + 1]!; k++) blocks[at++] = ei[k]!
      for (let k = buckets.start[p]!; k < buckets.start[p + 1]!; k++) {
        blocks[at++] = buckets.bucket[k]!
        blocks[at++] = buckets.impressions[k]!
      }
    }
    scratch.giveBack(chosenRows, buckets.start, buckets.bucket, buckets.impressions)
  }

  /** Gives the lent arrays back: the page is not read after this. */
  release(): void {
    scratch.giveBack(this.blocks, this.blockOf)
  }

  /** Adds every publication's impressions to a series, and each publication once to each bucket it was seen in. */
  addAllBuckets(s: Series): void {
    const blocks = this.blocks
    for (let at = 0; at < blocks.length; ) {
      const from = at + BLOCK_HEAD + blocks[at + ENTITY_COUNT]!
      at = addBlockBuckets(s, blocks, from, from + 2 * blocks[at + BUCKET_COUNT]!)
    }
  }
}

/** Adds the bucket entries blocks[from..to) to a series; returns `to`. */
function addBlockBuckets(s: Series, blocks: Float64Array, from: number, to: number): number {
  const imps = s.impressions
  const pubs = s.publications
  for (let k = from; k < to; k += 2) {
    const b = blocks[k]!
    imps[b] = imps[b]! + blocks[k + 1]!
    pubs[b] = pubs[b]! + 1
  }
  return to
}

/**
 * Each chosen publication's impressions per bucket of the window, one entry per bucket: whole
 * days from its per-day sums when all its countries are wanted, else from its cells; hours from
 * the hourly rows read (the window's ends, or all of it for hourly buckets).
 */
function bucketEntries(data: ActivityData, sums: WindowSums, chosen: Int32Array, placeOf: Int32Array, q: SeriesQuery) {
  const parts = q.grain === 'hour' ? { fromDay: 0, toDay: 0, hours: [[q.window.fromHour, q.window.toHour]] as Array<[number, number]> } : windowParts(q.window.fromHour, q.window.toHour)
  const n = q.buckets
  const c = chosen.length
  // hourly cells first, by publication
  const seqPlace = placesBySeq(data, sums.articles)
  const hourCount = scratch.borrow(Int32Array, c + 1, 0)
  // the rows' cells in the window's hours and countries, and their bucket (-1: none)
  const bucketOfRow = q.hourRows.map((row) => {
    if (!inRanges(parts.hours, row.hour) || !q.window.countries.includes(row.country)) return -1
    const b = (q.grain === 'hour' ? row.hour : Math.floor(row.hour / 24)) - q.firstBucket
    return b < 0 || b >= n ? -1 : b
  })
  let cellCount = 0
  q.hourRows.forEach((row, r) => bucketOfRow[r]! >= 0 && (cellCount += row.cells.seqs.length))
  // lent, as long as every such cell (the page's are fewer)
  const metPlace = scratch.borrow(Int32Array, cellCount)
  const metBucket = scratch.borrow(Int32Array, cellCount)
  const metImps = scratch.borrow(Float64Array, cellCount)
  let met = 0
  q.hourRows.forEach((row, r) => {
    const b = bucketOfRow[r]!
    if (b < 0) return
    const cells = row.cells
    for (let i = 0; i < cells.seqs.length; i++) {
      const seq = cells.seqs[i]!
      const j = seq < seqPlace.length ? seqPlace[seq]! : -1
      const p = j < 0 ? -1 : placeOf[j]!
      if (p < 0) continue
      metPlace[met] = p
      metBucket[met] = b
      metImps[met++] = cells.impressions[i]!
      hourCount[p + 1]!++
    }
  })
  scratch.giveBack(seqPlace)
  for (let p = 0; p < c; p++) hourCount[p + 1]! += hourCount[p]!
  const hourAt = scratch.borrow(Int32Array, c)
  hourAt.set(hourCount.subarray(0, c))
  const hourBucket = scratch.borrow(Int32Array, met)
  const hourImps = scratch.borrow(Float64Array, met)
  for (let k = 0; k < met; k++) {
    const at = hourAt[metPlace[k]!]!++
    hourBucket[at] = metBucket[k]!
    hourImps[at] = metImps[k]!
  }
  scratch.giveBack(metPlace, metBucket, metImps)
  // then each publication's buckets, merged: a bucket's entry sums its days' and hours' cells
  const covered = countryBitsOf(data, q.window.countries.flatMap((x) => data.countries.find(x) ?? []))
  const mask = countryMask(data, q.window.countries)
  // whole days from the items' own days when the page may read them (added to each item's series by the walk)
  const wholeDays = parts.toDay > parts.fromDay && itemDaysOf(q) === null
  const { perDay: pd, days: d } = data
  // each publication's own days: from its per-day sums when all its countries are wanted
  const ownDays = (a: number) => (data.whole.countryBits[a]! & ~covered) === 0
  let capacity = hourBucket.length
  if (wholeDays) for (let p = 0; p < c; p++) {
    const a = sums.articles[chosen[p]!]!
    capacity += ownDays(a) ? pd.start[a + 1]! - pd.start[a]! : d.start[a + 1]! - d.start[a]!
  }
  // slot of bucket b in the entries of publication p: slotOf[b] when slotOwner[b] === p
  const slotOf = new Int32Array(n)
  const slotOwner = new Int32Array(n).fill(-1)
  // lent: the caller gives them back
  const start = scratch.borrow(Int32Array, c + 1, 0)
  const outBucket = scratch.borrow(Int32Array, capacity)
  const outImps = scratch.borrow(Float64Array, capacity)
  let size = 0
  for (let p = 0; p < c; p++) {
    const a = sums.articles[chosen[p]!]!
    if (wholeDays) {
      if (ownDays(a)) {
        // one entry per day: no two fall in one bucket
        for (let k = pd.start[a]!; k < pd.start[a + 1]!; k++) {
          const day = pd.day[k]!
          const b = day - q.firstBucket
          if (day < parts.fromDay || day >= parts.toDay || b < 0 || b >= n) continue
          slotOwner[b] = p
          slotOf[b] = size
          outBucket[size] = b
          outImps[size++] = pd.impressions[k]!
        }
      } else {
        for (let k = d.start[a]!; k < d.start[a + 1]!; k++) {
          const day = d.day[k]!
          const b = day - q.firstBucket
          if (day < parts.fromDay || day >= parts.toDay || b < 0 || b >= n || mask[d.country[k]!] !== 1) continue
          if (slotOwner[b] === p) outImps[slotOf[b]!] = outImps[slotOf[b]!]! + d.impressions[k]!
          else {
            slotOwner[b] = p
            slotOf[b] = size
            outBucket[size] = b
            outImps[size++] = d.impressions[k]!
          }
        }
      }
    }
    for (let k = hourCount[p]!; k < hourCount[p + 1]!; k++) {
      const b = hourBucket[k]!
      if (slotOwner[b] === p) outImps[slotOf[b]!] = outImps[slotOf[b]!]! + hourImps[k]!
      else {
        slotOwner[b] = p
        slotOf[b] = size
        outBucket[size] = b
        outImps[size++] = hourImps[k]!
      }
    }
    start[p + 1] = size
  }
  scratch.giveBack(hourBucket, hourImps, hourCount, hourAt)
  return { start, size, bucket: outBucket, impressions: outImps }
}

/** Numbers per entity in ItemWalker.entitySums: stamp, impressions, publications. */
const ENTITY_SUMS = 3

/**
 * The marks an item's walk leaves on the index's domains, trends and entities (ItemWalker), kept
 * with the index from one request to the next: made anew for each, their megabytes at large made
 * the collector run a full collection every few requests. A stamp is never used twice, so what
 * earlier walks left is never read as this item's.
 */
export interface WalkMarks {
  stamp: number
  domainStamp: Int32Array
  trendStamp: Int32Array
  /** per entity, side by side (one cache line a visit): the stamp of the item that last met it, its impressions and publications there */
  entitySums: Float64Array
  /** the entities an item met (each once): touched[0..count) */
  touched: Int32Array
  spans: Float64Array
}

const walkMarks = new WeakMap<ActivityData, WalkMarks>()

/** (exported for the tests of the stamps' wrap) */
export function walkMarksOf(data: ActivityData): WalkMarks {
  let marks = walkMarks.get(data)
  if (!marks) {
    marks = {
      stamp: 0,
      domainStamp: new Int32Array(data.domains.list.length),
      trendStamp: new Int32Array(data.trends.list.length),
      entitySums: new Float64Array(ENTITY_SUMS * data.entityIds.list.length),
      touched: new Int32Array(data.entityIds.list.length),
      spans: new Float64Array(64),
    }
    walkMarks.set(data, marks)
  }
  return marks
}

/** A stamp no mark holds yet (after 2^31 - 1 items, every mark is cleared and they start again). */
function nextStamp(marks: WalkMarks): number {
  if (marks.stamp === MAX_STAMP) {
    marks.stamp = 0
    marks.domainStamp.fill(0)
    marks.trendStamp.fill(0)
    for (let e = 0; e < marks.entitySums.length; e += ENTITY_SUMS) marks.entitySums[e] = 0
  }
  return ++marks.stamp
}

export const MAX_STAMP = 2 ** 31 - 1

/** Walks one item's publications at a time, with stamps that tell which domains, trends and entities this item met already. */
class ItemWalker {
  constructor(
    private readonly data: ActivityData,
    private readonly rows: ItemRows,
    private readonly page: PageRows,
    private readonly q: PageQuery,
    private readonly marks: WalkMarks = walkMarksOf(data),
  ) {
    this.days = itemDaysOf(q)
    this.wholeDays = q.grain === 'hour' ? { fromDay: 0, toDay: 0 } : windowParts(q.window.fromHour, q.window.toHour)
  }

  /** the items' whole days, when the series read them there (bucketEntries left them out) */
  private readonly days: readonly DayChunk[] | null
  private readonly wholeDays: { fromDay: number; toDay: number }

  item(item: number, leaveOut: number): ItemPage {
    const { rows, page, q, marks } = this
    const from = rows.start[item]!
    const to = rows.start[item + 1]!
    const series: Series = { impressions: new Float64Array(q.buckets), publications: new Float64Array(q.buckets) }
    if (to === from) return { figures: null, related: [], series }
    if (this.days) addItemDays(this.days, item, this.wholeDays.fromDay, this.wholeDays.toDay, q.firstBucket, series)
    const stamp = nextStamp(marks)
    if (marks.spans.length < to - from) marks.spans = new Float64Array(2 * (to - from))
    const { domainStamp, trendStamp, entitySums, spans, touched } = marks
    const { blocks, blockOf } = page
    const withRelated = q.related !== null
    let touchedCount = 0
    let impressions = 0
    let observations = 0
    let positionSum = 0
    let lastSeen = Number.NEGATIVE_INFINITY
    let publishers = 0
    let trends = 0
    let lifeSum = 0
    let lifeCount = 0
    for (let r = from; r < to; r++) {
      const at = blockOf[rows.rows[r]!]!
      const imps = blocks[at + IMPS]!
      impressions += imps
      observations += blocks[at + OBS]!
      positionSum += blocks[at + POS]!
      if (blocks[at + LAST]! > lastSeen) lastSeen = blocks[at + LAST]!
      const domain = blocks[at + DOMAIN]!
      if (domainStamp[domain] !== stamp) {
        domainStamp[domain] = stamp
        publishers++
      }
      const trend = blocks[at + TREND]!
      if (trend >= 0 && trendStamp[trend] !== stamp) {
        trendStamp[trend] = stamp
        trends++
      }
      const life = blocks[at + LIFE]!
      if (!Number.isNaN(life)) {
        lifeSum += life
        lifeCount += 1
      }
      spans[r - from] = blocks[at + SPAN]!
      const entitiesAt = at + BLOCK_HEAD
      const bucketsAt = entitiesAt + blocks[at + ENTITY_COUNT]!
      if (withRelated) {
        for (let k = entitiesAt; k < bucketsAt; k++) {
          const e = blocks[k]!
          if (e === leaveOut) continue
          const at = e * ENTITY_SUMS
          if (entitySums[at] !== stamp) {
            entitySums[at] = stamp
            entitySums[at + 1] = imps
            entitySums[at + 2] = 1
            touched[touchedCount++] = e
          } else {
            entitySums[at + 1] = entitySums[at + 1]! + imps
            entitySums[at + 2] = entitySums[at + 2]! + 1
          }
        }
      }
      addBlockBuckets(series, blocks, bucketsAt, bucketsAt + 2 * blocks[at + BUCKET_COUNT]!)
    }
    const figures: ItemFigures = {
      impressions,
      publications: to - from,
      publishers,
      trends,
      observations,
      positionSum,
      lastSeen,
      lifespanHours: lifeCount > 0 ? lifeSum / lifeCount : null,
      livedHours: livedHours(spans.subarray(0, to - from)),
    }
    return { figures, related: q.related ? topEntities(this.data, touched.subarray(0, touchedCount), entitySums, q.related.limit) : [], series }
  }
}

/**
 * The related entities of an item: by the impressions of its publications, then by how many,
 * then by name (`touched`: the entities met, with their sums in `sums`: see ENTITY_SUMS).
 */
function topEntities(data: ActivityData, touched: Int32Array, sums: Float64Array, limit: number): RelatedEntity[] {
  const imps = (e: number) => sums[e * ENTITY_SUMS + 1]!
  const pubs = (e: number) => sums[e * ENTITY_SUMS + 2]!
  // by reach: more impressions, then more publications
  const before = (x: number, y: number) => imps(x) > imps(y) || (imps(x) === imps(y) && pubs(x) > pubs(y))
  // the best `limit` in one pass (an item meets hundreds of entities: sorting them all cost more than the rest of its walk)
  const best: number[] = []
  for (let i = 0; i < touched.length; i++) {
    const e = touched[i]!
    if (best.length === limit && !before(e, best[limit - 1]!)) continue
    let at = best.length === limit ? limit - 1 : best.length
    while (at > 0 && before(e, best[at - 1]!)) {
      best[at] = best[at - 1]!
      at--
    }
    best[at] = e
  }
  const last = best[limit - 1]
  // ties with the last place are kept for the order by name
  const candidates = last === undefined ? best : []
  if (last !== undefined) for (let i = 0; i < touched.length; i++) if (!before(last, touched[i]!)) candidates.push(touched[i]!)
  return candidates
    .map((e) => {
      const id = data.entityIds.list[e]!
      return { entityId: id, name: data.entityNames.get(id) ?? id, pubs: pubs(e), imps: imps(e) }
    })
    .sort((x, y) => y.imps - x.imps || y.pubs - x.pubs || x.name.localeCompare(y.name))
    .slice(0, limit)
}

/**
 * Hours an item was in the feed within the window: the union of its publications' spans, each
 * from the hour of its first sighting to the hour of its last, both included (spans packed as
 * first * SPAN_SHIFT + last, in any order).
 */
export function livedHours(spans: Float64Array): number {
  if (spans.length === 0) return 0
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (let i = 0; i < spans.length; i++) {
    const first = Math.floor(spans[i]! / SPAN_SHIFT)
    const last = spans[i]! - first * SPAN_SHIFT
    if (first < low) low = first
    if (last > high) high = last
  }
  // +1 where a span starts, -1 after it ends: the hours with a running count above 0 (no sort)
  const change = scratch.borrow(Int32Array, high - low + 2, 0)
  for (let i = 0; i < spans.length; i++) {
    const first = Math.floor(spans[i]! / SPAN_SHIFT)
    const last = spans[i]! - first * SPAN_SHIFT
    change[first - low]!++
    change[last - low + 1]!--
  }
  let total = 0
  let open = 0
  for (let h = 0; h < change.length; h++) {
    open += change[h]!
    if (open > 0) total++
  }
  scratch.giveBack(change)
  return total
}

export interface RelatedEntity {
  entityId: string
  name: string
  pubs: number
  imps: number
}

/** Impressions and publications seen per bucket (bucket b of the window at index b - firstBucket). */
export interface Series {
  impressions: Float64Array
  publications: Float64Array
}

export interface SeriesQuery {
  window: ActivityWindow
  grain: 'hour' | 'day'
  /** the window's first bucket (hours or days since the epoch) and how many */
  firstBucket: number
  buckets: number
  /** the hourly rows read (hourRangesOf(window, grain)) */
  hourRows: readonly HourRow[]
  /** whether the totals over all the items are wanted (a mention list's timeseries) */
  totals?: boolean
  /**
   * the chunks of the items' days that cover the window's whole days (item-days.ts), for a window
   * that reads them (ItemDays.chunksOf): the series' whole days are read there, not from each
   * publication (not for `totals`, which counts a publication of several items once)
   */
  itemDays?: readonly DayChunk[] | null
}

/** The item days a series query reads its whole days from (null: from each publication). */
const itemDaysOf = (q: SeriesQuery): readonly DayChunk[] | null => (q.totals ? null : (q.itemDays ?? null))

/** The entity number of a key, or -1 (an item that is not an entity). */
export const entityNumberOf = (data: ActivityData, key: string): number => data.entityIds.find(key) ?? -1
