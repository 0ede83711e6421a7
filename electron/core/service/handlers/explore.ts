import countryCodes from 'i18n-iso-countries'
import { FORECAST_BACKTEST, type BacktestResult } from '../../analytics/trends/backtest'
import { articleSeqsOfEntities, countryFigures, publisherFigures, rankByFigure, rankByImpressions, trendDetail, trendFigures, type ArticleFigure, type GroupFigures } from '../../analytics/explore/group-figures'
import type { Period } from '../../analytics/explore/period'
import type { z } from 'zod'
import type { appArticlesQuery } from '../../../../shared/contract/explore'
import type { articleSortFields } from '../../../../shared/contract/values'
import type { ArticleListFilter } from '../../store/repositories/articles'
import type { RequestContext } from '../context'
import { setTotals } from '../../analytics/explore/set-totals'
import type { ActivityData } from '../../analytics/activity/activity-data'
import { ownList } from '../tracking/access'
import { activityKey } from '../tracking/views'
import { listMembership } from '../tracking/activity'
import { ApiError } from '../../errors'
import { normalizeDomain } from '../../domains/normalize-domain'
import { marketFilter, resolveMarkets } from '../markets'
import { requestPeriod } from '../period'
import { epochSeconds, isoFromSeconds } from '../../time/buckets'
import type { HandlerMap } from '../handler-types'
import { articleListItem } from '../article-views'
import { articleListFilter } from './articles'
import { listItem, trendListFilter } from './trends'

/**
 * The window's exploring lists: the contract's article and trend lists, with the same filters
 * and markets, plus the figures of each row in the chosen period (and the filters a drill-down
 * needs). A period is the hourly buckets that start in it, on every list (docs/contract-decisions.md,
 * "One window"): a list with a period holds what was seen in it, and counts it.
 */

/**
 * The articles naming an entity (by id or name) seen in the filter's period, from the activity
 * index's groups when it is up to date; undefined (the store joins its tables) when no entity is
 * asked or the index is behind. The store still applies every other filter to them.
 */
async function entitySeqs(ctx: RequestContext, ids: readonly string[] | undefined, seen: { from?: number; to?: number }): Promise<number[] | undefined> {
  if (ids === undefined) return undefined
  const { data, behind } = await ctx.store.activity.current()
  return behind ? undefined : articleSeqsOfEntities(data, ids, seen)
}

/** Every article (seq) of the candidates seen in the period: the period's own test of a list. */
async function seenIn(ctx: RequestContext, candidates: readonly number[] | null, period: Period): Promise<number[]> {
  const { data } = await ctx.store.activity.current()
  return rankByImpressions(data, candidates, period, { ascending: true, offset: 0, limit: Number.MAX_SAFE_INTEGER }).seqs
}

/**
 * The article list's filter of the window's query (its trend, entity, exact category besides the
 * contract's). `periodOwn`: the period is tested by the caller, hour by hour off the activity index,
 * not by first and last sighting; `entitySeenInList`: an entity's articles are those seen in the
 * list's dates (else of any day).
 */
/** A figure the list is ordered by in memory (not one of the store's columns). */
const FIGURE_SORTS: ReadonlySet<string> = new Set<ArticleFigure>(['best_position', 'avg_position', 'hours_in_feed'])

async function appArticleFilter(ctx: RequestContext, query: z.output<typeof appArticlesQuery>, options: { periodOwn: boolean; entitySeenInList: boolean }): Promise<ArticleListFilter> {
  // the store's filter orders by its columns; an order by a figure is the handler's, in memory
  const listFilter = articleListFilter(ctx, { ...query, sort_by: FIGURE_SORTS.has(query.sort_by) ? 'last_seen_at' : (query.sort_by as (typeof articleSortFields)[number]) })
  const entityIds = query.entity === undefined ? undefined : ctx.store.entities.idsFor(query.entity)
  return {
    ...listFilter,
    trendId: query.trend_id,
    entityIds,
    entitySeqs: await entitySeqs(ctx, entityIds, options.entitySeenInList ? { from: listFilter.dateFrom, to: listFilter.dateTo } : {}),
    exactCategory: query.exact_category || undefined,
    ...(options.periodOwn ? { dateFrom: undefined, dateTo: undefined } : {}),
  }
}

/** The articles a tracking list's items claim (the caller's list, else 404), within those of the other filters (null: any). */
function listArticleSeqs(ctx: RequestContext, data: ActivityData, listId: string, within: readonly number[] | null): number[] {
  const list = ownList(ctx, listId)
  const items = ctx.store.tracking.itemsWithoutCounts(list.id)
  const keys = items.map((i) => activityKey(list, i))
  // the list's membership as its metrics keep it (read once while the index and the lists hold)
  const member = listMembership(ctx, data, { kind: list.kind, listId: list.id, keys })
  const seqs = Array.from(member.candidates, (a) => data.seq[a]!)
  if (within === null) return seqs
  const allowed = new Set(within)
  return seqs.filter((s) => allowed.has(s))
}

const round1 = (x: number) => Math.round(x * 10) / 10

export const exploreHandlers: HandlerMap<'appListArticles' | 'appArticleTotals' | 'appListTrends' | 'appCountryFigures' | 'appPublisherFigures' | 'appTrendFigures'> = {
  /** The strip above the article list: the totals of every article its filters hold (not the page's), in the period and the one compared. */
  async appArticleTotals(ctx, { query }) {
    const market = query.market === undefined ? null : resolveMarkets(ctx, query.market, { tracking: false })
    // the periods are the totals' own (hour by hour, off the activity index): the entity's articles of any day
    const filtered = ctx.store.articles.matchingSeqs(await appArticleFilter(ctx, query, { periodOwn: true, entitySeenInList: false }))
    const { data } = await ctx.store.activity.current()
    const candidates = query.list_id === undefined ? filtered : listArticleSeqs(ctx, data, query.list_id, filtered)
    const of = (from: Date | undefined, to: Date | undefined) => {
      const t = setTotals(data, candidates, requestPeriod(ctx, from, to, market))
      return { impressions: t.impressions, articles: t.articles, publishers: t.publishers, best_position: t.bestPosition, avg_position: t.avgPosition }
    }
    const compared = query.compare_from !== undefined || query.compare_to !== undefined
    return { totals: of(query.date_from, query.date_to), compared: compared ? of(query.compare_from, query.compare_to) : null }
  },

  async appListArticles(ctx, { query }) {
    const from = query.date_from && epochSeconds(query.date_from)
    const to = query.date_to && epochSeconds(query.date_to)
    const market = query.market === undefined ? null : resolveMarkets(ctx, query.market, { tracking: false })
    // a period (or a market's feed) makes the list the articles seen in it, and every figure its own
    const narrowed = from !== undefined || to !== undefined || market !== null
    const period = requestPeriod(ctx, query.date_from, query.date_to, market)
    const filter = await appArticleFilter(ctx, query, { periodOwn: narrowed, entitySeenInList: true })
    let rows: ReturnType<typeof ctx.store.articles.rowsOf>
    let total: number
    if (FIGURE_SORTS.has(query.sort_by)) {
      // the period's (or the whole history's) best place, mean place or hours, ranked in memory
      const { data } = await ctx.store.activity.current()
      const ranked = rankByFigure(data, ctx.store.articles.matchingSeqs(filter), period, query.sort_by as ArticleFigure, { ascending: filter.sortOrder === 'asc', offset: filter.offset, limit: filter.limit })
      rows = ctx.store.articles.rowsOf(ranked.seqs)
      total = ranked.total
    } else if (narrowed && query.sort_by === 'impressions') {
      // the figure the row shows orders the list: ranked in memory, the page's rows read after
      const { data } = await ctx.store.activity.current()
      const ranked = rankByImpressions(data, ctx.store.articles.matchingSeqs(filter), period, { ascending: filter.sortOrder === 'asc', offset: filter.offset, limit: filter.limit })
      rows = ctx.store.articles.rowsOf(ranked.seqs)
      total = ranked.total
    } else if (narrowed) {
      ;({ rows, total } = ctx.store.articles.list({ ...filter, seqs: await seenIn(ctx, ctx.store.articles.matchingSeqs(filter), period) }))
    } else ({ rows, total } = ctx.store.articles.list(filter))
    const figures = ctx.store.articles.figures(
      rows.map((r) => r.seq),
      period,
    )
    const compared = query.compare_from || query.compare_to
    const before = compared
      ? ctx.store.articles.figures(
          rows.map((r) => r.seq),
          requestPeriod(ctx, query.compare_from, query.compare_to, market),
        )
      : null
    return {
      articles: rows.map((a) => {
        const f = figures.get(a.seq)!
        return {
          ...articleListItem(a),
          impressions: f.impressions,
          best_position: f.bestPosition,
          avg_position: f.avgPosition === null ? null : round1(f.avgPosition),
          hours_in_feed: f.firstSeen === null || f.lastSeen === null ? 0 : Math.round((f.lastSeen - f.firstSeen) / 360) / 10,
          countries: f.countries,
          trend: f.trend,
          ...(before ? { impressions_before: before.get(a.seq)!.impressions } : {}),
        }
      }),
      total,
      limit: query.limit,
      offset: query.offset,
    }
  },

  /**
   * Trends with their figures. With a period, the list holds the trends with an article seen in
   * it, and `article_count`, `min_articles` and the sorts count it; sorted by impressions or peak
   * position, every matching trend's figures are computed and the page cut after.
   */
  async appListTrends(ctx, { query }) {
    const from = query.active_from && epochSeconds(query.active_from)
    const to = query.active_to && epochSeconds(query.active_to)
    const periodAsked = from !== undefined || to !== undefined
    const byFigures = query.sort_by === 'impressions' || query.sort_by === 'best_position'
    const contractSort = byFigures ? 'last_article_at' : (query.sort_by as 'last_article_at' | 'first_seen_at' | 'article_count')
    const filter = { ...trendListFilter(ctx, { ...query, sort_by: contractSort }), search: query.q, country: query.country }
    const { data } = await ctx.store.activity.current()
    const period = requestPeriod(ctx, query.active_from, query.active_to, marketFilter(ctx))
    // the page's impressions in the period compared, when one is asked
    const compared = query.compare_from !== undefined || query.compare_to !== undefined
    const before = (ids: string[]) => (compared ? trendFigures(data, ids, requestPeriod(ctx, query.compare_from, query.compare_to, marketFilter(ctx))) : null)
    const beforeOf = (figures: ReturnType<typeof before>, id: string) => (figures ? { impressions_before: figures.get(id)!.impressions } : {})
    if (!periodAsked && !byFigures) {
      // the contract's list as it is, its page's figures over all of history
      const { rows, total } = ctx.store.trends.list(filter)
      const figures = trendFigures(data, rows.map((r) => r.id), period)
      const earlier = before(rows.map((r) => r.id))
      return {
        trends: rows.map((t) => ({ ...listItem(t), total_articles: t.articleCount, impressions: figures.get(t.id)!.impressions, best_position: figures.get(t.id)!.bestPosition, ...beforeOf(earlier, t.id) })),
        total,
        limit: query.limit,
        offset: query.offset,
      }
    }
    const candidates = ctx.store.trends.matching(filter)
    const figures = trendFigures(data, candidates.map((t) => t.id), period)
    // the period's count of articles (the whole life's without one) is what the row shows, min_articles keeps and the sort orders
    const count = (t: (typeof candidates)[number]) => (periodAsked ? figures.get(t.id)!.articles : t.articleCount)
    const kept = candidates.filter((t) => count(t) >= query.min_articles && (!periodAsked || count(t) > 0))
    const direction = query.sort_order === 'asc' ? 1 : -1
    const key = (t: (typeof kept)[number]): number | string => {
      const f: GroupFigures = figures.get(t.id)!
      switch (query.sort_by) {
        case 'impressions':
          return f.impressions
        case 'best_position':
          return f.bestPosition ?? Number.POSITIVE_INFINITY
        case 'article_count':
          return count(t)
        case 'first_seen_at':
          return t.firstSeenAt ?? ''
        default:
          return t.lastArticleAt ?? ''
      }
    }
    kept.sort((a, b) => {
      const x = key(a)
      const y = key(b)
      return (x < y ? -direction : x > y ? direction : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    })
    const page = kept.slice(query.offset, query.offset + query.limit)
    const rows = ctx.store.trends.rowsOf(page.map((t) => t.id))
    const earlier = before(rows.map((r) => r.id))
    return {
      trends: rows.map((t, i) => {
        const f = figures.get(t.id)!
        return { ...listItem(t), article_count: count(page[i]!), total_articles: t.articleCount, impressions: f.impressions, best_position: f.bestPosition, ...beforeOf(earlier, t.id) }
      }),
      total: kept.length,
      limit: query.limit,
      offset: query.offset,
    }
  },

  async appCountryFigures(ctx, { query }) {
    const { data } = await ctx.store.activity.current()
    const figures = countryFigures(data, requestPeriod(ctx, query.date_from, query.date_to))
    const volatility = ctx.store.signals.latestVolatility()
    const languageNames = new Map(ctx.store.geo.languages().map((l) => [l.code, l.name]))
    return {
      countries: ctx.store.geo.regions().map((r) => {
        const f = figures.get(r.alpha2)
        const v = volatility.get(r.alpha2)
        return {
          alpha_2: r.alpha2,
          numeric: countryCodes.alpha2ToNumeric(r.alpha2) ?? null,
          name: r.name,
          languages: r.languages.map((code) => ({ code, name: languageNames.get(code) ?? code })),
          articles: f?.articles ?? 0,
          impressions: f?.impressions ?? 0,
          volatility: v ? { day: v.bucket, value: v.value, state: v.state } : null,
        }
      }),
    }
  },

  async appPublisherFigures(ctx, { query }) {
    const { data } = await ctx.store.activity.current()
    const domains = query.domains.map((d) => normalizeDomain(d) ?? d)
    const figures = publisherFigures(data, domains, requestPeriod(ctx, query.date_from, query.date_to))
    const labels = ctx.store.trends.labels([...new Set([...figures.values()].flatMap((f) => f.trends.map(([id]) => id)))])
    return {
      publishers: domains.map((domain) => {
        const f = figures.get(domain)!
        return {
          domain,
          articles: f.articles,
          impressions: f.impressions,
          share_of_voice: Math.round(f.share * 10_000) / 10_000,
          avg_position: f.avgPosition === null ? null : Math.round(f.avgPosition * 10) / 10,
          top_trends: f.trends.map(([id, impressions]) => ({ id, label: labels.get(id) ?? '', impressions })),
        }
      }),
    }
  },

  async appTrendFigures(ctx, { params, query }) {
    const trend = ctx.store.trends.get(params.trend_id)
    if (!trend) throw new ApiError(404, `Trend ${params.trend_id} not found`)
    const { data } = await ctx.store.activity.current()
    const t = trendDetail(data, params.trend_id, requestPeriod(ctx, query.date_from, query.date_to))
    const backtest = JSON.parse(ctx.store.settings.get(FORECAST_BACKTEST) ?? '[]') as BacktestResult[]
    const error = backtest.find((b) => b.structuralType === trend.structuralType)
    return {
      trend_id: params.trend_id,
      impressions: t.impressions,
      best_position: t.bestPosition,
      daily_impressions: { from: t.firstDay === null ? null : isoFromSeconds(t.firstDay * 86_400).slice(0, 10), values: t.daily },
      forecast_error: error ? { structural_type: error.structuralType, cuts: error.cases, median_ape: error.medianApe, mape: error.mape } : null,
    }
  },
}
