import { z } from 'zod'
import { dateParam, enumParamOr, pagingParams, sortOrderParam } from './params'

/**
 * The app's "My site" methods: the analyst's own site as Search Console counts it (imported
 * exports or API answers), joined with what the feed showed of it (docs/search-console.md).
 * The site's Search Console figures are whole days: a period's days are those it touches.
 */

export const gscSearchTypes = ['discover', 'googleNews'] as const

/** A Search Console property: 'sc-domain:example.com' or a URL prefix 'https://www.example.com/'. */
const propertyParam = z
  .string()
  .trim()
  .min(1, 'Give the property (sc-domain:example.com or https://www.example.com/)')
  .max(300, 'A property has at most 300 characters')
  .meta({ param: { type: 'string', description: 'the Search Console property: sc-domain:example.com or https://www.example.com/' } })

/** A country code, or none (every country). */
const siteCountryParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Input should be a two-letter country code')
  .transform((s) => s.toUpperCase())
  .optional()
  .meta({ param: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'a two-letter country code; none: every country' } })

const siteQuery = z.object({
  property: propertyParam,
  search_type: enumParamOr(gscSearchTypes, 'discover'),
  date_from: dateParam,
  date_to: dateParam,
  country: siteCountryParam,
})

export const sitePropertiesResponse = z.object({
  properties: z.array(
    z.object({
      property: z.string(),
      search_type: z.enum(gscSearchTypes),
      /** the publisher domain whose articles of the feed are the site's */
      domain: z.string(),
      day_from: z.string(),
      day_to: z.string(),
      imports: z.number().int(),
      /** the countries with clicks, most first (ISO alpha-2) */
      countries: z.array(z.string()),
    }),
  ),
})

export const siteOverviewQuery = siteQuery.extend({
  /** the range compared with (none: no comparison) */
  compare_from: dateParam,
  compare_to: dateParam,
})

const siteTotals = z.object({
  clicks: z.number().int(),
  impressions: z.number().int(),
  /** clicks over impressions, 0 to 1; null without impressions */
  ctr: z.number().nullable(),
  /** what the feed showed of the site's articles in the countries, and its share of all the feed's impressions there (0 to 1; null: the feed had none) */
  feed_impressions: z.number().int(),
  feed_share: z.number().nullable(),
})

export const siteOverviewResponse = z.object({
  property: z.string(),
  domain: z.string(),
  search_type: z.enum(gscSearchTypes),
  /** the countries the feed figures and the volatility are of (ISO alpha-2; empty: every country) */
  countries: z.array(z.string()),
  day_from: z.string(),
  day_to: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      /** Search Console's figures of the day; null: no data for it */
      clicks: z.number().int().nullable(),
      impressions: z.number().int().nullable(),
      ctr: z.number().nullable(),
      /** the day's figures are the sum of its pages' rows (pages under Search Console's threshold left out), not the site's total */
      from_pages: z.boolean(),
      feed_impressions: z.number().int(),
      feed_share: z.number().nullable(),
      /** the feed's daily volatility index in the countries (the whole feed's with several), and its state; null: not computed for the day */
      volatility: z.number().nullable(),
      volatility_state: z.string().nullable(),
      is_spike: z.boolean(),
    }),
  ),
  totals: siteTotals,
  compared: siteTotals.extend({ day_from: z.string(), day_to: z.string() }).nullable(),
})

export const sitePageSortFields = ['clicks', 'impressions', 'ctr', 'feed_impressions', 'best_position', 'hours_in_feed', 'first_seen_at'] as const

export const sitePagesQuery = siteQuery.extend({
  sort_by: enumParamOr(sitePageSortFields, 'clicks'),
  sort_order: sortOrderParam,
  ...pagingParams({ limit: 50, max: 500 }),
})

export const sitePagesResponse = z.object({
  pages: z.array(
    z.object({
      page: z.string(),
      /** the page's article in the store (by canonical URL); null: the feed never had it */
      article_id: z.string().nullable(),
      title: z.string().nullable(),
      trend: z.object({ id: z.string(), label: z.string() }).nullable(),
      clicks: z.number().int(),
      impressions: z.number().int(),
      ctr: z.number().nullable(),
      /** what the feed showed of it in the period and countries */
      feed_impressions: z.number().int(),
      best_position: z.number().int().nullable(),
      hours_in_feed: z.number().int(),
      countries: z.array(z.string()),
      first_seen_at: z.string().nullable(),
      last_seen_at: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})

export const siteExplainQuery = siteOverviewQuery

export const siteVerdicts = ['market', 'site', 'clicks', 'no_change', 'unknown'] as const

export const siteExplainResponse = z.object({
  property: z.string(),
  day_from: z.string(),
  day_to: z.string(),
  compared_from: z.string(),
  compared_to: z.string(),
  /** market: the feed moved for everyone; site: it moved for this site; clicks: the feed showed it as before; no_change; unknown: the data cannot tell */
  verdict: z.enum(siteVerdicts),
  /** one sentence an editor can paste into a report */
  sentence: z.string(),
  evidence: z.object({
    countries: z.array(z.string()),
    clicks_per_day: z.object({ before: z.number().nullable(), after: z.number().nullable() }),
    share: z.object({ before: z.number().nullable(), after: z.number().nullable() }),
    peers_share: z.object({ before: z.number().nullable(), after: z.number().nullable() }),
    peers: z.array(z.string()),
    volatility: z.object({ max: z.number().nullable(), spike: z.boolean(), day: z.string().nullable() }),
    stories_left: z.array(z.object({ id: z.string(), title: z.string(), impressions_before: z.number().int() })),
  }),
})

export const siteDomainsQuery = z.object({
  /** domains, comma-separated (at most 200) */
  domains: z
    .string()
    .trim()
    .min(1, 'Give at least one domain')
    .transform((s) => [...new Set(s.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(z.string()).min(1, 'Give at least one domain').max(200, 'At most 200 domains at once')),
  search_type: enumParamOr(gscSearchTypes, 'discover'),
  date_from: dateParam,
  date_to: dateParam,
})

export const siteDomainsResponse = z.object({
  /** the domains Search Console data is stored for, with their clicks and impressions in the period's days; other domains are left out */
  domains: z.array(z.object({ domain: z.string(), property: z.string(), clicks: z.number().int(), impressions: z.number().int(), ctr: z.number().nullable() })),
})

export const siteImportBody = z.object({
  file_name: z.string().trim().min(1, 'Give the file name').max(300),
  /** the file's bytes, base64 (a zip is binary) */
  content_base64: z.string().min(1, 'The file is empty'),
  property: z.string().trim().max(300).optional(),
  search_type: z.enum(gscSearchTypes).optional(),
})

export const siteImportResponse = z.object({
  files: z.array(z.string()),
  property: z.string(),
  search_type: z.enum(gscSearchTypes),
  source: z.enum(['export', 'api']),
  day_from: z.string(),
  day_to: z.string(),
  filters: z.string(),
  tables: z.array(z.string()),
  rows: z.number().int(),
  pages: z.number().int(),
  pages_in_store: z.number().int(),
  already_imported: z.boolean(),
})

/** The live connection to Search Console (Settings > Search Console): never its token. */
export const siteConnectionResponse = z.object({
  connected: z.boolean(),
  /** where the token is kept: sealed by the OS keychain (desktop), or in a file of the data folder readable by its owner */
  storage: z.enum(['os-keychain', 'data-folder']).nullable(),
  connected_at: z.string().nullable(),
  client_id: z.string().nullable(),
  /** the properties the account may read, as Search Console listed them when it connected */
  sites: z.array(z.object({ site_url: z.string(), permission_level: z.string() })),
  /** a consent under way: the address of Google's consent page to open */
  consent_url: z.string().nullable(),
  /** why the last consent or connection failed (null: it did not) */
  problem: z.string().nullable(),
})

export const siteConnectBody = z.object({
  /** the OAuth client file ("Desktop app") downloaded from Google Cloud Console, as text */
  client_file: z.string().min(1, 'Give the OAuth client file').max(20_000, 'An OAuth client file is a few hundred bytes'),
})

export const siteConnectResponse = z.object({ consent_url: z.string() })

export const sitePullBody = z.object({
  property: z.string().trim().min(1, 'Give the property').max(300),
  search_type: z.enum(gscSearchTypes).optional().default('discover'),
  /** the first day; default: three days before the last day pulled, or the last 90 days */
  since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD').optional(),
})

export const siteLimits = { maxImportBytes: 32 * 1024 * 1024 }
