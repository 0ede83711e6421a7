import { z } from 'zod'
import { boolParam, countryCodeParam, enumParamOr } from './params'
import { geoWindows } from './values'

export const regionsQuery = z.object({
  active_only: boolParam(false),
  with_stats: boolParam(false),
  entity: z.string().trim().min(1, 'Input should have at least 1 character').optional(),
  window: enumParamOr(geoWindows, '24h'),
  entity_only: boolParam(false),
})

export const regionPath = z.object({ alpha_2: countryCodeParam })
export const citiesQuery = z.object({ active_only: boolParam(false) })
export const languagesQuery = z.object({ with_article_counts: boolParam(false) })

export const regionListItemSchema = z.object({
  alpha_2: z.string(),
  name: z.string(),
  languages: z.array(z.string()),
  cities_count: z.number().int(),
  profiles_count: z.number().int(),
  is_active: z.boolean(),
  stats: z.object({ population: z.number().int().nullable(), internet_population: z.number().int().nullable() }).optional(),
  entity_active: z.boolean().optional(),
  entity_publications: z.number().int().optional(),
  entity_impressions: z.number().int().optional(),
})

export const regionsResponse = z.object({ regions: z.array(regionListItemSchema), total: z.number().int() })

export const citySchema = z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() })

export const regionDetailResponse = z.object({
  alpha_2: z.string(),
  alpha_3: z.string(),
  name: z.string(),
  languages: z.array(z.string()),
  cities: z.array(citySchema),
  first_data_at: z.string().nullable().describe('timestamp with a numeric UTC offset'),
})

export const citiesResponse = z.object({ region: z.string(), cities: z.array(citySchema) })

export const languagesResponse = z.object({
  languages: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      regions: z.array(z.string()),
      article_count: z.number().int().optional(),
    }),
  ),
})
