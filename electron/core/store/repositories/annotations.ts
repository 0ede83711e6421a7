import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm'
import type { Db } from '../database'
import { notes, searchUpdates } from '../schema'

export interface NoteRow {
  id: string
  dayFrom: string
  dayTo: string
  country: string
  text: string
  createdAt: string
  updatedAt: string
}

export interface SearchUpdateRow {
  id: string
  name: string
  kind: string
  dayFrom: string
  dayTo: string | null
  sourceUrl: string
}

/** The timeline's annotations: the analyst's notes and Google's announced updates. */
export class AnnotationsRepository {
  constructor(private readonly db: Db) {}

  /** Notes that touch the days (both included), of a country and every country's ('' : every note). */
  notes(dayFrom: string, dayTo: string, country: string): NoteRow[] {
    return this.db
      .select()
      .from(notes)
      .where(and(lte(notes.dayFrom, dayTo), gte(notes.dayTo, dayFrom), country ? or(eq(notes.country, country), eq(notes.country, '')) : undefined))
      .orderBy(asc(notes.dayFrom), asc(notes.createdAt))
      .all()
  }

  allNotes(): NoteRow[] {
    return this.db.select().from(notes).orderBy(asc(notes.dayFrom), asc(notes.createdAt)).all()
  }

  note(id: string): NoteRow | undefined {
    return this.db.select().from(notes).where(eq(notes.id, id)).get()
  }

  /** Whether the same note (days, country, text) is there already: an import adds it once. */
  hasNote(n: { dayFrom: string; dayTo: string; country: string; text: string }): boolean {
    return (
      this.db
        .select({ id: notes.id })
        .from(notes)
        .where(and(eq(notes.dayFrom, n.dayFrom), eq(notes.dayTo, n.dayTo), eq(notes.country, n.country), eq(notes.text, n.text)))
        .get() !== undefined
    )
  }

  addNote(n: { id: string; dayFrom: string; dayTo: string; country: string; text: string; now: string }): void {
    this.db.insert(notes).values({ id: n.id, dayFrom: n.dayFrom, dayTo: n.dayTo, country: n.country, text: n.text, createdAt: n.now, updatedAt: n.now }).run()
  }

  updateNote(id: string, change: Partial<Pick<NoteRow, 'dayFrom' | 'dayTo' | 'country' | 'text'>>, now: string): void {
    this.db.update(notes).set({ ...change, updatedAt: now }).where(eq(notes.id, id)).run()
  }

  removeNote(id: string): boolean {
    return this.db.delete(notes).where(eq(notes.id, id)).run().changes > 0
  }

  /** Updates that touch the days (one not announced as complete runs on). */
  updates(dayFrom: string, dayTo: string): SearchUpdateRow[] {
    return this.db
      .select()
      .from(searchUpdates)
      .where(and(lte(searchUpdates.dayFrom, dayTo), or(isNull(searchUpdates.dayTo), gte(searchUpdates.dayTo, dayFrom))))
      .orderBy(asc(searchUpdates.dayFrom), asc(searchUpdates.id))
      .all()
  }

  /** The updates of a file, in place of those the store had (the caller holds the transaction). */
  replaceUpdates(rows: readonly SearchUpdateRow[]): void {
    this.db.delete(searchUpdates).run()
    for (const r of rows) this.db.insert(searchUpdates).values(r).run()
  }
}
