import type { ActivityData, Codes } from './activity-data'

const lifeBoundsOf = new WeakMap<ActivityData, { lastBefore: Codes; firstFrom: Codes }>()

/** The running latest last day (from the start) and earliest first day (from the end) of the index's articles, kept once per index. */
function lifeBounds(data: ActivityData): { lastBefore: Codes; firstFrom: Codes } {
  const n = data.seq.length
  let bounds = lifeBoundsOf.get(data)
  if (!bounds) {
    const { firstDay, lastDay } = data.whole
    // running extremes of the days: values of the days' own arrays, so in their widths (two bytes, not four)
    const lastBefore = new (lastDay.constructor as new (n: number) => Codes)(n)
    const firstFrom = new (firstDay.constructor as new (n: number) => Codes)(n)
    for (let a = 0, most = -(2 ** 31); a < n; a++) lastBefore[a] = most = Math.max(most, lastDay[a]!)
    for (let a = n - 1, least = 2 ** 31 - 1; a >= 0; a--) firstFrom[a] = least = Math.min(least, firstDay[a]!)
    bounds = { lastBefore, firstFrom }
    lifeBoundsOf.set(data, bounds)
  }
  return bounds
}

/**
 * The index numbers [lo, hi) outside of which every article lives outside the days [from, to):
 * articles come into the index about in the order they were first seen, so a period's articles
 * are one stretch of it, found by halving over the running latest last day (from the start) and
 * the running earliest first day (from the end), kept once per index. An article imported out of
 * time order widens the stretch, never hides an article.
 */
export function livingRange(data: ActivityData, from: number, to: number): [number, number] {
  const bounds = lifeBounds(data)
  // both running bounds only grow along the index: the first article whose running latest last
  // day reaches from, and from there the first whose running earliest first day is past the end
  const lo = firstAtLeast(bounds.lastBefore, from)
  return [lo, firstAtLeast(bounds.firstFrom, to, lo)]
}

/** The first and last day any article of the index has cells on (first > last: none has), from the bounds livingRange keeps. */
export function daysWithCells(data: ActivityData): [number, number] {
  const { lastBefore, firstFrom } = lifeBounds(data)
  const n = data.seq.length
  return n === 0 ? [1, 0] : [firstFrom[0]!, lastBefore[n - 1]!]
}

/** Whether an article lives outside the days [from, to): none of its days in them, or no cells at all. */
export const livesOutside = (data: ActivityData, a: number, from: number, to: number): boolean =>
  data.whole.firstDay[a]! > data.whole.lastDay[a]! || data.whole.lastDay[a]! < from || data.whole.firstDay[a]! >= to

/** The index numbers of `sorted` (ascending) that lie in a stretch [lo, hi) of the index (livingRange). */
export const inStretch = (sorted: Int32Array, [lo, hi]: [number, number]): Int32Array => sorted.subarray(firstAtLeast(sorted, lo), firstAtLeast(sorted, hi))

/** The place of the first value >= `value` in sorted `values[low..high)` (high: none). */
export function firstAtLeast(values: Codes, value: number, low = 0, high = values.length): number {
  let lo = low
  let hi = high
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (values[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * The same from `low` on, galloping first (steps of 1, 2, 4…) and halving only the last step: for
 * many values asked in ascending order, each near the one before, it costs the log of the gap.
 */
export function nextAtLeast(values: Int32Array, value: number, low: number): number {
  let lo = low
  let hi = low
  for (let step = 1; hi < values.length && values[hi]! < value; step *= 2) {
    lo = hi + 1
    hi += step
  }
  return firstAtLeast(values, value, lo, Math.min(hi, values.length))
}
