import type Database from 'better-sqlite3'
import { sqlIso } from '../../time/buckets'

export interface TrendRow {
  id: string
  label: string
  labelRu: string
  state: string
  structuralType: string
  semanticType: string
  articleCount: number
  firstSeenAt: string | null
  lastArticleAt: string | null
  keyEntities: string
  primaryCountry: string | null
  countryScope: string
  topicId: string | null
  themeId: string | null
  dailyCounts: string
  features: string
  forecast: string | null
  createdAt: string
  updatedAt: string
}

export interface TrendFilter {
  state?: string
  structuralType?: string
  semanticType?: string
  topicId?: string
  themeId?: string
  minArticles: number
  sortBy: 'last_article_at' | 'first_seen_at' | 'article_count'
  sortOrder: 'asc' | 'desc'
  limit: number
  offset: number
}

const COLUMNS = `t.id, t.label, t.label_ru AS labelRu, t.state, t.structural_type AS structuralType,
  t.semantic_type AS semanticType, t.article_count AS articleCount, t.first_seen_at AS firstSeenAt,
  t.last_article_at AS lastArticleAt, t.key_entities AS keyEntities, t.primary_country AS primaryCountry,
  t.country_scope AS countryScope, t.topic_id AS topicId, tp.theme_id AS themeId, t.daily_counts AS dailyCounts,
  t.features, t.forecast, t.created_at AS createdAt, t.updated_at AS updatedAt`

const SORT = { last_article_at: 't.last_article_at', first_seen_at: 't.first_seen_at', article_count: 't.article_count' }

export class TrendsRepository {
  constructor(private readonly sqlite: Database.Database) {}

  list(f: TrendFilter): { rows: TrendRow[]; total: number } {
    const where = [
      '(@state IS NULL OR t.state = @state)',
      '(@structuralType IS NULL OR t.structural_type = @structuralType)',
      '(@semanticType IS NULL OR t.semantic_type = @semanticType)',
      '(@topicId IS NULL OR t.topic_id = @topicId)',
      '(@themeId IS NULL OR tp.theme_id = @themeId)',
      't.article_count >= @minArticles',
    ].join(' AND ')
    const params = {
      state: f.state ?? null,
      structuralType: f.structuralType ?? null,
      semanticType: f.semanticType ?? null,
      topicId: f.topicId ?? null,
      themeId: f.themeId ?? null,
      minArticles: f.minArticles,
      limit: f.limit,
      offset: f.offset,
    }
    const from = 'FROM trends t LEFT JOIN topics tp ON tp.id = t.topic_id'
    const total = (this.sqlite.prepare(`SELECT count(*) AS n ${from} WHERE ${where}`).get(params) as { n: number }).n
    const rows = this.sqlite
      .prepare(
        `SELECT ${COLUMNS} ${from} WHERE ${where}
         ORDER BY ${SORT[f.sortBy]} ${f.sortOrder === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, t.id
         LIMIT @limit OFFSET @offset`,
      )
      .all(params) as TrendRow[]
    return { rows, total }
  }

  get(id: string): TrendRow | undefined {
    return this.sqlite
      .prepare(`SELECT ${COLUMNS} FROM trends t LEFT JOIN topics tp ON tp.id = t.topic_id WHERE t.id = ?`)
      .get(id) as TrendRow | undefined
  }

  articles(
    trendId: string,
    role: string | undefined,
    sortBy: 'first_seen_at' | 'published_at' | 'assignment_score',
    sortOrder: 'asc' | 'desc',
    limit: number,
    offset: number,
  ) {
    const where = 'ta.trend_id = @trendId AND (@role IS NULL OR ta.role = @role)'
    const params = { trendId, role: role ?? null, limit, offset }
    const column = { first_seen_at: 's.first_seen', published_at: 'a.published_at', assignment_score: 'ta.assignment_score' }[sortBy]
    const pageColumn = { first_seen_at: 'page.firstSeen', published_at: 'a.published_at', assignment_score: 'page.assignmentScore' }[sortBy]
    const order = sortOrder === 'asc' ? 'ASC' : 'DESC'
    const total = (
      this.sqlite.prepare(`SELECT count(*) AS n FROM trend_articles ta WHERE ${where}`).get(params) as { n: number }
    ).n
    const rows = this.sqlite
      .prepare(
        // The page is chosen on the narrow rows first; only its articles are read whole.
        `SELECT a.id, a.url, a.title, a.domain, a.region AS countryCode, page.assignmentScore, page.role,
                ${sqlIso('page.firstSeen')} AS firstSeenAt, a.published_at AS publishedAt
         FROM (SELECT a.seq, ta.assignment_score AS assignmentScore, ta.role, s.first_seen AS firstSeen
               FROM trend_articles ta CROSS JOIN articles a ON a.id = ta.article_id LEFT JOIN article_facets s ON s.article_seq = a.seq
               WHERE ${where}
               ORDER BY ${column} ${order} NULLS LAST, a.id LIMIT @limit OFFSET @offset) page
         CROSS JOIN articles a ON a.seq = page.seq
         ORDER BY ${pageColumn} ${order} NULLS LAST, a.id`,
      )
      .all(params) as Array<{
      id: string
      url: string
      title: string
      domain: string
      countryCode: string
      assignmentScore: number
      role: string
      firstSeenAt: string | null
      publishedAt: string | null
    }>
    return { rows, total }
  }

  /** The stored forecast (JSON) of each trend. */
  forecasts(ids: string[]): Map<string, string | null> {
    const rows = this.sqlite
      .prepare('SELECT id, forecast FROM trends WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids)) as Array<{ id: string; forecast: string | null }>
    return new Map(rows.map((r) => [r.id, r.forecast]))
  }

  /** A trend's direct links, to its parents or to its children, strongest first. */
  links(trendId: string, direction: 'parents' | 'children') {
    const [other, self] = direction === 'parents' ? ['parent_id', 'child_id'] : ['child_id', 'parent_id']
    return this.sqlite
      .prepare(
        `SELECT l.${other} AS id, t.label, l.relation_type AS relationType, l.strength
         FROM trend_links l JOIN trends t ON t.id = l.${other} WHERE l.${self} = ? ORDER BY l.strength DESC, t.id`,
      )
      .all(trendId) as Array<{ id: string; label: string; relationType: string; strength: number }>
  }

  themes() {
    return this.sqlite
      .prepare(
        `SELECT id, label, label_ru AS labelRu, n_trends AS nTrends, n_articles AS nArticles
         FROM themes ORDER BY n_articles DESC, label, id`,
      )
      .all() as Array<{ id: string; label: string; labelRu: string; nTrends: number; nArticles: number }>
  }

  topicsOfTheme(themeId: string) {
    return this.sqlite
      .prepare(
        `SELECT id, label, label_ru AS labelRu, n_trends AS nTrends, n_articles AS nArticles
         FROM topics WHERE theme_id = ? ORDER BY n_articles DESC, label, id`,
      )
      .all(themeId) as Array<{ id: string; label: string; labelRu: string; nTrends: number; nArticles: number }>
  }
}
