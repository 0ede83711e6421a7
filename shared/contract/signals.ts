import { z } from 'zod'
import { countryOrAllParam, enumParam, enumParamOr, intParam } from './params'
import { formatGroups, signalGranularities } from './values'

export const signalTrends = ['rising', 'stable', 'falling'] as const
export const signalStates = ['active', 'calm', 'spike', 'no_data'] as const

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

export const signalSummarySchema = z.object({
  current_index: z.number().nullable(),
  trend: z.enum(signalTrends),
})

export const volatilityPointSchema = z.object({
  date: z.string().optional(),
  bucket: z.string().optional(),
  slot: z.number().int().optional(),
  volatility_index: z.number().min(0).max(10),
  is_spike: z.boolean(),
  state: z.enum(signalStates),
})

export const volatilityResponse = z.object({
  country: z.string(),
  granularity: z.enum(signalGranularities),
  window_days: z.literal(30),
  current_index: z.number().nullable(),
  trend: z.enum(signalTrends),
  series: z.array(volatilityPointSchema),
})

export const categoryVolatilityResponse = z.object({
  country: z.string(),
  category_filter: z.string().nullable(),
  categories: z.array(z.object({ category: z.string(), summary: signalSummarySchema, series: z.array(volatilityPointSchema) })),
})

export const topicVolatilityResponse = z.object({
  country: z.string(),
  category_filter: z.string().nullable(),
  categories: z.array(z.object({ category: z.string(), summary: signalSummarySchema })),
})

export const formatInterestResponse = z.object({
  country: z.string(),
  format_filter: z.string().nullable(),
  formats: z.array(
    z.object({
      format_type: z.enum(formatGroups),
      summary: z.object({
        current_index: z.number().nullable(),
        trend: z.enum(signalTrends),
        share_of_impressions: z.number().nullable(),
        share_of_publications: z.number().nullable(),
      }),
    }),
  ),
})

export const topCategoriesResponse = z.object({
  country: z.string(),
  window_hours: z.literal(24),
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
