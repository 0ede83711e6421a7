import type Database from 'better-sqlite3'
import type { Store } from '../store/store'
import { atomically } from '../store/atomic'
import type { StoredArticleKey } from '../store/repositories/article-keys'
import { concatFeedEntries, decodeFeedEntries, encodeFeedEntries, MAX_ENTRY_VALUE, packSeqs, type FeedEntries } from '../store/feed-entries'
import { encodeHourlyCells, encodeSnapshotHour, hourlyCellCount, mergeHourlyCells } from '../store/hourly-cells'
import { addToCells, addToGroup, sightings, type CellGroup, type Sighting } from './fold-cells'
import type { ArticleRecord } from '../store/records'
import { observationColumns, type IngestBatch, type IngestCounts, type ObservationColumns, type SnapshotColumns } from './records'
import { dayOfSeconds } from '../time/buckets'

/** Rows per multi-row INSERT. */
const ROWS_PER_STATEMENT = 100
/** Article keys kept in memory by one writer. */
const MAX_REMEMBERED = 500_000
const CELL_COLUMNS = 'country, article_seq, impressions, observations, best_position, position_sum, first_seen, last_seen'
const DAILY_UPSERT = `ON CONFLICT (day, country, article_seq) DO UPDATE SET
  impressions = impressions + excluded.impressions, observations = observations + excluded.observations,
  best_position = min(best_position, excluded.best_position), position_sum = position_sum + excluded.position_sum,
  first_seen = min(first_seen, excluded.first_seen), last_seen = max(last_seen, excluded.last_seen)`
/**
 * Writes batches of records and keeps every aggregate current as it goes: article x country x
 * hour and day, and when each article was first and last seen. A batch is one transaction: it lands whole or not at all. Observations
 * already stored are skipped, so importing the same data twice leaves the same store.
 *
 * A batch's observations are grouped into feed snapshots (one packed row each) and folded
 * into the aggregates in memory first, so each aggregate row is written once per batch: an
 * hour and country as one packed row (see hourly-cells.ts), daily cells with multi-row
 * statements, a row known to be new inserted without a conflict check.
 */
export class IngestWriter {
  private readonly sqlite: Database.Database
  private readonly seqs = new Map<string, number>()
  private readonly marks = new SeqMarks()
  private readonly st: ReturnType<IngestWriter['prepare']>
  /** The sightings of the batches written since writeHeldSightings, when the writer holds them. */
  private held: Map<number, Sighting> | null

  /**
   * `holdSightings`: each article's first and last sighting and impressions are folded in memory
   * across batches and written by writeHeldSightings, which the caller runs before it commits
   * them (a load of many batches a transaction: the demo build writes a week of days at once, and
   * an article stays in the feed for days, so its span is written once a week instead of daily).
   */
  constructor(private readonly store: Store, options: { holdSightings?: boolean } = {}) {
    this.sqlite = store.sqlite
    this.st = this.prepare()
    this.held = options.holdSightings ? new Map() : null
  }

  /** Writes the sightings held since the last call (a writer that holds them: run it before the batches' commit). */
  writeHeldSightings(): void {
    if (!this.held || this.held.size === 0) return
    this.writeSeen(this.held)
    this.held = new Map()
  }

  private prepare() {
    const s = this.sqlite
    const rows = (width: 8 | 9, head: string, tail = '') => new MultiRowStatement(s, head, width, tail)
    return {
      publisher: s.prepare(
        `INSERT INTO publishers (domain, name, country, profile_exists, knowledge_graph_id, total_followers)
         VALUES (@domain, @name, @country, @profileExists, @knowledgeGraphId, @totalFollowers)
         ON CONFLICT (domain) DO UPDATE SET name = excluded.name, country = coalesce(excluded.country, country),
           profile_exists = max(profile_exists, excluded.profile_exists),
           knowledge_graph_id = coalesce(excluded.knowledge_graph_id, knowledge_graph_id),
           total_followers = coalesce(excluded.total_followers, total_followers)`,
      ),
      publisherId: s.prepare(`SELECT id FROM publishers WHERE domain = ?`).pluck(),
      publisherStub: s.prepare(`INSERT OR IGNORE INTO publishers (domain, name) VALUES (?, ?)`),
      entity: s.prepare(
        `INSERT INTO entities (id, name, type) VALUES (?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = coalesce(excluded.type, type)`,
      ),
      article: s.prepare(
        `INSERT INTO articles (id, url, title, domain, publisher_id, region, lang, category, content_type, summary, markdown,
                               images, published_at, entity_count)
         VALUES (@id, @url, @title, @domain, @publisherId, @region, @lang, @category, @contentType, @summary, @markdown,
                 @images, @publishedAt, @entityCount)
         ON CONFLICT (id) DO UPDATE SET url = excluded.url, title = excluded.title, domain = excluded.domain,
           publisher_id = excluded.publisher_id, region = excluded.region, lang = excluded.lang,
           category = coalesce(excluded.category, category), content_type = coalesce(excluded.content_type, content_type),
           summary = coalesce(excluded.summary, summary), markdown = coalesce(excluded.markdown, markdown),
           images = coalesce(excluded.images, images), published_at = coalesce(excluded.published_at, published_at),
           entity_count = CASE WHEN excluded.entity_count > 0 THEN excluded.entity_count ELSE entity_count END
         RETURNING seq`,
      ),
      articleSeq: s.prepare(`SELECT seq FROM articles WHERE id = ?`).pluck(),
      articleCount: s.prepare(`SELECT count(*) FROM articles`).pluck(),
      allSeqs: s.prepare(`SELECT id, seq FROM articles`),
      clearEntities: s.prepare(`DELETE FROM article_entities WHERE article_id = ?`),
      articleEntity: s.prepare(
        `INSERT INTO article_entities (article_id, entity_id, score, extracted) VALUES (?, ?, ?, ?)
         ON CONFLICT (article_id, entity_id) DO UPDATE SET score = excluded.score, extracted = excluded.extracted`,
      ),
      hasEntities: s.prepare(`SELECT 1 FROM article_entities WHERE article_id = ? LIMIT 1`).pluck(),
      truth: s.prepare(`INSERT OR REPLACE INTO storyline_truth (article_id, source, storyline_id) VALUES (?, ?, ?)`),
      snapshot: s.prepare(`SELECT entries FROM feed_snapshots WHERE country = ? AND observed_at = ?`).pluck(),
      insertSnapshot: s.prepare(`INSERT INTO feed_snapshots (country, observed_at, entry_count, entries) VALUES (?, ?, ?, ?)`),
      updateSnapshot: s.prepare(`UPDATE feed_snapshots SET entry_count = ?, entries = ? WHERE country = ? AND observed_at = ?`),
      arrivedArticle: s.prepare(`INSERT INTO feed_log (article_seq) VALUES (?)`),
      arrivedEntries: s.prepare(`INSERT INTO feed_log (country, observed_at, entry_count, seqs) VALUES (?, ?, ?, ?)`),
      hourCells: s.prepare(`SELECT cells FROM hourly_cells WHERE hour = ? AND country = ?`).pluck(),
      insertHour: s.prepare(`INSERT INTO hourly_cells (hour, country, cell_count, cells) VALUES (?, ?, ?, ?)`),
      updateHour: s.prepare(`UPDATE hourly_cells SET cell_count = ?, cells = ? WHERE hour = ? AND country = ?`),
      dayStored: s.prepare(`SELECT article_seq FROM article_daily WHERE day = ? AND country = ?`).pluck(),
      insertDaily: rows(9, `INSERT INTO article_daily (day, ${CELL_COLUMNS}) VALUES`),
      upsertDaily: rows(9, `INSERT INTO article_daily (day, ${CELL_COLUMNS}) VALUES`, DAILY_UPSERT),
      seenOf: s.prepare(
        `SELECT f.article_seq AS seq, f.first_seen AS firstSeen, f.last_seen AS lastSeen
         FROM json_each(?) j CROSS JOIN article_facets f ON f.article_seq = j.value`,
      ),
      // [[seq, first, last, impressions], ...] in one statement a form
      seenFirst: s.prepare(
        `UPDATE article_facets SET first_seen = x.value ->> 1, last_seen = x.value ->> 2, impressions = impressions + (x.value ->> 3)
         FROM json_each(?) x WHERE article_seq = x.value ->> 0`,
      ),
      seenLast: s.prepare(
        `UPDATE article_facets SET last_seen = x.value ->> 2, impressions = impressions + (x.value ->> 3)
         FROM json_each(?) x WHERE article_seq = x.value ->> 0`,
      ),
      seenImpressions: s.prepare(`UPDATE article_facets SET impressions = impressions + (x.value ->> 3) FROM json_each(?) x WHERE article_seq = x.value ->> 0`),
      facets: s.prepare(
        `INSERT INTO article_facets (article_seq, region, lang, domain, category, content_type, has_summary, has_entities, published_at, stored_at)
         SELECT seq, region, lang, domain, category, content_type, coalesce(summary, '') <> '', entity_count > 0, unixepoch(published_at), unixepoch()
         FROM articles WHERE seq = ?
         ON CONFLICT (article_seq) DO UPDATE SET region = excluded.region, lang = excluded.lang, domain = excluded.domain,
           category = excluded.category, content_type = excluded.content_type, has_summary = excluded.has_summary,
           has_entities = excluded.has_entities, published_at = excluded.published_at`,
      ),
      region: s.prepare(
        `UPDATE regions SET is_active = 1, first_data_at = min(coalesce(first_data_at, x.first), x.first)
         FROM (SELECT strftime('%Y-%m-%dT%H:%M:%fZ', ?, 'unixepoch') AS first) x WHERE alpha_2 = ?`,
      ),
    }
  }

  /**
   * Reads every stored article's key at once: a large import looks most of them up, and one
   * scan beats as many lookups. Skipped for stores too big to hold in memory.
   */
  preloadArticleSeqs(): void {
    if ((this.st.articleCount.get() as number) > MAX_REMEMBERED * 0.8) return
    for (const [id, seq] of this.st.allSeqs.raw().iterate() as Iterable<[string, number]>) this.seqs.set(id, seq)
  }

  /** The compact key of a stored article, or undefined when the store does not know it. */
  articleSeq(id: string): number | undefined {
    let seq = this.seqs.get(id)
    if (seq === undefined) {
      seq = this.st.articleSeq.get(id) as number | undefined
      if (seq !== undefined) this.remember(id, seq)
    }
    return seq
  }

  /** Remembers a stored article found elsewhere (by the import's parse worker), as a lookup would. */
  knowArticle(id: string, key: StoredArticleKey): void {
    this.remember(id, key.seq)
  }

  private remember(id: string, seq: number): void {
    if (this.seqs.size > MAX_REMEMBERED) this.seqs.clear()
    this.seqs.set(id, seq)
  }

  /**
   * Writes one batch in a transaction of its own or as part of the caller's (`atomically`: a
   * nested savepoint slowed big article batches from 0.15 to 2 ms an article).
   */
  write(batch: IngestBatch): IngestCounts {
    const counts = atomically(this.sqlite, () => this.writeInTransaction(batch))
    this.store.changed()
    return counts
  }

  private writeInTransaction(batch: IngestBatch): IngestCounts {
    const st = this.st
    for (const p of batch.publishers ?? []) {
      st.publisher.run({
        domain: p.domain,
        name: p.name,
        country: p.country ?? null,
        profileExists: p.profileExists ? 1 : 0,
        knowledgeGraphId: p.knowledgeGraphId ?? null,
        totalFollowers: p.totalFollowers ?? null,
      })
    }
    for (const e of batch.entities ?? []) st.entity.run(e.id, e.name, e.type ?? null)
    for (const a of batch.articles ?? []) this.writeArticle(a)
    for (const t of batch.storylineTruth ?? []) st.truth.run(t.articleId, t.source, t.storylineId)
    const observations = batch.observationColumns ?? (batch.observations ? observationColumns(batch.observations) : null)
    const snapshots = observations ? this.snapshotsOf(observations) : []
    // a loop, not push(...): a batch of one-entry snapshots has hundreds of thousands, past what a spread's arguments can take
    if (batch.snapshotColumns) for (const s of this.snapshotsOfColumns(batch.snapshotColumns)) snapshots.push(s)
    const groups: Array<[number, string]> = []
    const inserted = snapshots.length > 0 ? this.writeObservations(snapshots, groups) : 0
    const total = (observations?.articleId.length ?? 0) + (batch.snapshotColumns?.article.length ?? 0)
    const articles = batch.articles?.length ?? 0
    if (articles > 0 || inserted > 0) {
      const written = (batch.articles ?? []).map((a) => this.seqs.get(a.id) ?? this.articleSeq(a.id)!)
      this.store.freshness.markDataChanged(new Date(), { articles: written, groups })
    }
    return { articles, observationsInserted: inserted, observationsDuplicate: total - inserted }
  }

  /**
   * Stores a batch's new observations as feed snapshots and folds them into the aggregates;
   * returns how many were new, and puts the (day, country) groups of daily cells touched in `groups`.
   */
  private writeObservations(snapshots: SnapshotRows[], groups: Array<[number, string]>): number {
    const st = this.st
    const hours = new Map<string, HourSnapshots>()
    const days = new Map<string, CellGroup>()
    const firstByCountry = new Map<string, number>()
    let inserted = 0
    for (const snapshot of snapshots) {
      const stored = st.snapshot.get(snapshot.country, snapshot.at) as Buffer | undefined
      const before = stored ? decodeFeedEntries(stored) : null
      const present = this.marks.next()
      if (before) for (const seq of before.seqs) present.add(seq)
      const fresh: FeedEntries = { seqs: new Uint32Array(snapshot.seqs.length), positions: new Uint32Array(snapshot.seqs.length), impressions: new Uint32Array(snapshot.seqs.length) }
      let n = 0
      for (let i = 0; i < snapshot.seqs.length; i++) {
        const seq = snapshot.seqs[i]!
        if (present.has(seq)) continue
        present.add(seq)
        fresh.seqs[n] = seq
        fresh.positions[n] = snapshot.positions[i]!
        fresh.impressions[n] = snapshot.impressions[i]!
        n++
      }
      if (n === 0) continue
      const added: FeedEntries = { seqs: fresh.seqs.subarray(0, n), positions: fresh.positions.subarray(0, n), impressions: fresh.impressions.subarray(0, n) }
      if (before) {
        const all = concatFeedEntries(before, added)
        st.updateSnapshot.run(all.seqs.length, encodeFeedEntries(all), snapshot.country, snapshot.at)
        st.arrivedEntries.run(snapshot.country, snapshot.at, n, packSeqs(added.seqs))
      } else {
        st.insertSnapshot.run(snapshot.country, snapshot.at, n, encodeFeedEntries(added))
        st.arrivedEntries.run(snapshot.country, snapshot.at, n, null)
      }
      inserted += n
      const hour = Math.floor(snapshot.at / 3600)
      const hourKey = `${hour}\u0000${snapshot.country}`
      const inHour = hours.get(hourKey)
      if (inHour) inHour.snapshots.push({ at: snapshot.at, entries: added })
      else hours.set(hourKey, { hour, country: snapshot.country, snapshots: [{ at: snapshot.at, entries: added }] })
      addToCells(days, dayOfSeconds(snapshot.at), snapshot.country, snapshot.at, added)
      const first = firstByCountry.get(snapshot.country)
      if (first === undefined || snapshot.at < first) firstByCountry.set(snapshot.country, snapshot.at)
    }
    if (inserted === 0) return 0
    for (const g of days.values()) groups.push([g.bucket, g.country])
    this.writeHours(hours)
    this.writeDays(days)
    if (this.held) sightings(days.values(), this.held)
    else this.writeSeen(sightings(days.values()))
    for (const [country, first] of firstByCountry) st.region.run(first, country)
    return inserted
  }

  /** The rows of a batch by feed snapshot (country and instant), article ids resolved to seqs. */
  private snapshotsOf(o: ObservationColumns): SnapshotRows[] {
    type Growing = SnapshotRows & { seqs: number[]; positions: number[]; impressions: number[] }
    const byKey = new Map<string, Growing>()
    let current: Growing | undefined
    for (let i = 0; i < o.articleId.length; i++) {
      const country = o.country[i]!
      const at = o.observedAt[i]!
      if (!current || current.at !== at || current.country !== country) {
        const key = `${country}${at}`
        current = byKey.get(key)
        if (!current) byKey.set(key, (current = { country, at, seqs: [], positions: [], impressions: [] }))
      }
      const known = o.articleSeq[i]!
      const seq = known >= 0 ? known : this.articleSeq(o.articleId[i]!)
      if (seq === undefined) throw new Error(`Observation of an unknown article ${o.articleId[i]}`)
      const position = o.position[i]!
      const impressions = o.impressions[i]!
      checkEntry(position, impressions)
      current.seqs.push(seq)
      current.positions.push(position)
      current.impressions.push(impressions)
    }
    return [...byKey.values()]
  }

  /** Snapshots given as columns, article ids resolved to seqs once each (the batch's articles are written by now). */
  private snapshotsOfColumns(c: SnapshotColumns): SnapshotRows[] {
    const seqOf = c.articleIds.map((id) => {
      const seq = this.articleSeq(id)
      if (seq === undefined) throw new Error(`Observation of an unknown article ${id}`)
      return seq
    })
    const rows: SnapshotRows[] = []
    let start = 0
    for (let k = 0; k < c.ends.length; k++) {
      const end = c.ends[k]!
      const seqs = new Uint32Array(end - start)
      for (let i = start; i < end; i++) {
        const seq = seqOf[c.article[i]!]
        if (seq === undefined) throw new RangeError(`A snapshot entry names article ${c.article[i]} of ${seqOf.length}`)
        // typed columns hold 32 bits (a wrapped value would pass): the position is checked for its lower bound
        checkEntry(c.position[i]!, c.impressions[i]!)
        seqs[i - start] = seq
      }
      rows.push({ country: c.country[k]!, at: c.observedAt[k]!, seqs, positions: c.position.subarray(start, end), impressions: c.impressions.subarray(start, end) })
      start = end
    }
    return rows
  }

  /**
   * Writes each hour and country of the batch as one packed row, added to the stored one if any.
   * An hour of one snapshot (the common case) is packed straight from its entries.
   */
  private writeHours(hours: Map<string, HourSnapshots>): void {
    const st = this.st
    for (const h of hours.values()) {
      const stored = st.hourCells.get(h.hour, h.country) as Buffer | undefined
      if (!stored && h.snapshots.length === 1) {
        const only = h.snapshots[0]!
        st.insertHour.run(h.hour, h.country, only.entries.seqs.length, encodeSnapshotHour(h.hour, only.at, only.entries))
        continue
      }
      const group: CellGroup = { bucket: h.hour, country: h.country, cells: new Map() }
      for (const s of h.snapshots) addToGroup(group, s.at, s.entries)
      if (stored) {
        const packed = mergeHourlyCells(h.hour, stored, group.cells.values())
        st.updateHour.run(hourlyCellCount(packed), packed, h.hour, h.country)
      } else {
        st.insertHour.run(h.hour, h.country, group.cells.size, encodeHourlyCells(h.hour, group.cells.values()))
      }
    }
  }

  /** Writes daily cells: inserted where the store has none of that article, day and country yet, else added to it. */
  private writeDays(days: Map<string, CellGroup>): void {
    const { dayStored, insertDaily, upsertDaily } = this.st
    for (const g of days.values()) {
      const stored = new Set(dayStored.all(g.bucket, g.country) as number[])
      for (const c of g.cells.values()) {
        c.isNew = !stored.has(c.seq)
        ;(c.isNew ? insertDaily : upsertDaily).add(g.bucket, g.country, c.seq, c.impressions, c.observations, c.bestPosition, c.positionSum, c.firstSeen, c.lastSeen)
      }
    }
    insertDaily.flush()
    upsertDaily.flush()
  }

  /** Each article's first and last sighting and its impressions so far. */
  private writeSeen(seen: Map<number, Sighting>): void {
    const st = this.st
    const stored = st.seenOf.all(JSON.stringify([...seen.keys()])) as Array<{ seq: number; firstSeen: number | null; lastSeen: number | null }>
    // updated in three forms, so an index on a seen column is only rewritten when that column changes
    const firstChanged: number[][] = []
    const lastChanged: number[][] = []
    const sameSpan: number[][] = []
    for (const r of stored) {
      const s = seen.get(r.seq)!
      const first = r.firstSeen === null ? s.first : Math.min(r.firstSeen, s.first)
      const last = r.lastSeen === null ? s.last : Math.max(r.lastSeen, s.last)
      ;(first !== r.firstSeen ? firstChanged : last !== r.lastSeen ? lastChanged : sameSpan).push([r.seq, first, last, s.impressions])
    }
    for (const [rows, statement] of [[firstChanged, st.seenFirst], [lastChanged, st.seenLast], [sameSpan, st.seenImpressions]] as const) {
      if (rows.length > 0) statement.run(JSON.stringify(rows))
    }
  }

  private writeArticle(a: ArticleRecord): void {
    const st = this.st
    let publisherId = st.publisherId.get(a.domain) as number | undefined
    if (publisherId === undefined) {
      st.publisherStub.run(a.domain, a.domain)
      publisherId = st.publisherId.get(a.domain) as number
    }
    const existed = this.articleSeq(a.id) !== undefined
    // Entities found in the text never replace the ones a stored article has (given or found before).
    const entities = existed && a.entities?.every((e) => e.extracted) && st.hasEntities.get(a.id) ? [] : (a.entities ?? [])
    const { seq } = st.article.get({
      id: a.id,
      url: a.url,
      title: a.title,
      domain: a.domain,
      publisherId,
      region: a.region,
      lang: a.lang,
      category: a.category ?? null,
      contentType: a.contentType ?? null,
      summary: a.summary ?? null,
      markdown: a.markdown ?? null,
      images: a.images ? JSON.stringify(a.images) : null,
      publishedAt: a.publishedAt ?? null,
      entityCount: entities.length,
    }) as { seq: number }
    this.remember(a.id, seq)
    if (!existed) st.arrivedArticle.run(seq)
    st.facets.run(seq)
    if (entities.length > 0) {
      if (existed) st.clearEntities.run(a.id)
      for (const e of entities) st.articleEntity.run(a.id, e.id, e.score, e.extracted ? 1 : 0)
    }
  }
}

/** The snapshots of one hour and country in a batch (their new entries only). */
interface HourSnapshots {
  hour: number
  country: string
  snapshots: Array<{ at: number; entries: FeedEntries }>
}

interface SnapshotRows {
  country: string
  at: number
  seqs: ArrayLike<number> & { length: number }
  positions: ArrayLike<number>
  impressions: ArrayLike<number>
}

/** A packed entry holds 32 bits a field (importers check rows first: this guards other writers). */
function checkEntry(position: number, impressions: number): void {
  if (!(position >= 1 && position <= MAX_ENTRY_VALUE && impressions >= 0 && impressions <= MAX_ENTRY_VALUE)) {
    throw new RangeError(`Observation out of range: position ${position}, impressions ${impressions}`)
  }
}

/** An INSERT of many rows at once (ROWS_PER_STATEMENT per statement), rows added one by one. */
class MultiRowStatement {
  private readonly many: Database.Statement
  private readonly one: Database.Statement
  private readonly values: unknown[]
  private filled = 0

  constructor(sqlite: Database.Database, head: string, private readonly width: 8 | 9, tail: string) {
    const row = `(${Array.from({ length: width }, () => '?').join(',')})`
    this.many = sqlite.prepare(`${head} ${Array.from({ length: ROWS_PER_STATEMENT }, () => row).join(',')} ${tail}`)
    this.one = sqlite.prepare(`${head} ${row} ${tail}`)
    this.values = new Array<unknown>(width * ROWS_PER_STATEMENT)
  }

  /** Adds one row: as many values as the statement's width. */
  add(a: unknown, b: unknown, c: unknown, d: unknown, e: unknown, f: unknown, g: unknown, h: unknown, i?: unknown): void {
    const v = this.values
    let k = this.filled
    v[k++] = a
    v[k++] = b
    v[k++] = c
    v[k++] = d
    v[k++] = e
    v[k++] = f
    v[k++] = g
    v[k++] = h
    if (this.width === 9) v[k++] = i
    this.filled = k
    if (k === v.length) {
      this.many.run(v)
      this.filled = 0
    }
  }

  /** Writes the rows still held. */
  flush(): void {
    for (let k = 0; k < this.filled; k += this.width) this.one.run(this.values.slice(k, k + this.width))
    this.filled = 0
  }
}

/**
 * Sets of article seqs, one at a time (the articles of the snapshot being written), kept as a
 * mark per seq: starting the next set is one increment, and a lookup is an array read.
 */
class SeqMarks {
  private marks = new Int32Array(1024)
  private current = 0

  /** An empty set (the previous one is gone). */
  next(): { has(seq: number): boolean; add(seq: number): void } {
    this.current++
    return this
  }

  has(seq: number): boolean {
    return seq < this.marks.length && this.marks[seq] === this.current
  }

  add(seq: number): void {
    if (seq >= this.marks.length) {
      const grown = new Int32Array(Math.max(seq + 1, this.marks.length * 2))
      grown.set(this.marks)
      this.marks = grown
    }
    this.marks[seq] = this.current
  }
}
