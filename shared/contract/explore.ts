import { z } from 'zod'
import { articleListItemSchema, articlesQuery } from './articles'
import { countryCodeParam, countryOrAllParam, dateParam, enumParamOr, intParam, optionalBoolParam, uuidParam } from './params'
import { matchesQuery, matchesResponse, metricsQuery } from './tracking'
import { signalConfidences, signalStates } from './signals'
import { trendListItemSchema, trendsQuery } from './trends'
import { articleSortFields, formatGroups, signalGranularities } from './values'

/**
 * The window's exploring methods (/app): the contract's lists with the figures analysts come for
 * beside each row, and the filters a drill-down needs. The contract's own answers stay as they are.
 */

/** The feed figures of one article or trend over a period (the whole history when none is given). */
const feedFigures = {
  /** estimated impressions in the period */
  impressions: z.number().int(),
  /** the best (lowest) feed position reached in the period; null when never seen in it */
  best_position: z.number().int().nullable(),
}

/** The window's orders of the article list: the contract's, and the period's figures of each article. */
export const appArticleSortFields = [...articleSortFields, 'best_position', 'avg_position', 'hours_in_feed'] as const

export const appArticlesQuery = articlesQuery.extend({
  /** the contract's sorts, and the period's best place, mean place or hours in the feed */
  sort_by: enumParamOr(appArticleSortFields, 'last_seen_at'),
  /** only the articles of this trend */
  trend_id: uuidParam.optional(),
  /** only the articles naming this entity (its id, or its name in any case) */
  entity: z.string().trim().min(1).max(200).optional(),
  /** only the articles seen in this country's feed in the period, their figures there (a tracking window's market) */
  market: countryCodeParam.optional(),
  /** with `category`: that category alone, not the ones below it (a tracking list's category item) */
  exact_category: optionalBoolParam(),
  /** a period to compare with: each row then has its impressions in it too */
  compare_from: dateParam,
  compare_to: dateParam,
})

/** The totals' filters: the article list's, and the articles of a tracking list (any of its items). */
export const appArticleTotalsQuery = appArticlesQuery.extend({
  list_id: uuidParam.optional(),
})

export const appArticleItemSchema = articleListItemSchema.extend({
  ...feedFigures,
  /** mean feed position over its observations in the period */
  avg_position: z.number().nullable(),
  /** hours from its first to its last sighting in the period, any country */
  hours_in_feed: z.number(),
  /** the countries whose feeds showed it in the period */
  countries: z.array(z.string()),
  trend: z.object({ id: z.uuid(), label: z.string() }).nullable(),
  /** its impressions in the compared period (only when one is asked) */
  impressions_before: z.number().int().optional(),
})

export const appArticlesResponse = z.object({
  articles: z.array(appArticleItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

const setTotals = z.object({
  impressions: z.number().int(),
  articles: z.number().int(),
  publishers: z.number().int(),
  /** the highest place any of them reached, and the mean place over their sightings (null: none seen) */
  best_position: z.number().int().nullable(),
  avg_position: z.number().nullable(),
})

/** The totals of the articles a list's filters hold, in the period (and in the period compared). */
export const appArticleTotalsResponse = z.object({
  totals: setTotals,
  compared: setTotals.nullable(),
})

export const appTrendsQuery = trendsQuery.extend({
  /** words of the label or of a key entity, any case */
  q: z.string().trim().min(1).max(200).optional(),
  /** only trends with articles in this country */
  country: countryCodeParam.optional(),
  /**
   * the period: only the trends with an article seen in it; `article_count`, the figures,
   * `min_articles` and the sorts count it (docs/contract-decisions.md, "One window")
   */
  active_from: dateParam,
  active_to: dateParam,
  /** the contract's sorts, and the period's impressions or best (peak) position */
  sort_by: enumParamOr(['last_article_at', 'first_seen_at', 'article_count', 'impressions', 'best_position'] as const, 'last_article_at'),
  /** a period to compare with: each row then has its impressions in it too */
  compare_from: dateParam,
  compare_to: dateParam,
})

export const appTrendItemSchema = trendListItemSchema.extend({
  ...feedFigures,
  /** its articles in all of its life (article_count is the period's when one is asked) */
  total_articles: z.number().int(),
  /** its impressions in the compared period (only when one is asked) */
  impressions_before: z.number().int().optional(),
})

export const appTrendsResponse = z.object({
  trends: z.array(appTrendItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const appCountriesQuery = z.object({
  /** the period of the feed figures (none: the whole history) */
  date_from: dateParam,
  date_to: dateParam,
})

export const appCountriesResponse = z.object({
  countries: z.array(
    z.object({
      alpha_2: z.string(),
      /** ISO 3166-1 numeric code (what world maps key countries by); null when unknown */
      numeric: z.string().nullable(),
      name: z.string(),
      languages: z.array(z.object({ code: z.string(), name: z.string() })),
      /** articles seen in this country's feed in the period, and their impressions there */
      articles: z.number().int(),
      impressions: z.number().int(),
      /** the newest daily volatility index of the country's feed */
      volatility: z.object({ day: z.string(), value: z.number(), state: z.string() }).nullable(),
    }),
  ),
})

export const appPublishersQuery = z.object({
  /** domains, comma-separated (at most 100) */
  domains: z
    .string()
    .trim()
    .min(1, 'Give at least one domain')
    .transform((s) => [...new Set(s.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(z.string()).min(1, 'Give at least one domain').max(100, 'At most 100 domains at once')),
  date_from: dateParam,
  date_to: dateParam,
})

export const appPublishersResponse = z.object({
  publishers: z.array(
    z.object({
      domain: z.string(),
      /** articles seen in the feed in the period, and their impressions */
      articles: z.number().int(),
      impressions: z.number().int(),
      /** its impressions over all of the feed's in the period, 0 to 1 */
      share_of_voice: z.number(),
      avg_position: z.number().nullable(),
      top_trends: z.array(z.object({ id: z.uuid(), label: z.string(), impressions: z.number().int() })),
    }),
  ),
})

export const appMatchesQuery = matchesQuery.extend({
  /** publications to skip (the newest first): the window's later pages */
  offset: intParam({ default: 0, min: 0 }),
})

export const appMatchesResponse = matchesResponse.extend({
  /** every page's publications and their hits under the same filters */
  total: z.object({ publications: z.number().int(), matches: z.number().int() }),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const appHierarchyQuery = z.object({
  /** each topic's largest trends to include */
  trends_per_topic: intParam({ default: 8, min: 0, max: 50 }),
  /** a period: each node counts its articles seen in it (and the nodes with none are left out), as the trend list does */
  active_from: dateParam,
  active_to: dateParam,
})

const hierarchyFields = { id: z.uuid(), label: z.string(), label_ru: z.string(), n_trends: z.number().int(), n_articles: z.number().int() }

export const appHierarchyResponse = z.object({
  themes: z.array(
    z.object({
      ...hierarchyFields,
      topics: z.array(z.object({ ...hierarchyFields, trends: z.array(z.object({ id: z.uuid(), label: z.string(), article_count: z.number().int() })) })),
    }),
  ),
})

export const appTrendFiguresQuery = z.object({ date_from: dateParam, date_to: dateParam })

export const appTrendFiguresResponse = z.object({
  trend_id: z.uuid(),
  /** its articles' impressions and best position in the period (the whole history without one) */
  impressions: z.number().int(),
  best_position: z.number().int().nullable(),
  /** its articles' impressions per day, every country, from the first day with any (ISO date) */
  daily_impressions: z.object({ from: z.string().nullable(), values: z.array(z.number().int()) }),
  /**
   * how far the forecast of the next 7 days missed on trends of its structural type, backtested on
   * the store's own trends at the last full pass (docs/trends.md, "Backtest"); null before one
   */
  forecast_error: z
    .object({ structural_type: z.string(), cuts: z.number().int(), median_ape: z.number().nullable(), mape: z.number().nullable() })
    .nullable(),
})

export const appVolatilityHistoryQuery = z.object({
  country: countryOrAllParam,
  granularity: z.enum(signalGranularities).optional().transform((g) => g ?? 'day'),
  category: z.enum(formatGroups).optional(),
  /** the range shown (the baseline before it is read as well); open ends: the store's first and newest data */
  date_from: dateParam,
  date_to: dateParam,
})

export const appVolatilityHistoryResponse = z.object({
  country: z.string(),
  granularity: z.enum(signalGranularities),
  category: z.string().nullable(),
  points: z.array(
    z.object({
      bucket: z.string(),
      volatility_index: z.number(),
      is_spike: z.boolean(),
      state: z.enum(signalStates),
      confidence: z.enum(signalConfidences),
      note: z.literal('insufficient_baseline').optional(),
    }),
  ),
})

/** A page of a list's items over the window, step by calendar step: what the window's chart draws. */
export const appTrackingSeriesQuery = metricsQuery

export const appTrackingSeriesResponse = z.object({
  list_id: z.uuid(),
  grain: z.enum(['hour', 'day']),
  /** each calendar day (or hour) the window touches; a step the window covers only in part is `partial` (its first and last: from the window's first hour, and so far) */
  buckets: z.array(z.object({ start: z.string(), end: z.string(), partial: z.boolean() })),
  items: z.array(z.object({ key: z.string(), name: z.string(), impressions: z.array(z.number()), publications: z.array(z.number()) })),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

/** A Signals panel over any period: the country (or all) and the period's instants (either open: the store's first or newest data). */
export const appSignalPeriodQuery = z.object({
  country: countryOrAllParam,
  date_from: dateParam,
  date_to: dateParam,
})

/** Format interest over a period: each group's share of the period as a whole, and its index a day. */
export const appFormatInterestResponse = z.object({
  country: z.string(),
  formats: z.array(
    z.object({
      format_type: z.enum(formatGroups),
      /** the period as a whole: 100 x (share of impressions + share of publications) / 2 */
      interest_index: z.number(),
      share_of_impressions: z.number(),
      share_of_publications: z.number(),
      impressions: z.number().int(),
      articles: z.number().int(),
      /** the daily index's trend over the period (rising, stable, falling) */
      trend: z.enum(['rising', 'stable', 'falling']),
      series: z.array(z.object({ date: z.string(), interest_index: z.number(), impressions: z.number().int(), articles: z.number().int() })),
    }),
  ),
})

export const appTopCategoriesQuery = appSignalPeriodQuery.extend({
  limit: intParam({ default: 100, min: 1, max: 500 }),
  /** the period the change is against (none: the period of the same length before) */
  compare_from: dateParam,
  compare_to: dateParam,
})

/** Top categories of a period against the period of the same length before (the public method's, over any period). */
export const appTopCategoriesResponse = z.object({
  country: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  categories: z.array(
    z.object({
      category: z.string(),
      impressions: z.number().int(),
      delta_pct: z.number().nullable(),
      publications: z.number().int(),
      publishers: z.number().int(),
      share_of_impressions: z.number(),
    }),
  ),
})

/** Each top-level topic's daily volatility over a period: the index at its end, the period's mean, trend and state. */
export const appTopicVolatilityResponse = z.object({
  country: z.string(),
  categories: z.array(
    z.object({
      category: z.string(),
      summary: z.object({
        current_index: z.number().nullable(),
        mean_index: z.number().nullable(),
        trend: z.enum(['rising', 'stable', 'falling']),
        current_state: z.enum(signalStates).nullable(),
        confidence: z.enum(signalConfidences).nullable(),
      }),
    }),
  ),
})
