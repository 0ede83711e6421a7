import type Database from 'better-sqlite3'

/**
 * Statements prepared on first use and kept: a repository names its SQL where it runs it, pays
 * for preparing it once, and can be made on a store whose schema is older than the statements
 * (a store opened at an earlier migration, as the migration tests do).
 */
export class Statements {
  private readonly prepared = new Map<string, Database.Statement>()

  constructor(private readonly sqlite: Database.Database) {}

  /** The statement for `sql`; `raw` ones give rows as arrays. */
  get(sql: string, mode: 'objects' | 'raw' | 'pluck' = 'objects'): Database.Statement {
    const key = `${mode}|${sql}`
    let statement = this.prepared.get(key)
    if (!statement) {
      statement = this.sqlite.prepare(sql)
      if (mode === 'raw') statement.raw()
      if (mode === 'pluck') statement.pluck()
      this.prepared.set(key, statement)
    }
    return statement
  }
}
