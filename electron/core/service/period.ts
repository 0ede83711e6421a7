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
