import type { HandlerMap } from '../handler-types'
import { assertMarketAllowed, marketFilter } from '../markets'
import { decodeFeedCursor, encodeFeedCursor, feedPage } from '../feed'
import { epochSeconds } from '../../time/buckets'

export const feedHandlers: HandlerMap<'getFeed'> = {
  getFeed(ctx, { query }) {
    const storeId = ctx.store.settings.get('store_id') ?? ''
    if (query.region) assertMarketAllowed(ctx, query.region)
    const after = query.cursor === undefined ? 0 : decodeFeedCursor(query.cursor, storeId, ctx.store.feed.lastPosition())
    const markets = query.region ? [query.region] : marketFilter(ctx)
    const countries = markets === null ? null : new Set(markets)
    const page = feedPage(ctx.store, after, { countries, lang: query.lang, since: query.since && epochSeconds(query.since) }, query.limit)
    return { elements: page.elements, next_cursor: encodeFeedCursor(storeId, page.last), has_more: page.hasMore, remaining: page.remaining }
  },
}
