import { ApiError } from '../../errors'
import type { HandlerMap } from '../handler-types'
import { articleDetail, articleListItem } from '../article-views'
import { allowedMarkets, assertMarketAllowed } from '../markets'
import type { ArticleListFilter, ArticleRow } from '../../store/repositories/articles'
import type { RouteInput } from '../../../../shared/contract/routes'
import type { RequestContext } from '../context'
import { normalizeDomain } from '../../domains/normalize-domain'
import { epochSeconds } from '../../time/buckets'

type ArticleRoutes = 'listArticles' | 'getArticle' | 'listArticleObservations'

/** The article, if it exists and lies in a market the key may see. */
function visibleArticle(ctx: RequestContext, id: string): ArticleRow {
  const row = ctx.store.articles.get(id)
  if (!row) throw new ApiError(404, `Article ${id} not found`)
  assertMarketAllowed(ctx, row.region)
  return row
}

/** The store's filter for an article list query, the caller's markets applied (403 for a closed region). */
export function articleListFilter(ctx: RequestContext, query: RouteInput<'listArticles'>['query']): ArticleListFilter {
  if (query.region) assertMarketAllowed(ctx, query.region)
  const markets = allowedMarkets(ctx)
  return {
    countries: markets.length === ctx.store.geo.regionCodes().length ? 'all' : markets,
    region: query.region,
    lang: query.lang,
    domain: query.domain === undefined ? undefined : (normalizeDomain(query.domain) ?? query.domain.toLowerCase()),
    category: query.category,
    contentType: query.content_type,
    search: query.search,
    dateFrom: query.date_from && epochSeconds(query.date_from),
    dateTo: query.date_to && epochSeconds(query.date_to),
    hasEntities: query.has_entities,
    hasSummary: query.has_summary,
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    limit: query.limit,
    offset: query.offset,
  }
}

export const articleHandlers: HandlerMap<ArticleRoutes> = {
  listArticles(ctx, { query }) {
    const { rows, total } = ctx.store.articles.list(articleListFilter(ctx, query))
    return {
      articles: rows.map(articleListItem),
      total,
      limit: query.limit,
      offset: query.offset,
    }
  },

  getArticle(ctx, { params, query }) {
    const a = visibleArticle(ctx, params.article_id)
    return articleDetail(a, {
      markdown: query.include_markdown,
      images: query.include_images,
      entities: query.include_entities ? () => ctx.store.articles.entities(a.id) : undefined,
    })
  },

  listArticleObservations(ctx, { params, query }) {
    const a = visibleArticle(ctx, params.article_id)
    const { rows, total } = ctx.store.articles.observations(
      a.seq,
      allowedMarkets(ctx),
      query.date_from && epochSeconds(query.date_from),
      query.date_to && epochSeconds(query.date_to),
      query.limit,
      query.offset,
    )
    return {
      article_id: a.id,
      observations: rows.map((o) => ({
        observed_at: o.observedAt,
        country: o.country,
        estimated_impressions: o.estimatedImpressions,
        position: o.position,
      })),
      total,
      limit: query.limit,
      offset: query.offset,
    }
  },
}
