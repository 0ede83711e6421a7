import { ApiError } from '../errors'
import type { HandlerMap } from '../handler-types'
import type { TrendRow } from '../../store/repositories/trends'
import type { RouteResponse } from '../../../../shared/contract/routes'

type TrendRoutes =
  | 'listTrends'
  | 'getTrend'
  | 'listTrendArticles'
  | 'listTrendParents'
  | 'listTrendChildren'
  | 'listThemes'
  | 'listThemeTopics'
  | 'listTopicTrends'

type TrendListItem = RouteResponse<'listTrends'>['trends'][number]

function listItem(t: TrendRow): TrendListItem {
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

const hierarchyNode = (n: { id: string; label: string; labelRu: string; nTrends: number; nArticles: number }) => ({
  id: n.id,
  label: n.label,
  label_ru: n.labelRu,
  n_trends: n.nTrends,
  n_articles: n.nArticles,
})

export const trendHandlers: HandlerMap<TrendRoutes> = {
  listTrends(ctx, { query }) {
    const { rows, total } = ctx.store.trends.list({
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
    })
    return { trends: rows.map(listItem), total, limit: query.limit, offset: query.offset }
  },

  getTrend(ctx, { params }) {
    const t = ctx.store.trends.get(params.trend_id)
    if (!t) throw new ApiError(404, `Trend ${params.trend_id} not found`)
    const features = JSON.parse(t.features) as Record<string, number | null>
    const daily = (JSON.parse(t.dailyCounts) as number[]).slice(-180)
    return {
      ...listItem(t),
      topic_id: t.topicId,
      theme_id: t.themeId,
      daily_counts_180d: daily,
      features: {
        days_active: features.days_active ?? null,
        total_articles: features.total_articles ?? null,
        slope_14d: features.slope_14d ?? null,
        current_share_7d: features.current_share_7d ?? null,
      },
      forecast: t.forecast ? JSON.parse(t.forecast) : null,
      created_at: t.createdAt,
      updated_at: t.updatedAt,
    }
  },

  listTrendArticles(ctx, { params, query }) {
    if (!ctx.store.trends.get(params.trend_id)) throw new ApiError(404, `Trend ${params.trend_id} not found`)
    const { rows, total } = ctx.store.trends.articles(
      params.trend_id,
      query.role,
      query.sort_by,
      query.sort_order,
      query.limit,
      query.offset,
    )
    return {
      trend_id: params.trend_id,
      articles: rows.map((a) => ({
        id: a.id,
        url: a.url,
        title: a.title,
        domain: a.domain,
        country_code: a.countryCode,
        assignment_score: a.assignmentScore,
        trend_role: a.role as 'F1_trigger',
        first_seen_at: a.firstSeenAt,
        published_at: a.publishedAt,
      })),
      total,
      limit: query.limit,
      offset: query.offset,
    }
  },

  listTrendParents(ctx, { params }) {
    if (!ctx.store.trends.get(params.trend_id)) throw new ApiError(404, `Trend ${params.trend_id} not found`)
    return {
      trend_id: params.trend_id,
      parents: ctx.store.trends.links(params.trend_id, 'parents').map((l) => ({
        parent_id: l.id,
        parent_label: l.label,
        relation_type: l.relationType,
        strength: l.strength,
      })),
    }
  },

  listTrendChildren(ctx, { params }) {
    if (!ctx.store.trends.get(params.trend_id)) throw new ApiError(404, `Trend ${params.trend_id} not found`)
    return {
      trend_id: params.trend_id,
      children: ctx.store.trends.links(params.trend_id, 'children').map((l) => ({
        child_id: l.id,
        child_label: l.label,
        relation_type: l.relationType,
        strength: l.strength,
      })),
    }
  },

  listThemes(ctx) {
    return { themes: ctx.store.trends.themes().map(hierarchyNode) }
  },

  listThemeTopics(ctx, { params }) {
    return { theme_id: params.theme_id, topics: ctx.store.trends.topicsOfTheme(params.theme_id).map(hierarchyNode) }
  },

  listTopicTrends(ctx, { params, query }) {
    const { rows, total } = ctx.store.trends.list({
      topicId: params.topic_id,
      minArticles: 0,
      sortBy: query.sort_by,
      sortOrder: query.sort_order,
      limit: query.limit,
      offset: query.offset,
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
