import type { ActivityData } from '../activity/activity-data'
import { daysWithCells, inStretch, livesOutside, livingRange } from '../activity/living-range'
import { inRanges, windowParts, type HourRow } from '../activity/window-activity'
import type { ActivityWindow } from '../activity/window'
import type { Membership } from './membership'

/**
 * Each item's impressions and publications per whole day, every country: the sum over the
 * articles it claims of their per-day sums. Impressions are additive, and an article has one
 * per-day entry a day, so a window's whole days of an item are read here in one row (tens of
 * numbers) instead of from each of its publications (tens of thousands a request for a list of
 * busy entities). Held in chunks of CHUNK_DAYS days, each made the first time a window reads it
 * (a list's whole history at large took 167 ms; a month and the one before, 22 ms), and
 * kept with the list while its index holds.
 */
export const CHUNK_DAYS = 16

/** The item days of one chunk: item i's day d at i * CHUNK_DAYS + (d - firstDay). */
export interface DayChunk {
  firstDay: number
  impressions: Float64Array
  publications: Float64Array
}

const DAY = 86_400

/**
 * The chunks of item days [fromChunk, toChunk) (chunk c holds days [c * CHUNK_DAYS, + CHUNK_DAYS)),
 * in one pass over the articles that live in them; a chunk is null where it could differ from
 * summing the publications one by one: impressions that are not whole numbers (sums in another
 * order could differ in the last digit), or an article with a day of cells in it outside its life
 * as its facts say (a window's sums skip an article whose life misses the window: such a day would
 * be counted here and not there). Pure.
 */
export function dayChunks(data: ActivityData, member: Membership, itemCount: number, fromChunk: number, toChunk: number): Array<DayChunk | null> {
  const pd = data.perDay
  const count = Math.max(0, toChunk - fromChunk)
  if (pd.impressions instanceof Float64Array) return new Array<null>(count).fill(null)
  // every chunk in one array (chunk-major, then item, then day): one typed array read in the loop below
  const size = itemCount * CHUNK_DAYS
  const impressions = new Float64Array(count * size)
  const publications = new Float64Array(count * size)
  const unreadable = new Uint8Array(count)
  const from = fromChunk * CHUNK_DAYS
  const to = toChunk * CHUNK_DAYS
  const out = new Int32Array(member.maxClaims)
  // (never seen: NaN, or the widest range in four bytes, which compares false both ways, as a window reads it)
  const { lifeFirst, lifeLast } = data
  const candidates = inStretch(member.candidates, livingRange(data, from, to))
  for (let i = 0; i < candidates.length; i++) {
    const a = candidates[i]!
    if (livesOutside(data, a, from, to)) continue
    let claims = -1
    for (let k = pd.start[a]!; k < pd.start[a + 1]!; k++) {
      const day = pd.day[k]!
      if (day < from || day >= to) continue
      const c = ((day - from) / CHUNK_DAYS) | 0
      if (lifeLast[a]! < day * DAY || lifeFirst[a]! >= (day + 1) * DAY) unreadable[c] = 1
      if (claims < 0) claims = member.claim(a, out)
      // chunk c's item row, and the day in it
      const base = c * size + (day - from - c * CHUNK_DAYS)
      const imps = pd.impressions[k]!
      for (let n = 0; n < claims; n++) {
        const at = base + out[n]! * CHUNK_DAYS
        impressions[at] = impressions[at]! + imps
        publications[at] = publications[at]! + 1
      }
    }
  }
  return Array.from({ length: count }, (_, c) =>
    unreadable[c] ? null : { firstDay: (fromChunk + c) * CHUNK_DAYS, impressions: impressions.subarray(c * size, (c + 1) * size), publications: publications.subarray(c * size, (c + 1) * size) },
  )
}

/** What one list's item days may hold (bytes): past it, a window reads each publication instead. */
export const ITEM_DAYS_BYTES = 32 * 1024 * 1024

/**
 * A list's item days, chunk by chunk as windows read them: only over the days the index has cells
 * on (a window of twelve years before them makes none), and at most `maxBytes` of them.
 */
export class ItemDays {
  private readonly chunks = new Map<number, DayChunk | null>()
  private bytes = 0

  constructor(
    private readonly data: ActivityData,
    private readonly member: Membership,
    readonly itemCount: number,
    private readonly maxBytes = ITEM_DAYS_BYTES,
  ) {}

  /**
   * The chunks that hold the days [fromDay, toDay) the index has cells on, made if need be
   * (together, in one pass); null when one of them cannot be read (see dayChunks) or they would
   * weigh more than the list may hold.
   */
  covering(fromDay: number, toDay: number): DayChunk[] | null {
    const [firstWithCells, lastWithCells] = daysWithCells(this.data)
    const from = Math.max(fromDay, firstWithCells)
    const to = Math.min(toDay, lastWithCells + 1)
    if (to <= from) return []
    const first = Math.floor(from / CHUNK_DAYS)
    const end = Math.ceil(to / CHUNK_DAYS)
    let missing = 0
    for (let c = first; c < end; c++) if (!this.chunks.has(c)) missing++
    const weight = missing * this.itemCount * CHUNK_DAYS * 2 * Float64Array.BYTES_PER_ELEMENT
    if (this.bytes + weight > this.maxBytes) return null
    this.bytes += weight
    // each run of missing chunks in one pass
    for (let c = first; c < end; ) {
      if (this.chunks.has(c)) {
        c++
        continue
      }
      let runEnd = c + 1
      while (runEnd < end && !this.chunks.has(runEnd)) runEnd++
      dayChunks(this.data, this.member, this.itemCount, c, runEnd).forEach((chunk, k) => this.chunks.set(c + k, chunk))
      c = runEnd
    }
    const out: DayChunk[] = []
    for (let c = first; c < end; c++) {
      const chunk = this.chunks.get(c)!
      if (!chunk) return null
      out.push(chunk)
    }
    return out
  }

  /**
   * The chunks of a window's whole days, when it reads item days (readsItemDays, and chunks that
   * can be read: see covering); none for a window without a whole day; null: it does not.
   */
  chunksOf(w: ActivityWindow): DayChunk[] | null {
    if (!readsItemDays(this.data, w)) return null
    const parts = windowParts(w.fromHour, w.toHour)
    return parts.toDay > parts.fromDay ? this.covering(parts.fromDay, parts.toDay) : []
  }

  /** Whether a window reads item days (see chunksOf). */
  readBy(w: ActivityWindow): boolean {
    return this.chunksOf(w) !== null
  }

  /**
   * Each item's impressions in a window that reads item days (else null): its whole days from
   * them, the hours at its ends from `hourRows` (any hours and countries; others are skipped;
   * impressions in whole numbers, else null: wholeHourImpressions), for the articles of the
   * window whose life meets it, as windowImpressions sums them.
   */
  windowTotals(w: ActivityWindow, hourRows: readonly HourRow[]): Float64Array | null {
    const chunks = this.chunksOf(w)
    if (!chunks || !wholeHourImpressions(hourRows)) return null
    const { data, member, itemCount } = this
    const totals = new Float64Array(itemCount)
    const parts = windowParts(w.fromHour, w.toHour)
    for (const chunk of chunks) {
      const from = Math.max(parts.fromDay, chunk.firstDay)
      const to = Math.min(parts.toDay, chunk.firstDay + CHUNK_DAYS)
      for (let i = 0; i < itemCount; i++) {
        const row = i * CHUNK_DAYS - chunk.firstDay
        let sum = totals[i]!
        for (let day = from; day < to; day++) sum += chunk.impressions[row + day]!
        totals[i] = sum
      }
    }
    const out = new Int32Array(member.maxClaims)
    const fromSecond = w.fromHour * 3600
    const toSecond = w.toHour * 3600
    const { indexOfSeq, lifeFirst, lifeLast } = data
    for (const row of hourRows) {
      // (a country the index holds no daily cell of yet is read too)
      if (!inRanges(parts.hours, row.hour) || !w.countries.includes(row.country)) continue
      const cells = row.cells
      for (let k = 0; k < cells.seqs.length; k++) {
        const seq = cells.seqs[k]!
        const a = seq < indexOfSeq.length ? indexOfSeq[seq]! : -1
        // an article whose life misses the window is not read (never seen: read)
        if (a < 0 || lifeLast[a]! < fromSecond || lifeFirst[a]! >= toSecond) continue
        const n = member.claim(a, out)
        const imps = cells.impressions[k]!
        for (let c = 0; c < n; c++) totals[out[c]!] = totals[out[c]!]! + imps
      }
    }
    return totals
  }
}

/** Whether a window may read item days: all its languages and every country of the index (the days hold every country). */
export function readsItemDays(data: ActivityData, w: ActivityWindow): boolean {
  if (w.lang !== null) return false
  const wanted = new Set(w.countries)
  return data.countries.list.every((c) => wanted.has(c))
}

/**
 * Adds an item's whole days [fromDay, toDay) to its series, one bucket a day (bucket
 * `day - firstBucket`, those in [0, buckets) only), from the chunks that cover them.
 */
export function addItemDays(chunks: readonly DayChunk[], item: number, fromDay: number, toDay: number, firstBucket: number, series: { impressions: Float64Array; publications: Float64Array }): void {
  const buckets = series.impressions.length
  for (const chunk of chunks) {
    const row = item * CHUNK_DAYS - chunk.firstDay
    const from = Math.max(fromDay, chunk.firstDay, firstBucket)
    const to = Math.min(toDay, chunk.firstDay + CHUNK_DAYS, firstBucket + buckets)
    for (let day = from; day < to; day++) {
      const b = day - firstBucket
      series.impressions[b] = series.impressions[b]! + chunk.impressions[row + day]!
      series.publications[b] = series.publications[b]! + chunk.publications[row + day]!
    }
  }
}

/**
 * Whether every hourly cell's impressions are whole numbers (as imports and syncs write them):
 * summed per item after the days rather than per article, fractions could differ in the last digit.
 */
export function wholeHourImpressions(hourRows: readonly HourRow[]): boolean {
  for (const row of hourRows) {
    const imps = row.cells.impressions
    for (let k = 0; k < imps.length; k++) if (!Number.isInteger(imps[k])) return false
  }
  return true
}
