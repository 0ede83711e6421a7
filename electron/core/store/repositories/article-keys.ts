import Database from 'better-sqlite3'

/** A stored article's key and what the subject aggregates need of it. */
export interface StoredArticleKey {
  seq: number
  domain: string
  category: string | null
  entities: string[]
}

/**
 * Finds stored articles by id on a read-only connection of its own, so an import's parse worker
 * can look up the articles a file refers to while the importer's thread writes.
 */
export class ArticleKeyReader {
  private readonly sqlite: Database.Database
  private readonly byIds: Database.Statement

  constructor(file: string) {
    this.sqlite = new Database(file, { readonly: true, fileMustExist: true })
    // the articles' id index and entities stay in memory across a file's lookups
    this.sqlite.pragma('cache_size = -262144')
    this.byIds = this.sqlite.prepare(
      `SELECT a.id, a.seq, a.domain, a.category,
              (SELECT json_group_array(entity_id) FROM article_entities WHERE article_id = a.id) AS entities
       FROM json_each(?) j CROSS JOIN articles a ON a.id = j.value`,
    )
  }

  /** The stored ones among the given article ids (unknown ids are left out). */
  find(ids: readonly string[]): Map<string, StoredArticleKey> {
    const rows = this.byIds.all(JSON.stringify(ids)) as Array<{ id: string; seq: number; domain: string; category: string | null; entities: string }>
    return new Map(rows.map((r) => [r.id, { seq: r.seq, domain: r.domain, category: r.category, entities: JSON.parse(r.entities) as string[] }]))
  }

  close(): void {
    this.sqlite.close()
  }
}
