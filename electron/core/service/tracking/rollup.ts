import type { RouteInput, RouteResponse } from '../../../../shared/contract/routes'
import type { ListKind } from '../../../../shared/contract/values'
import { categorySlices, groupSlices, publisherSlices, relatedSlices, topArticleCandidates, topArticles, trendSlices, typeSlices, type Covered } from '../../analytics/tracking/rollup'
import type { TrackingItem, TrackingList } from '../../store/repositories/tracking'
import type { RequestContext } from '../context'
import { TrackingApiError } from '../../errors'
import { listActivity } from './activity'
import { activityKey } from './views'
import { trackingWindow, type TrackingWindow } from './window'

export const ROLLUP_MAX_ITEMS = 500

/**
 * A list rolled up over all its items: slices by publisher, trend, related entity, section and
 * format (mention lists: publishers, entities, categories; trend lists: their top articles).
 * Kept like metrics until the data or the list changes, or the window moves to another hour.
 */
export async function listRollup(ctx: RequestContext, list: TrackingList, query: RouteInput<'getTrackingRollup'>['query']): Promise<RouteResponse<'getTrackingRollup'>> {
  const items = ctx.store.tracking.itemsWithoutCounts(list.id)
  if (items.length > ROLLUP_MAX_ITEMS) {
    throw new TrackingApiError(422, 'list_too_large', `Roll-ups cover lists of at most ${ROLLUP_MAX_ITEMS} items; this list has ${items.length}.`)
  }
  const tw = trackingWindow(ctx, list, query)
  const hours = [tw.current.fromHour, tw.current.toHour, tw.previous.fromHour, tw.previous.toHour]
  const key = JSON.stringify(['rollup', list.id, list.updatedAt, list.itemCount, tw.markets, query.lang, hours])
  const answer = await ctx.answers.rememberAsync(key, async () => {
    const windows = { kind: list.kind, listId: list.id, keys: items.map((i) => activityKey(list, i)), current: tw.current, previous: tw.previous }
    const activity = await listActivity(ctx, windows, { previous: 'sums' })
    try {
      const now = { data: activity.data, sums: activity.now }
      const before = { data: activity.data, sums: activity.before }
      return { behind: activity.behind, value: rollupOf(ctx, list, items, tw.scope, now, before) }
    } finally {
      // the sums are lent: the answer is made of them by now
      activity.release()
    }
  })
  return { ...answer, scope: tw.scope }
}

/** The slices of a roll-up from the publications of the window and of the one before. */
function rollupOf(
  ctx: RequestContext,
  list: TrackingList,
  items: TrackingItem[],
  scope: TrackingWindow['scope'],
  current: Covered,
  previous: Covered,
): RouteResponse<'getTrackingRollup'> {
  if (list.kind === 'trend') {
    const candidates = topArticleCandidates(current)
    const headlines = ctx.store.articles.headlines(candidates.map((r) => r.seq))
    const named = candidates.flatMap((r) => {
      const h = headlines.get(r.seq)
      return h ? [{ ...r, ...h }] : []
    })
    return {
      list_id: list.id,
      kind: 'trend' as const,
      scope,
      top_articles: topArticles(named).map((r) => ({
        id: r.id,
        url: r.url,
        title: r.title,
        domain: r.domain,
        trend_id: r.trendId!,
        imps: r.impressions,
        cabinet_url: `${ctx.appUrl}/article/${r.id}`,
      })),
    }
  }
  const itemKeys = new Set(list.kind === 'entity' ? items.map((i) => i.key) : [])
  const publishers = publisherSlices(current, previous)
  if (list.kind === 'mention') {
    return { list_id: list.id, kind: 'mention' as const, scope, publishers, entities: relatedSlices(current, itemKeys), categories: categorySlices(current) }
  }
  return {
    list_id: list.id,
    kind: list.kind as ListKind,
    scope,
    publishers: list.kind === 'publisher' ? [] : publishers,
    trends: trendSlices(current, previous, (ids) => ctx.store.trends.labels(ids)),
    related: relatedSlices(current, itemKeys),
    groups: groupSlices(current),
    types: typeSlices(current),
  }
}
