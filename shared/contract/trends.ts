import { z } from 'zod'
import { enumParam, enumParamOr, intParam, pagingParams, sortOrderParam, uuidParam } from './params'
import { semanticTypes, structuralTypes, trendArticleSortFields, trendRelationTypes, trendRoles, trendSortFields, trendStates } from './values'
import { forecastSchema } from './tracking'

export const trendsQuery = z.object({
  state: enumParam(trendStates),
  structural_type: enumParam(structuralTypes),
  semantic_type: enumParam(semanticTypes),
  topic_id: uuidParam.optional(),
  theme_id: uuidParam.optional(),
  min_articles: intParam({ default: 1, min: 0 }),
  sort_by: enumParamOr(trendSortFields, 'last_article_at'),
  sort_order: sortOrderParam,
  ...pagingParams({ limit: 50, max: 200 }),
})

export const trendIdPath = z.object({ trend_id: uuidParam })
export const themeIdPath = z.object({ theme_id: uuidParam })
export const topicIdPath = z.object({ topic_id: uuidParam })

export const trendArticlesQuery = z.object({
  sort_by: enumParamOr(trendArticleSortFields, 'first_seen_at'),
  sort_order: sortOrderParam,
  role: enumParam(trendRoles),
  ...pagingParams({ limit: 50, max: 200 }),
})

export const topicTrendsQuery = z.object({
  sort_by: enumParamOr(trendSortFields, 'last_article_at'),
  sort_order: sortOrderParam,
  ...pagingParams({ limit: 50, max: 200 }),
})

export const trendListItemSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  label_ru: z.string(),
  state: z.enum(trendStates),
  structural_type: z.enum(structuralTypes),
  semantic_type: z.enum(semanticTypes),
  article_count: z.number().int(),
  first_seen_at: z.string().nullable(),
  last_article_at: z.string().nullable(),
  key_entities: z.array(z.string()),
  primary_country: z.string().nullable(),
  country_scope: z.array(z.string()),
})

export const trendsResponse = z.object({
  trends: z.array(trendListItemSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const trendCardResponse = trendListItemSchema.extend({
  topic_id: z.uuid().nullable(),
  theme_id: z.uuid().nullable(),
  daily_counts_180d: z.array(z.number().int()).max(180),
  features: z.object({
    days_active: z.number().int().nullable(),
    total_articles: z.number().int().nullable(),
    slope_14d: z.number().nullable(),
    current_share_7d: z.number().nullable(),
  }),
  forecast: forecastSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})

export const trendArticlesResponse = z.object({
  trend_id: z.uuid(),
  articles: z.array(
    z.object({
      id: z.uuid(),
      url: z.string(),
      title: z.string(),
      domain: z.string(),
      country_code: z.string(),
      assignment_score: z.number(),
      trend_role: z.enum(trendRoles),
      first_seen_at: z.string(),
      published_at: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const trendParentsResponse = z.object({
  trend_id: z.uuid(),
  parents: z.array(z.object({ parent_id: z.uuid(), parent_label: z.string(), relation_type: z.enum(trendRelationTypes), strength: z.number() })),
})

export const trendChildrenResponse = z.object({
  trend_id: z.uuid(),
  children: z.array(z.object({ child_id: z.uuid(), child_label: z.string(), relation_type: z.enum(trendRelationTypes), strength: z.number() })),
})

const hierarchyNode = z.object({
  id: z.uuid(),
  label: z.string(),
  label_ru: z.string(),
  n_trends: z.number().int(),
  n_articles: z.number().int(),
})

export const themesResponse = z.object({ themes: z.array(hierarchyNode) })
export const themeTopicsResponse = z.object({ theme_id: z.uuid(), topics: z.array(hierarchyNode) })

export const topicTrendsResponse = z.object({
  topic_id: z.uuid(),
  trends: z.array(
    z.object({
      id: z.uuid(),
      label: z.string(),
      state: z.enum(trendStates),
      article_count: z.number().int(),
      first_seen_at: z.string().nullable(),
      last_article_at: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})
