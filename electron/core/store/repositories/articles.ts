import type Database from 'better-sqlite3'
import { Statements } from '../statements'
import type { ArticleRecord } from '../records'
import type { articles } from '../schema'
import { isoFromSeconds, seenIsoSql } from '../../time/buckets'
import { decodeFeedEntries, feedEntryAt, findFeedEntry } from '../feed-entries'
import type { EdgeSighting, Period } from '../../analytics/explore/period'

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
  /** only the articles of this trend (its id) */
  trendId?: string
  /** only the articles naming one of these entities (ids) */
  entityIds?: readonly string[]
  /** the articles naming them, when the activity index gave them (the index's groups spare a join by text ids: 50 ms for a large store's busiest entity) */
  entitySeqs?: readonly number[]
  /** only these articles (those seen in a period, found in the activity index) */
  seqs?: readonly number[]
  /** `category` alone, not the categories below it */
  exactCategory?: boolean
  sortBy: 'last_seen_at' | 'first_seen_at' | 'published_at' | 'impressions'
  sortOrder: 'asc' | 'desc'
  limit: number
  offset: number
}

/** An article as its methods read it: its row, with images as stored (JSON text) and when it was first and last seen. */
export type ArticleRow = Omit<typeof articles.$inferSelect, 'images' | 'publisherId' | 'entityCount'> & {
  images: string | null
  firstSeenAt: string
  lastSeenAt: string
}

/**
 * Sort keys, each backed by an index whose order ends with the article's seq (ties stay stable).
 * Sightings sort by the times the list shows (an article never seen shows its published date).
 */
const SORT_COLUMNS: Record<ArticleListFilter['sortBy'], [string, string]> = {
  last_seen_at: ['s.last_shown', 's.article_seq'],
  first_seen_at: ['s.first_shown', 's.article_seq'],
  impressions: ['s.impressions', 's.article_seq'],
  published_at: ['s.published_at', 's.article_seq'],
}

/** The sort orders whose newest pages newestMatchesPage finds (descending, by a sighting time). */
const NEWEST_FIRST: Partial<Record<ArticleListFilter['sortBy'], 'last_shown' | 'first_shown'>> = { last_seen_at: 'last_shown', first_seen_at: 'first_shown' }

/** The filters with their columns' indexes turned off (unary + in SQLite), so the planner walks the sort key's index. */
const withoutIndexes = (sql: string) => sql.replace(/\bs\.(region|lang|domain|category|content_type|has_entities|has_summary|first_shown|last_shown)\b/g, '+s.$1')

export class ArticlesRepository {
  private readonly statements: Statements

  constructor(private readonly sqlite: Database.Database) {
    this.statements = new Statements(sqlite)
  }

  /** The filter as SQL conditions on article_facets (alias s), with their parameters (and the page's). */
  private conditions(f: ArticleListFilter): { where: string[]; params: Record<string, unknown> } {
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
    if (f.category !== undefined && f.exactCategory) add('s.category = @category', 'category', f.category)
    else if (f.category !== undefined) {
      where.push('(s.category = @category OR (s.category >= @categoryFrom AND s.category < @categoryTo))')
      params.category = f.category
      params.categoryFrom = `${f.category.replace(/\/+$/, '')}/`
      params.categoryTo = `${f.category.replace(/\/+$/, '')}0`
    }
    add('s.content_type = @contentType', 'contentType', f.contentType)
    add('s.last_shown >= @dateFrom', 'dateFrom', f.dateFrom)
    add('s.first_shown <= @dateTo', 'dateTo', f.dateTo)
    add('s.has_entities = @hasEntities', 'hasEntities', f.hasEntities === undefined ? undefined : f.hasEntities ? 1 : 0)
    add('s.has_summary = @hasSummary', 'hasSummary', f.hasSummary === undefined ? undefined : f.hasSummary ? 1 : 0)
    add('s.article_seq IN (SELECT article_seq FROM trend_articles WHERE trend_id = @trendId)', 'trendId', f.trendId)
    if (f.entitySeqs !== undefined) add('s.article_seq IN (SELECT value FROM json_each(@entitySeqs))', 'entitySeqs', JSON.stringify(f.entitySeqs))
    else if (f.entityIds !== undefined)
      add(
        `s.article_seq IN (SELECT en_a.seq FROM json_each(@entityIds) en CROSS JOIN article_entities ae ON ae.entity_id = en.value CROSS JOIN articles en_a ON en_a.id = ae.article_id)`,
        'entityIds',
        JSON.stringify(f.entityIds),
      )
    if (f.seqs !== undefined) add('s.article_seq IN (SELECT value FROM json_each(@seqs))', 'seqs', JSON.stringify(f.seqs))
    return { where, params }
  }

  /** Every article the filter matches (its seqs, any order), for an order computed elsewhere; null when it matches every article. */
  matchingSeqs(f: ArticleListFilter): number[] | null {
    const { where, params } = this.conditions(f)
    if (f.search !== undefined) {
      const filters = where.length > 0 ? ` AND ${where.join(' AND ')}` : ''
      return this.sqlite
        .prepare(`SELECT s.article_seq FROM articles_fts fts CROSS JOIN article_facets s ON s.article_seq = fts.rowid WHERE articles_fts MATCH @search${filters}`)
        .pluck()
        .all({ ...params, search: toFtsQuery(f.search) }) as number[]
    }
    if (where.length === 0) return null
    return this.sqlite.prepare(`SELECT s.article_seq FROM article_facets s WHERE ${where.join(' AND ')}`).pluck().all(params) as number[]
  }

  list(f: ArticleListFilter): { rows: ArticleListRow[]; total: number } {
    // Everything here runs on the narrow article_facets rows; the planner picks the index of
    // the most selective filter (statistics come from ANALYZE after bulk loads).
    const { where, params } = this.conditions(f)
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
      // A common word (a tenth of a big store) makes sorting every match the cost: walking the sort
      // key's index and keeping the matches (a set built from the full-text index) reaches a page
      // sooner when the rows walked are fewer than four times the matches (measured at medium:
      // "bank", 22,844 matches, 12 -> 2 ms for the first page, 17 -> 5 ms at offset 5,000).
      const walk = total.n * total.n * 4 > (f.limit + f.offset) * this.articleCount()
      const newestFirst = walk && dir === 'DESC' ? NEWEST_FIRST[f.sortBy] : undefined
      const newest = newestFirst ? this.newestMatchesPage(newestFirst, filters, params) : null
      if (newest) return { rows: this.rowsOf(newest), total: total.n }
      const page = walk
        ? `SELECT s.article_seq AS seq FROM article_facets s WHERE +s.article_seq IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH @search) ${withoutIndexes(filters)} ${order} LIMIT @limit OFFSET @offset`
        : `SELECT s.article_seq AS seq FROM articles_fts f CROSS JOIN article_facets s ON s.article_seq = f.rowid WHERE articles_fts MATCH @search ${filters} ${order} LIMIT @limit OFFSET @offset`
      const rows = this.sqlite
        .prepare(`SELECT ${LIST_COLUMNS} FROM (${page}) page CROSS JOIN article_facets s ON s.article_seq = page.seq CROSS JOIN articles a ON a.seq = page.seq ${order}`)
        .all(params) as ArticleListRow[]
      return { rows, total: total.n }
    }
    const total = (this.sqlite.prepare(onlyRegionAndLanguage(f) ? `SELECT coalesce(sum(n), 0) AS n FROM article_counts s ${whereSql}` : `SELECT count(*) AS n FROM article_facets s ${whereSql}`).get(params) as { n: number }).n
    // When the matches are a large share of all articles, walking the sort key's index and
    // skipping non-matches reaches a page sooner than sorting every match: the filters' own
    // indexes are then turned off (unary + in SQLite), so the planner takes the sort index.
    const walk = where.length > 0 && total * total > (f.limit + f.offset) * this.articleCount() * 4
    const pageWhere = walk ? withoutIndexes(whereSql) : whereSql
    const rows = this.sqlite
      .prepare(
        `SELECT ${LIST_COLUMNS} FROM (SELECT s.article_seq AS seq FROM article_facets s ${pageWhere} ${order} LIMIT @limit OFFSET @offset) page
         CROSS JOIN article_facets s ON s.article_seq = page.seq CROSS JOIN articles a ON a.seq = page.seq ${order}`,
      )
      .all(params) as ArticleListRow[]
    return { rows, total }
  }

  /**
   * A page of a common word's matches newest first (by last or first sighting), without collecting
   * every match of all history. The newest matches by seq that pass the filters (articles are
   * numbered as they come) give a time that `offset + limit` of them reach, so the page lies at or
   * after it; every article seen from that time on has a seq from the least of theirs on, so only
   * the matches from that seq on are collected (the full-text index read backwards), and the time's
   * index is walked for them. Exact whatever order articles came in (an old article seen lately
   * only makes the collection longer); null when the newest matches are too few to tell.
   */
  private newestMatchesPage(column: 'last_shown' | 'first_shown', filters: string, params: Record<string, unknown>): number[] | null {
    const limit = params.limit as number
    const offset = params.offset as number
    const needed = limit + offset
    const newest = this.sqlite
      .prepare(`SELECT s.${column} FROM articles_fts f CROSS JOIN article_facets s ON s.article_seq = f.rowid WHERE articles_fts MATCH @search ${filters} ORDER BY f.rowid DESC LIMIT @newestCount`)
      .pluck()
      .all({ ...params, newestCount: needed * 2 }) as Array<number | null>
    const times = newest.filter((t): t is number => t !== null).sort((a, b) => b - a)
    if (times.length < needed) return null
    const from = times[needed - 1]!
    const fromSeq = this.sqlite.prepare(`SELECT min(article_seq) FROM article_facets WHERE ${column} >= ?`).pluck().get(from) as number
    const matched: number[] = []
    for (const seq of this.sqlite.prepare('SELECT rowid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rowid DESC').pluck().iterate(params.search) as Iterable<number>) {
      if (seq < fromSeq) break
      matched.push(seq)
    }
    return this.sqlite
      .prepare(
        `SELECT s.article_seq FROM article_facets s WHERE +s.article_seq IN (SELECT value FROM json_each(@newestMatched)) AND s.${column} >= @newestFrom ${withoutIndexes(filters)}
         ORDER BY s.${column} DESC, s.article_seq DESC LIMIT @limit OFFSET @offset`,
      )
      .pluck()
      .all({ ...params, newestMatched: JSON.stringify(matched), newestFrom: from }) as number[]
  }

  private articleCount(): number {
    return this.sqlite.prepare(`SELECT coalesce(sum(n), 0) FROM article_counts`).pluck().get() as number
  }

  /** Articles as the lists show them, in the order of the seqs given. */
  rowsOf(seqs: readonly number[]): ArticleListRow[] {
    if (seqs.length === 0) return []
    return this.sqlite
      .prepare(
        `SELECT ${LIST_COLUMNS} FROM json_each(?) j CROSS JOIN article_facets s ON s.article_seq = j.value CROSS JOIN articles a ON a.seq = j.value ORDER BY j.key`,
      )
      .all(JSON.stringify(seqs)) as ArticleListRow[]
  }

  /**
   * The feed figures of the given articles in a period (its countries): impressions, best and mean
   * position, first and last sighting, countries; and each one's trend. The whole days are read
   * off the daily cells (a page of articles costs its articles' days, not their observations), the
   * end hours off the period's own sightings.
   */
  figures(seqs: readonly number[], period: Period): Map<number, ArticleFigures> {
    if (seqs.length === 0) return new Map()
    const days = period.days
    const cells = this.sqlite
      .prepare(
        `SELECT d.article_seq AS seq, d.country, d.impressions, d.best_position AS bestPosition, d.position_sum AS positionSum, d.observations,
                d.first_seen AS firstSeen, d.last_seen AS lastSeen
         FROM json_each(@seqs) j CROSS JOIN article_daily d ON d.article_seq = j.value
         WHERE (@fromDay IS NULL OR d.day >= @fromDay) AND (@toDay IS NULL OR d.day < @toDay)`,
      )
      .all({ seqs: JSON.stringify(seqs), fromDay: days.fromDay, toDay: days.toDay }) as EdgeSighting[]
    const sums = new Map<number, { impressions: number; best: number; positionSum: number; observations: number; first: number; last: number; countries: Set<string> }>()
    const add = (c: EdgeSighting) => {
      if (period.countries && !period.countries.has(c.country)) return
      const s = sums.get(c.seq) ?? { impressions: 0, best: Number.POSITIVE_INFINITY, positionSum: 0, observations: 0, first: Number.POSITIVE_INFINITY, last: Number.NEGATIVE_INFINITY, countries: new Set<string>() }
      s.impressions += c.impressions
      s.best = Math.min(s.best, c.bestPosition)
      s.positionSum += c.positionSum
      s.observations += c.observations
      s.first = Math.min(s.first, c.firstSeen)
      s.last = Math.max(s.last, c.lastSeen)
      s.countries.add(c.country)
      sums.set(c.seq, s)
    }
    // an empty day range (a period within one day) has no whole days
    if (days.fromDay === null || days.toDay === null || days.toDay > days.fromDay) for (const c of cells) add(c)
    for (const seq of seqs) for (const c of period.edges.get(seq) ?? []) add(c)
    const trends = new Map(
      (
        this.sqlite
          .prepare(
            `SELECT a.seq, t.id, t.label FROM json_each(?) j CROSS JOIN articles a ON a.seq = j.value
             CROSS JOIN trend_articles ta ON ta.article_id = a.id CROSS JOIN trends t ON t.id = ta.trend_id`,
          )
          .all(JSON.stringify(seqs)) as Array<{ seq: number; id: string; label: string }>
      ).map((r) => [r.seq, { id: r.id, label: r.label }]),
    )
    return new Map(
      seqs.map((seq) => {
        const s = sums.get(seq)
        const trend = trends.get(seq) ?? null
        const figures: ArticleFigures = s
          ? { seq, impressions: s.impressions, bestPosition: s.best, avgPosition: s.positionSum / s.observations, firstSeen: s.first, lastSeen: s.last, countries: [...s.countries].sort(), trend }
          : { seq, impressions: 0, bestPosition: null, avgPosition: null, firstSeen: null, lastSeen: null, countries: [], trend }
        return [seq, figures]
      }),
    )
  }

  /**
   * Every article's sightings in some hour ranges ([from, to), hours since the epoch), summed per
   * article and country, off the feed snapshots themselves: the ends of a period that are not whole
   * days (a day or two of snapshots at most), with the best position that hourly cells do not keep.
   */
  sightingsIn(ranges: ReadonlyArray<[number, number]>): EdgeSighting[] {
    const byKey = new Map<string, EdgeSighting>()
    // by country (the snapshots' key), every market the store knows
    const read = this.statements.get(
      'SELECT f.country, f.observed_at AS at, f.entries FROM regions r CROSS JOIN feed_snapshots f ON f.country = r.alpha_2 AND f.observed_at >= ? AND f.observed_at < ?',
    )
    for (const [range, [fromHour, toHour]] of ranges.entries()) {
      for (const row of read.iterate(fromHour * 3600, toHour * 3600) as Iterable<{ country: string; at: number; entries: Buffer }>) {
        const e = decodeFeedEntries(row.entries)
        for (let i = 0; i < e.seqs.length; i++) {
          // one sum a range (each within one day)
          const key = `${e.seqs[i]}|${row.country}|${range}`
          const s = byKey.get(key)
          if (!s) {
            byKey.set(key, { seq: e.seqs[i]!, country: row.country, impressions: e.impressions[i]!, observations: 1, positionSum: e.positions[i]!, bestPosition: e.positions[i]!, firstSeen: row.at, lastSeen: row.at })
            continue
          }
          s.impressions += e.impressions[i]!
          s.observations++
          s.positionSum += e.positions[i]!
          if (e.positions[i]! < s.bestPosition) s.bestPosition = e.positions[i]!
          if (row.at < s.firstSeen) s.firstSeen = row.at
          if (row.at > s.lastSeen) s.lastSeen = row.at
        }
      }
    }
    return [...byKey.values()]
  }

  /** Up to `limit` publishers (domains) of stored articles whose headline carries the phrase (words in order, case and accents folded). */
  headlinePublishers(phrase: string, limit: number): string[] {
    const words = phrase.match(/[\p{L}\p{N}]+/gu)
    if (!words) return []
    // asked for many names of an import batch: prepared once
    return this.statements
      .get('SELECT DISTINCT a.domain FROM articles_fts f CROSS JOIN articles a ON a.seq = f.rowid WHERE articles_fts MATCH ? LIMIT ?', 'pluck')
      .all(`title : "${words.join(' ')}"`, limit) as string[]
  }

  /** The id, address and title of the given articles, by seq. */
  headlines(seqs: readonly number[]): Map<number, { id: string; url: string; title: string }> {
    if (seqs.length === 0) return new Map()
    const rows = this.sqlite
      .prepare('SELECT a.seq, a.id, a.url, a.title FROM json_each(?) j CROSS JOIN articles a ON a.seq = j.value')
      .all(JSON.stringify(seqs)) as Array<{ seq: number; id: string; url: string; title: string }>
    return new Map(rows.map((r) => [r.seq, { id: r.id, url: r.url, title: r.title }]))
  }

  /** The newest article's seq (0 in an empty store): how far jobs that read new articles have to go. */
  maxSeq(): number {
    return (this.sqlite.prepare('SELECT coalesce(max(seq), 0) AS m FROM articles').get() as { m: number }).m
  }

  /** Every country's newest feed snapshot, position by position, marking the articles first seen in it. */
  latestSnapshot(): Array<{ country: string; observedAt: number; articleId: string; position: number; impressions: number; firstSeen: number }> {
    const latest = this.sqlite
      .prepare(
        `SELECT s.country, s.observed_at AS at, s.entries FROM regions r
         CROSS JOIN feed_snapshots s ON s.country = r.alpha_2 AND s.observed_at = (SELECT max(observed_at) FROM feed_snapshots WHERE country = r.alpha_2)
         WHERE r.is_active ORDER BY s.country`,
      )
      .all() as Array<{ country: string; at: number; entries: Buffer }>
    const snapshots = latest.map((s) => ({ ...s, entries: decodeFeedEntries(s.entries) }))
    const articles = new Map(
      (
        this.sqlite
          .prepare(
            `SELECT a.seq, a.id, f.first_seen AS firstSeen FROM json_each(?) j CROSS JOIN articles a ON a.seq = j.value
             CROSS JOIN article_facets f ON f.article_seq = a.seq`,
          )
          .all(JSON.stringify(snapshots.flatMap((s) => Array.from(s.entries.seqs)))) as Array<{ seq: number; id: string; firstSeen: number | null }>
      ).map((r) => [r.seq, r]),
    )
    return snapshots.flatMap((s) =>
      Array.from(s.entries.seqs, (seq, i) => {
        const a = articles.get(seq)!
        return { country: s.country, observedAt: s.at, articleId: a.id, position: s.entries.positions[i]!, impressions: s.entries.impressions[i]!, firstSeen: a.firstSeen === s.at ? 1 : 0 }
      }),
    )
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

  /**
   * An article's observations, oldest first: its daily cells give the countries and spans it
   * was seen in, and only the snapshots inside those spans are read.
   */
  observations(
    articleSeq: number,
    countries: string[],
    from: number | undefined,
    to: number | undefined,
    limit: number,
    offset: number,
  ): { rows: Array<{ observedAt: string; country: string; position: number; estimatedImpressions: number }>; total: number } {
    const params = { seq: articleSeq, countries: JSON.stringify(countries), from: from ?? null, to: to ?? null }
    const spans = this.sqlite
      .prepare(
        `SELECT country, max(first_seen, coalesce(@from, first_seen)) AS first, min(last_seen, coalesce(@to, last_seen)) AS last FROM article_daily
         WHERE article_seq = @seq AND country IN (SELECT value FROM json_each(@countries))
           AND (@from IS NULL OR last_seen >= @from) AND (@to IS NULL OR first_seen <= @to)`,
      )
      .all(params) as Array<{ country: string; first: number; last: number }>
    const snapshotsOf = this.sqlite.prepare(`SELECT observed_at AS at, entries FROM feed_snapshots WHERE country = ? AND observed_at BETWEEN ? AND ?`)
    const found: Array<{ at: number; country: string; position: number; estimatedImpressions: number }> = []
    for (const span of spans) {
      for (const s of snapshotsOf.all(span.country, span.first, span.last) as Array<{ at: number; entries: Buffer }>) {
        const i = findFeedEntry(s.entries, articleSeq)
        if (i < 0) continue
        const entry = feedEntryAt(s.entries, i)
        found.push({ at: s.at, country: span.country, position: entry.position, estimatedImpressions: entry.impressions })
      }
    }
    found.sort((a, b) => a.at - b.at || (a.country < b.country ? -1 : a.country > b.country ? 1 : 0))
    const rows = found.slice(offset, offset + limit).map((o) => ({ observedAt: isoFromSeconds(o.at), country: o.country, position: o.position, estimatedImpressions: o.estimatedImpressions }))
    return { rows, total: found.length }
  }
}

export type ArticleListRow = Pick<ArticleRow, 'seq' | 'id' | 'url' | 'title' | 'domain' | 'region' | 'lang' | 'category' | 'firstSeenAt' | 'lastSeenAt'>

/** An article's feed figures over a period (see ArticlesRepository.figures). */
export interface ArticleFigures {
  seq: number
  impressions: number
  bestPosition: number | null
  avgPosition: number | null
  /** epoch seconds */
  firstSeen: number | null
  lastSeen: number | null
  countries: string[]
  trend: { id: string; label: string } | null
}

const LIST_COLUMNS = `a.seq, a.id, a.url, a.title, a.domain, a.region, a.lang, a.category,
  ${seenIsoSql('first')} AS firstSeenAt, ${seenIsoSql('last')} AS lastSeenAt`

const ARTICLE_COLUMNS = `a.seq, a.id, a.url, a.title, a.domain, a.region, a.lang, a.category, a.content_type AS contentType,
  a.summary, a.markdown, a.images, a.published_at AS publishedAt,
  ${seenIsoSql('first')} AS firstSeenAt, ${seenIsoSql('last')} AS lastSeenAt`

/** Turns free text into an FTS5 query of quoted terms (all must occur), so user input cannot break the syntax. */
export function toFtsQuery(text: string): string {
  const terms = text.match(/[\p{L}\p{N}]+/gu) ?? []
  if (terms.length === 0) return '""'
  return terms.map((t) => `"${t}"`).join(' ')
}

/**
 * Whether a filter asks only for markets, a region and a language: its total is then read from
 * article_counts (kept per region and language by triggers on article_facets, and named `s` there
 * too, so the same conditions apply) instead of counting every article of a big store.
 */
function onlyRegionAndLanguage(f: ArticleListFilter): boolean {
  // any other field, including one added later, counts as narrowing
  return Object.entries(f).every(([name, value]) => COUNTED_BY_REGION_AND_LANGUAGE.has(name) || value === undefined)
}

const COUNTED_BY_REGION_AND_LANGUAGE = new Set<string>(['countries', 'region', 'lang', 'limit', 'offset', 'sortBy', 'sortOrder'] satisfies Array<keyof ArticleListFilter>)
