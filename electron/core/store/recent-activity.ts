import { ActivityIndexBuilder, type ActivityIndex } from '../analytics/tracking/activity-index'
import type { Store } from './store'
import { forEachHourIn, hourlyCellsFrom, lastHourWithCells } from './repositories/hourly-window'
import { runSteps, runStepsInBackground } from '../steps'

/** Days of hourly cells the index holds: a 30-day window and the 30 days before it, and a margin. */
export const RECENT_DAYS = 62
const HOURS_PER_CHUNK = 24
const DAYS_PER_CHUNK = 7
const ARTICLES_PER_CHUNK = 5000

/**
 * Keeps the recent-activity index of a store current: built after the data changes, in the
 * background (pausing between days of cells) or at once when a request needs it first.
 */
export class RecentActivity {
  private index: ActivityIndex | null = null
  private builtFor = -1
  private building: Promise<void> | null = null

  constructor(private readonly store: Store) {}

  /** Whether the index answering now is one of older data (its successor is being built). */
  get behind(): boolean {
    return this.index !== null && this.builtFor !== this.store.dataVersion
  }

  /**
   * The index for the current data, built now when it is missing or stale. While a background
   * build is under way, the previous index answers (figures catch up when the build ends)
   * rather than a second build holding the event loop.
   */
  current(now: Date = new Date()): ActivityIndex {
    if (this.index && (this.builtFor === this.store.dataVersion || this.building)) return this.index
    const version = this.store.dataVersion
    this.index = runSteps(this.buildSteps(now))
    this.builtFor = version
    return this.index
  }

  /** Builds the index for the current data without holding the event loop for long. */
  prepareInBackground(now: Date = new Date()): Promise<void> {
    if (this.index && this.builtFor === this.store.dataVersion) return Promise.resolve()
    if (this.building) return this.building
    const version = this.store.dataVersion
    this.building = (async () => {
      const index = await runStepsInBackground(this.buildSteps(now), () => this.store.sqlite.open && this.store.dataVersion === version)
      if (index) {
        this.index = index
        this.builtFor = version
      }
    })().finally(() => {
      this.building = null
    })
    return this.building
  }

  private *buildSteps(now: Date): Generator<void, ActivityIndex> {
    const db = this.store.sqlite
    const maxHour = lastHourWithCells(db)
    const fromHour = Math.max(maxHour + 1, Math.ceil(now.getTime() / 3_600_000)) - RECENT_DAYS * 24
    const firstDay = Math.ceil(fromHour / 24)
    const hourCells = hourlyCellsFrom(db, fromHour)
    const dayCells = (db.prepare('SELECT count(*) AS n FROM article_daily WHERE day >= ?').get(firstDay) as { n: number }).n
    const builder = new ActivityIndexBuilder(fromHour, hourCells, dayCells)
    type Row = [number, string, number, number, number, number, number, number]
    for (let h = fromHour; h <= maxHour; h += HOURS_PER_CHUNK) {
      forEachHourIn(db, { fromHour: h, toHour: h + HOURS_PER_CHUNK, countries: null }, (hour, country, c) => {
        for (let i = 0; i < c.seqs.length; i++) {
          builder.addHourCell([hour, country, c.seqs[i]!, c.impressions[i]!, c.observations[i]!, c.positionSums[i]!, c.firstSeen[i]!, c.lastSeen[i]!])
        }
      })
      yield
    }
    const daysOf = db
      .prepare(
        `SELECT day, country, article_seq, impressions, observations, position_sum, first_seen, last_seen
         FROM article_daily WHERE day >= ? AND day < ? ORDER BY day`,
      )
      .raw()
    for (let d = firstDay; d <= Math.floor(maxHour / 24); d += DAYS_PER_CHUNK) {
      for (const row of daysOf.iterate(d, d + DAYS_PER_CHUNK)) builder.addDayCell(row as Row)
      yield
    }
    const articles = db.prepare(
      `SELECT a.seq, a.id, a.url, a.title, a.domain, a.lang, a.category, a.content_type AS contentType, p.name AS publisher,
              ta.trend_id AS trendId, t.label AS trendLabel, f.first_seen AS lifeFirst, f.last_seen AS lifeLast
       FROM articles a LEFT JOIN publishers p ON p.id = a.publisher_id
       LEFT JOIN trend_articles ta ON ta.article_id = a.id LEFT JOIN trends t ON t.id = ta.trend_id
       LEFT JOIN article_facets f ON f.article_seq = a.seq
       WHERE a.seq IN (SELECT value FROM json_each(?))`,
    )
    const entities = db
      .prepare(
        `SELECT a.seq, ae.entity_id, e.name FROM articles a JOIN article_entities ae ON ae.article_id = a.id JOIN entities e ON e.id = ae.entity_id
         WHERE a.seq IN (SELECT value FROM json_each(?))`,
      )
      .raw()
    const seqs = builder.seqs()
    for (let i = 0; i < seqs.length; i += ARTICLES_PER_CHUNK) {
      const chunk = JSON.stringify(seqs.slice(i, i + ARTICLES_PER_CHUNK))
      for (const a of articles.all(chunk) as Array<Parameters<ActivityIndexBuilder['addArticle']>[0]>) builder.addArticle(a)
      for (const [seq, entityId, name] of entities.all(chunk) as Array<[number, string, string]>) builder.addEntity(seq, entityId, name)
      yield
    }
    return builder.finish()
  }
}
