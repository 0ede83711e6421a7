import type Database from 'better-sqlite3'
import type { ArticleFacts, DayRow } from '../../analytics/activity/activity-data'
import type { HourRow } from '../../analytics/activity/window-activity'
import { decodeHourlyCells } from '../hourly-cells'
import { Statements } from '../statements'

const FACTS = `SELECT article_seq AS seq, lang, domain, category, content_type AS contentType, first_seen AS lifeFirst, last_seen AS lifeLast FROM article_facets`
const DAYS = 'SELECT day, country, article_seq, impressions, observations, position_sum, first_seen, last_seen, best_position FROM article_daily'

/**
 * What the activity index of tracking lists is made from (analytics/activity/activity-data.ts):
 * every article's facts, trend and entities, the entities' names and the daily cells, read in
 * slices so that a build can pause between them (a slice is a key range: a build never holds a
 * statement open across a pause); and, for an update, the same of some articles and of some
 * (day, country) groups only.
 */
export class ActivityRowsRepository {
  private readonly statements: Statements

  constructor(sqlite: Database.Database) {
    this.statements = new Statements(sqlite)
  }

  /** Facts of the articles after `afterSeq`, at most `limit` of them, by seq. */
  factsAfter(afterSeq: number, limit: number): ArticleFacts[] {
    return this.statements.get(`${FACTS} WHERE article_seq > ? ORDER BY article_seq LIMIT ?`).all(afterSeq, limit) as ArticleFacts[]
  }

  factsOf(seqs: readonly number[]): ArticleFacts[] {
    if (seqs.length === 0) return []
    return this.statements.get(`${FACTS} WHERE article_seq IN (SELECT value FROM json_each(?))`).all(JSON.stringify(seqs)) as ArticleFacts[]
  }

  /**
   * [id, seq] of the articles after the id `afterId`, at most `limit`, by id (entities name articles
   * by id). Read off the id index alone (it holds the seq): in seq order it was the articles
   * table itself, titles, summaries and all, through the page cache.
   */
  seqsAfter(afterId: string, limit: number): Array<[string, number]> {
    return this.statements.get('SELECT id, seq FROM articles WHERE id > ? ORDER BY id LIMIT ?', 'raw').all(afterId, limit) as Array<[string, number]>
  }

  /** [article id, entity id] after the pair `after`, in that order, at most `limit` of them. */
  entityPairsAfter(after: [string, string], limit: number): Array<[string, string]> {
    return this.statements
      .get('SELECT article_id, entity_id FROM article_entities WHERE (article_id, entity_id) > (?, ?) ORDER BY article_id, entity_id LIMIT ?', 'raw')
      .all(after[0], after[1], limit) as Array<[string, string]>
  }

  /**
   * [row, article seq, trend id, article id when its seq is not written] of the trend members
   * after the row `afterRow`, in the table's order, at most `limit`. Members carry their
   * article's seq (migration 0013): no map of every article's id is needed, and the rows are read
   * in the order they are stored (by article id they were a lookup in the table each).
   */
  trendMembersAfter(afterRow: number, limit: number): Array<[number, number | null, string, string | null]> {
    return this.statements
      .get('SELECT rowid, article_seq, trend_id, CASE WHEN article_seq IS NULL THEN article_id END FROM trend_articles WHERE rowid > ? ORDER BY rowid LIMIT ?', 'raw')
      .all(afterRow, limit) as Array<[number, number | null, string, string | null]>
  }

  /** The seq of the article of this id (undefined: none). */
  seqOf(articleId: string): number | undefined {
    return this.statements.get('SELECT seq FROM articles WHERE id = ?', 'pluck').get(articleId) as number | undefined
  }

  /** [entity id, name] after `afterId`, at most `limit`. */
  entityNamesAfter(afterId: string, limit: number): Array<[string, string]> {
    return this.statements.get('SELECT id, name FROM entities WHERE id > ? ORDER BY id LIMIT ?', 'raw').all(afterId, limit) as Array<[string, string]>
  }

  /** [seq, entity id] of the given articles. */
  entityPairsOf(seqs: readonly number[]): Array<[number, string]> {
    if (seqs.length === 0) return []
    return this.statements
      .get(
        `SELECT a.seq, ae.entity_id FROM json_each(?) j CROSS JOIN articles a ON a.seq = j.value JOIN article_entities ae ON ae.article_id = a.id`,
        'raw',
      )
      .all(JSON.stringify(seqs)) as Array<[number, string]>
  }

  namesOfEntities(ids: readonly string[]): Array<[string, string]> {
    if (ids.length === 0) return []
    return this.statements.get('SELECT id, name FROM entities WHERE id IN (SELECT value FROM json_each(?))', 'raw').all(JSON.stringify(ids)) as Array<[string, string]>
  }

  /** The first and last day with daily cells (null: none). */
  dayRange(): { first: number; last: number } | null {
    const r = this.statements.get('SELECT min(day) AS first, max(day) AS last FROM article_daily').get() as { first: number | null; last: number | null }
    return r.first === null || r.last === null ? null : { first: r.first, last: r.last }
  }

  /** The daily cells of days [fromDay, toDay). */
  daysBetween(fromDay: number, toDay: number): DayRow[] {
    return this.statements.get(`${DAYS} WHERE day >= ? AND day < ?`, 'raw').all(fromDay, toDay) as DayRow[]
  }

  /** Every daily cell of the given (day, country) groups. */
  daysOf(groups: ReadonlyArray<[number, string]>): DayRow[] {
    if (groups.length === 0) return []
    return this.statements
      .get(`${DAYS} WHERE (day, country) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?))`, 'raw')
      .all(JSON.stringify(groups)) as DayRow[]
  }

  /** The hourly cells of hours [fromHour, toHour), every country, decoded. */
  hourRows(fromHour: number, toHour: number): HourRow[] {
    const rows = this.statements.get('SELECT hour, country, cells FROM hourly_cells WHERE hour >= ? AND hour < ?', 'raw').all(fromHour, toHour) as Array<[number, string, Buffer]>
    return rows.map(([hour, country, cells]) => ({ hour, country, cells: decodeHourlyCells(hour, cells) }))
  }
}
