import { z } from 'zod'
import { countryCodeParam, dateParam, enumParamOr, pagingParams, sortOrderParam } from './params'

/**
 * GET /v1/entities and /v1/entities/{id} (docs/contract-decisions.md, "Entities"): the entities
 * the articles name, with their figures in a window of days and the caller's markets. An entity
 * is listed when an article naming it was seen in a feed in the window (any time, without one).
 */
const langParam = z.string().trim().toLowerCase().regex(/^[a-z]{2,3}$/, 'Input should be a language code').optional()

export const entitiesQuery = z.object({
  /** the start of a name (any case), or an entity id */
  q: z.string().trim().min(1).max(200).optional(),
  /** the entity type (Person, Organization, Place, Event, Product...), any case */
  type: z.string().trim().min(1).max(60).optional(),
  region: countryCodeParam.optional(),
  lang: langParam,
  date_from: dateParam,
  date_to: dateParam,
  sort_by: enumParamOr(['impressions', 'publications', 'name'] as const, 'impressions'),
  sort_order: sortOrderParam,
  ...pagingParams({ limit: 50, max: 200 }),
})

export const entityIdPath = z.object({ entity_id: z.string().trim().min(1).max(200) })

export const entityDetailQuery = z.object({
  region: countryCodeParam.optional(),
  lang: langParam,
  date_from: dateParam,
  date_to: dateParam,
})

export const entityListItemSchema = z.object({
  /** knowledge-graph style (/m/..., /g/...), or one Feedlens gave an entity found in text */
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  /** articles naming it seen in a feed of the caller's markets in the window */
  publications: z.number().int(),
  /** their estimated impressions there in the window */
  impressions: z.number().int(),
  /** the trends most of those articles belong to, most articles first (at most 3) */
  trends: z.array(z.object({ id: z.string(), label: z.string(), publications: z.number().int() })),
  /** whether an entity list of the caller's project holds it */
  tracked: z.boolean(),
})

export const entitiesResponse = z.object({
  entities: z.array(entityListItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const entityDetailResponse = entityListItemSchema.extend({
  first_seen_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  /** every day of the window (of its life, without one) from its first day seen to its last, zeros included */
  daily: z.array(z.object({ date: z.string(), publications: z.number().int(), impressions: z.number().int() })),
})
