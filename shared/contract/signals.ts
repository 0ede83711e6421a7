import { z } from 'zod'
import { countryOrAllParam, enumParam, enumParamOr, intParam } from './params'
import { formatGroups, signalGranularities } from './values'

export const signalTrends = ['rising', 'stable', 'falling'] as const
/** Point states as the hosted service names them (docs/contract-decisions.md, Signals). */
export const signalStates = ['calm', 'active', 'blip', 'sustained'] as const
export const signalConfidences = ['high', 'medium', 'low'] as const

export const volatilityQuery = z.object({
  country: countryOrAllParam,
  granularity: enumParamOr(signalGranularities, 'day'),
})

export const categoryVolatilityQuery = z.object({
  country: countryOrAllParam,
  granularity: enumParamOr(signalGranularities, 'day'),
  category: enumParam(formatGroups),
})

export const topicVolatilityQuery = z.object({
  country: countryOrAllParam,
  category: z.string().trim().min(1).optional(),
})

export const formatInterestQuery = z.object({
  country: countryOrAllParam,
  format: enumParam(formatGroups),
})

export const topCategoriesQuery = z.object({
  country: countryOrAllParam,
  limit: intParam({ default: 100, min: 1, max: 500 }),
})

/** When an answer was made: the time its series were computed (they are kept until the data changes). */
const generatedAt = z.string().describe('When the series in this answer were computed (ISO 8601 UTC).')

/**
 * A series' summary: the contract's `current_index` and `trend`, and what the hosted service's
 * clients read beside them. Null stays null: no index without a baseline, no state without points.
 */
export const signalSummarySchema = z.object({
  current_index: z.number().nullable().describe('The newest point\'s index, when its baseline suffices; else null.'),
  mean_index: z.number().nullable().describe('The mean index of the points in the window (those with a baseline); null without any.'),
  trend: z.enum(signalTrends),
  current_state: z.enum(signalStates).nullable().describe('The newest point\'s state; null without points.'),
  confidence: z.enum(signalConfidences).nullable().describe('The newest point\'s confidence; null without points.'),
})

export const periodMetricsSchema = z.object({
  total_impressions: z.number().int(),
  total_articles: z.number().int(),
  unique_domains: z.number().int(),
})

export const volatilityPointSchema = z.object({
  date: z.string().optional(),
  bucket: z.string().optional(),
  slot: z.number().int().optional(),
  volatility_index: z.number().min(0).max(10),
  is_spike: z.boolean(),
  state: z.enum(signalStates),
  confidence: z.enum(signalConfidences),
  /** the period has only begun: it is compared with the same hours of the baseline's periods */
  partial: z.boolean().optional(),
  note: z.literal('insufficient_baseline').optional(),
  /** on the newest point: what the feed showed in its period */
  metrics: periodMetricsSchema.optional(),
})

export const volatilityResponse = z.object({
  country: z.string(),
  granularity: z.enum(signalGranularities),
  window_days: z.literal(30),
  current_index: z.number().nullable(),
  trend: z.enum(signalTrends),
  summary: signalSummarySchema,
  generated_at: generatedAt,
  series: z.array(volatilityPointSchema),
})

export const categoryVolatilityResponse = z.object({
  country: z.string(),
  category_filter: z.string().nullable(),
  generated_at: generatedAt,
  categories: z.array(z.object({ category: z.string(), summary: signalSummarySchema, series: z.array(volatilityPointSchema) })),
})

export const topicVolatilityResponse = z.object({
  country: z.string(),
  category_filter: z.string().nullable(),
  generated_at: generatedAt,
  categories: z.array(z.object({ category: z.string(), summary: signalSummarySchema })),
})

export const formatInterestPointSchema = z.object({
  date: z.string(),
  interest_index: z.number(),
  impressions: z.number().int(),
  articles: z.number().int(),
  share_of_impressions: z.number(),
  share_of_publications: z.number(),
})

export const formatInterestResponse = z.object({
  country: z.string(),
  format_filter: z.string().nullable(),
  generated_at: generatedAt,
  formats: z.array(
    z.object({
      format_type: z.enum(formatGroups),
      summary: z.object({
        current_index: z.number().nullable(),
        mean_index: z.number().nullable(),
        trend: z.enum(signalTrends),
        shift_vs_mean: z.number().nullable().describe('current_index minus mean_index; null when either is.'),
        share_of_impressions: z.number().nullable(),
        share_of_publications: z.number().nullable(),
      }),
      series: z.array(formatInterestPointSchema),
    }),
  ),
})

export const topCategoriesResponse = z.object({
  country: z.string(),
  window_hours: z.literal(24),
  generated_at: generatedAt,
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
