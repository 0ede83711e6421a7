import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../database'
import { apiKeys, appSessions, plans, projects, rateCounters, settings } from '../schema'

export type PlanRow = typeof plans.$inferSelect
export type ProjectRow = typeof projects.$inferSelect
export type ApiKeyRow = typeof apiKeys.$inferSelect

export class PlansRepository {
  constructor(private readonly db: Db) {}
  all(): PlanRow[] {
    return this.db.select().from(plans).orderBy(asc(plans.id)).all()
  }
  get(id: string): PlanRow | undefined {
    return this.db.select().from(plans).where(eq(plans.id, id)).get()
  }
}

export class ProjectsRepository {
  constructor(private readonly db: Db) {}
  all(): ProjectRow[] {
    return this.db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.id)).all()
  }
  get(id: string): ProjectRow | undefined {
    return this.db.select().from(projects).where(eq(projects.id, id)).get()
  }
  create(p: { id: string; name: string; planId: string; createdAt: string }): ProjectRow {
    return this.db.insert(projects).values(p).returning().get()
  }
}

export class ApiKeysRepository {
  /** Grows with every key created or revoked here (another process's writes move the store's data_version). */
  changes = 0
  constructor(private readonly db: Db) {}
  all(): ApiKeyRow[] {
    return this.db.select().from(apiKeys).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id)).all()
  }
  get(id: string): ApiKeyRow | undefined {
    return this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get()
  }
  byHash(hash: string): ApiKeyRow | undefined {
    return this.db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash)).get()
  }
  countActiveForProject(projectId: string): number {
    const row = this.db
      .select({ n: sql<number>`count(*)` })
      .from(apiKeys)
      .where(and(eq(apiKeys.projectId, projectId), isNull(apiKeys.revokedAt)))
      .get()
    return row?.n ?? 0
  }
  insert(k: typeof apiKeys.$inferInsert): ApiKeyRow {
    this.changes++
    return this.db.insert(apiKeys).values(k).returning().get()
  }
  revoke(id: string, at: string): ApiKeyRow | undefined {
    this.changes++
    return this.db
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at})` })
      .where(eq(apiKeys.id, id))
      .returning()
      .get()
  }
  touch(id: string, at: string): void {
    this.db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id)).run()
  }
}

export class RateCountersRepository {
  constructor(private readonly db: Db) {}
  get(subject: string, window: string) {
    return this.db
      .select()
      .from(rateCounters)
      .where(and(eq(rateCounters.subject, subject), eq(rateCounters.window, window)))
      .get()
  }
  put(subject: string, window: string, windowStart: string, count: number): void {
    this.db
      .insert(rateCounters)
      .values({ subject, window, windowStart, count })
      .onConflictDoUpdate({ target: [rateCounters.subject, rateCounters.window], set: { windowStart, count } })
      .run()
  }
}

export class SettingsRepository {
  constructor(private readonly db: Db) {}
  get(key: string): string | undefined {
    return this.db.select().from(settings).where(eq(settings.key, key)).get()?.value
  }
  set(key: string, value: string): void {
    this.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run()
  }
}

/** Hashed sign-in tokens and web sessions (auth/web-sessions.ts). */
export class AppSessionsRepository {
  constructor(private readonly db: Db) {}
  put(hash: string, kind: 'login' | 'session', expiresAt: number): void {
    this.db.insert(appSessions).values({ hash, kind, expiresAt }).run()
  }
  get(hash: string, kind: 'login' | 'session'): { expiresAt: number } | undefined {
    return this.db
      .select({ expiresAt: appSessions.expiresAt })
      .from(appSessions)
      .where(and(eq(appSessions.hash, hash), eq(appSessions.kind, kind)))
      .get()
  }
  /** Removes the row and returns it: a sign-in token works once. */
  take(hash: string, kind: 'login' | 'session'): { expiresAt: number } | undefined {
    return this.db
      .delete(appSessions)
      .where(and(eq(appSessions.hash, hash), eq(appSessions.kind, kind)))
      .returning({ expiresAt: appSessions.expiresAt })
      .get()
  }
  removeExpired(now: number): void {
    this.db.delete(appSessions).where(lt(appSessions.expiresAt, now)).run()
  }
}
