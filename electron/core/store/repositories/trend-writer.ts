import type Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import type { MemberRow, SettledTopic, TrendArticle, TrendCountryRow, TrendEntity, TrendLink, TrendRow } from '../../analytics/trends/assemble'
import { storedDailyCounts } from '../../analytics/trends/market-view'
import { atomically } from '../atomic'

export interface TrendTables {
  themes: Array<{ id: string; label: string; nTrends: number; nArticles: number }>
  topics: Array<{ id: string; themeId: string; label: string; nTrends: number; nArticles: number }>
  trends: TrendRow[]
  /** read once, in order (a full pass's are made a trend at a time as they are written) */
  members: Iterable<MemberRow>
  links: TrendLink[]
  /** Every written trend's articles per market. */
  countries: TrendCountryRow[]
}

/**
 * A trend's early sums as stored (trend_early): their text (read into sums when the trend is built:
 * text holds a few times less than the maps it reads into, all of them at once) and its digest (a
 * pass rewrites the ones that changed).
 */
export interface StoredEarly {
  count: number
  text: string
  digest: string
}

/** The early sums a full pass writes: every written trend's that has early articles, by trend id (`all`), and which of them changed. */
export interface EarlyWrite {
  all: string[]
  changed: Array<{ trendId: string; articleCount: number; sums: string }>
}

export const earlyDigest = (text: string) => createHash('sha1').update(text).digest('base64')

/**
 * The trends a full pass may leave as stored (jobs/trends.ts, "settled"): written with no article
 * in their 180 days of daily counts, with every member still stored, in a topic still stored.
 */
export interface SettledTrends {
  ids: ReadonlySet<string>
  /** what they add to each topic */
  topics: SettledTopic[]
  /** their members */
  articles: number
  /** the newest last article among them (epoch seconds), null when there is none */
  newest: number | null
}

/**
 * Every stored member's trend, score and role by its article's seq, in arrays as long as the
 * store's seqs: what a full pass's replacement compares its member rows with. A map by article id
 * held about 170 bytes a member (the id's text, a row of three, the score boxed): 150 MB at
 * large, the whole pass's peak (docs/performance.md, session 40); these arrays hold 13 bytes a seq.
 */
export class StoredMembers {
  /** each member's trend as its place in `trendIds` plus one; 0: no stored member at that seq */
  private readonly trendOf: Int32Array
  private readonly scores: Float64Array
  private readonly roleOf: Uint8Array
  private readonly trendIds: string[] = []
  private readonly trendPlaces = new Map<string, number>()
  private readonly roles: string[] = []

  constructor(maxSeq: number) {
    this.trendOf = new Int32Array(maxSeq + 1)
    this.scores = new Float64Array(maxSeq + 1)
    this.roleOf = new Uint8Array(maxSeq + 1)
  }

  /** None stored (an incremental update compares nothing). */
  static none(): StoredMembers {
    return new StoredMembers(-1)
  }

  set(seq: number, trendId: string, score: number, role: string): void {
    let trend = this.trendPlaces.get(trendId)
    if (trend === undefined) this.trendPlaces.set(trendId, (trend = this.trendIds.push(trendId)))
    let r = this.roles.indexOf(role)
    if (r < 0) r = this.roles.push(role) - 1
    this.trendOf[seq] = trend
    this.scores[seq] = score
    this.roleOf[seq] = r
  }

  /**
   * What the member row is to the stored member of its article: the same; another score or role
   * in the same trend; in another trend (moved); or new. The stored member is accounted for.
   */
  take(m: MemberRow): 'same' | 'changed' | 'moved' | 'new' {
    const trend = this.trendAt(m.articleSeq)
    if (trend === 0) return 'new'
    this.trendOf[m.articleSeq] = 0
    if (this.trendIds[trend - 1] !== m.trendId) return 'moved'
    return this.scores[m.articleSeq] === m.score && this.roles[this.roleOf[m.articleSeq]!] === m.role ? 'same' : 'changed'
  }

  /** A stored trend's number in this set (0: none of its members stored). */
  numberOf(trendId: string): number {
    return this.trendPlaces.get(trendId) ?? 0
  }

  /** The stored trend of the article at `seq`, as a number of this set (0: none stored). */
  trendAt(seq: number): number {
    return seq >= 0 && seq < this.trendOf.length ? this.trendOf[seq]! : 0
  }

  /** The stored score of the article at `seq` in its trend. */
  scoreAt(seq: number): number {
    return this.scores[seq] ?? 0
  }

  /** The seqs of the stored members not taken: what the replacement no longer places. */
  *left(): Generator<number> {
    for (let seq = 0; seq < this.trendOf.length; seq++) if (this.trendOf[seq] !== 0) yield seq
  }
}

/** A trend row with its JSON columns as text, as the statement binds them. */
export const boundTrendRow = (t: TrendRow) => {
  // the counts without the empty days after the last article (dailyCountsOn adds them when read)
  const daily = t.dailyThrough === undefined ? { counts: t.dailyCounts, through: null } : storedDailyCounts(t.dailyCounts, t.dailyThrough)
  return {
    ...t,
    keyEntities: JSON.stringify(t.keyEntities),
    countryScope: JSON.stringify(t.countryScope),
    dailyCounts: JSON.stringify(daily.counts),
    dailyThrough: daily.through,
    features: JSON.stringify(t.features),
    forecast: t.forecast === undefined || t.forecast === null ? null : JSON.stringify(t.forecast),
  }
}

/** When an article appeared, as the trends place it: first seen, else published (epoch seconds). */
const ARTICLE_TIME = 'coalesce(f.first_seen, unixepoch(a.published_at))'
/** An article's columns as the trend engine reads them, its summary as `summary` gives it. */
const articleColumns = (summary = 'a.summary') => `a.seq, a.id, a.title, ${summary} AS summary, a.region, a.category, ${ARTICLE_TIME} AS time, a.entity_count AS entityCount`

type ArticleColumns = [number, string, string, string | null, string, string | null, number | null, number]

/**
 * An article as read in articleColumns' order (every read of them): the rows of a full pass's read
 * (half a million at large) come as arrays, which SQLite's driver makes a fifth faster than keyed objects.
 */
const trendArticleOf = (row: unknown): TrendArticle => {
  const [seq, id, title, summary, region, category, time, entityCount] = row as ArticleColumns
  return { seq, id, title, summary, region, category, time, entityCount }
}

/** Reads what the trend engine needs and replaces the trend tables in one transaction. */
export class TrendWriter {
  constructor(private readonly sqlite: Database.Database) {}

  /**
   * Articles with seq in (afterSeq, afterSeq + span], in seq order; with `summariesFrom`, an
   * article dated before it comes without its summary (null), which is never made a string, and
   * with `from` too, only the articles dated from it on or not at all.
   */
  articles(afterSeq = 0, span = Number.MAX_SAFE_INTEGER, summariesFrom = -Infinity, from = -Infinity): TrendArticle[] {
    return this.sqlite
      .prepare(
        `SELECT ${articleColumns(`CASE WHEN ${ARTICLE_TIME} < ? THEN NULL ELSE a.summary END`)}
         FROM articles a JOIN article_facets f ON f.article_seq = a.seq WHERE a.seq > ? AND a.seq <= ? AND (${ARTICLE_TIME} IS NULL OR ${ARTICLE_TIME} >= ?) ORDER BY a.seq`,
      )
      .raw()
      .all(summariesFrom, afterSeq, afterSeq + span, from)
      .map(trendArticleOf)
  }

  /**
   * The articles up to seq `maxSeq` dated before `before` (epoch seconds, as the trends place them):
   * their seqs, in seq order, and their times. (Two JSON arrays from one row: a row each, 384,000 at
   * large, took half as long again.)
   */
  articlesBefore(before: number, maxSeq: number): { seqs: number[]; times: number[] } {
    // Those first seen before it down the facets' first_seen index (their time is first_seen), and
    // those never seen by when they were published: not a scan of every article (0.4 against 0.2 s
    // at large; 80 against 3 ms at medium, which has none). A facet is an article's (written and
    // removed with it).
    const [seqsText, timesText] = this.sqlite
      .prepare(
        `SELECT json_group_array(seq), json_group_array(time) FROM (
           SELECT f.article_seq AS seq, f.first_seen AS time FROM article_facets f WHERE f.first_seen < @before AND f.article_seq <= @maxSeq
           UNION ALL
           SELECT a.seq, ${ARTICLE_TIME} FROM article_facets f JOIN articles a ON a.seq = f.article_seq
           WHERE f.first_seen IS NULL AND f.article_seq <= @maxSeq AND ${ARTICLE_TIME} < @before)`,
      )
      .raw()
      .get({ before, maxSeq }) as [string, string]
    // Put in seq order by their seqs (distinct, none above maxSeq), not sorted by SQLite: an ORDER
    // BY in each of the two arrays sorted them twice (0.25 against 0.09 s at large).
    const found = JSON.parse(seqsText) as number[]
    const foundTimes = JSON.parse(timesText) as number[]
    const timeAt = new Float64Array(maxSeq + 1).fill(NaN)
    found.forEach((seq, i) => (timeAt[seq] = foundTimes[i]!))
    const seqs: number[] = []
    const times: number[] = []
    timeAt.forEach((time, seq) => {
      if (!Number.isNaN(time)) {
        seqs.push(seq)
        times.push(time)
      }
    })
    return { seqs, times }
  }

  /** Every trend's early sums as stored (trend_early), by trend id. */
  earlySums(): Map<string, StoredEarly> {
    const early = new Map<string, StoredEarly>()
    for (const [trendId, count, text] of this.sqlite.prepare('SELECT trend_id, article_count, sums FROM trend_early').raw().iterate() as Iterable<[string, number, string]>) {
      early.set(trendId, { count, text, digest: earlyDigest(text) })
    }
    return early
  }

  /** Each article with seq in (afterSeq, afterSeq + span], in seq order, as articles() reads it but for its summary and time. */
  articlesWithoutTime(afterSeq: number, span: number): Array<[seq: number, id: string, title: string, region: string, category: string | null]> {
    return this.sqlite
      .prepare('SELECT seq, id, title, region, category FROM articles WHERE seq > ? AND seq <= ? ORDER BY seq')
      .raw()
      .all(afterSeq, afterSeq + span) as Array<[number, string, string, string, string | null]>
  }

  /**
   * Up to `limit` entities of articles in the order they were stored (rowid after `afterRowid`),
   * each given to `file` with its article's id; returns the last rowid read: the whole table read
   * in slices without a lookup per article. Names and types come from `known`; an entity it does
   * not hold is left out.
   */
  entityRows(
    afterRowid: number,
    limit: number,
    known: ReadonlyMap<string, { name: string; type: string | null }>,
    file: (articleId: string, id: string, name: string, type: string | null, score: number, extracted: number, rowid: number) => void,
  ): number | null {
    const rows = this.sqlite
      .prepare(`SELECT rowid, article_id, entity_id, score, extracted FROM article_entities WHERE rowid > ? ORDER BY rowid LIMIT ?`)
      .raw()
      .all(afterRowid, limit) as Array<[number, string, string, number, number]>
    // (each row handed on as it is read: an object of each of 3.5 M links at large is garbage at once)
    for (const [rowid, articleId, id, score, extracted] of rows) {
      const entity = known.get(id)
      if (entity) file(articleId, id, entity.name, entity.type, score, extracted, rowid)
    }
    return rows.length > 0 ? rows[rows.length - 1]![0] : null
  }

  /** The articles with these seqs (any order). */
  articlesBySeq(seqs: readonly number[]): TrendArticle[] {
    return this.sqlite
      .prepare(
        `SELECT ${articleColumns()} FROM json_each(?) s CROSS JOIN articles a ON a.seq = s.value JOIN article_facets f ON f.article_seq = a.seq`,
      )
      .raw()
      .all(JSON.stringify(seqs))
      .map(trendArticleOf)
  }

  /** The ids of the articles with these seqs, as [seq, id] (an article no longer stored is left out). */
  idsOfSeqs(seqs: readonly number[]): Array<[number, string]> {
    if (seqs.length === 0) return []
    return this.sqlite.prepare(`SELECT a.seq, a.id FROM json_each(?) s CROSS JOIN articles a ON a.seq = s.value`).raw().all(JSON.stringify(seqs)) as Array<[number, string]>
  }

  /** The entities of the articles with these seqs, each with the rowid of its link (where a full pass's read of the links would find it). */
  entitiesBySeq(seqs: readonly number[]): Array<TrendEntity & { rowid: number }> {
    return this.sqlite
      .prepare(
        `SELECT a.seq, e.id, e.name, e.type, ae.score, ae.extracted, ae.rowid FROM json_each(?) s CROSS JOIN articles a ON a.seq = s.value
         JOIN article_entities ae ON ae.article_id = a.id JOIN entities e ON e.id = ae.entity_id`,
      )
      .all(JSON.stringify(seqs)) as Array<TrendEntity & { rowid: number }>
  }

  /**
   * Replaces every trend but the `settled` ones with a full pass's: writes only what changed (a
   * trend row, an article that moved or whose role or score changed) and removes what is gone, in
   * one short transaction; a trend that continues keeps its id and its created_at. A settled trend
   * keeps its row, members, markets and its own parent link (and early sums). The early sums are
   * those `early` holds: the changed ones written, those of the trends it does not name removed.
   */
  replace(data: TrendTables, settled: ReadonlySet<string> = new Set(), stored: StoredMembers = this.storedMembers(settled), early?: EarlyWrite): void {
    this.write(data, null, stored, [], settled, early)
  }

  /**
   * The trends a full pass may leave as stored (SettledTrends): written with empty daily counts
   * (no article in their 180 days), every member stored with its seq (a member removed since
   * makes its trend be clustered again), under a stored topic and theme, and their last article
   * dated before `before` (epoch seconds).
   */
  settledTrends(before = Infinity): SettledTrends {
    // one statement: one snapshot of the trend tables
    const rows = (
      this.sqlite
        .prepare(
          `SELECT t.id, t.article_count, t.last_article_at, t.topic_id, tp.label, tp.theme_id, th.label
           FROM trends t JOIN topics tp ON tp.id = t.topic_id JOIN themes th ON th.id = tp.theme_id
           WHERE t.daily_counts = '[]' AND t.article_count = (SELECT count(ta.article_seq) FROM trend_articles ta WHERE ta.trend_id = t.id)`,
        )
        .raw()
        .all() as Array<[string, number, string, string, string, string, string]>
    ).filter(([, , last]) => Date.parse(last) / 1000 < before)
    const topics = new Map<string, SettledTopic>()
    let articles = 0
    let newest: string | null = null
    for (const [, count, last, topicId, topicLabel, themeId, themeLabel] of rows) {
      const topic = topics.get(topicId) ?? topics.set(topicId, { topicId, topicLabel, themeId, themeLabel, trends: 0, articles: 0 }).get(topicId)!
      topic.trends++
      topic.articles += count
      articles += count
      if (newest === null || last > newest) newest = last
    }
    return { ids: new Set(rows.map((r) => r[0])), topics: [...topics.values()], articles, newest: newest === null ? null : Date.parse(newest) / 1000 }
  }

  /**
   * The newest time (first seen, else published) of the articles up to seq `maxSeq`, as the full
   * pass reads them; null without any. Found down the facets' first_shown index, which is that time
   * where the article has one (first_shown falls back to when it was stored): the first such
   * article from the newest down, not a scan of every article (0.5-0.8 s a pass).
   */
  newestArticleTime(maxSeq: number): number | null {
    const newest = this.sqlite
      .prepare(
        // (+: the seq bounds the rows, not the plan: the index gives them newest first)
        `SELECT ${ARTICLE_TIME} FROM article_facets f JOIN articles a ON a.seq = f.article_seq
         WHERE +f.article_seq <= ? AND ${ARTICLE_TIME} IS NOT NULL ORDER BY f.first_shown DESC LIMIT 1`,
      )
      .pluck()
      .get(maxSeq) as number | undefined
    return newest ?? null
  }

  /** The earliest time (first seen, else published) of the articles stored after seq `afterSeq`; null without any. */
  earliestArticleTimeAfter(afterSeq: number): number | null {
    return this.sqlite.prepare(`SELECT min(${ARTICLE_TIME}) FROM articles a JOIN article_facets f ON f.article_seq = a.seq WHERE a.seq > ?`).pluck().get(afterSeq) as number | null
  }

  /** The members of the trends `settled` marked (1) by seq, in an array as long as the store's seqs. */
  settledMembers(settled: ReadonlySet<string>, maxSeq: number): Uint8Array {
    const marks = new Uint8Array(maxSeq + 1)
    // their members alone, by the members' key (trend first), not every member checked against them
    const seqs = this.sqlite.prepare('SELECT article_seq FROM trend_articles WHERE trend_id IN (SELECT value FROM json_each(?))').pluck().iterate(JSON.stringify([...settled])) as Iterable<number | null>
    for (const seq of seqs) if (seq !== null && seq <= maxSeq) marks[seq] = 1
    return marks
  }

  /**
   * Every article's trend, score and role as stored, but for the members of the trends `settled`
   * (a full pass leaves them as they are): what a replacement compares with (read apart, so the
   * write stays short).
   */
  storedMembers(settled: ReadonlySet<string> = new Set()): StoredMembers {
    const stored = new StoredMembers((this.sqlite.prepare('SELECT max(seq) FROM articles').pluck().get() as number | null) ?? 0)
    // A row per trend, its members' seqs, scores and roles as JSON arrays (SQLite writes a real with
    // the digits that read back as the same number): a row per member made a string of its trend's
    // id each, 0.9 s at large against 0.4 s.
    // (a member written before members had their seq, never left unset since migration 0013, by its article's)
    for (const [trendId, seqsText, scoresText, rolesText] of this.sqlite
      .prepare(
        `SELECT trend_id, json_group_array(coalesce(article_seq, (SELECT seq FROM articles WHERE id = article_id))), json_group_array(assignment_score), json_group_array(role)
         FROM trend_articles WHERE trend_id NOT IN (SELECT value FROM json_each(?)) GROUP BY trend_id`,
      )
      .raw()
      .iterate(JSON.stringify([...settled])) as Iterable<[string, string, string, string]>) {
      const seqs = JSON.parse(seqsText) as Array<number | null>
      const scores = JSON.parse(scoresText) as number[]
      const roles = JSON.parse(rolesText) as string[]
      seqs.forEach((seq, i) => {
        if (seq !== null) stored.set(seq, trendId, scores[i]!, roles[i]!)
      })
    }
    return stored
  }

  /**
   * Writes what an incremental update changed, in one transaction: the trends' rows (`trends`
   * whole; `refreshed`, whose indexed columns are as stored, without touching the indexes), their
   * new members and those whose role changed, the markets of the trends `countriesOf` and the
   * parent links of the trends `linksOf` (the rows given of those trends replace theirs), and the
   * themes and topics with their new counts.
   */
  update(data: TrendTables & { refreshed: TrendRow[]; countriesOf: string[]; linksOf: string[] }): void {
    this.write(data, { countries: data.countriesOf, links: data.linksOf }, StoredMembers.none(), data.refreshed)
  }

  /**
   * The parent links of the trends `settled` to a trend not written again (clustered again, it
   * took another id: its first article moved), each with the parent's articles as stored: the link
   * follows them to the trend that holds most of them once written, so that a settled trend that
   * reads `derivative` keeps a parent.
   */
  private linksToFollow(settledIds: string, written: readonly TrendRow[], settled: ReadonlySet<string>): Array<{ link: TrendLink; articles: string[] }> {
    if (settled.size === 0) return []
    const kept = new Set(written.map((t) => t.id))
    const links = this.sqlite
      .prepare(`SELECT parent_id AS parentId, child_id AS childId, relation_type AS relationType, strength FROM trend_links WHERE child_id IN (SELECT value FROM json_each(?))`)
      .all(settledIds) as TrendLink[]
    const membersOf = this.sqlite.prepare('SELECT article_id FROM trend_articles WHERE trend_id = ?').pluck()
    return links.filter((l) => !kept.has(l.parentId) && !settled.has(l.parentId)).map((link) => ({ link, articles: membersOf.all(link.parentId) as string[] }))
  }

  /**
   * touched: the trends whose markets and links an incremental update rewrote; null for a full
   * replacement, which leaves the trends `settled` as they are.
   */
  private write(
    data: TrendTables,
    touched: { countries: string[]; links: string[] } | null,
    stored: StoredMembers,
    refreshed: TrendRow[] = [],
    settled: ReadonlySet<string> = new Set(),
    early?: EarlyWrite,
  ): void {
    const settledIds = JSON.stringify([...settled])
    const s = this.sqlite
    atomically(s, () => {
      const theme = s.prepare(
        `INSERT INTO themes (id, label, label_ru, n_trends, n_articles) VALUES (@id, @label, '', @nTrends, @nArticles)
         ON CONFLICT (id) DO UPDATE SET label = excluded.label, n_trends = excluded.n_trends, n_articles = excluded.n_articles`,
      )
      for (const t of data.themes) theme.run(t)
      const topic = s.prepare(
        `INSERT INTO topics (id, theme_id, label, label_ru, n_trends, n_articles) VALUES (@id, @themeId, @label, '', @nTrends, @nArticles)
         ON CONFLICT (id) DO UPDATE SET theme_id = excluded.theme_id, label = excluded.label, n_trends = excluded.n_trends, n_articles = excluded.n_articles`,
      )
      for (const t of data.topics) topic.run(t)
      const trend = s.prepare(
        `INSERT INTO trends (id, label, label_ru, state, structural_type, semantic_type, article_count, first_seen_at, last_article_at,
           key_entities, primary_country, country_scope, topic_id, daily_counts, daily_through, features, forecast, created_at, updated_at)
         VALUES (@id, @label, '', @state, @structuralType, @semanticType, @articleCount, @firstSeenAt, @lastArticleAt,
           @keyEntities, @primaryCountry, @countryScope, @topicId, @dailyCounts, @dailyThrough, @features, @forecast, @createdAt, @updatedAt)
         ON CONFLICT (id) DO UPDATE SET label = excluded.label, state = excluded.state, structural_type = excluded.structural_type,
           semantic_type = excluded.semantic_type, article_count = excluded.article_count, first_seen_at = excluded.first_seen_at,
           last_article_at = excluded.last_article_at, key_entities = excluded.key_entities, primary_country = excluded.primary_country,
           country_scope = excluded.country_scope, topic_id = excluded.topic_id, daily_counts = excluded.daily_counts,
           daily_through = excluded.daily_through, features = excluded.features, forecast = excluded.forecast, updated_at = excluded.updated_at`,
      )
      for (const t of data.trends) trend.run(boundTrendRow(t))
      // none of these columns is in an index: SQLite rewrites the row alone
      const refresh = s.prepare(
        `UPDATE trends SET label = @label, key_entities = @keyEntities, primary_country = @primaryCountry, country_scope = @countryScope,
           daily_counts = @dailyCounts, daily_through = @dailyThrough, features = @features, forecast = @forecast, updated_at = @updatedAt
         WHERE id = @id`,
      )
      for (const t of refreshed) refresh.run(boundTrendRow(t))

      // Members. A new one is inserted with the seq as the pass read it and the first sighting as
      // stored now (a sighting written since the pass read the store counts): a lookup by the
      // facets' key. Finding the seq by the article's id in the same statement made a large store's
      // first pass write its 878,000 members in 33 s instead of about 10 (docs/performance.md,
      // session 27).
      const member = s.prepare(
        `INSERT INTO trend_articles (trend_id, article_id, article_seq, first_seen, assignment_score, role)
         VALUES (?, ?, ?, (SELECT first_shown FROM article_facets WHERE article_seq = ?), ?, ?)
         ON CONFLICT (trend_id, article_id) DO UPDATE SET assignment_score = excluded.assignment_score, role = excluded.role`,
      )
      // A stored member is updated where it stands (an article is in one trend: found by its id):
      // another score or role in the same trend, or another trend, as a new one would be written.
      // (A pass after the trends were computed another way changes many: 283,000 members at large
      // took 2.1 s as an insert that met the row or a delete and an insert, 1.8 s updated where they stand.)
      const rescore = s.prepare('UPDATE trend_articles SET assignment_score = ?, role = ? WHERE article_id = ?')
      const move = s.prepare(
        `UPDATE trend_articles SET trend_id = ?, article_seq = ?, first_seen = (SELECT first_shown FROM article_facets WHERE article_seq = ?),
           assignment_score = ?, role = ? WHERE article_id = ?`,
      )
      const articleStored = s.prepare('SELECT 1 FROM articles WHERE id = ?').pluck()
      const idOfSeq = s.prepare('SELECT id FROM articles WHERE seq = ?').pluck()
      const following = this.linksToFollow(settledIds, data.trends, settled)
      for (const m of data.members) {
        const was = stored.take(m)
        if (was === 'same') continue
        // an early article a full pass never read, named by its seq
        const articleId = m.articleId ?? (idOfSeq.get(m.articleSeq) as string | undefined)
        if (articleId === undefined) continue
        // (an article removed since the pass read it has no row left to update)
        if (was === 'changed') rescore.run(m.score, m.role, articleId)
        else if (was === 'moved') move.run(m.trendId, m.articleSeq, m.articleSeq, m.score, m.role, articleId)
        else {
          try {
            member.run(m.trendId, articleId, m.articleSeq, m.articleSeq, m.score, m.role)
          } catch (error) {
            // an article removed since the pass read it (`feedlens articles remove` beside the app)
            // is in no trend: its row alone is not written, as a join with the articles left it out
            if (!isForeignKeyFailure(error) || articleStored.get(articleId) !== undefined) throw error
          }
        }
      }
      // whatever a full pass no longer places
      const leaveSeq = s.prepare(`DELETE FROM trend_articles WHERE article_id = (SELECT id FROM articles WHERE seq = ?)`)
      for (const seq of stored.left()) leaveSeq.run(seq)

      if (touched === null) {
        s.prepare('DELETE FROM trend_links WHERE child_id NOT IN (SELECT value FROM json_each(?))').run(settledIds)
      } else {
        const clearLinks = s.prepare(`DELETE FROM trend_links WHERE child_id = ?`)
        for (const id of touched.links) clearLinks.run(id)
      }
      // a trend's articles per market: written whole for every trend written
      if (touched === null) {
        s.prepare('DELETE FROM trend_countries WHERE trend_id NOT IN (SELECT value FROM json_each(?))').run(settledIds)
      } else {
        const clearCountries = s.prepare(`DELETE FROM trend_countries WHERE trend_id = ?`)
        for (const id of touched.countries) clearCountries.run(id)
      }
      const country = s.prepare(
        `INSERT INTO trend_countries (trend_id, country, article_count, first_seen_at, last_article_at)
         VALUES (@trendId, @country, @articleCount, @firstSeenAt, @lastArticleAt)`,
      )
      for (const c of data.countries) country.run(c)

      const link = s.prepare(`INSERT OR IGNORE INTO trend_links (parent_id, child_id, relation_type, strength) VALUES (@parentId, @childId, @relationType, @strength)`)
      for (const l of data.links) link.run(l)

      const ids = (rows: ReadonlyArray<{ id?: unknown }>) => JSON.stringify(rows.map((r) => r.id))
      if (touched === null) s.prepare(`DELETE FROM trends WHERE id NOT IN (SELECT value FROM json_each(?)) AND id NOT IN (SELECT value FROM json_each(?))`).run(ids(data.trends), settledIds)
      if (touched === null) {
        // a full pass's early sums: those of the trends it wrote (a settled trend keeps its own)
        s.prepare(`DELETE FROM trend_early WHERE trend_id NOT IN (SELECT value FROM json_each(?)) AND trend_id NOT IN (SELECT value FROM json_each(?))`).run(JSON.stringify(early?.all ?? []), settledIds)
        const sums = s.prepare(
          `INSERT INTO trend_early (trend_id, article_count, sums) VALUES (@trendId, @articleCount, @sums)
           ON CONFLICT (trend_id) DO UPDATE SET article_count = excluded.article_count, sums = excluded.sums`,
        )
        for (const e of early?.changed ?? []) sums.run(e)
      }
      // (after the parents' old rows went, and their links with them)
      const trendOfMost = s.prepare(`SELECT trend_id FROM trend_articles WHERE article_id IN (SELECT value FROM json_each(?)) GROUP BY trend_id ORDER BY count(*) DESC, trend_id LIMIT 1`).pluck()
      for (const { link: l, articles } of following) {
        const parentId = trendOfMost.get(JSON.stringify(articles)) as string | undefined
        if (parentId !== undefined && parentId !== l.childId) link.run({ ...l, parentId })
      }
      // a topic or theme whose last trend moved to another category goes
      s.prepare(`DELETE FROM topics WHERE id NOT IN (SELECT value FROM json_each(?))`).run(ids(data.topics))
      s.prepare(`DELETE FROM themes WHERE id NOT IN (SELECT value FROM json_each(?))`).run(ids(data.themes))
    })
  }
}

const isForeignKeyFailure = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
