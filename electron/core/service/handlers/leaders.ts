import { leaders } from '../../analytics/explore/leaders'
import { ValidationApiError } from '../../errors'
import type { HandlerMap } from '../handler-types'
import { resolveMarkets } from '../markets'
import { periodArticlesFor } from '../period'

export const leaderHandlers: HandlerMap<'appLeaders'> = {
  async appLeaders(ctx, { query }) {
    const compared = query.compare_from !== undefined || query.compare_to !== undefined
    if (query.sort_by !== 'impressions' && !compared) {
      throw new ValidationApiError([{ loc: ['query', 'compare_from'], msg: `A ${query.sort_by} is against a period compared: give compare_from and compare_to`, type: 'missing' }])
    }
    const countries = query.country === 'all' ? null : resolveMarkets(ctx, query.country, { tracking: false })
    const { data } = await ctx.store.activity.current()
    const now = periodArticlesFor(ctx, data, query.date_from, query.date_to, countries)
    const before = compared ? periodArticlesFor(ctx, data, query.compare_from, query.compare_to, countries) : null
    const { rows, total } = leaders(data, query.kind, now, before, query.sort_by, query.limit)
    const keys = rows.map((r) => r.key)
    const label: (key: string) => string =
      query.kind === 'trend'
        ? ((labels) => (key) => labels.get(key) ?? key)(ctx.store.trends.labels(keys))
        : query.kind === 'entity'
          ? ((named) => (key) => data.entityNames.get(key) ?? named.get(key)?.name ?? key)(ctx.store.entities.byIds(keys))
          : query.kind === 'publisher'
            ? (key) => ctx.store.publishers.byDomain(key)?.name ?? key
            : (key) => key
    return {
      kind: query.kind,
      country: query.country,
      sort_by: query.sort_by,
      compared,
      leaders: rows.map((r) => ({ key: r.key, label: label(r.key), impressions: r.impressions, articles: r.articles, before: r.before, delta: r.delta })),
      total,
    }
  },
}
