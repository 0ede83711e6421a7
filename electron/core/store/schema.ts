import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

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
  (t) => [index('cities_region_idx').on(t.region)],
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
  (t) => [index('entities_name_idx').on(t.name)],
)

export const articles = sqliteTable(
  'articles',
  {
    id: text('id').primaryKey(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    domain: text('domain').notNull(),
    publisherId: integer('publisher_id').references(() => publishers.id),
    region: text('region').notNull(),
    lang: text('lang').notNull(),
    category: text('category'),
    contentType: text('content_type'),
    summary: text('summary'),
    markdown: text('markdown'),
    images: text('images', { mode: 'json' }).$type<Array<{ url: string; width: number | null; height: number | null }>>(),
    publishedAt: text('published_at'),
    firstSeenAt: text('first_seen_at'),
    lastSeenAt: text('last_seen_at'),
    entityCount: integer('entity_count').notNull().default(0),
  },
  (t) => [
    index('articles_last_seen_idx').on(t.lastSeenAt),
    index('articles_first_seen_idx').on(t.firstSeenAt),
    index('articles_domain_idx').on(t.domain),
    index('articles_region_idx').on(t.region, t.lastSeenAt),
    index('articles_category_idx').on(t.category),
  ],
)

export const articleEntities = sqliteTable(
  'article_entities',
  {
    articleId: text('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    entityId: text('entity_id').notNull().references(() => entities.id),
    score: real('score').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.entityId] }), index('article_entities_entity_idx').on(t.entityId)],
)

/** One sighting of an article in a country's feed at a snapshot time. */
export const observations = sqliteTable(
  'observations',
  {
    articleId: text('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    observedAt: text('observed_at').notNull(),
    position: integer('position').notNull(),
    estimatedImpressions: integer('estimated_impressions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.country, t.observedAt] }),
    index('observations_snapshot_idx').on(t.country, t.observedAt, t.position),
  ],
)

// ---------- aggregates (maintained on ingest) ----------

const articleAggregateColumns = {
  articleId: text('article_id').notNull(),
  country: text('country').notNull(),
  bucket: text('bucket').notNull(),
  impressions: integer('impressions').notNull(),
  observations: integer('observations').notNull(),
  bestPosition: integer('best_position').notNull(),
  positionSum: integer('position_sum').notNull(),
  firstSeenAt: text('first_seen_at').notNull(),
  lastSeenAt: text('last_seen_at').notNull(),
}

export const articleHourly = sqliteTable('article_hourly', articleAggregateColumns, (t) => [
  primaryKey({ columns: [t.articleId, t.country, t.bucket] }),
  index('article_hourly_bucket_idx').on(t.country, t.bucket),
])

export const articleDaily = sqliteTable('article_daily', articleAggregateColumns, (t) => [
  primaryKey({ columns: [t.articleId, t.country, t.bucket] }),
  index('article_daily_bucket_idx').on(t.country, t.bucket),
])

/** Per subject (entity id, category path, publisher domain or trend id) x country x day. */
export const subjectDaily = sqliteTable(
  'subject_daily',
  {
    subjectKind: text('subject_kind').notNull(),
    subjectKey: text('subject_key').notNull(),
    country: text('country').notNull(),
    day: text('day').notNull(),
    impressions: integer('impressions').notNull(),
    publications: integer('publications').notNull(),
    observations: integer('observations').notNull(),
    positionSum: integer('position_sum').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectKind, t.subjectKey, t.country, t.day] }),
    index('subject_daily_day_idx').on(t.subjectKind, t.country, t.day),
  ],
)

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
    features: text('features', { mode: 'json' }).$type<Record<string, number | null>>().notNull(),
    forecast: text('forecast', { mode: 'json' }).$type<Record<string, number | string | null> | null>(),
    createdAt: createdAt(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('trends_topic_idx').on(t.topicId),
    index('trends_last_article_idx').on(t.lastArticleAt),
    index('trends_state_idx').on(t.state),
  ],
)

export const trendArticles = sqliteTable(
  'trend_articles',
  {
    trendId: text('trend_id').notNull().references(() => trends.id, { onDelete: 'cascade' }),
    articleId: text('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    assignmentScore: real('assignment_score').notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trendId, t.articleId] }), uniqueIndex('trend_articles_article_uq').on(t.articleId)],
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
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    colorIndex: integer('color_index').notNull().default(0),
    countries: text('countries', { mode: 'json' }).$type<string[]>(),
    langs: text('langs', { mode: 'json' }).$type<string[]>(),
    searchScope: text('search_scope'),
    active: integer('active', { mode: 'boolean' }),
    scanStatus: text('scan_status'),
    scanError: text('scan_error', { mode: 'json' }).$type<{ message: string; at: string } | null>(),
    extractionStartedAt: text('extraction_started_at'),
    lastScannedAt: text('last_scanned_at'),
    nextScanAt: text('next_scan_at'),
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
    matchedAt: text('matched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.articleId, t.field] }), index('mention_matches_list_idx').on(t.listId)],
)

// ---------- signals and jobs ----------

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
  (t) => [primaryKey({ columns: [t.signal, t.country, t.subject, t.granularity, t.bucket] })],
)

export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject'),
    status: text('status').notNull(),
    progress: real('progress').notNull().default(0),
    startedAt: text('started_at'),
    finishedAt: text('finished_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('jobs_kind_status_idx').on(t.kind, t.status)],
)
