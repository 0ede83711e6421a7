import type Database from 'better-sqlite3'
import type { ArticleRecord } from '../../ingest/records'
import { sqlIso } from '../../time/buckets'

export interface ArticleListFilter {
  /** The markets the caller may see, or 'all' when that is every market of the store. */
  countries: string[] | 'all'
  region?: string
  lang?: string
  domain?: string
  category?: string
  contentType?: string
  search?: string
  /** epoch seconds */
  dateFrom?: number
  dateTo?: number
  hasEntities?: boolean
  hasSummary?: boolean
  sortBy: 'last_seen_at' | 'first_seen_at' | 'published_at' | 'impressions'
  sortOrder: 'asc' | 'desc'
  limit: number
  offset: number
}

export interface ArticleRow {
  seq: number
  id: string
  url: string
  title: string
  domain: string
  region: string
  lang: string
  category: string | null
  contentType: string | null
  summary: string | null
  markdown: string | null
  images: string | null
  publishedAt: string | null
  firstSeenAt: string | null
  lastSeenAt: string | null
}

/** Sort keys, each backed by an index whose order ends with the article's seq (ties stay stable). */
const SORT_COLUMNS: Record<ArticleListFilter['sortBy'], [string, string]> = {
  last_seen_at: ['s.last_seen', 's.article_seq'],
  first_seen_at: ['s.first_seen', 's.article_seq'],
  impressions: ['s.impressions', 's.article_seq'],
  published_at: ['s.published_at', 's.article_seq'],
}

export class ArticlesRepository {
  constructor(private readonly sqlite: Database.Database) {}

  list(f: ArticleListFilter): { rows: ArticleListRow[]; total: number } {
    // Everything here runs on the narrow article_facets rows; the planner picks the index of
    // the most selective filter (statistics come from ANALYZE after bulk loads).
    const where: string[] = []
    const params: Record<string, unknown> = { limit: f.limit, offset: f.offset }
    const add = (clause: string, name: string, value: unknown) => {
      if (value === undefined) return
      where.push(clause)
      params[name] = value
    }
    if (f.countries !== 'all') add('s.region IN (SELECT value FROM json_each(@countries))', 'countries', JSON.stringify(f.countries))
    add('s.region = @region', 'region', f.region)
    add('s.lang = @lang', 'lang', f.lang)
    add('s.domain = @domain', 'domain', f.domain)
    if (f.category !== undefined) {
      where.push('(s.category = @category OR (s.category >= @categoryFrom AND s.category < @categoryTo))')
      params.category = f.category
      params.categoryFrom = `${f.category.replace(/\/+$/, '')}/`
      params.categoryTo = `${f.category.replace(/\/+$/, '')}0`
    }
    add('s.content_type = @contentType', 'contentType', f.contentType)
    add('s.last_seen >= @dateFrom', 'dateFrom', f.dateFrom)
    add('s.first_seen <= @dateTo', 'dateTo', f.dateTo)
    add('s.has_entities = @hasEntities', 'hasEntities', f.hasEntities === undefined ? undefined : f.hasEntities ? 1 : 0)
    add('s.has_summary = @hasSummary', 'hasSummary', f.hasSummary === undefined ? undefined : f.hasSummary ? 1 : 0)
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
    const dir = f.sortOrder === 'asc' ? 'ASC' : 'DESC'
    const [key, tie] = SORT_COLUMNS[f.sortBy]
    const order = `ORDER BY ${key} ${dir}, ${tie} ${dir}`
    if (f.search !== undefined) {
      // A search drives from the full-text index: its matches are joined to their facets rows.
      params.search = toFtsQuery(f.search)
      const filters = where.length > 0 ? `AND ${where.join(' AND ')}` : ''
      const total = (
        where.length === 0
          ? this.sqlite.prepare('SELECT count(*) AS n FROM articles_fts WHERE articles_fts MATCH @search').get(params)
          : this.sqlite
              .prepare(`SELECT count(*) AS n FROM articles_fts f CROSS JOIN article_facets s ON s.article_seq = f.rowid WHERE articles_fts MATCH @search ${filters}`)
              .get(params)
      ) as { n: number }
      const rows = this.sqlite
        .prepare(
          `SELECT ${LIST_COLUMNS} FROM (SELECT s.article_seq AS seq FROM articles_fts f CROSS JOIN article_facets s ON s.article_seq = f.rowid
             WHERE articles_fts MATCH @search ${filters} ${order} LIMIT @limit OFFSET @offset) page
           CROSS JOIN article_facets s ON s.article_seq = page.seq CROSS JOIN articles a ON a.seq = page.seq ${order}`,
        )
        .all(params) as ArticleListRow[]
      return { rows, total: total.n }
    }
    const total = (this.sqlite.prepare(`SELECT count(*) AS n FROM article_facets s ${whereSql}`).get(params) as { n: number }).n
    // When the matches are a large share of all articles, walking the sort key's index and
    // skipping non-matches reaches a page sooner than sorting every match: the filters' own
    // indexes are then turned off (unary + in SQLite), so the planner takes the sort index.
    const all = this.sqlite.prepare(`SELECT coalesce(sum(n), 0) FROM article_counts`).pluck().get() as number
    const walk = where.length > 0 && total * total > (f.limit + f.offset) * all * 4
    const pageWhere = walk ? whereSql.replace(/\bs\.(region|lang|domain|category|content_type|has_entities|has_summary|first_seen|last_seen)\b/g, '+s.$1') : whereSql
    const rows = this.sqlite
      .prepare(
        `SELECT ${LIST_COLUMNS} FROM (SELECT s.article_seq AS seq FROM article_facets s ${pageWhere} ${order} LIMIT @limit OFFSET @offset) page
         CROSS JOIN article_facets s ON s.article_seq = page.seq CROSS JOIN articles a ON a.seq = page.seq ${order}`,
      )
      .all(params) as ArticleListRow[]
    return { rows, total }
  }

  /** The newest article's seq (0 in an empty store): how far jobs that read new articles have to go. */
  maxSeq(): number {
    return (this.sqlite.prepare('SELECT coalesce(max(seq), 0) AS m FROM articles').get() as { m: number }).m
  }

  /** Every country's newest feed snapshot, position by position, marking the articles first seen in it. */
  latestSnapshot(): Array<{ country: string; observedAt: number; articleId: string; position: number; impressions: number; firstSeen: number }> {
    return this.sqlite
      .prepare(
        `SELECT o.country, o.observed_at AS observedAt, a.id AS articleId, o.position, o.estimated_impressions AS impressions,
                f.first_seen = o.observed_at AS firstSeen
         FROM (SELECT alpha_2 AS country, (SELECT max(observed_at) FROM observations WHERE country = alpha_2) AS t
               FROM regions WHERE is_active) last
         CROSS JOIN observations o ON o.country = last.country AND o.observed_at = last.t
         CROSS JOIN articles a ON a.seq = o.article_seq CROSS JOIN article_facets f ON f.article_seq = a.seq
         ORDER BY o.country, o.position`,
      )
      .all() as Array<{ country: string; observedAt: number; articleId: string; position: number; impressions: number; firstSeen: number }>
  }

  /** Stored articles as the ingest writer takes them (fields and entities). */
  records(ids: readonly string[]): ArticleRecord[] {
    const rows = this.sqlite
      .prepare(
        `SELECT a.id, a.url, a.title, a.domain, a.region, a.lang, a.category, a.content_type AS contentType, a.summary,
                a.markdown, a.images, a.published_at AS publishedAt,
                (SELECT json_group_array(json_object('id', entity_id, 'score', score)) FROM article_entities WHERE article_id = a.id) AS entities
         FROM json_each(?) s CROSS JOIN articles a ON a.id = s.value`,
      )
      .all(JSON.stringify(ids)) as Array<Omit<ArticleRecord, 'images' | 'entities'> & { images: string | null; entities: string }>
    return rows.map((r) => ({ ...r, images: r.images ? (JSON.parse(r.images) as ArticleRecord['images']) : null, entities: JSON.parse(r.entities) as ArticleRecord['entities'] }))
  }

  get(id: string): ArticleRow | undefined {
    return this.sqlite
      .prepare(`SELECT ${ARTICLE_COLUMNS} FROM articles a JOIN article_facets s ON s.article_seq = a.seq WHERE a.id = ?`)
      .get(id) as ArticleRow | undefined
  }

  entities(articleId: string): Array<{ name: string; type: string | null; score: number }> {
    return this.sqlite
      .prepare(
        `SELECT e.name, e.type, ae.score FROM article_entities ae JOIN entities e ON e.id = ae.entity_id
         WHERE ae.article_id = ? ORDER BY ae.score DESC, e.name`,
      )
      .all(articleId) as Array<{ name: string; type: string | null; score: number }>
  }

  observations(
    articleSeq: number,
    countries: string[],
    from: number | undefined,
    to: number | undefined,
    limit: number,
    offset: number,
  ): { rows: Array<{ observedAt: string; country: string; position: number; estimatedImpressions: number }>; total: number } {
    const params = { seq: articleSeq, countries: JSON.stringify(countries), from: from ?? null, to: to ?? null, limit, offset }
    const spans = `SELECT country, first_seen, last_seen FROM article_daily
      WHERE article_seq = @seq AND country IN (SELECT value FROM json_each(@countries))
        AND (@from IS NULL OR last_seen >= @from) AND (@to IS NULL OR first_seen <= @to)`
    const found = `FROM (${spans}) d CROSS JOIN observations o
      ON o.country = d.country AND o.observed_at BETWEEN d.first_seen AND d.last_seen AND o.article_seq = @seq
      WHERE (@from IS NULL OR o.observed_at >= @from) AND (@to IS NULL OR o.observed_at <= @to)`
    const total = (this.sqlite.prepare(`SELECT count(*) AS n ${found}`).get(params) as { n: number }).n
    const rows = this.sqlite
      .prepare(
        `SELECT ${sqlIso('o.observed_at')} AS observedAt, o.country, o.position, o.estimated_impressions AS estimatedImpressions
         ${found} ORDER BY o.observed_at, o.country LIMIT @limit OFFSET @offset`,
      )
      .all(params) as Array<{ observedAt: string; country: string; position: number; estimatedImpressions: number }>
    return { rows, total }
  }
}

export type ArticleListRow = Pick<ArticleRow, 'id' | 'url' | 'title' | 'domain' | 'region' | 'lang' | 'category' | 'firstSeenAt' | 'lastSeenAt'>

const LIST_COLUMNS = `a.id, a.url, a.title, a.domain, a.region, a.lang, a.category,
  ${sqlIso('s.first_seen')} AS firstSeenAt, ${sqlIso('s.last_seen')} AS lastSeenAt`

const ARTICLE_COLUMNS = `a.seq, a.id, a.url, a.title, a.domain, a.region, a.lang, a.category, a.content_type AS contentType,
  a.summary, a.markdown, a.images, a.published_at AS publishedAt,
  ${sqlIso('s.first_seen')} AS firstSeenAt, ${sqlIso('s.last_seen')} AS lastSeenAt`

/** Turns free text into an FTS5 query of quoted terms (all must occur), so user input cannot break the syntax. */
export function toFtsQuery(text: string): string {
  const terms = text.match(/[\p{L}\p{N}]+/gu) ?? []
  if (terms.length === 0) return '""'
  return terms.map((t) => `"${t}"`).join(' ')
}
