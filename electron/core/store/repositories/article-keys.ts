import Database from 'better-sqlite3'

/** A stored article's key. */
export interface StoredArticleKey {
  seq: number
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
    // the articles' id index stays in memory across a file's lookups
    this.sqlite.pragma('cache_size = -131072')
    this.byIds = this.sqlite.prepare(`SELECT a.id, a.seq FROM json_each(?) j CROSS JOIN articles a ON a.id = j.value`)
  }

  /** The stored ones among the given article ids (unknown ids are left out). */
  find(ids: readonly string[]): Map<string, StoredArticleKey> {
    const rows = this.byIds.all(JSON.stringify(ids)) as Array<{ id: string; seq: number }>
    return new Map(rows.map((r) => [r.id, { seq: r.seq }]))
  }

  close(): void {
    this.sqlite.close()
  }
}
