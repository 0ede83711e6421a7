import { lifeFirstOf, lifeLastOf, type ActivityData } from '../activity/activity-data'
import { inRanges, windowParts, type HourRow } from '../activity/window-activity'
import type { ActivityWindow } from '../activity/window'
import type { Membership } from './membership'

/**
 * Each item's impressions and publications per whole day over the index's history, every country:
 * the sum over the articles it claims of their per-day sums. Impressions are additive, and an
 * article has one per-day entry a day, so a window's whole days of any item are read here in one
 * row (tens of numbers) instead of from each of its publications (tens of thousands a request for
 * a list of busy entities). Made once per list while the index holds; pure.
 */
export interface ItemDays {
  /** the first day held (days since the epoch) and how many */
  firstDay: number
  dayCount: number
  /** item-major: item i's day d is at i * dayCount + (d - firstDay) */
  impressions: Float64Array
  publications: Float64Array
}

const DAY = 86_400

/**
 * The list's item days, or null where they could differ from summing its publications one by one:
 * impressions that are not whole numbers (sums in another order could differ in the last digit),
 * or an article with a day of cells outside its life as its facts say (a window's sums skip an
 * article whose life misses the window: such a day would be counted here and not there).
 */
export function itemDays(data: ActivityData, member: Membership, itemCount: number): ItemDays | null {
  const pd = data.perDay
  if (pd.impressions instanceof Float64Array) return null
  const { candidates } = member
  let firstDay = Number.POSITIVE_INFINITY
  let lastDay = Number.NEGATIVE_INFINITY
  for (let i = 0; i < candidates.length; i++) {
    const a = candidates[i]!
    if (pd.start[a + 1] === pd.start[a]) continue
    const lifeFirst = lifeFirstOf(data, a)
    const lifeLast = lifeLastOf(data, a)
    for (let k = pd.start[a]!; k < pd.start[a + 1]!; k++) {
      const day = pd.day[k]!
      // (never seen: NaN, which a window reads whatever its days)
      if (lifeLast < day * DAY || lifeFirst >= (day + 1) * DAY) return null
      if (day < firstDay) firstDay = day
      if (day > lastDay) lastDay = day
    }
  }
  const dayCount = lastDay >= firstDay ? lastDay - firstDay + 1 : 0
  if (dayCount === 0) firstDay = 0
  const impressions = new Float64Array(itemCount * dayCount)
  const publications = new Float64Array(itemCount * dayCount)
  const out = new Int32Array(member.maxClaims)
  for (let i = 0; i < candidates.length; i++) {
    const a = candidates[i]!
    if (pd.start[a + 1] === pd.start[a]) continue
    const n = member.claim(a, out)
    for (let c = 0; c < n; c++) {
      const row = out[c]! * dayCount - firstDay
      for (let k = pd.start[a]!; k < pd.start[a + 1]!; k++) {
        const at = row + pd.day[k]!
        impressions[at] = impressions[at]! + pd.impressions[k]!
        publications[at] = publications[at]! + 1
      }
    }
  }
  return { firstDay, dayCount, impressions, publications }
}

/** Whether a window reads the item days: all its languages and every country of the index (the days hold every country). */
export function readsItemDays(data: ActivityData, w: ActivityWindow): boolean {
  if (w.lang !== null) return false
  const wanted = new Set(w.countries)
  return data.countries.list.every((c) => wanted.has(c))
}

/**
 * Adds an item's whole days [fromDay, toDay) to its series, one bucket a day (bucket
 * `day - firstBucket`, those in [0, buckets.length) only).
 */
export function addItemDays(days: ItemDays, item: number, fromDay: number, toDay: number, firstBucket: number, series: { impressions: Float64Array; publications: Float64Array }): void {
  const row = item * days.dayCount - days.firstDay
  const from = Math.max(fromDay, days.firstDay, firstBucket)
  const to = Math.min(toDay, days.firstDay + days.dayCount, firstBucket + series.impressions.length)
  for (let day = from; day < to; day++) {
    const b = day - firstBucket
    series.impressions[b] = series.impressions[b]! + days.impressions[row + day]!
    series.publications[b] = series.publications[b]! + days.publications[row + day]!
  }
}

/**
 * Each item's impressions in a window (one readsItemDays reads): its whole days from the item
 * days, the hours at its ends from `hourRows` (any hours and countries; others are skipped), for
 * the articles of the window's language whose life meets it, as windowImpressions sums them.
 */
export function itemWindowTotals(data: ActivityData, days: ItemDays, member: Membership, itemCount: number, w: ActivityWindow, hourRows: readonly HourRow[]): Float64Array {
  const totals = new Float64Array(itemCount)
  const parts = windowParts(w.fromHour, w.toHour)
  if (parts.toDay > parts.fromDay) {
    const from = Math.max(parts.fromDay, days.firstDay)
    const to = Math.min(parts.toDay, days.firstDay + days.dayCount)
    for (let i = 0; i < itemCount; i++) {
      const row = i * days.dayCount - days.firstDay
      let sum = 0
      for (let day = from; day < to; day++) sum += days.impressions[row + day]!
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
      // an article whose life misses the window is not read (never seen: NaN, read)
      if (a < 0 || lifeLast[a]! < fromSecond || lifeFirst[a]! >= toSecond) continue
      const n = member.claim(a, out)
      const imps = cells.impressions[k]!
      for (let c = 0; c < n; c++) totals[out[c]!] = totals[out[c]!]! + imps
    }
  }
  return totals
}
