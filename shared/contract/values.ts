/** Enumerations fixed by the contract, and the ones this project decided (docs/contract-decisions.md). */

export const listKinds = ['entity', 'category', 'publisher', 'trend', 'mention'] as const
export type ListKind = (typeof listKinds)[number]

export const trendStates = ['emerging', 'hot', 'persistent', 'seasonal_dormant', 'decayed'] as const
export const structuralTypes = ['event_driven', 'evergreen', 'cyclic', 'derivative', 'unknown'] as const
export const semanticTypes = ['news', 'event_based', 'seasonal', 'lifestyle', 'evergreen', 'unclassified'] as const
export const trendRoles = ['F1_trigger', 'F2_pile_on', 'F3_long_tail', 'F5_one_off'] as const
export const trendRelationTypes = ['derivative', 'continuation', 'related'] as const

export const matchTypes = ['broad', 'phrase', 'exact'] as const
export const matchScopes = ['title', 'body', 'both', 'all'] as const
export const searchScopes = ['title', 'body', 'both', 'all'] as const
export type SearchScope = (typeof searchScopes)[number]
export const scanStatuses = ['pending', 'scanning', 'ready', 'error', 'paused'] as const
export type ScanStatus = (typeof scanStatuses)[number]
export type MatchType = (typeof matchTypes)[number]

export const formatGroups = ['News', 'Analysis', 'Utility', 'Atmosphere', 'Routine'] as const
export type FormatGroup = (typeof formatGroups)[number]
export const isFormatGroup = (value: unknown): value is FormatGroup => (formatGroups as readonly unknown[]).includes(value)

export const periods = ['24h', '7d', '30d', 'custom'] as const
export const grains = ['hour', 'day'] as const
export const geoWindows = ['1h', '24h', '7d', '30d'] as const
export const signalGranularities = ['day', '3h'] as const

export const articleSortFields = ['last_seen_at', 'first_seen_at', 'published_at', 'impressions'] as const
export const trendSortFields = ['last_article_at', 'first_seen_at', 'article_count'] as const
export const trendArticleSortFields = ['first_seen_at', 'published_at', 'assignment_score'] as const

export const importFormats = ['observations-ndjson', 'observations-csv', 'articles-ndjson', 'articles-csv', 'uci-csv'] as const
export type ImportFormat = (typeof importFormats)[number]

export const demoScales = ['small', 'medium', 'large'] as const

/** A list's colours (the index is kept), a keyword's longest length and the most items one request adds. */
export const LIST_COLORS = 12
export const MAX_KEYWORD_LENGTH = 100
export const MAX_ITEMS_PER_REQUEST = 1000
