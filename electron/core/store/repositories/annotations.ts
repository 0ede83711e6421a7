import { and, asc, desc, eq, gte, isNull, lte, or } from 'drizzle-orm'
import type { Db } from '../database'
import { notes, searchUpdates, storeEvents } from '../schema'

export interface NoteRow {
  id: string
  dayFrom: string
  dayTo: string
  country: string
  text: string
  createdAt: string
  updatedAt: string
}

export interface StoreEventRow {
  id: number
  at: string
  kind: string
  title: string
}

/** Events kept at most: the oldest go first (a running app syncing every few minutes writes many). */
const MAX_EVENTS = 20_000

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

  /** Records one of the store's own events (an import, a sync, an upstream added). */
  addEvent(e: { at: string; kind: string; title: string }): void {
    this.db.insert(storeEvents).values({ at: e.at, kind: e.kind, title: e.title.slice(0, 300) }).run()
    const oldest = this.db.select({ id: storeEvents.id }).from(storeEvents).orderBy(desc(storeEvents.id)).limit(1).offset(MAX_EVENTS).get()
    if (oldest) this.db.delete(storeEvents).where(lte(storeEvents.id, oldest.id)).run()
  }

  /** Notes an event after the work it tells of is done: never a reason for that work to fail. */
  noteEvent(kind: string, title: string, at = new Date()): void {
    try {
      this.addEvent({ at: at.toISOString(), kind, title })
    } catch (error) {
      console.error(`Feedlens could not note the ${kind} on the timeline: ${(error as Error).message}`)
    }
  }

  /** The store's events on the days (both included, by their UTC day). */
  events(dayFrom: string, dayTo: string): StoreEventRow[] {
    return this.db
      .select()
      .from(storeEvents)
      .where(and(gte(storeEvents.at, dayFrom), lte(storeEvents.at, `${dayTo}T23:59:59.999Z`)))
      .orderBy(asc(storeEvents.at))
      .all()
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
