import { z } from 'zod'
import { boolParam, countryCodeParam, dateParam, enumParam, enumParamOr, intParam, optionalBoolParam, sortOrderParam, langParam } from './params'
import { articleSortFields, formatGroups } from './values'

export const articlesQuery = z.object({
  region: countryCodeParam.optional(),
  lang: langParam,
  domain: z.string().trim().min(1).optional(),
  category: z.string().trim().min(1).optional(),
  content_type: enumParam(formatGroups),
  search: z.string().trim().min(1).max(500).optional(),
  date_from: dateParam,
  date_to: dateParam,
  has_entities: optionalBoolParam(),
  has_summary: optionalBoolParam(),
  sort_by: enumParamOr(articleSortFields, 'last_seen_at'),
  sort_order: sortOrderParam,
  limit: intParam({ default: 50, min: 1, max: 500 }),
  offset: intParam({ default: 0, min: 0 }),
})

export const articleIdPath = z.object({ article_id: z.uuid({ error: 'Input should be a valid UUID' }) })

export const articleDetailQuery = z.object({
  include_markdown: boolParam(false),
  include_entities: boolParam(true),
  include_images: boolParam(true),
})

export const observationsQuery = z.object({
  date_from: dateParam,
  date_to: dateParam,
  limit: intParam({ default: 100, min: 1, max: 1000 }),
  offset: intParam({ default: 0, min: 0 }),
})

export const articleListItemSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  title: z.string(),
  domain: z.string(),
  region: z.string(),
  lang: z.string(),
  category: z.string().nullable(),
  /** first sighting in a feed; an article not seen yet: its published date, else when it was stored */
  first_seen_at: z.string(),
  last_seen_at: z.string(),
})

export const articlesResponse = z.object({
  articles: z.array(articleListItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const imageSchema = z.object({ url: z.string(), width: z.number().int().nullable(), height: z.number().int().nullable() })

export const articleDetailResponse = z.object({
  id: z.uuid(),
  url: z.string(),
  title: z.string(),
  domain: z.string(),
  summary: z.string().nullable(),
  markdown: z.string().nullable().optional(),
  entities: z.array(z.object({ name: z.string(), entity_types: z.array(z.string()), unified_score: z.number() })).optional(),
  images: z.array(imageSchema).optional(),
  region: z.string(),
  lang: z.string(),
  category: z.string().nullable(),
  content_type: z.enum(formatGroups).nullable(),
  published_at: z.string().nullable(),
  /** first sighting in a feed; an article not seen yet: its published date, else when it was stored */
  first_seen_at: z.string(),
  last_seen_at: z.string(),
})

export const observationsResponse = z.object({
  article_id: z.uuid(),
  observations: z.array(
    z.object({
      observed_at: z.string(),
      country: z.string(),
      estimated_impressions: z.number().int(),
      position: z.number().int(),
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})
