import type Database from 'better-sqlite3'
import { dayIndex, seenIsoSql } from '../../time/buckets'

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
  /** The day of dailyCounts' last value (null: the trends' last day); see dailyCountsOn. */
  dailyThrough: number | null
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
  /** words of the label or of a key entity (a substring, any case) */
  search?: string
  /** only trends with articles in this country */
  country?: string
  /** only trends active in the period (ISO instants): a last article at or after from, first seen before to */
  activeFrom?: string
  activeTo?: string
  minArticles: number
  sortBy: 'last_article_at' | 'first_seen_at' | 'article_count'
  sortOrder: 'asc' | 'desc'
  limit: number
  offset: number
  /** Only these markets' articles count (a key limited to them); null: every market. */
  markets: string[] | null
}

/** A trend row as a limited key sees it: counts and dates over its open markets, and those markets' shares. */
export interface TrendRowInMarkets extends TrendRow {
  /** [country, articles] of its open markets */
  openCountries: Array<[string, number]>
}

const COLUMNS = `t.id, t.label, t.label_ru AS labelRu, t.state, t.structural_type AS structuralType,
  t.semantic_type AS semanticType, t.article_count AS articleCount, t.first_seen_at AS firstSeenAt,
  t.last_article_at AS lastArticleAt, t.key_entities AS keyEntities, t.primary_country AS primaryCountry,
  t.country_scope AS countryScope, t.topic_id AS topicId, tp.theme_id AS themeId, t.daily_counts AS dailyCounts,
  t.daily_through AS dailyThrough, t.features, t.forecast, t.created_at AS createdAt, t.updated_at AS updatedAt`

const SORT = { last_article_at: 't.last_article_at', first_seen_at: 't.first_seen_at', article_count: 't.article_count' }

/** Each trend's articles in the given markets (json_each(@markets)): count, first and last, and per market. */
const OPEN_SHARES = `SELECT trend_id, sum(article_count) AS n, min(first_seen_at) AS first, max(last_article_at) AS last,
  json_group_array(json_array(country, article_count)) AS shares
  FROM trend_countries WHERE country IN (SELECT value FROM json_each(@markets)) GROUP BY trend_id`

export class TrendsRepository {
  constructor(private readonly sqlite: Database.Database) {}

  list(f: TrendFilter): { rows: TrendRow[]; total: number } {
    return f.markets === null ? this.listAll(f) : this.listInMarkets(f, f.markets)
  }

  private filters(f: TrendFilter) {
    return {
      where: [
        '(@state IS NULL OR t.state = @state)',
        '(@structuralType IS NULL OR t.structural_type = @structuralType)',
        '(@semanticType IS NULL OR t.semantic_type = @semanticType)',
        // written out only when asked, so that a topic's trends are found on trends_topic_idx (not by walking all)
        f.topicId ? 't.topic_id = @topicId' : 'true',
        f.themeId ? 'tp.theme_id = @themeId' : 'true',
        f.search ? "(t.label LIKE @search ESCAPE '\\' OR t.key_entities LIKE @search ESCAPE '\\')" : 'true',
        f.country ? 't.id IN (SELECT trend_id FROM trend_countries WHERE country = @country)' : 'true',
        f.activeFrom ? 't.last_article_at >= @activeFrom' : 'true',
        f.activeTo ? 't.first_seen_at < @activeTo' : 'true',
      ].join(' AND '),
      params: {
        state: f.state ?? null,
        structuralType: f.structuralType ?? null,
        semanticType: f.semanticType ?? null,
        topicId: f.topicId ?? null,
        themeId: f.themeId ?? null,
        search: f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
        country: f.country ?? null,
        activeFrom: f.activeFrom ?? null,
        activeTo: f.activeTo ?? null,
        minArticles: f.minArticles,
        limit: f.limit,
        offset: f.offset,
      },
    }
  }

  private listAll(f: TrendFilter): { rows: TrendRow[]; total: number } {
    const { where: filters, params } = this.filters(f)
    const where = `${filters} AND t.article_count >= @minArticles`
    // the topics are joined only to filter by theme; the page is chosen on trends_list_idx alone
    const from = `FROM trends t${f.themeId ? ' LEFT JOIN topics tp ON tp.id = t.topic_id' : ''}`
    const order = `ORDER BY ${SORT[f.sortBy]} ${f.sortOrder === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, t.id`
    const total = (this.sqlite.prepare(`SELECT count(*) AS n ${from} WHERE ${where}`).get(params) as { n: number }).n
    const rows = this.sqlite
      .prepare(
        `SELECT ${COLUMNS} FROM (SELECT t.id ${from} WHERE ${where} ${order} LIMIT @limit OFFSET @offset) page
         CROSS JOIN trends t ON t.id = page.id LEFT JOIN topics tp ON tp.id = t.topic_id ${order}`,
      )
      .all(params) as TrendRow[]
    return { rows, total }
  }

  /** Trends with articles in the markets, counted, filtered and sorted by those articles alone. */
  private listInMarkets(f: TrendFilter, markets: string[]): { rows: TrendRowInMarkets[]; total: number } {
    const { where: filters, params } = this.filters(f)
    const all = { ...params, markets: JSON.stringify(markets) }
    const where = `${filters} AND v.n >= @minArticles`
    const from = `FROM (${OPEN_SHARES}) v CROSS JOIN trends t ON t.id = v.trend_id LEFT JOIN topics tp ON tp.id = t.topic_id`
    const sort = { last_article_at: 'v.last', first_seen_at: 'v.first', article_count: 'v.n' }[f.sortBy]
    const total = (this.sqlite.prepare(`SELECT count(*) AS n ${from} WHERE ${where}`).get(all) as { n: number }).n
    const rows = this.sqlite
      .prepare(
        `SELECT ${COLUMNS}, v.n AS openArticles, v.first AS openFirst, v.last AS openLast, v.shares ${from} WHERE ${where}
         ORDER BY ${sort} ${f.sortOrder === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, t.id
         LIMIT @limit OFFSET @offset`,
      )
      .all(all) as Array<TrendRow & { openArticles: number; openFirst: string; openLast: string; shares: string }>
    return { rows: rows.map(inMarkets), total }
  }

  /**
   * Every trend the filter's conditions keep (not its size, order or page), with the times the
   * list sorts by: for a list ordered by what is computed elsewhere (a period's figures).
   */
  matching(f: Omit<TrendFilter, 'minArticles' | 'sortBy' | 'sortOrder' | 'limit' | 'offset' | 'markets'>): Array<{ id: string; articleCount: number; firstSeenAt: string | null; lastArticleAt: string | null }> {
    const { where, params } = this.filters({ ...f, minArticles: 0, sortBy: 'last_article_at', sortOrder: 'desc', limit: 0, offset: 0, markets: null })
    return this.sqlite
      .prepare(
        `SELECT t.id, t.article_count AS articleCount, t.first_seen_at AS firstSeenAt, t.last_article_at AS lastArticleAt
         FROM trends t${f.themeId ? ' LEFT JOIN topics tp ON tp.id = t.topic_id' : ''} WHERE ${where}`,
      )
      .all(params) as Array<{ id: string; articleCount: number; firstSeenAt: string | null; lastArticleAt: string | null }>
  }

  /** The rows of the given trends, in the order given. */
  rowsOf(ids: readonly string[]): TrendRow[] {
    if (ids.length === 0) return []
    return this.sqlite
      .prepare(`SELECT ${COLUMNS} FROM json_each(?) j CROSS JOIN trends t ON t.id = j.value LEFT JOIN topics tp ON tp.id = t.topic_id ORDER BY j.key`)
      .all(JSON.stringify(ids)) as TrendRow[]
  }

  /** How many of the trend's articles lie in the markets (0: the trend is closed to a key limited to them). */
  articlesInMarkets(trendId: string, markets: string[]): number {
    return this.sqlite
      .prepare(`SELECT coalesce(sum(article_count), 0) FROM trend_countries WHERE trend_id = ? AND country IN (SELECT value FROM json_each(?))`)
      .pluck()
      .get(trendId, JSON.stringify(markets)) as number
  }

  /** The trend's articles in the markets: when each came (as the trend job places it) and its market. */
  articleTimesInMarkets(trendId: string, markets: string[]): Array<{ time: number; country: string }> {
    return this.sqlite
      .prepare(
        `SELECT coalesce(f.first_seen, unixepoch(a.published_at), 0) AS time, a.region AS country
         FROM trend_articles ta CROSS JOIN articles a ON a.id = ta.article_id LEFT JOIN article_facets f ON f.article_seq = a.seq
         WHERE ta.trend_id = ? AND a.region IN (SELECT value FROM json_each(?))`,
      )
      .all(trendId, JSON.stringify(markets)) as Array<{ time: number; country: string }>
  }

  /** The last day the stored trends' daily counts reach (days since the epoch), from the last refresh. */
  lastDay(): number | null {
    const through = this.sqlite.prepare(`SELECT value FROM settings WHERE key = 'trends_through'`).pluck().get() as string | undefined
    return through ? dayIndex(new Date(through)) : null
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
    markets: string[] | null,
  ) {
    const inMarkets = markets === null ? '' : ' AND a.region IN (SELECT value FROM json_each(@markets))'
    const where = `ta.trend_id = @trendId AND (@role IS NULL OR ta.role = @role)${inMarkets}`
    const params = { trendId, role: role ?? null, limit, offset, markets: JSON.stringify(markets ?? []) }
    const column = { first_seen_at: 'ta.first_seen', published_at: 'a.published_at', assignment_score: 'ta.assignment_score' }[sortBy]
    const pageColumn = { first_seen_at: 'page.firstSeen', published_at: 'a.published_at', assignment_score: 'page.assignmentScore' }[sortBy]
    const order = sortOrder === 'asc' ? 'ASC' : 'DESC'
    // the members' own index rows choose the page (by first sighting: read in order, newest first);
    // the articles only for a market or their publication time
    const withArticles = markets !== null || sortBy === 'published_at' ? ' CROSS JOIN articles a ON a.seq = ta.article_seq' : ''
    const total = (
      this.sqlite
        .prepare(`SELECT count(*) AS n FROM trend_articles ta${markets === null ? '' : ' CROSS JOIN articles a ON a.seq = ta.article_seq'} WHERE ${where}`)
        .get(params) as { n: number }
    ).n
    const rows = this.sqlite
      .prepare(
        // The page is chosen on the narrow rows first; only its articles are read whole.
        `SELECT a.id, a.url, a.title, a.domain, a.region AS countryCode, page.assignmentScore, page.role,
                ${seenIsoSql('first')} AS firstSeenAt, a.published_at AS publishedAt
         FROM (SELECT ta.article_seq AS seq, ta.assignment_score AS assignmentScore, ta.role, ta.first_seen AS firstSeen
               FROM trend_articles ta${withArticles}
               WHERE ${where}
               ORDER BY ${column} ${order} NULLS LAST, ta.article_id LIMIT @limit OFFSET @offset) page
         CROSS JOIN articles a ON a.seq = page.seq
         LEFT JOIN article_facets s ON s.article_seq = page.seq
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
      firstSeenAt: string
      publishedAt: string | null
    }>
    return { rows, total }
  }

  /** Every article with a known storyline, its title, and the trend it is in with that trend's label (quality measures). */
  storylineMembers(): Array<{ seq: number; title: string; trend: string; label: string; storyline: string }> {
    return this.sqlite
      .prepare(
        `SELECT a.seq, a.title, ta.trend_id AS trend, t.label, st.storyline_id AS storyline
         FROM trend_articles ta JOIN articles a ON a.id = ta.article_id JOIN trends t ON t.id = ta.trend_id
         JOIN storyline_truth st ON st.article_id = a.id`,
      )
      .all() as Array<{ seq: number; title: string; trend: string; label: string; storyline: string }>
  }

  /** The label of each trend. */
  labels(ids: readonly string[]): Map<string, string> {
    if (ids.length === 0) return new Map()
    const rows = this.sqlite.prepare('SELECT id, label FROM trends WHERE id IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify(ids)) as Array<[string, string]>
    return new Map(rows)
  }

  /** The stored forecast (JSON) of each trend. */
  forecasts(ids: string[]): Map<string, string | null> {
    const rows = this.sqlite
      .prepare('SELECT id, forecast FROM trends WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(ids)) as Array<{ id: string; forecast: string | null }>
    return new Map(rows.map((r) => [r.id, r.forecast]))
  }

  /** A trend's direct links, to its parents or to its children, strongest first; with markets, only trends with articles in them. */
  links(trendId: string, direction: 'parents' | 'children', markets: string[] | null) {
    const [other, self] = direction === 'parents' ? ['parent_id', 'child_id'] : ['child_id', 'parent_id']
    const open =
      markets === null
        ? ''
        : ` AND EXISTS (SELECT 1 FROM trend_countries tc WHERE tc.trend_id = t.id AND tc.country IN (SELECT value FROM json_each(@markets)))`
    return this.sqlite
      .prepare(
        `SELECT l.${other} AS id, t.label, l.relation_type AS relationType, l.strength
         FROM trend_links l JOIN trends t ON t.id = l.${other} WHERE l.${self} = @trendId${open} ORDER BY l.strength DESC, t.id`,
      )
      .all({ trendId, markets: JSON.stringify(markets ?? []) }) as Array<{ id: string; label: string; relationType: string; strength: number }>
  }

  /** The themes, sorted by articles; with markets, counted over their articles and without those that have none there. */
  themes(markets: string[] | null): HierarchyNode[] {
    if (markets === null) {
      return this.sqlite
        .prepare(`SELECT id, label, label_ru AS labelRu, n_trends AS nTrends, n_articles AS nArticles FROM themes ORDER BY n_articles DESC, label, id`)
        .all() as HierarchyNode[]
    }
    return this.sqlite
      .prepare(
        `SELECT th.id, th.label, th.label_ru AS labelRu, count(*) AS nTrends, sum(v.n) AS nArticles
         FROM (${OPEN_SHARES}) v CROSS JOIN trends t ON t.id = v.trend_id CROSS JOIN topics tp ON tp.id = t.topic_id
           CROSS JOIN themes th ON th.id = tp.theme_id
         GROUP BY th.id ORDER BY nArticles DESC, th.label, th.id`,
      )
      .all({ markets: JSON.stringify(markets) }) as HierarchyNode[]
  }

  /** Each trend's top-level topic label (trends outside the hierarchy left out). */
  topicLabels(): Map<string, string> {
    const rows = this.sqlite.prepare(`SELECT t.id, tp.label FROM trends t CROSS JOIN topics tp ON tp.id = t.topic_id`).raw().all() as Array<[string, string]>
    return new Map(rows)
  }

  /** Every trend's topic and theme (trends outside the hierarchy left out), and the topics' and themes' labels. */
  hierarchyMembers(): { trends: Array<{ id: string; label: string; topicId: string }>; topics: Array<HierarchyNode & { themeId: string }>; themes: HierarchyNode[] } {
    return {
      trends: this.sqlite.prepare(`SELECT id, label, topic_id AS topicId FROM trends WHERE topic_id IS NOT NULL`).all() as Array<{ id: string; label: string; topicId: string }>,
      topics: this.sqlite
        .prepare(`SELECT id, theme_id AS themeId, label, label_ru AS labelRu, n_trends AS nTrends, n_articles AS nArticles FROM topics`)
        .all() as Array<HierarchyNode & { themeId: string }>,
      themes: this.sqlite.prepare(`SELECT id, label, label_ru AS labelRu, n_trends AS nTrends, n_articles AS nArticles FROM themes`).all() as HierarchyNode[],
    }
  }

  /** A theme's topics, likewise. */
  topicsOfTheme(themeId: string, markets: string[] | null): HierarchyNode[] {
    if (markets === null) {
      return this.sqlite
        .prepare(
          `SELECT id, label, label_ru AS labelRu, n_trends AS nTrends, n_articles AS nArticles
           FROM topics WHERE theme_id = ? ORDER BY n_articles DESC, label, id`,
        )
        .all(themeId) as HierarchyNode[]
    }
    return this.sqlite
      .prepare(
        `SELECT tp.id, tp.label, tp.label_ru AS labelRu, count(*) AS nTrends, sum(v.n) AS nArticles
         FROM (${OPEN_SHARES}) v CROSS JOIN trends t ON t.id = v.trend_id CROSS JOIN topics tp ON tp.id = t.topic_id
         WHERE tp.theme_id = @themeId
         GROUP BY tp.id ORDER BY nArticles DESC, tp.label, tp.id`,
      )
      .all({ themeId, markets: JSON.stringify(markets) }) as HierarchyNode[]
  }
}

export interface HierarchyNode {
  id: string
  label: string
  labelRu: string
  nTrends: number
  nArticles: number
}

/** A listed row with its open markets' counts in place of the whole trend's. */
function inMarkets(row: TrendRow & { openArticles: number; openFirst: string; openLast: string; shares: string }): TrendRowInMarkets {
  const { openArticles, openFirst, openLast, shares, ...trend } = row
  const openCountries = (JSON.parse(shares) as Array<[string, number]>).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
  return {
    ...trend,
    articleCount: openArticles,
    firstSeenAt: openFirst,
    lastArticleAt: openLast,
    countryScope: JSON.stringify(openCountries.map(([c]) => c).sort()),
    primaryCountry: openCountries[0]?.[0] ?? null,
    openCountries,
  }
}
