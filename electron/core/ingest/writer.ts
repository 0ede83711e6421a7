import type Database from 'better-sqlite3'
import type { Store } from '../store/store'
import type { ArticleRecord, IngestBatch, IngestCounts } from './records'

const STAGE_ROWS = 100
/** Article keys kept in memory by one writer. */
const MAX_REMEMBERED = 500_000
const SUBJECT_UPSERT = `ON CONFLICT (subject_kind, subject_key, country, day) DO UPDATE SET
  impressions = impressions + excluded.impressions, publications = publications + excluded.publications,
  observations = observations + excluded.observations, position_sum = position_sum + excluded.position_sum`
const CELL_UPSERT = (key: string) => `ON CONFLICT (${key}, country, article_seq) DO UPDATE SET
  impressions = impressions + excluded.impressions, observations = observations + excluded.observations,
  best_position = min(best_position, excluded.best_position), position_sum = position_sum + excluded.position_sum,
  first_seen = min(first_seen, excluded.first_seen), last_seen = max(last_seen, excluded.last_seen)`

// Temporary tables carry no statistics, so joins from them are pinned with CROSS JOIN (SQLite
// keeps that order): starting from the staged rows, never from a full scan of a big table.

/**
 * Writes batches of records and keeps every aggregate current as it goes: article x country x
 * hour and day, when each article was first and last seen, and entity, category and publisher
 * x country x day. A batch is one transaction: it lands whole or not at all. Observations
 * already stored are skipped, so importing the same data twice leaves the same store.
 *
 * New observations are staged in a temporary table and folded into the aggregates with
 * set-based SQL: a handful of statements per batch, whatever its size.
 */
export class IngestWriter {
  private readonly sqlite: Database.Database
  private readonly seqs = new Map<string, number>()
  private readonly st: ReturnType<IngestWriter['prepare']>

  constructor(private readonly store: Store) {
    this.sqlite = store.sqlite
    this.sqlite.exec(`
      CREATE TEMP TABLE IF NOT EXISTS ingest_stage (country TEXT NOT NULL, observed_at INTEGER NOT NULL, article_seq INTEGER NOT NULL,
        position INTEGER NOT NULL, impressions INTEGER NOT NULL, PRIMARY KEY (country, observed_at, article_seq)) WITHOUT ROWID;
      CREATE TEMP TABLE IF NOT EXISTS ingest_days (day INTEGER NOT NULL, country TEXT NOT NULL, article_seq INTEGER NOT NULL,
        impressions INTEGER NOT NULL, observations INTEGER NOT NULL, best_position INTEGER NOT NULL, position_sum INTEGER NOT NULL,
        first_seen INTEGER NOT NULL, last_seen INTEGER NOT NULL, is_new INTEGER NOT NULL, PRIMARY KEY (day, country, article_seq)) WITHOUT ROWID;`)
    this.st = this.prepare()
  }

  private prepare() {
    const s = this.sqlite
    const stageValues = (rows: number) =>
      s.prepare(`INSERT OR IGNORE INTO temp.ingest_stage VALUES ${Array.from({ length: rows }, () => '(?,?,?,?,?)').join(',')}`)
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
      articleEntity: s.prepare(`INSERT OR REPLACE INTO article_entities (article_id, entity_id, score, extracted) VALUES (?, ?, ?, ?)`),
      hasEntities: s.prepare(`SELECT 1 FROM article_entities WHERE article_id = ? LIMIT 1`).pluck(),
      truth: s.prepare(`INSERT OR REPLACE INTO storyline_truth (article_id, source, storyline_id) VALUES (?, ?, ?)`),
      stageMany: stageValues(STAGE_ROWS),
      stageOne: stageValues(1),
      stagedCount: s.prepare(`SELECT count(*) FROM temp.ingest_stage`).pluck(),
      // Snapshots of the batch the store already has some observations of (a file imported again).
      knownSnapshots: s
        .prepare(
          `SELECT 1 FROM (SELECT DISTINCT country, observed_at FROM temp.ingest_stage) x
           WHERE EXISTS (SELECT 1 FROM observations o WHERE o.country = x.country AND o.observed_at = x.observed_at) LIMIT 1`,
        )
        .pluck(),
      dropKnown: s.prepare(
        `DELETE FROM temp.ingest_stage WHERE EXISTS (SELECT 1 FROM observations o
           WHERE o.country = ingest_stage.country AND o.observed_at = ingest_stage.observed_at AND o.article_seq = ingest_stage.article_seq)`,
      ),
      insertObservations: s.prepare(
        `INSERT INTO observations (country, observed_at, article_seq, position, estimated_impressions)
         SELECT country, observed_at, article_seq, position, impressions FROM temp.ingest_stage WHERE true`,
      ),
      // Snapshots at most one an hour (the usual feed) make every staged row its own hourly cell.
      sharedHours: s
        .prepare(
          `SELECT 1 FROM (SELECT DISTINCT country, observed_at FROM temp.ingest_stage) GROUP BY country, observed_at / 3600 HAVING count(*) > 1 LIMIT 1`,
        )
        .pluck(),
      hourlyOnePerHour: s.prepare(
        `INSERT INTO article_hourly (hour, country, article_seq, impressions, observations, best_position, position_sum, first_seen, last_seen)
         SELECT observed_at / 3600, country, article_seq, impressions, 1, position, position, observed_at, observed_at
         FROM temp.ingest_stage WHERE true ${CELL_UPSERT('hour')}`,
      ),
      hourly: s.prepare(
        `INSERT INTO article_hourly (hour, country, article_seq, impressions, observations, best_position, position_sum, first_seen, last_seen)
         SELECT observed_at / 3600, country, article_seq, sum(impressions), count(*), min(position), sum(position), min(observed_at), max(observed_at)
         FROM temp.ingest_stage WHERE true GROUP BY 1, 2, 3 ${CELL_UPSERT('hour')}`,
      ),
      days: s.prepare(
        `INSERT INTO temp.ingest_days (day, country, article_seq, impressions, observations, best_position, position_sum, first_seen, last_seen, is_new)
         SELECT observed_at / 86400 AS d, country, article_seq, sum(impressions), count(*), min(position), sum(position),
                min(observed_at), max(observed_at),
                NOT EXISTS (SELECT 1 FROM article_daily x WHERE x.day = observed_at / 86400 AND x.country = ingest_stage.country
                                                         AND x.article_seq = ingest_stage.article_seq)
         FROM temp.ingest_stage GROUP BY 1, 2, 3`,
      ),
      daily: s.prepare(
        `INSERT INTO article_daily (day, country, article_seq, impressions, observations, best_position, position_sum, first_seen, last_seen)
         SELECT day, country, article_seq, impressions, observations, best_position, position_sum, first_seen, last_seen
         FROM temp.ingest_days WHERE true ${CELL_UPSERT('day')}`,
      ),
      subjectPublisher: s.prepare(
        `INSERT INTO subject_daily (subject_kind, subject_key, country, day, impressions, publications, observations, position_sum)
         SELECT 'publisher', a.domain, d.country, d.day, sum(d.impressions), sum(d.is_new), sum(d.observations), sum(d.position_sum)
         FROM temp.ingest_days d CROSS JOIN articles a ON a.seq = d.article_seq WHERE true GROUP BY 2, 3, 4 ${SUBJECT_UPSERT}`,
      ),
      subjectCategory: s.prepare(
        `INSERT INTO subject_daily (subject_kind, subject_key, country, day, impressions, publications, observations, position_sum)
         SELECT 'category', a.category, d.country, d.day, sum(d.impressions), sum(d.is_new), sum(d.observations), sum(d.position_sum)
         FROM temp.ingest_days d CROSS JOIN articles a ON a.seq = d.article_seq WHERE a.category IS NOT NULL GROUP BY 2, 3, 4 ${SUBJECT_UPSERT}`,
      ),
      subjectEntity: s.prepare(
        `INSERT INTO subject_daily (subject_kind, subject_key, country, day, impressions, publications, observations, position_sum)
         SELECT 'entity', ae.entity_id, d.country, d.day, sum(d.impressions), sum(d.is_new), sum(d.observations), sum(d.position_sum)
         FROM temp.ingest_days d CROSS JOIN articles a ON a.seq = d.article_seq CROSS JOIN article_entities ae ON ae.article_id = a.id
         WHERE true GROUP BY 2, 3, 4 ${SUBJECT_UPSERT}`,
      ),
      seen: s.prepare(
        `UPDATE article_facets SET first_seen = min(coalesce(first_seen, x.first), x.first),
           last_seen = max(coalesce(last_seen, x.last), x.last), impressions = impressions + x.imps
         FROM (SELECT article_seq, min(first_seen) AS first, max(last_seen) AS last, sum(impressions) AS imps
               FROM temp.ingest_days GROUP BY 1) x
         WHERE article_facets.article_seq = x.article_seq`,
      ),
      facets: s.prepare(
        `INSERT INTO article_facets (article_seq, region, lang, domain, category, content_type, has_summary, has_entities, published_at)
         SELECT seq, region, lang, domain, category, content_type, coalesce(summary, '') <> '', entity_count > 0, unixepoch(published_at)
         FROM articles WHERE seq = ?
         ON CONFLICT (article_seq) DO UPDATE SET region = excluded.region, lang = excluded.lang, domain = excluded.domain,
           category = excluded.category, content_type = excluded.content_type, has_summary = excluded.has_summary,
           has_entities = excluded.has_entities, published_at = excluded.published_at`,
      ),
      regions: s.prepare(
        `UPDATE regions SET is_active = 1,
           first_data_at = min(coalesce(first_data_at, x.first), x.first)
         FROM (SELECT country, strftime('%Y-%m-%dT%H:%M:%fZ', min(first_seen), 'unixepoch') AS first FROM temp.ingest_days GROUP BY country) x
         WHERE regions.alpha_2 = x.country`,
      ),
      clearStage: s.prepare(`DELETE FROM temp.ingest_stage`),
      clearDays: s.prepare(`DELETE FROM temp.ingest_days`),
    }
  }

  /**
   * Reads every stored article's key at once: a large import looks most of them up, and one
   * scan of the id index beats as many lookups. Skipped for stores too big to hold in memory.
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

  private remember(id: string, seq: number): void {
    if (this.seqs.size > MAX_REMEMBERED) this.seqs.clear()
    this.seqs.set(id, seq)
  }

  write(batch: IngestBatch): IngestCounts {
    const counts = this.store.transaction(() => this.writeInTransaction(batch))
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

    const observations = batch.observations ?? []
    if (observations.length === 0) return { articles: batch.articles?.length ?? 0, observationsInserted: 0, observationsDuplicate: 0 }
    // a snapshot's rows share one instant: parse it once
    let lastAt = ''
    let lastSeconds = 0
    const row = (i: number) => {
      const o = observations[i]!
      const seq = this.articleSeq(o.articleId)
      if (seq === undefined) throw new Error(`Observation of an unknown article ${o.articleId}`)
      if (o.observedAt !== lastAt) {
        lastAt = o.observedAt
        lastSeconds = Math.floor(Date.parse(o.observedAt) / 1000)
      }
      return [o.country, lastSeconds, seq, o.position, o.estimatedImpressions]
    }
    let i = 0
    for (; i + STAGE_ROWS <= observations.length; i += STAGE_ROWS) {
      const values: unknown[] = []
      for (let k = i; k < i + STAGE_ROWS; k++) values.push(...row(k))
      st.stageMany.run(values)
    }
    for (; i < observations.length; i++) st.stageOne.run(row(i))
    if (st.knownSnapshots.get()) st.dropKnown.run()
    const inserted = st.stagedCount.get() as number
    if (inserted > 0) {
      st.insertObservations.run()
      if (st.sharedHours.get()) st.hourly.run()
      else st.hourlyOnePerHour.run()
      st.days.run()
      st.daily.run()
      st.subjectPublisher.run()
      st.subjectCategory.run()
      st.subjectEntity.run()
      st.seen.run()
      st.regions.run()
      st.clearDays.run()
    }
    st.clearStage.run()
    return { articles: batch.articles?.length ?? 0, observationsInserted: inserted, observationsDuplicate: observations.length - inserted }
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
    st.facets.run(seq)
    if (entities.length > 0) {
      if (existed) st.clearEntities.run(a.id)
      for (const e of entities) st.articleEntity.run(a.id, e.id, e.score, e.extracted ? 1 : 0)
    }
  }
}
