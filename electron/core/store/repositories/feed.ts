import type Database from 'better-sqlite3'
import type { articles } from '../schema'
import { Statements } from '../statements'

/** One row of the feed's arrival journal (see feedLog in schema.ts). */
export interface FeedLogRow {
  position: number
  articleSeq: number | null
  country: string | null
  observedAt: number | null
  entryCount: number | null
  seqs: Buffer | null
  /** the article's region and language (article rows) */
  region: string | null
  lang: string | null
}

export interface FeedEntityRow {
  id: string
  name: string
  type: string | null
  score: number
  extracted: number
}

/** An article as the feed sends it (its columns as stored, images as their JSON text), with its entities and publisher. */
export type FeedArticleRow = Pick<typeof articles.$inferSelect, 'seq' | 'id' | 'url' | 'title' | 'domain' | 'region' | 'lang' | 'category' | 'contentType' | 'summary' | 'markdown' | 'publishedAt'> & {
  images: string | null
  entities: FeedEntityRow[]
  publisherName: string | null
  publisherCountry: string | null
  profileExists: number | null
  knowledgeGraphId: string | null
  totalFollowers: number | null
}

export interface ArticleKey {
  id: string
  region: string
  lang: string
}

/** Article keys kept in memory at most (about 100 bytes each). */
const MAX_KEYS_KEPT = 500_000

/** The feed's arrival journal, read in order (`/v2/feed`). */
export class FeedRepository {
  private readonly statements: Statements

  constructor(private readonly sqlite: Database.Database) {
    this.statements = new Statements(sqlite)
  }

  /** Runs reads in one read transaction: every row they see belongs to the same state of the store. */
  consistently<T>(read: () => T): T {
    if (this.sqlite.inTransaction) return read()
    return this.sqlite.transaction(read).deferred()
  }

  /** The journal's rows after a position, at most `max`. */
  rowsAfter(position: number, max: number): FeedLogRow[] {
    return this.statements
      .get(
        `SELECT l.position, l.article_seq AS articleSeq, l.country, l.observed_at AS observedAt, l.entry_count AS entryCount, l.seqs,
                f.region, f.lang
         FROM feed_log l LEFT JOIN article_facets f ON f.article_seq = l.article_seq
         WHERE l.position > ? ORDER BY l.position LIMIT ?`,
      )
      .all(position, max) as FeedLogRow[]
  }

  /** The journal's last position (0 when empty). */
  lastPosition(): number {
    return (this.statements.get('SELECT coalesce(max(position), 0) FROM feed_log', 'pluck').get() as number) ?? 0
  }

  /** A stored snapshot's packed entries. */
  snapshotEntries(country: string, observedAt: number): Buffer | undefined {
    return this.statements.get('SELECT entries FROM feed_snapshots WHERE country = ? AND observed_at = ?', 'pluck').get(country, observedAt) as
      | Buffer
      | undefined
  }

  /** The entries (packed seqs) later rows added to a snapshot, after a position. */
  laterAdditions(country: string, observedAt: number, after: number): Buffer[] {
    return this.statements
      .get('SELECT seqs FROM feed_log WHERE country = ? AND observed_at = ? AND position > ? AND seqs IS NOT NULL', 'pluck')
      .all(country, observedAt, after) as Buffer[]
  }

  /** Article ids, regions and languages by seq, kept while the data holds (a snapshot's articles recur in the next ones). */
  articleKeys(seqs: readonly number[], dataVersion: number): Map<number, ArticleKey> {
    if (this.keysVersion !== dataVersion || this.keys.size > MAX_KEYS_KEPT) {
      this.keys.clear()
      this.keysVersion = dataVersion
    }
    const missing = seqs.filter((seq) => !this.keys.has(seq))
    if (missing.length > 0) {
      const rows = this.statements
        .get('SELECT a.seq, a.id, a.region, a.lang FROM json_each(?) s CROSS JOIN articles a ON a.seq = s.value')
        .all(JSON.stringify(missing)) as Array<ArticleKey & { seq: number }>
      for (const r of rows) this.keys.set(r.seq, { id: r.id, region: r.region, lang: r.lang })
    }
    const out = new Map<number, ArticleKey>()
    for (const seq of seqs) {
      const key = this.keys.get(seq)
      if (key) out.set(seq, key)
    }
    return out
  }

  private readonly keys = new Map<number, ArticleKey>()
  private keysVersion = -1

  /** Articles with their entities and publisher, by seq. */
  articles(seqs: readonly number[]): Map<number, FeedArticleRow> {
    const list = JSON.stringify(seqs)
    const rows = this.statements
      .get(
        `SELECT a.seq, a.id, a.url, a.title, a.domain, a.region, a.lang, a.category, a.content_type AS contentType, a.summary,
                a.markdown, a.images, a.published_at AS publishedAt,
                p.name AS publisherName, p.country AS publisherCountry, p.profile_exists AS profileExists,
                p.knowledge_graph_id AS knowledgeGraphId, p.total_followers AS totalFollowers
         FROM json_each(?) s CROSS JOIN articles a ON a.seq = s.value LEFT JOIN publishers p ON p.id = a.publisher_id`,
      )
      .all(list) as Array<Omit<FeedArticleRow, 'entities'>>
    const entities = new Map<string, FeedEntityRow[]>()
    for (const e of this.statements
      .get(
        `SELECT ae.article_id AS articleId, e.id, e.name, e.type, ae.score, ae.extracted
         FROM json_each(?) s CROSS JOIN articles a ON a.seq = s.value CROSS JOIN article_entities ae ON ae.article_id = a.id
         CROSS JOIN entities e ON e.id = ae.entity_id`,
      )
      .all(list) as Array<FeedEntityRow & { articleId: string }>) {
      const of = entities.get(e.articleId)
      const entity = { id: e.id, name: e.name, type: e.type, score: e.score, extracted: e.extracted }
      if (of) of.push(entity)
      else entities.set(e.articleId, [entity])
    }
    return new Map(rows.map((r) => [r.seq, { ...r, entities: entities.get(r.id) ?? [] }]))
  }
}
