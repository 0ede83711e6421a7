import countryCodes from 'i18n-iso-countries'
import { FORECAST_BACKTEST, type BacktestResult } from '../../analytics/trends/backtest'
import { articleSeqsOfEntities, countryFigures, dayRangeOf, publisherFigures, rankByImpressions, trendDetail, trendFigures, type DayRange } from '../../analytics/explore/group-figures'
import type { ArticleListFilter, ArticleListRow } from '../../store/repositories/articles'
import type { RequestContext } from '../context'
import { ApiError } from '../errors'
import { normalizeDomain } from '../../domains/normalize-domain'
import { epochSeconds, isoFromSeconds } from '../../time/buckets'
import type { HandlerMap } from '../handler-types'
import { articleListFilter, articleListItem } from './articles'
import { listItem, trendListFilter } from './trends'

/**
 * The window's exploring lists: the contract's article and trend lists, with the same filters
 * and markets, plus the figures of each row in the chosen period (and the filters a drill-down
 * needs). Figures are read for the page alone.
 */
/** The whole days a query's period touches (either end open). */
const daysOf = (from: Date | undefined, to: Date | undefined): DayRange => dayRangeOf(from && epochSeconds(from), to && epochSeconds(to))

/**
 * A page of articles by their impressions in the period (the figure the row shows), from the
 * activity index: the filter's articles from the store, ranked in memory, the page's rows read after.
 */
async function byPeriodImpressions(ctx: RequestContext, filter: ArticleListFilter, days: DayRange): Promise<{ rows: ArticleListRow[]; total: number }> {
  // "seen in the period" is the ranking's own test (by whole days): the store is asked the other filters only
  const matching = ctx.store.articles.matchingSeqs({ ...filter, dateFrom: undefined, dateTo: undefined })
  const { data } = await ctx.store.activity.current()
  const ranked = rankByImpressions(data, matching, days, { ascending: filter.sortOrder === 'asc', offset: filter.offset, limit: filter.limit })
  return { rows: ctx.store.articles.rowsOf(ranked.seqs), total: ranked.total }
}

/**
 * The articles naming an entity (by name) seen in the filter's period, from the activity index's
 * groups when it is up to date; undefined (the store joins its tables) when no entity is asked or
 * the index is behind. The store still applies the period (and every other filter) to them.
 */
async function entitySeqs(ctx: RequestContext, name: string | undefined, seen: { from?: number; to?: number }): Promise<number[] | undefined> {
  if (name === undefined) return undefined
  const { data, behind } = await ctx.store.activity.current()
  return behind ? undefined : articleSeqsOfEntities(data, ctx.store.entities.idsNamed(name), seen)
}

export const exploreHandlers: HandlerMap<'appListArticles' | 'appListTrends' | 'appCountryFigures' | 'appPublisherFigures' | 'appTrendFigures'> = {
  async appListArticles(ctx, { query }) {
    const from = query.date_from && epochSeconds(query.date_from)
    const to = query.date_to && epochSeconds(query.date_to)
    // the figures shown are the period's, and so is the order by impressions
    const days = dayRangeOf(from, to)
    const listFilter = articleListFilter(ctx, query)
    const seen = { from: listFilter.dateFrom, to: listFilter.dateTo }
    const filter = { ...listFilter, trendId: query.trend_id, entity: query.entity, entitySeqs: await entitySeqs(ctx, query.entity, seen) }
    const { rows, total } =
      query.sort_by === 'impressions' && (from !== undefined || to !== undefined)
        ? await byPeriodImpressions(ctx, filter, days)
        : ctx.store.articles.list(filter)
    const figures = ctx.store.articles.figures(
      rows.map((r) => r.seq),
      days,
    )
    const compared = query.compare_from || query.compare_to
    const before = compared
      ? ctx.store.articles.figures(
          rows.map((r) => r.seq),
          daysOf(query.compare_from, query.compare_to),
        )
      : null
    return {
      articles: rows.map((a) => {
        const f = figures.get(a.seq)!
        return {
          ...articleListItem(a),
          impressions: f.impressions,
          best_position: f.bestPosition,
          avg_position: f.avgPosition === null ? null : Math.round(f.avgPosition * 10) / 10,
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

  async appListTrends(ctx, { query }) {
    const from = query.active_from && epochSeconds(query.active_from)
    const to = query.active_to && epochSeconds(query.active_to)
    const { rows, total } = ctx.store.trends.list({
      ...trendListFilter(ctx, query),
      search: query.q,
      country: query.country,
      activeFrom: from === undefined ? undefined : isoFromSeconds(from),
      activeTo: to === undefined ? undefined : isoFromSeconds(to),
    })
    // from the activity index: a page of the largest trends is tens of thousands of articles
    const { data } = await ctx.store.activity.current()
    const figures = trendFigures(
      data,
      rows.map((r) => r.id),
      dayRangeOf(from, to),
    )
    return {
      trends: rows.map((t) => {
        const f = figures.get(t.id)!
        return { ...listItem(t), impressions: f.impressions, best_position: f.bestPosition }
      }),
      total,
      limit: query.limit,
      offset: query.offset,
    }
  },

  async appCountryFigures(ctx, { query }) {
    const { data } = await ctx.store.activity.current()
    const figures = countryFigures(data, daysOf(query.date_from, query.date_to))
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
    const figures = publisherFigures(data, domains, daysOf(query.date_from, query.date_to))
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
    const t = trendDetail(data, params.trend_id, daysOf(query.date_from, query.date_to))
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
