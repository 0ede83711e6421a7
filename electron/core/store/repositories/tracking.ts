import type Database from 'better-sqlite3'
import { sqlIso } from '../../time/buckets'

export interface TrackingListRow {
  id: string
  projectId: string
  kind: string
  name: string
  colorIndex: number
  countries: string | null
  langs: string | null
  searchScope: string | null
  active: number | null
  scanStatus: string | null
  scanError: string | null
  extractionStartedAt: string | null
  lastScannedAt: string | null
  nextScanAt: string | null
  createdAt: string
  updatedAt: string
  itemCount: number
  matchesCount: number
  newPublications24h: number
}

export interface TrackingItemRow {
  id: string
  key: string
  name: string
  type: string | null
  position: number
  addedAt: string
  matchesCount: number
}

const LIST_COLUMNS = `l.id, l.project_id AS projectId, l.kind, l.name, l.color_index AS colorIndex, l.countries, l.langs,
  l.search_scope AS searchScope, l.active, l.scan_status AS scanStatus, l.scan_error AS scanError,
  l.extraction_started_at AS extractionStartedAt, l.last_scanned_at AS lastScannedAt, l.next_scan_at AS nextScanAt,
  l.created_at AS createdAt, l.updated_at AS updatedAt,
  (SELECT count(*) FROM tracking_items i WHERE i.list_id = l.id) AS itemCount,
  (SELECT count(*) FROM mention_matches m WHERE m.list_id = l.id) AS matchesCount,
  (SELECT count(DISTINCT m.article_id) FROM mention_matches m JOIN articles a ON a.id = m.article_id
     JOIN article_facets s ON s.article_seq = a.seq WHERE m.list_id = l.id AND s.first_seen >= @since24h) AS newPublications24h`

export class TrackingRepository {
  constructor(private readonly sqlite: Database.Database) {}

  /** since24h: epoch seconds from which a publication counts as new. */
  lists(projectId: string, kind: string | undefined, since24h: number, limit: number, offset: number) {
    const where = 'l.project_id = @projectId AND (@kind IS NULL OR l.kind = @kind)'
    const params = { projectId, kind: kind ?? null, since24h, limit, offset }
    const total = (this.sqlite.prepare(`SELECT count(*) AS n FROM tracking_lists l WHERE ${where}`).get(params) as { n: number }).n
    const rows = this.sqlite
      .prepare(
        `SELECT ${LIST_COLUMNS} FROM tracking_lists l WHERE ${where}
         ORDER BY l.updated_at DESC, l.id LIMIT @limit OFFSET @offset`,
      )
      .all(params) as TrackingListRow[]
    return { rows, total }
  }

  list(id: string, since24h: number): TrackingListRow | undefined {
    return this.sqlite
      .prepare(`SELECT ${LIST_COLUMNS} FROM tracking_lists l WHERE l.id = @id`)
      .get({ id, since24h }) as TrackingListRow | undefined
  }

  items(listId: string): TrackingItemRow[] {
    return this.sqlite
      .prepare(
        `SELECT i.id, i.key, i.name, i.type, i.position, i.added_at AS addedAt,
                (SELECT count(*) FROM mention_matches m WHERE m.item_id = i.id) AS matchesCount
         FROM tracking_items i WHERE i.list_id = ? ORDER BY i.added_at DESC, i.position DESC, i.id`,
      )
      .all(listId) as TrackingItemRow[]
  }

  /**
   * Usage per kind as the contract counts it: unique item keys across the project's lists;
   * for mention, unique (keyword, match type) pairs of active lists only.
   */
  usage(projectId: string): Map<string, number> {
    const rows = this.sqlite
      .prepare(
        `SELECT l.kind, count(DISTINCT CASE WHEN l.kind = 'mention' THEN lower(i.key) || '|' || coalesce(i.type, '') ELSE i.key END) AS n
         FROM tracking_items i JOIN tracking_lists l ON l.id = i.list_id
         WHERE l.project_id = ? AND (l.kind <> 'mention' OR coalesce(l.active, 1) = 1)
         GROUP BY l.kind`,
      )
      .all(projectId) as Array<{ kind: string; n: number }>
    return new Map(rows.map((r) => [r.kind, r.n]))
  }
}

/** How each list kind's item keys join the articles they cover. */
const ITEM_JOINS: Record<string, { join: string; key: string }> = {
  entity: { join: 'JOIN article_entities x ON x.article_id = a.id', key: 'x.entity_id' },
  category: { join: '', key: 'a.category' },
  publisher: { join: '', key: 'a.domain' },
  trend: { join: 'JOIN trend_articles x ON x.article_id = a.id', key: 'x.trend_id' },
  mention: { join: 'JOIN (SELECT DISTINCT item_id, article_id FROM mention_matches) x ON x.article_id = a.id', key: 'x.item_id' },
}

export interface ItemActivityRow {
  key: string
  /** hours or days since the epoch (see `grain`), or 0 for whole-window rows */
  bucket: number
  impressions: number
  publications: number
  publishers: number
  observations: number
  positionSum: number
  lastSeenAt: string | null
}

export class ItemActivityRepository {
  constructor(private readonly sqlite: Database.Database) {}

  /**
   * Activity of list items in hours [fromHour, toHour) (hours since epoch), from the hourly
   * article aggregates, per hour, per day, or as one row per key ('window').
   */
  activity(
    kind: string,
    keys: string[],
    countries: string[],
    lang: string | null,
    fromHour: number,
    toHour: number,
    grain: 'hour' | 'day' | 'window',
  ): ItemActivityRow[] {
    const spec = ITEM_JOINS[kind]
    if (!spec || keys.length === 0) return []
    const bucket = grain === 'window' ? '0' : grain === 'hour' ? 'h.hour' : 'h.hour / 24'
    return this.sqlite
      .prepare(
        `SELECT ${spec.key} AS key, ${bucket} AS bucket, sum(h.impressions) AS impressions,
                count(DISTINCT a.id) AS publications, count(DISTINCT a.domain) AS publishers,
                sum(h.observations) AS observations, sum(h.position_sum) AS positionSum, ${sqlIso('max(h.last_seen)')} AS lastSeenAt
         FROM article_hourly h JOIN articles a ON a.seq = h.article_seq ${spec.join}
         WHERE ${spec.key} IN (SELECT value FROM json_each(@keys))
           AND h.country IN (SELECT value FROM json_each(@countries))
           AND (@lang IS NULL OR a.lang = @lang)
           AND h.hour >= @fromHour AND h.hour < @toHour
         GROUP BY 1, 2 ORDER BY 1, 2`,
      )
      .all({ keys: JSON.stringify(keys), countries: JSON.stringify(countries), lang, fromHour, toHour }) as ItemActivityRow[]
  }
}

export interface CoveredArticleRow {
  id: string
  url: string
  title: string
  domain: string
  publisher: string | null
  contentType: string | null
  category: string | null
  trendId: string | null
  trendLabel: string | null
  impressions: number
}

export class RollupRepository {
  constructor(private readonly sqlite: Database.Database) {}

  /** Every article covered by the items in the window, with its impressions there. */
  coveredArticles(kind: string, keys: string[], countries: string[], lang: string | null, fromHour: number, toHour: number) {
    const spec = ITEM_JOINS[kind]
    if (!spec || keys.length === 0) return []
    return this.sqlite
      .prepare(
        `SELECT a.id, a.url, a.title, a.domain, p.name AS publisher, a.content_type AS contentType, a.category,
                ta.trend_id AS trendId, t.label AS trendLabel, sum(h.impressions) AS impressions
         FROM article_hourly h JOIN articles a ON a.seq = h.article_seq
         LEFT JOIN publishers p ON p.id = a.publisher_id
         LEFT JOIN trend_articles ta ON ta.article_id = a.id LEFT JOIN trends t ON t.id = ta.trend_id
         WHERE a.id IN (SELECT a.id FROM articles a ${spec.join} WHERE ${spec.key} IN (SELECT value FROM json_each(@keys)))
           AND h.country IN (SELECT value FROM json_each(@countries)) AND (@lang IS NULL OR a.lang = @lang)
           AND h.hour >= @fromHour AND h.hour < @toHour
         GROUP BY a.id`,
      )
      .all({ keys: JSON.stringify(keys), countries: JSON.stringify(countries), lang, fromHour, toHour }) as CoveredArticleRow[]
  }

  entitiesOf(articleIds: string[]) {
    return this.sqlite
      .prepare(
        `SELECT ae.article_id AS articleId, e.id AS entityId, e.name FROM article_entities ae JOIN entities e ON e.id = ae.entity_id
         WHERE ae.article_id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(articleIds)) as Array<{ articleId: string; entityId: string; name: string }>
  }
}

export interface MatchRow {
  articleId: string
  itemId: string
  keyword: string
  matchType: string | null
  field: string
  matchedText: string
  url: string
  title: string
  domain: string
  publisher: string | null
  country: string
  lang: string
  firstSeenAt: string | null
  summary: string | null
}

export class MatchesRepository {
  constructor(private readonly sqlite: Database.Database) {}

  /** from/to: epoch seconds of the publication's first display. */
  matches(listId: string, f: { countries: string[]; lang: string | null; from: number | null; to: number | null; q: string | null }) {
    return this.sqlite
      .prepare(
        `SELECT m.article_id AS articleId, m.item_id AS itemId, i.key AS keyword, i.type AS matchType, m.field,
                m.matched_text AS matchedText, a.url, a.title, a.domain, p.name AS publisher, a.region AS country,
                a.lang, ${sqlIso('s.first_seen')} AS firstSeenAt, a.summary
         FROM mention_matches m JOIN tracking_items i ON i.id = m.item_id JOIN articles a ON a.id = m.article_id
         LEFT JOIN article_facets s ON s.article_seq = a.seq
         LEFT JOIN publishers p ON p.id = a.publisher_id
         WHERE m.list_id = @listId AND a.region IN (SELECT value FROM json_each(@countries))
           AND (@lang IS NULL OR a.lang = @lang) AND (@from IS NULL OR s.first_seen >= @from)
           AND (@to IS NULL OR s.first_seen <= @to) AND (@q IS NULL OR instr(lower(a.title), lower(@q)) > 0)
         ORDER BY s.first_seen DESC, a.id, i.position`,
      )
      .all({ listId, countries: JSON.stringify(f.countries), lang: f.lang, from: f.from, to: f.to, q: f.q }) as MatchRow[]
  }
}
