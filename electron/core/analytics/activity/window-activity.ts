import { countryBitsOf, type ActivityData } from './activity-data'
import { inStretch, livingRange } from './living-range'
import { scratch } from './scratch'
import type { ActivityWindow } from './window'

/**
 * Articles' activity in a window, from the activity index: summed over whole days from their
 * daily cells and over the hours at each end (a window starts and ends at any hour) from the
 * hourly cells of those hours. Pure: the hourly cells come in as plain rows.
 */

/** The hourly cells of one hour and country, decoded (see store/hourly-cells.ts). */
export interface HourRow {
  hour: number
  country: string
  cells: {
    seqs: ArrayLike<number>
    impressions: ArrayLike<number>
    observations: ArrayLike<number>
    positionSums: ArrayLike<number>
    firstSeen: ArrayLike<number>
    lastSeen: ArrayLike<number>
  }
}

/** Where a window's cells come from: whole days, and the hour ranges at its ends. */
export interface WindowParts {
  /** whole days [fromDay, toDay) (days since the epoch); empty when toDay <= fromDay */
  fromDay: number
  toDay: number
  /** hour ranges [from, to) read from hourly cells */
  hours: Array<[number, number]>
}

export function windowParts(fromHour: number, toHour: number): WindowParts {
  const fromDay = Math.ceil(fromHour / 24)
  const toDay = Math.floor(toHour / 24)
  if (toDay <= fromDay) return { fromDay: 0, toDay: 0, hours: toHour > fromHour ? [[fromHour, toHour]] : [] }
  const ends: Array<[number, number]> = [
    [fromHour, fromDay * 24],
    [toDay * 24, toHour],
  ]
  return { fromDay, toDay, hours: ends.filter(([a, b]) => b > a) }
}

/** The hour ranges a window reads from hourly cells: its ends, or all of it for hourly buckets. */
export const hourRangesOf = (w: { fromHour: number; toHour: number }, grain?: 'hour' | 'day'): Array<[number, number]> =>
  grain === 'hour' ? (w.toHour > w.fromHour ? [[w.fromHour, w.toHour]] : []) : windowParts(w.fromHour, w.toHour).hours

/** Articles' figures in a window: article i of `articles` has impressions[i] and so on (times epoch seconds). */
export interface WindowSums {
  articles: Int32Array
  impressions: Float64Array
  observations: Float64Array
  positionSum: Float64Array
  firstSeen: Float64Array
  lastSeen: Float64Array
}

/** The articles of a window and their impressions: all a comparison window needs. */
export type WindowImpressions = Pick<WindowSums, 'articles' | 'impressions'>

/**
 * The candidates (in index order) that may have cells in the window's days: the stretch of the
 * index those days live in (livingRange), found by halving in the candidates, so that a window
 * does not walk a list's articles of all history. Exact when the hourly rows are the index's own;
 * a caller whose hourly rows may be newer than the index (it is behind) walks every candidate.
 */
export function candidatesOfStretch(data: ActivityData, candidates: Int32Array, w: { fromHour: number; toHour: number }, hourRowsNewer: boolean): Int32Array {
  if (hourRowsNewer) return candidates
  return inStretch(candidates, livingRange(data, Math.floor(w.fromHour / 24), Math.ceil(w.toHour / 24)))
}

/**
 * The candidates of the window's language that may have been seen in it (seen in their life
 * between the window's start and end, or never seen: such an article has no cells unless the
 * facts lag), written to `out` (as long as the candidates); returns how many.
 */
function inWindow(data: ActivityData, candidates: Int32Array, w: ActivityWindow, out: Int32Array): number {
  const lang = w.lang === null ? -1 : (data.langs.find(w.lang) ?? -2)
  if (lang === -2) return 0
  const from = w.fromHour * 3600
  const to = w.toHour * 3600
  const { lifeFirst, lifeLast } = data
  let k = 0
  for (let i = 0; i < candidates.length; i++) {
    const a = candidates[i]!
    if (lang >= 0 && data.lang[a] !== lang) continue
    // never seen (NaN, or the widest range in four bytes: Times) compares false both ways: read
    if (lifeLast[a]! < from || lifeFirst[a]! >= to) continue
    out[k++] = a
  }
  return k
}

/** Which of the index's countries a window reads. */
export function countryMask(data: ActivityData, countries: readonly string[]): Uint8Array {
  const mask = new Uint8Array(Math.max(1, data.countries.list.length))
  for (const c of countries) {
    const i = data.countries.find(c)
    if (i !== undefined) mask[i] = 1
  }
  return mask
}

/** seq -> place in `articles` (-1: not there); lent from the scratch pool: give it back. */
export function placesBySeq(data: ActivityData, articles: Int32Array): Int32Array {
  const place = scratch.borrow(Int32Array, data.indexOfSeq.length, -1)
  for (let j = 0; j < articles.length; j++) place[data.seq[articles[j]!]!] = j
  return place
}

export const inRanges = (ranges: ReadonlyArray<[number, number]>, hour: number) => ranges.some(([from, to]) => hour >= from && hour < to)

/**
 * Gives a window's sums back to the scratch pool (windowSums and windowImpressions lend their
 * arrays): the caller reads nothing of them after this. Sums never given back are left to the
 * collector.
 */
export function giveBackSums(sums: WindowSums | WindowImpressions): void {
  scratch.giveBack(...(Object.values(sums) as Array<Int32Array | Float64Array>))
}

/**
 * The candidates' sums in the window: whole days from daily cells, the end hours from `hourRows`
 * (the hourly rows of windowParts(...).hours, any country; others are skipped). Only articles
 * with cells in the window are in the result, in the order of `candidates`.
 */
export const windowSums = (data: ActivityData, candidates: Int32Array, w: ActivityWindow, hourRows: readonly HourRow[]): WindowSums =>
  sumWindow(data, candidates, w, hourRows, true)

/** The same articles as windowSums, with only their impressions (half the work: a comparison window). */
export const windowImpressions = (data: ActivityData, candidates: Int32Array, w: ActivityWindow, hourRows: readonly HourRow[]): WindowImpressions =>
  sumWindow(data, candidates, w, hourRows, false)

function sumWindow(data: ActivityData, candidates: Int32Array, w: ActivityWindow, hourRows: readonly HourRow[], full: true): WindowSums
function sumWindow(data: ActivityData, candidates: Int32Array, w: ActivityWindow, hourRows: readonly HourRow[], full: false): WindowImpressions
function sumWindow(data: ActivityData, candidates: Int32Array, w: ActivityWindow, hourRows: readonly HourRow[], full: boolean): WindowSums | WindowImpressions {
  const parts = windowParts(w.fromHour, w.toHour)
  const mask = countryMask(data, w.countries)
  // the working arrays are lent (scratch.ts); only the kept rows' copies leave
  const inWindowArticles = scratch.borrow(Int32Array, candidates.length)
  const m = inWindow(data, candidates, w, inWindowArticles)
  const articles = inWindowArticles.subarray(0, m)
  const imps = scratch.borrow(Float64Array, m, 0)
  // the other sums: only when asked (empty arrays are never written: every write below is under `full`)
  const size = full ? m : 0
  const obs = scratch.borrow(Float64Array, size, 0)
  const pos = scratch.borrow(Float64Array, size, 0)
  const first = scratch.borrow(Float64Array, size, Number.POSITIVE_INFINITY)
  const last = scratch.borrow(Float64Array, size, Number.NEGATIVE_INFINITY)
  const seen = scratch.borrow(Uint8Array, m, 0)
  const d = data.days
  if (parts.toDay > parts.fromDay) {
    const whole = data.whole
    const covered = countryBitsOf(data, w.countries.flatMap((c) => data.countries.find(c) ?? []))
    for (let j = 0; j < m; j++) {
      const a = articles[j]!
      // all of its days inside, all of its countries wanted: its whole-life sums (an article without cells has none)
      if (whole.firstDay[a]! >= parts.fromDay && whole.lastDay[a]! < parts.toDay && whole.firstDay[a]! <= whole.lastDay[a]! && (whole.countryBits[a]! & ~covered) === 0) {
        seen[j] = 1
        imps[j] = whole.impressions[a]!
        if (full) {
          obs[j] = whole.observations[a]!
          pos[j] = whole.positionSum[a]!
          first[j] = whole.firstSeen[a]!
          last[j] = whole.lastSeen[a]!
        }
        continue
      }
      for (let k = d.start[a]!; k < d.start[a + 1]!; k++) {
        const day = d.day[k]!
        if (day < parts.fromDay || day >= parts.toDay || mask[d.country[k]!] === 0) continue
        seen[j] = 1
        imps[j] = imps[j]! + d.impressions[k]!
        if (full) {
          obs[j] = obs[j]! + d.observations[k]!
          pos[j] = pos[j]! + d.positionSum[k]!
          if (d.firstSeen[k]! < first[j]!) first[j] = d.firstSeen[k]!
          if (d.lastSeen[k]! > last[j]!) last[j] = d.lastSeen[k]!
        }
      }
    }
  }
  if (parts.hours.length > 0 && m > 0) {
    const place = placesBySeq(data, articles)
    for (const row of hourRows) {
      if (!inRanges(parts.hours, row.hour) || !w.countries.includes(row.country)) continue
      const c = row.cells
      for (let i = 0; i < c.seqs.length; i++) {
        const seq = c.seqs[i]!
        const j = seq < place.length ? place[seq]! : -1
        if (j < 0) continue
        seen[j] = 1
        imps[j] = imps[j]! + c.impressions[i]!
        if (full) {
          obs[j] = obs[j]! + c.observations[i]!
          pos[j] = pos[j]! + c.positionSums[i]!
          if (c.firstSeen[i]! < first[j]!) first[j] = c.firstSeen[i]!
          if (c.lastSeen[i]! > last[j]!) last[j] = c.lastSeen[i]!
        }
      }
    }
    scratch.giveBack(place)
  }
  let kept = 0
  for (let j = 0; j < m; j++) if (seen[j]) kept++
  // lent too: the caller gives them back once done with the sums (giveBackSums)
  const keptArticles = scratch.borrow(Int32Array, kept)
  const keptImps = scratch.borrow(Float64Array, kept)
  // the other sums only when asked (as above)
  const keptSize = full ? kept : 0
  const keptObs = scratch.borrow(Float64Array, keptSize)
  const keptPos = scratch.borrow(Float64Array, keptSize)
  const keptFirst = scratch.borrow(Float64Array, keptSize)
  const keptLast = scratch.borrow(Float64Array, keptSize)
  let k = 0
  for (let j = 0; j < m; j++) {
    if (!seen[j]) continue
    keptArticles[k] = articles[j]!
    keptImps[k] = imps[j]!
    if (full) {
      keptObs[k] = obs[j]!
      keptPos[k] = pos[j]!
      keptFirst[k] = first[j]!
      keptLast[k] = last[j]!
    }
    k++
  }
  scratch.giveBack(inWindowArticles, imps, obs, pos, first, last, seen)
  if (!full) return { articles: keptArticles, impressions: keptImps }
  return { articles: keptArticles, impressions: keptImps, observations: keptObs, positionSum: keptPos, firstSeen: keptFirst, lastSeen: keptLast }
}
