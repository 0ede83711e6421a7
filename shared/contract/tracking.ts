import { z } from 'zod'
import {
  countryOrAllParam,
  dateParam,
  enumParam, enumParamOr,
  intParam,
  langOrAllParam,
  pagingParams,
  repeatedStringParam,
  uuidParam,
} from './params'
import { grains, listKinds, matchScopes, matchTypes, periods, scanStatuses, searchScopes } from './values'

const timestamp = z.string().describe('ISO 8601 timestamp, UTC')
const nullableTimestamp = timestamp.nullable()

// ---- requests ----

export const listIndexQuery = z.object({
  kind: enumParam(listKinds),
  project_id: uuidParam.optional(),
  ...pagingParams({ limit: 50, max: 200 }),
})

export const listIdPath = z.object({ list_id: uuidParam })

const windowQuery = {
  country: countryOrAllParam,
  lang: langOrAllParam,
  period: enumParamOr(periods, '24h'),
  date_from: dateParam,
  date_to: dateParam,
}

export const metricsQuery = z.object({
  ...windowQuery,
  grain: enumParamOr(grains, 'day'),
  ...pagingParams({ limit: 50, max: 200 }),
})

export const rollupQuery = z.object(windowQuery)

const matchTypesList = z
  .string()
  .trim()
  .refine((s) => s.split(',').every((t) => ['broad', 'phrase', 'exact'].includes(t.trim())), {
    message: 'Input should be a comma-separated list of: broad, phrase, exact',
  })
  .transform((s) => [...new Set(s.split(',').map((t) => t.trim()))] as Array<'broad' | 'phrase' | 'exact'>)
  .optional()

export const matchesQuery = z.object({
  country: countryOrAllParam,
  lang: langOrAllParam,
  date_from: dateParam,
  date_to: dateParam,
  mention: repeatedStringParam,
  match_types: matchTypesList,
  scope: enumParamOr(matchScopes, 'all'),
  q: z.string().optional(),
  limit: intParam({ default: 200, min: 1, max: 1000 }),
})

// ---- responses ----

export const listSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(listKinds),
  name: z.string(),
  color_index: z.number().int(),
  item_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  countries: z.array(z.string()).optional(),
  langs: z.array(z.string()).optional(),
  search_scope: z.enum(searchScopes).optional(),
  active: z.boolean().optional(),
  matches_count: z.number().int().optional(),
  new_publications_24h: z.number().int().optional(),
  last_scanned_at: nullableTimestamp.optional(),
  scan_status: z.enum(scanStatuses).optional(),
})

export const usageSchema = z.record(
  z.enum(listKinds),
  z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
)

export const listIndexResponse = z.object({
  lists: z.array(listSummarySchema),
  usage: usageSchema,
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const listItemSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  added_at: timestamp,
  position: z.number().int().optional(),
  matches_count: z.number().int().optional(),
})

export const listDetailResponse = listSummarySchema.extend({
  items: z.array(listItemSchema),
  mentions: z.array(z.string()).optional(),
  match_types: z.array(z.enum(matchTypes)).optional(),
  extraction_started_at: nullableTimestamp.optional(),
  next_scan_at: nullableTimestamp.optional(),
  scan_error: z.object({ message: z.string(), at: timestamp }).nullable().optional(),
})

const scopeSchema = z.object({
  country: z.string(),
  markets: z.array(z.string()),
  lang: z.string(),
  from: timestamp,
  to: timestamp,
})

export const forecastSchema = z.object({
  pct_next24h: z.number().nullable(),
  pct_next7d: z.number().nullable(),
  pct_next30d: z.number().nullable(),
  predicted_total_reach: z.number().nullable(),
  predicted_end_at: nullableTimestamp,
  confidence: z.number().nullable(),
})

/** A metrics row: every kind's common fields, then those of entity, category, publisher and trend rows, or of mention rows (per keyword). */
export const metricsRowSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** the item's key once resolved; an entity item not resolved yet: '' */
  resolved_id: z.string().optional(),
  /** the entity's type, or the list's kind; an entity item not resolved yet: '' */
  resolved_type: z.string().optional(),
  impressions: z.number().int(),
  publications_count: z.number().int(),
  publishers_count: z.number().int().optional(),
  trends_count: z.number().int().optional(),
  avg_position: z.number().optional(),
  /** change of impressions against the comparison window, in percent; always null for trend lists (the contract says so) */
  delta_pct: z.number().nullable(),
  avg_lifespan_hours: z.number().optional(),
  rank_delta: z.number().int(),
  lived_hours: z.number().int().optional(),
  impressions_spark: z.array(z.number()).max(24),
  publications_spark: z.array(z.number()).max(24),
  related: z.array(z.string()).optional(),
  top_entities: z.array(z.object({ entity_id: z.string(), name: z.string(), pubs: z.number().int() })).optional(),
  /** the last sighting in the window; null when the item had none there */
  last_seen: nullableTimestamp,
  forecast: forecastSchema.optional(),
  match_type: z.enum(matchTypes).optional(),
})

export const metricsResponse = z.object({
  list_id: z.uuid(),
  kind: z.enum(listKinds),
  scope: scopeSchema.extend({ grain: z.string(), prev_from: timestamp, prev_to: timestamp }),
  items: z.array(metricsRowSchema),
  summary: z.object({
    scope: z.literal('page'),
    impressions: z.number().int(),
    publications_count: z.number().int(),
    delta_pct: z.number().nullable(),
    impressions_spark: z.array(z.number()).max(24),
    timeseries: z.array(z.object({ ts: timestamp, urls: z.number().int(), impressions: z.number().int() })).optional(),
  }),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

const slice = z.object({ name: z.string(), pubs: z.number().int(), imps: z.number().int() })

export const rollupResponse = z.object({
  list_id: z.uuid(),
  kind: z.enum(listKinds),
  scope: scopeSchema,
  publishers: z.array(slice.extend({ delta_pct: z.number() })).optional(),
  trends: z.array(slice.extend({ id: z.uuid(), delta_pct: z.number() })).optional(),
  related: z.array(slice.extend({ entity_id: z.string() })).optional(),
  groups: z.array(z.object({ name: z.string(), pubs: z.number().int(), imps: z.number().int() })).optional(),
  types: z.array(z.object({ name: z.string(), pubs: z.number().int() })).optional(),
  entities: z.array(slice.extend({ entity_id: z.string() })).optional(),
  categories: z.array(slice).optional(),
  top_articles: z
    .array(
      z.object({
        id: z.uuid(),
        url: z.string(),
        title: z.string(),
        domain: z.string(),
        trend_id: z.uuid(),
        imps: z.number().int(),
        cabinet_url: z.string(),
      }),
    )
    .optional(),
})

export const matchesResponse = z.object({
  list_id: z.uuid(),
  publications: z.array(
    z.object({
      id: z.uuid(),
      url: z.string(),
      title: z.string(),
      publisher: z.string(),
      domain: z.string(),
      country: z.string(),
      lang: z.string(),
      first_seen_at: timestamp,
      article_first_seen_at: timestamp,
      snippet: z.string(),
      cabinet_url: z.string(),
    }),
  ),
  hits: z.record(
    z.string(),
    z.object({
      count: z.number().int(),
      mentions: z.array(
        z.object({
          term_id: z.string(),
          raw_text: z.string(),
          match_type: z.string(),
          field: z.string(),
          matched_text: z.string(),
        }),
      ),
    }),
  ),
  summary: z.object({
    matches: z.number().int(),
    publications: z.number().int(),
    mentions: z.record(z.string(), z.number().int()),
  }),
})
