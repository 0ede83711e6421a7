import { sql } from 'drizzle-orm'
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { FormatGroup, ListKind, ScanStatus, SearchScope } from '../../../shared/contract/values'

/**
 * The whole domain of the contract. Timestamps are ISO 8601 UTC strings (sortable as text);
 * days are 'YYYY-MM-DD' and hours 'YYYY-MM-DDTHH' bucket keys. JSON arrays are stored as text.
 */

const createdAt = () => text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`)

// ---------- projects, plans, keys, limits ----------

export const plans = sqliteTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  apiAccess: integer('api_access', { mode: 'boolean' }).notNull(),
  historyDays: integer('history_days'),
  requestsPerMinute: integer('requests_per_minute'),
  requestsPerMonth: integer('requests_per_month'),
  keysPerProject: integer('keys_per_project'),
  limitEntity: integer('limit_entity'),
  limitCategory: integer('limit_category'),
  limitPublisher: integer('limit_publisher'),
  limitMention: integer('limit_mention'),
})

export const projects = sqliteTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  planId: text('plan_id').notNull().references(() => plans.id),
  createdAt: createdAt(),
})

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    countries: text('countries', { mode: 'json' }).$type<string[] | null>(),
    createdAt: createdAt(),
    revokedAt: text('revoked_at'),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_project_idx').on(t.projectId)],
)

/** Request counters per subject (a key id, or 'public:<bucket>') and window; they survive restarts. */
export const rateCounters = sqliteTable(
  'rate_counters',
  {
    subject: text('subject').notNull(),
    window: text('window').notNull(),
    windowStart: text('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.window] })],
)

/** Sign-in links and web sessions of the web UI, kept as SHA-256 hashes (see auth/web-sessions.ts). */
export const appSessions = sqliteTable('app_sessions', {
  hash: text('hash').primaryKey(),
  /** 'login' (a one-time sign-in token) or 'session' (a cookie's value) */
  kind: text('kind').notNull(),
  /** epoch milliseconds */
  expiresAt: integer('expires_at').notNull(),
})

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

// ---------- geography ----------

export const regions = sqliteTable('regions', {
  alpha2: text('alpha_2').primaryKey(),
  alpha3: text('alpha_3').notNull(),
  name: text('name').notNull(),
  languages: text('languages', { mode: 'json' }).$type<string[]>().notNull(),
  population: integer('population'),
  internetPopulation: integer('internet_population'),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(false),
  utcOffsetMinutes: integer('utc_offset_minutes').notNull().default(0),
  firstDataAt: text('first_data_at'),
})

export const cities = sqliteTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    region: text('region').notNull().references(() => regions.alpha2, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(false),
  },
  // Covers the cities of a region in name order (the region detail lists them all).
  (t) => [index('cities_region_idx').on(t.region, t.name, t.id, t.isActive)],
)

export const languages = sqliteTable('languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
})

// ---------- publishers, entities, articles ----------

export const publishers = sqliteTable(
  'publishers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    domain: text('domain').notNull(),
    name: text('name').notNull(),
    country: text('country'),
    profileExists: integer('profile_exists', { mode: 'boolean' }).notNull().default(false),
    knowledgeGraphId: text('knowledge_graph_id'),
    totalFollowers: integer('total_followers'),
  },
  (t) => [uniqueIndex('publishers_domain_uq').on(t.domain), index('publishers_name_idx').on(t.name)],
)

export const entities = sqliteTable(
  'entities',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type'),
  },
  (t) => [index('entities_name_idx').on(sql`${t.name} COLLATE NOCASE`)],
)

export const articles = sqliteTable(
  'articles',
  {
    /** Compact key for the observation and aggregate tables; the UUID `id` is what the API shows. */
    seq: integer('seq').primaryKey(),
    id: text('id').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    domain: text('domain').notNull(),
    publisherId: integer('publisher_id').references(() => publishers.id),
    region: text('region').notNull(),
    lang: text('lang').notNull(),
    category: text('category'),
    contentType: text('content_type').$type<FormatGroup>(),
    summary: text('summary'),
    markdown: text('markdown'),
    images: text('images', { mode: 'json' }).$type<Array<{ url: string; width: number | null; height: number | null }>>(),
    publishedAt: text('published_at'),
    entityCount: integer('entity_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('articles_id_uq').on(t.id),
    index('articles_domain_idx').on(t.domain),
  ],
)

export const articleEntities = sqliteTable(
  'article_entities',
  {
    articleId: text('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    entityId: text('entity_id').notNull().references(() => entities.id),
    score: real('score').notNull(),
    /** 1 when Feedlens found the entity in the text (the article came without entities), 0 when given. */
    extracted: integer('extracted').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.entityId] }), index('article_entities_entity_idx').on(t.entityId)],
)

/**
 * One feed snapshot: what a country's feed showed at one instant (epoch seconds). Its entries
 * (article seq, position, estimated impressions, in position order) are packed into one value
 * (see feed-entries.ts), so an import writes one row per snapshot, not one per observation.
 * Keys are time-major within a country and the table is WITHOUT ROWID (see the migration).
 * An article's observations are found through article_daily (its days, with first and last
 * sighting), then read off the snapshots of those spans.
 */
export const feedSnapshots = sqliteTable(
  'feed_snapshots',
  {
    country: text('country').notNull(),
    observedAt: integer('observed_at').notNull(),
    entryCount: integer('entry_count').notNull(),
    entries: blob('entries', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.observedAt] })],
)

/**
 * One narrow row per article with everything the article lists filter and sort on: when it
 * was first and last seen in a feed (epoch seconds, null until it is), its impressions so far,
 * and copies of its filterable fields. Lists and their counts run on these rows and their
 * indexes, never on the wide article rows; ingest keeps the seen columns current.
 */
export const articleFacets = sqliteTable(
  'article_facets',
  {
    articleSeq: integer('article_seq').primaryKey(),
    region: text('region').notNull(),
    lang: text('lang').notNull(),
    domain: text('domain').notNull(),
    category: text('category'),
    contentType: text('content_type'),
    hasSummary: integer('has_summary').notNull(),
    hasEntities: integer('has_entities').notNull(),
    publishedAt: integer('published_at'),
    firstSeen: integer('first_seen'),
    lastSeen: integer('last_seen'),
    impressions: integer('impressions').notNull().default(0),
    /** When the article entered the store (epoch seconds): its seen times until it is seen in a feed, without a published date. */
    storedAt: integer('stored_at'),
    /**
     * The first and last sighting as the methods show them (docs/contract-decisions.md): an article
     * never seen yet takes its published date, else when it was stored. Lists sort and filter by
     * these, so an order always agrees with the times it shows.
     */
    firstShown: integer('first_shown').generatedAlwaysAs(sql`coalesce(first_seen, published_at, stored_at)`, { mode: 'virtual' }),
    lastShown: integer('last_shown').generatedAlwaysAs(sql`coalesce(last_seen, published_at, stored_at)`, { mode: 'virtual' }),
  },
  (t) => [
    index('article_facets_last_idx').on(t.lastSeen, t.articleSeq),
    index('article_facets_first_idx').on(t.firstSeen, t.articleSeq),
    index('article_facets_last_shown_idx').on(t.lastShown, t.articleSeq),
    index('article_facets_first_shown_idx').on(t.firstShown, t.articleSeq),
    index('article_facets_impressions_idx').on(t.impressions, t.articleSeq),
    index('article_facets_published_idx').on(t.publishedAt, t.articleSeq),
    index('article_facets_region_idx').on(t.region, t.lastShown),
    index('article_facets_region_first_idx').on(t.region, t.firstShown),
    index('article_facets_category_idx').on(t.category, t.contentType, t.region),
    index('article_facets_domain_idx').on(t.domain, t.firstShown),
    index('article_facets_lang_idx').on(t.lang, t.region),
  ],
)

/** Articles per region and language, kept by triggers on article_facets (see the migration). */
export const articleCounts = sqliteTable(
  'article_counts',
  {
    region: text('region').notNull(),
    lang: text('lang').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.lang] })],
)

// ---------- aggregates (maintained on ingest; WITHOUT ROWID, time-major) ----------

const aggregateColumns = {
  country: text('country').notNull(),
  articleSeq: integer('article_seq').notNull(),
  impressions: integer('impressions').notNull(),
  observations: integer('observations').notNull(),
  bestPosition: integer('best_position').notNull(),
  positionSum: integer('position_sum').notNull(),
  /** epoch seconds of the first and last observation in the cell */
  firstSeen: integer('first_seen').notNull(),
  lastSeen: integer('last_seen').notNull(),
}

/**
 * Per article x country x hour, packed: one row per hour and country holding its articles' cells
 * (see hourly-cells.ts). `hour` counts hours since 1970-01-01T00:00Z.
 */
export const hourlyCells = sqliteTable(
  'hourly_cells',
  {
    hour: integer('hour').notNull(),
    country: text('country').notNull(),
    cellCount: integer('cell_count').notNull(),
    cells: blob('cells', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.country] })],
)

/** Per article x country x day; `day` counts days since 1970-01-01. */
export const articleDaily = sqliteTable('article_daily', { day: integer('day').notNull(), ...aggregateColumns }, (t) => [
  primaryKey({ columns: [t.day, t.country, t.articleSeq] }),
  index('article_daily_article_idx').on(t.articleSeq),
])

// ---------- trends and hierarchy ----------

export const themes = sqliteTable('themes', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  labelRu: text('label_ru').notNull().default(''),
  nTrends: integer('n_trends').notNull().default(0),
  nArticles: integer('n_articles').notNull().default(0),
})

export const topics = sqliteTable(
  'topics',
  {
    id: text('id').primaryKey(),
    themeId: text('theme_id').notNull().references(() => themes.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    labelRu: text('label_ru').notNull().default(''),
    nTrends: integer('n_trends').notNull().default(0),
    nArticles: integer('n_articles').notNull().default(0),
  },
  (t) => [index('topics_theme_idx').on(t.themeId)],
)

export const trends = sqliteTable(
  'trends',
  {
    id: text('id').primaryKey(),
    label: text('label').notNull(),
    labelRu: text('label_ru').notNull().default(''),
    state: text('state').notNull(),
    structuralType: text('structural_type').notNull(),
    semanticType: text('semantic_type').notNull(),
    articleCount: integer('article_count').notNull().default(0),
    firstSeenAt: text('first_seen_at'),
    lastArticleAt: text('last_article_at'),
    keyEntities: text('key_entities', { mode: 'json' }).$type<string[]>().notNull(),
    primaryCountry: text('primary_country'),
    countryScope: text('country_scope', { mode: 'json' }).$type<string[]>().notNull(),
    topicId: text('topic_id').references(() => topics.id, { onDelete: 'set null' }),
    dailyCounts: text('daily_counts', { mode: 'json' }).$type<number[]>().notNull(),
    /**
     * The day (days since the epoch) of daily_counts' last value; the days after it up to the
     * trends' last day had no article. Null in rows written before it: their counts end on that day.
     */
    dailyThrough: integer('daily_through'),
    features: text('features', { mode: 'json' }).$type<Record<string, number | null>>().notNull(),
    forecast: text('forecast', { mode: 'json' }).$type<Record<string, number | string | null> | null>(),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('trends_topic_idx').on(t.topicId),
    index('trends_last_article_idx').on(t.lastArticleAt),
    index('trends_state_idx').on(t.state),
    // the list's filters and sort keys: a page is chosen on this index alone, its rows read after
    index('trends_list_idx').on(t.articleCount, t.firstSeenAt, t.lastArticleAt, t.state, t.structuralType, t.semanticType, t.topicId, t.id),
  ],
)

export const trendArticles = sqliteTable(
  'trend_articles',
  {
    trendId: text('trend_id').notNull().references(() => trends.id, { onDelete: 'cascade' }),
    articleId: text('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    // the article's seq beside its id: a trend's page of articles joins the facets by integer
    // (through the text id, 8,000 members of a large store's busiest trend took 30 ms)
    articleSeq: integer('article_seq'),
    // the article's first sighting as shown (article_facets.first_shown), kept equal by a trigger on
    // the facets (migrations 0014, 0015): the default page, newest first, is read off the index in order
    // (sorting every member's facets took 24 ms for the 8,000 members of a large store's busiest trend)
    firstSeen: integer('first_seen'),
    assignmentScore: real('assignment_score').notNull(),
    role: text('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.trendId, t.articleId] }),
    uniqueIndex('trend_articles_article_uq').on(t.articleId),
    // a trend's members in the order of first sighting, with all a page is chosen by, without the table
    index('trend_articles_page_idx').on(t.trendId, t.firstSeen, t.role, t.articleSeq, t.assignmentScore, t.articleId),
  ],
)

/**
 * What a trend's articles dated before the last full pass's horizon add up to (its entity weights,
 * markets, categories, title terms, first article; docs/trends.md, "The horizon"), as JSON: the next
 * full pass starts the trend from them instead of reading those articles again. The time they are
 * counted up to is the setting `trends_early_through`.
 */
export const trendEarly = sqliteTable('trend_early', {
  trendId: text('trend_id')
    .primaryKey()
    .references(() => trends.id, { onDelete: 'cascade' }),
  // the members they count: a trend whose stored members before that time number otherwise is read again
  articleCount: integer('article_count').notNull(),
  sums: text('sums').notNull(),
})

/**
 * A trend's articles per market (by the article's region): what a key limited to some markets
 * sees of the trend, and how lists and hierarchy counts leave closed markets out.
 */
export const trendCountries = sqliteTable(
  'trend_countries',
  {
    trendId: text('trend_id').notNull().references(() => trends.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    articleCount: integer('article_count').notNull(),
    firstSeenAt: text('first_seen_at').notNull(),
    lastArticleAt: text('last_article_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trendId, t.country] }), index('trend_countries_country_idx').on(t.country, t.trendId)],
)

export const trendLinks = sqliteTable(
  'trend_links',
  {
    parentId: text('parent_id').notNull().references(() => trends.id, { onDelete: 'cascade' }),
    childId: text('child_id').notNull().references(() => trends.id, { onDelete: 'cascade' }),
    relationType: text('relation_type').notNull(),
    strength: real('strength').notNull(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.childId] }), index('trend_links_child_idx').on(t.childId)],
)

// ---------- tracking ----------

export const trackingLists = sqliteTable(
  'tracking_lists',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ListKind>().notNull(),
    name: text('name').notNull(),
    colorIndex: integer('color_index').notNull().default(0),
    countries: text('countries', { mode: 'json' }).$type<string[]>(),
    langs: text('langs', { mode: 'json' }).$type<string[]>(),
    searchScope: text('search_scope').$type<SearchScope>(),
    active: integer('active', { mode: 'boolean' }),
    scanStatus: text('scan_status').$type<ScanStatus>(),
    scanError: text('scan_error', { mode: 'json' }).$type<{ message: string; at: string } | null>(),
    extractionStartedAt: text('extraction_started_at'),
    lastScannedAt: text('last_scanned_at'),
    nextScanAt: text('next_scan_at'),
    /** Articles up to this seq have been scanned for the list's keywords (mention lists). */
    scannedThroughSeq: integer('scanned_through_seq').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('tracking_lists_project_idx').on(t.projectId, t.updatedAt)],
)

export const trackingItems = sqliteTable(
  'tracking_items',
  {
    id: text('id').primaryKey(),
    listId: text('list_id').notNull().references(() => trackingLists.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    type: text('type'),
    position: integer('position').notNull(),
    addedAt: text('added_at').notNull(),
  },
  (t) => [uniqueIndex('tracking_items_list_key_uq').on(t.listId, t.key, t.type), index('tracking_items_key_idx').on(t.key)],
)

export const mentionMatches = sqliteTable(
  'mention_matches',
  {
    itemId: text('item_id').notNull().references(() => trackingItems.id, { onDelete: 'cascade' }),
    articleId: text('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    listId: text('list_id').notNull().references(() => trackingLists.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    matchedText: text('matched_text').notNull(),
    /** the text around the match, for the matches method */
    snippet: text('snippet').notNull().default(''),
    matchedAt: text('matched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.articleId, t.field] }), index('mention_matches_list_article_idx').on(t.listId, t.articleId)],
)

/**
 * What each write of new data changed (one row per ingest batch, by data generation): the articles
 * written and the (day, country) groups whose daily cells changed. An index of the data (the
 * tracking lists' activity) follows the store by reading only these, in any process.
 */
export const ingestLog = sqliteTable('ingest_log', {
  generation: integer('generation').primaryKey(),
  /** JSON array of article seqs written (new or updated) */
  articles: text('articles').notNull(),
  /** JSON array of [day, country] */
  groups: text('groups').notNull(),
})

/**
 * The feed's arrival journal (`/v2/feed`): one row per article when it first enters the store and
 * one per feed snapshot, or part of one, written, in the order they were written. A snapshot row
 * with `seqs` null stands for the snapshot's entries as first written (`entry_count` of them); a
 * later import that adds entries to it writes a row of its own naming them (`seqs`, packed u32).
 * `position` is AUTOINCREMENT so a cursor never meets a reused number; writes are serialised
 * by SQLite, so what a reader sees is always a prefix of the journal.
 */
export const feedLog = sqliteTable(
  'feed_log',
  {
    position: integer('position').primaryKey({ autoIncrement: true }),
    articleSeq: integer('article_seq'),
    country: text('country'),
    observedAt: integer('observed_at'),
    entryCount: integer('entry_count'),
    seqs: blob('seqs', { mode: 'buffer' }),
  },
  (t) => [index('feed_log_snapshot_idx').on(t.country, t.observedAt).where(sql`${t.country} IS NOT NULL`)],
)

/** Upstreams this store syncs from (`feedlens sync`): where their feed was read up to, and the last run. */
export const syncUpstreams = sqliteTable('sync_upstreams', {
  url: text('url').primaryKey(),
  cursor: text('cursor'),
  countries: text('countries', { mode: 'json' }).$type<string[]>(),
  lastSyncedAt: text('last_synced_at'),
  /** What the last run brought: {articles, observations, elements, error?} */
  lastResult: text('last_result', { mode: 'json' }).$type<Record<string, unknown>>(),
  /** The upstream's API key as the app keeps it (Settings > Sources): sealed by the OS keychain on desktop. */
  keySecret: blob('key_secret', { mode: 'buffer' }),
  /** 'os-keychain' or 'data-folder': how key_secret is kept */
  keyStorage: text('key_storage'),
  /** Sync every so many minutes while the app runs; null: only when asked. */
  scheduleMinutes: integer('schedule_minutes'),
})

// ---------- signals ----------

/** Precomputed signal series: volatility (overall, per format group, per topic) and format interest. */
export const signalSeries = sqliteTable(
  'signal_series',
  {
    signal: text('signal').notNull(),
    country: text('country').notNull(),
    subject: text('subject').notNull(),
    granularity: text('granularity').notNull(),
    bucket: text('bucket').notNull(),
    value: real('value').notNull(),
    isSpike: integer('is_spike', { mode: 'boolean' }).notNull().default(false),
    state: text('state').notNull(),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  // Granularity before subject: a method reads all subjects of one granularity.
  (t) => [primaryKey({ columns: [t.signal, t.country, t.granularity, t.subject, t.bucket] })],
)

// ---------- ground truth (never read by a contract method) ----------

/** The true storyline of an article: from the demo generator, or gold labels of an import (UCI STORY). */
export const storylineTruth = sqliteTable(
  'storyline_truth',
  {
    articleId: text('article_id').primaryKey().references(() => articles.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    storylineId: text('storyline_id').notNull(),
  },
  (t) => [index('storyline_truth_source_idx').on(t.source, t.storylineId)],
)

/** The demo world's storylines: their shape and place in the hierarchy, for scoring trends. */
export const demoStorylines = sqliteTable('demo_storylines', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  shape: text('shape').notNull(),
  parentId: text('parent_id'),
  topic: text('topic').notNull(),
  theme: text('theme').notNull(),
  primaryCountry: text('primary_country').notNull(),
  articleCount: integer('article_count').notNull(),
})

/** Days on which the demo generator shook the feed up, in a country or one format group. */
export const demoShakeups = sqliteTable(
  'demo_shakeups',
  {
    day: text('day').notNull(),
    country: text('country').notNull(),
    formatGroup: text('format_group').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.day, t.country, t.formatGroup] })],
)

// ---------- Search Console (the analyst's own site) ----------

/**
 * A Search Console file imported (a Performance > Discover export, a Search Analytics API answer):
 * its property, what it covers and the filters it was exported with, so that a partial export is
 * never summed as if it were whole. Its fingerprint (the content's hash) makes a second import of
 * the same file change nothing.
 */
export const gscImports = sqliteTable(
  'gsc_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** 'sc-domain:example.com' or a URL prefix property 'https://www.example.com/' */
    property: text('property').notNull(),
    /** 'discover' or 'googleNews' */
    searchType: text('search_type').notNull(),
    /** 'export' (the report's download) or 'api' (searchanalytics.query answers) */
    source: text('source').notNull(),
    fileName: text('file_name').notNull(),
    fingerprint: text('fingerprint').notNull(),
    dayFrom: text('day_from').notNull(),
    dayTo: text('day_to').notNull(),
    /** the export's filters in one canonical string ('country=USA;page=...'), '' for none */
    filters: text('filters').notNull().default(''),
    rows: integer('rows').notNull(),
    importedAt: createdAt(),
  },
  (t) => [uniqueIndex('gsc_imports_fingerprint_uq').on(t.fingerprint)],
)

/**
 * Clicks and impressions of a property as Search Console counts them: a row a day (or the range an
 * export's page and country totals cover), page ('' for every page), country (ISO alpha-2, '' for
 * every country), search appearance ('' for all) and the filters it was counted under. Each key
 * once: a later import of the same key replaces it.
 */
export const gscRows = sqliteTable(
  'gsc_rows',
  {
    property: text('property').notNull(),
    searchType: text('search_type').notNull(),
    dayFrom: text('day_from').notNull(),
    dayTo: text('day_to').notNull(),
    page: text('page').notNull().default(''),
    country: text('country').notNull().default(''),
    appearance: text('appearance').notNull().default(''),
    filters: text('filters').notNull().default(''),
    clicks: integer('clicks').notNull(),
    impressions: integer('impressions').notNull(),
    /** the page's article (by canonical URL), when the store has it */
    articleId: text('article_id'),
    importId: integer('import_id').notNull().references(() => gscImports.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.property, t.searchType, t.dayFrom, t.dayTo, t.page, t.country, t.appearance, t.filters] }),
    index('gsc_rows_article_idx').on(t.articleId),
  ],
)

/**
 * A view the analyst saved under a name (the sidebar lists them): the window's path with its
 * query, which is the whole view (every view is a link). Names are unique whatever their case.
 */
export const savedViews = sqliteTable(
  'saved_views',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** the view's path and query, e.g. '/signals?country=DE&bucket=2026-11-21' */
    path: text('path').notNull(),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('saved_views_name_uq').on(sql`${t.name} COLLATE NOCASE`)],
)

/** The analyst's notes on the timeline (a day or a range, a country or all): drawn on the time charts. */
export const notes = sqliteTable('notes', {
  id: text('id').primaryKey(),
  dayFrom: text('day_from').notNull(),
  dayTo: text('day_to').notNull(),
  /** ISO alpha-2, '' for every country */
  country: text('country').notNull().default(''),
  text: text('text').notNull(),
  createdAt: createdAt(),
  updatedAt: text('updated_at').notNull(),
})

/**
 * Google's announced Search and Discover updates, from the dated file Feedlens ships
 * (resources/google-updates.json) or a newer one imported: drawn on the time charts.
 */
export const searchUpdates = sqliteTable('search_updates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** 'core', 'spam', 'discover', 'other' */
  kind: text('kind').notNull(),
  dayFrom: text('day_from').notNull(),
  /** null: not announced as complete */
  dayTo: text('day_to'),
  sourceUrl: text('source_url').notNull(),
})

/**
 * The store's own events (an import, a sync, an upstream added, a Search Console export): drawn on
 * the timeline, so that a jump caused by new data is never mistaken for the feed's.
 */
export const storeEvents = sqliteTable(
  'store_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** ISO time */
    at: text('at').notNull(),
    /** 'import', 'sync', 'upstream', 'search-console' */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('store_events_at_idx').on(t.at)],
)

/**
 * The analyst's alert rules: a threshold watched after every import, sync and recompute. `state`
 * (JSON) is what was crossed at the last evaluation, so a crossing fires once, across restarts.
 */
export const alertRules = sqliteTable('alert_rules', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** 'volatility', 'tracked_change', 'new_trend', 'publisher_rank' */
  kind: text('kind').notNull(),
  /** the rule's definition as written (JSON) */
  definition: text('definition').notNull(),
  muted: integer('muted', { mode: 'boolean' }).notNull().default(false),
  /** what its last evaluation found (JSON); null until the first */
  state: text('state'),
  evaluatedAt: text('evaluated_at'),
  createdAt: createdAt(),
  updatedAt: text('updated_at').notNull(),
})

/** What fired: the inbox, with the evidence. */
export const alerts = sqliteTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    ruleId: text('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    at: text('at').notNull(),
    title: text('title').notNull(),
    /** the figures behind it (JSON object) */
    evidence: text('evidence').notNull(),
    link: text('link').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('alerts_at_idx').on(t.at), index('alerts_rule_idx').on(t.ruleId)],
)
