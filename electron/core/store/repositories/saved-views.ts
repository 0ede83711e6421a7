import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../database'
import { savedViews } from '../schema'

export interface SavedViewRow {
  id: string
  name: string
  path: string
  createdAt: string
  updatedAt: string
}

/** The views the analyst saved under a name, by name. */
export class SavedViewsRepository {
  constructor(private readonly db: Db) {}

  all(): SavedViewRow[] {
    return this.db.select().from(savedViews).orderBy(asc(savedViews.name)).all()
  }

  get(id: string): SavedViewRow | undefined {
    return this.db.select().from(savedViews).where(eq(savedViews.id, id)).get()
  }

  /** The view of a name, whatever its case (the unique index's own collation). */
  named(name: string): SavedViewRow | undefined {
    return this.db.select().from(savedViews).where(sql`${savedViews.name} = ${name} COLLATE NOCASE`).get()
  }

  count(): number {
    return this.db.select({ n: sql<number>`count(*)` }).from(savedViews).get()?.n ?? 0
  }

  create(row: { id: string; name: string; path: string; now: string }): void {
    this.db.insert(savedViews).values({ id: row.id, name: row.name, path: row.path, createdAt: row.now, updatedAt: row.now }).run()
  }

  update(id: string, change: { name?: string; path?: string }, now: string): void {
    this.db.update(savedViews).set({ ...change, updatedAt: now }).where(eq(savedViews.id, id)).run()
  }

  remove(id: string): boolean {
    return this.db.delete(savedViews).where(eq(savedViews.id, id)).run().changes > 0
  }
}
