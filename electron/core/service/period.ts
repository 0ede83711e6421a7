import type { ActivityData } from '../analytics/activity/activity-data'
import { periodArticles } from '../analytics/explore/group-figures'
import { periodHours, periodParts, readyPeriod, type Period } from '../analytics/explore/period'
import { epochSeconds } from '../time/buckets'
import type { RequestContext } from './context'

/**
 * The period of a window's request (docs/contract-decisions.md, "One window"): the hourly buckets
 * that start between `from` and `to` (either open), ready to be read: whole days off the activity
 * index, the end hours off the feed's sightings; counting only `countries` when given.
 */
export function requestPeriod(ctx: RequestContext, from: Date | undefined, to: Date | undefined, countries: readonly string[] | null = null): Period {
  const hours = periodHours(from && epochSeconds(from), to && epochSeconds(to))
  const { edgeHours } = periodParts(hours)
  return readyPeriod(hours, edgeHours.length > 0 ? ctx.store.articles.sightingsIn(edgeHours) : [], countries)
}

/** Periods' articles kept per activity index (a screen's panels ask the same period at once). */
const keptPeriods = new WeakMap<ActivityData, Map<string, ReturnType<typeof periodArticles>>>()
/** Kept periods of one index at most (a 30-day period of the medium world holds ~100,000 articles). */
const MAX_KEPT_PERIODS = 6

/**
 * The articles seen in a request's period with their impressions there (periodArticles), computed
 * once for the panels that ask the same period together: Signals' format interest, top categories
 * and winners and losers each read the period and the one before it (five passes over the index
 * became two). Kept while the index and the store's data are those it was computed from; callers
 * only read it.
 */
export function periodArticlesFor(ctx: RequestContext, data: ActivityData, from: Date | undefined, to: Date | undefined, countries: readonly string[] | null = null): ReturnType<typeof periodArticles> {
  const key = JSON.stringify([ctx.store.dataVersion, from?.getTime() ?? null, to?.getTime() ?? null, countries])
  let kept = keptPeriods.get(data)
  if (!kept) keptPeriods.set(data, (kept = new Map()))
  const hit = kept.get(key)
  if (hit) return hit
  const articles = periodArticles(data, requestPeriod(ctx, from, to, countries))
  if (kept.size >= MAX_KEPT_PERIODS) kept.delete(kept.keys().next().value!)
  kept.set(key, articles)
  return articles
}
