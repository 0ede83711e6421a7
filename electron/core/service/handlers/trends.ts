import type { RouteInput, RouteResponse } from '../../../../shared/contract/routes'
import type { trendRelationTypes } from '../../../../shared/contract/values'
import { dailyCountsOn, trendInMarkets } from '../../analytics/trends/market-view'
import type { HierarchyNode, TrendFilter, TrendRow } from '../../store/repositories/trends'
import type { RequestContext } from '../context'
import { ApiError } from '../../errors'
import type { HandlerMap } from '../handler-types'
import { trendArticleItem } from '../article-views'
import { marketFilter } from '../markets'
import { requestPeriod } from '../period'
import { trendFigures } from '../../analytics/explore/group-figures'

type TrendRoutes =
  | 'listTrends'
  | 'getTrend'
  | 'listTrendArticles'
  | 'listTrendParents'
  | 'listTrendChildren'
  | 'listThemes'
  | 'listThemeTopics'
  | 'listTopicTrends'
  | 'appHierarchy'

type TrendRelationType = (typeof trendRelationTypes)[number]
type TrendListItem = RouteResponse<'listTrends'>['trends'][number]

export function listItem(t: TrendRow): TrendListItem {
  return {
    id: t.id,
    label: t.label,
    label_ru: t.labelRu,
    state: t.state as TrendListItem['state'],
    structural_type: t.structuralType as TrendListItem['structural_type'],
    semantic_type: t.semanticType as TrendListItem['semantic_type'],
    article_count: t.articleCount,
    first_seen_at: t.firstSeenAt,
    last_article_at: t.lastArticleAt,
    key_entities: JSON.parse(t.keyEntities) as string[],
    primary_country: t.primaryCountry,
    country_scope: JSON.parse(t.countryScope) as string[],
  }
}

/**
 * The trend, if it exists and has articles in a market the caller may see: 404 for an unknown
 * trend, 403 for one whose every article lies in closed markets (as for such an article).
 */
function visibleTrend(ctx: RequestContext, id: string): TrendRow {
  const t = ctx.store.trends.get(id)
  if (!t) throw new ApiError(404, `Trend ${id} not found`)
  const markets = marketFilter(ctx)
  if (markets !== null && ctx.store.trends.articlesInMarkets(id, markets) === 0) {
    throw new ApiError(403, `This API key has no access to the markets of trend ${id}.`)
  }
  return t
}

/** A visible trend's direct links the caller may see: the linked trend, then relation_type and strength. */
function trendLinks(ctx: RequestContext, trendId: string, direction: 'parents' | 'children') {
  visibleTrend(ctx, trendId)
  return ctx.store.trends
    .links(trendId, direction, marketFilter(ctx))
    .map((l) => ({ id: l.id, label: l.label, relation_type: l.relationType as TrendRelationType, strength: l.strength }))
}

const hierarchyNode = (n: HierarchyNode) => ({
  id: n.id,
  label: n.label,
  label_ru: n.labelRu,
  n_trends: n.nTrends,
  n_articles: n.nArticles,
})

/** The store's filter for a trend list query, with the caller's markets. */
export function trendListFilter(ctx: RequestContext, query: RouteInput<'listTrends'>['query']): TrendFilter {
  return {
    state: query.state,
    structuralType: query.structural_type,
    semanticType: query.semantic_type,
    topicId: query.topic_id,
    themeId: query.theme_id,
    minArticles: query.min_articles,
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    limit: query.limit,
    offset: query.offset,
    markets: marketFilter(ctx),
  }
}

/**
 * Themes > topics > trends counted in a period (the window's one rule): each trend's articles seen
 * in it, summed by topic and theme, the nodes with none left out, each topic's largest trends by
 * those counts. Sizes, order and ties as the stored hierarchy's (articles, then label and id).
 */
async function hierarchyInPeriod(ctx: RequestContext, query: RouteInput<'appHierarchy'>['query']): Promise<RouteResponse<'appHierarchy'>> {
  const { data } = await ctx.store.activity.current()
  const members = ctx.store.trends.hierarchyMembers()
  const figures = trendFigures(data, members.trends.map((t) => t.id), requestPeriod(ctx, query.active_from, query.active_to, marketFilter(ctx)))
  const byTopic = new Map<string, Array<{ id: string; label: string; article_count: number }>>()
  for (const t of members.trends) {
    const n = figures.get(t.id)!.articles
    if (n === 0) continue
    const list = byTopic.get(t.topicId) ?? []
    list.push({ id: t.id, label: t.label, article_count: n })
    byTopic.set(t.topicId, list)
  }
  const order = <T extends { n_articles: number; label: string; id: string }>(a: T, b: T) => b.n_articles - a.n_articles || a.label.localeCompare(b.label) || a.id.localeCompare(b.id)
  const topics = members.topics.flatMap((tp) => {
    const trends = (byTopic.get(tp.id) ?? []).sort((a, b) => b.article_count - a.article_count || a.label.localeCompare(b.label) || a.id.localeCompare(b.id))
    if (trends.length === 0) return []
    const n = trends.reduce((sum, t) => sum + t.article_count, 0)
    return [{ themeId: tp.themeId, node: { id: tp.id, label: tp.label, label_ru: tp.labelRu, n_trends: trends.length, n_articles: n, trends: trends.slice(0, query.trends_per_topic) } }]
  })
  const themes = members.themes.flatMap((th) => {
    const own = topics.filter((t) => t.themeId === th.id).map((t) => t.node).sort(order)
    if (own.length === 0) return []
    return [{ id: th.id, label: th.label, label_ru: th.labelRu, n_trends: own.reduce((s, t) => s + t.n_trends, 0), n_articles: own.reduce((s, t) => s + t.n_articles, 0), topics: own }]
  })
  return { themes: themes.sort(order) }
}

export const trendHandlers: HandlerMap<TrendRoutes> = {
  listTrends(ctx, { query }) {
    const { rows, total } = ctx.store.trends.list(trendListFilter(ctx, query))
    return { trends: rows.map(listItem), total, limit: query.limit, offset: query.offset }
  },

  getTrend(ctx, { params }) {
    const t = visibleTrend(ctx, params.trend_id)
    const markets = marketFilter(ctx)
    const lastDay = ctx.store.trends.lastDay()
    const card = {
      ...listItem(t),
      topic_id: t.topicId,
      theme_id: t.themeId,
      daily_counts_180d: dailyCountsOn(JSON.parse(t.dailyCounts) as number[], t.dailyThrough, lastDay),
      features: { days_active: null, total_articles: null, slope_14d: null, current_share_7d: null, ...(JSON.parse(t.features) as Record<string, number | null>) },
      forecast: t.forecast ? JSON.parse(t.forecast) : null,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
    }
    if (markets === null || lastDay === null) return card
    // a key limited to some markets sees the trend through their articles alone
    const view = trendInMarkets(ctx.store.trends.articleTimesInMarkets(t.id, markets), lastDay)
    return {
      ...card,
      article_count: view.articleCount,
      first_seen_at: view.firstSeenAt,
      last_article_at: view.lastArticleAt,
      primary_country: view.primaryCountry,
      country_scope: view.countryScope,
      daily_counts_180d: view.dailyCounts,
      features: view.features,
      forecast: view.forecast,
    }
  },

  listTrendArticles(ctx, { params, query }) {
    visibleTrend(ctx, params.trend_id)
    const { rows, total } = ctx.store.trends.articles(
      params.trend_id,
      query.role,
      query.sort_by,
      query.sort_order,
      query.limit,
      query.offset,
      marketFilter(ctx),
    )
    return {
      trend_id: params.trend_id,
      articles: rows.map(trendArticleItem),
      total,
      limit: query.limit,
      offset: query.offset,
    }
  },

  listTrendParents(ctx, { params }) {
    const parents = trendLinks(ctx, params.trend_id, 'parents').map(({ id, label, ...link }) => ({ parent_id: id, parent_label: label, ...link }))
    return { trend_id: params.trend_id, parents }
  },

  listTrendChildren(ctx, { params }) {
    const children = trendLinks(ctx, params.trend_id, 'children').map(({ id, label, ...link }) => ({ child_id: id, child_label: label, ...link }))
    return { trend_id: params.trend_id, children }
  },

  async appHierarchy(ctx, { query }) {
    const markets = marketFilter(ctx)
    if (query.active_from || query.active_to) return hierarchyInPeriod(ctx, query)
    return {
      themes: ctx.store.trends.themes(markets).map((theme) => ({
        ...hierarchyNode(theme),
        topics: ctx.store.trends.topicsOfTheme(theme.id, markets).map((topic) => ({
          ...hierarchyNode(topic),
          trends:
            query.trends_per_topic === 0
              ? []
              : ctx.store.trends
                  .list({ topicId: topic.id, minArticles: 0, sortBy: 'article_count', sortOrder: 'desc', limit: query.trends_per_topic, offset: 0, markets })
                  .rows.map((t) => ({ id: t.id, label: t.label, article_count: t.articleCount })),
        })),
      })),
    }
  },

  listThemes(ctx) {
    return { themes: ctx.store.trends.themes(marketFilter(ctx)).map(hierarchyNode) }
  },

  listThemeTopics(ctx, { params }) {
    return { theme_id: params.theme_id, topics: ctx.store.trends.topicsOfTheme(params.theme_id, marketFilter(ctx)).map(hierarchyNode) }
  },

  listTopicTrends(ctx, { params, query }) {
    const { rows, total } = ctx.store.trends.list({
      topicId: params.topic_id,
      minArticles: 0,
      sortBy: query.sort_by,
      sortOrder: query.sort_order,
      limit: query.limit,
      offset: query.offset,
      markets: marketFilter(ctx),
    })
    return {
      topic_id: params.topic_id,
      trends: rows.map((t) => {
        const item = listItem(t)
        return {
          id: item.id,
          label: item.label,
          state: item.state,
          article_count: item.article_count,
          first_seen_at: item.first_seen_at,
          last_article_at: item.last_article_at,
        }
      }),
      total,
      limit: query.limit,
      offset: query.offset,
    }
  },
}
