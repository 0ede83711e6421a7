import type { ActivityData } from '../activity/activity-data'
import { livesOutside, livingRange } from '../activity/living-range'
import { articleInPeriod, daySpan, type Period } from './period'

/**
 * The totals of a filtered set of articles in a period (the strip above a list): its impressions,
 * the articles and publishers seen, and their best and mean position. Pure, off the activity index.
 */
export interface SetTotals {
  impressions: number
  articles: number
  publishers: number
  /** the highest place any of them reached (null: none seen) */
  bestPosition: number | null
  /** the mean place over all their sightings (null: none seen) */
  avgPosition: number | null
}

/** `candidates`: the set's articles (seqs), null for every article. */
export function setTotals(data: ActivityData, candidates: readonly number[] | null, period: Period): SetTotals {
  let impressions = 0
  let articles = 0
  let observations = 0
  let positionSum = 0
  let best = Number.POSITIVE_INFINITY
  const publishers = new Set<number>()
  const [from, to] = daySpan(period.touched)
  const take = (a: number) => {
    if (a < 0 || livesOutside(data, a, from, to)) return
    const sums = articleInPeriod(data, a, period, false)
    if (!sums || sums.observations === 0) return
    impressions += sums.impressions
    articles++
    observations += sums.observations
    positionSum += sums.positionSum
    if (sums.bestPosition < best) best = sums.bestPosition
    publishers.add(data.domain[a]!)
  }
  if (candidates === null) {
    const [lo, hi] = livingRange(data, from, to)
    for (let a = lo; a < hi; a++) take(a)
  } else {
    for (const seq of candidates) take(seq >= 0 && seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1)
  }
  return {
    impressions: Math.round(impressions),
    articles,
    publishers: publishers.size,
    bestPosition: articles > 0 ? best : null,
    avgPosition: observations > 0 ? Math.round((positionSum / observations) * 10) / 10 : null,
  }
}
