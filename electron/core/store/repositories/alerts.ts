import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../database'
import { alertRules, alerts } from '../schema'

export type AlertRuleRow = typeof alertRules.$inferSelect
export type AlertRow = typeof alerts.$inferSelect & { ruleName: string; kind: string }

/** The inbox keeps at most this many alerts: the oldest go first. */
const MAX_ALERTS = 5_000

/** Alert rules, their last state, and the inbox of what fired. */
export class AlertsRepository {
  constructor(private readonly db: Db) {}

  rules(): AlertRuleRow[] {
    return this.db.select().from(alertRules).orderBy(asc(alertRules.createdAt), asc(alertRules.id)).all()
  }

  rule(id: string): AlertRuleRow | undefined {
    return this.db.select().from(alertRules).where(eq(alertRules.id, id)).get()
  }

  ruleCount(): number {
    return this.db.select({ n: sql<number>`count(*)` }).from(alertRules).get()?.n ?? 0
  }

  createRule(r: { id: string; name: string; kind: string; definition: string; muted: boolean; now: string }): void {
    this.db.insert(alertRules).values({ id: r.id, name: r.name, kind: r.kind, definition: r.definition, muted: r.muted, createdAt: r.now, updatedAt: r.now }).run()
  }

  updateRule(id: string, change: Partial<Pick<AlertRuleRow, 'name' | 'muted' | 'definition' | 'kind' | 'state' | 'evaluatedAt'>>, now: string): void {
    this.db.update(alertRules).set({ ...change, updatedAt: now }).where(eq(alertRules.id, id)).run()
  }

  removeRule(id: string): boolean {
    return this.db.delete(alertRules).where(eq(alertRules.id, id)).run().changes > 0
  }

  /** A rule's evaluation: its new state, and what fired (in one transaction, so a crossing is stored with the state that saw it). */
  recordEvaluation(ruleId: string, state: string, now: string, fired: Array<{ id: string; title: string; evidence: string; link: string }>): void {
    this.db.transaction((tx) => {
      tx.update(alertRules).set({ state, evaluatedAt: now }).where(eq(alertRules.id, ruleId)).run()
      for (const f of fired) tx.insert(alerts).values({ id: f.id, ruleId, at: now, title: f.title.slice(0, 500), evidence: f.evidence, link: f.link }).run()
      if (fired.length > 0) {
        const oldest = tx.select({ at: alerts.at }).from(alerts).orderBy(desc(alerts.at)).limit(1).offset(MAX_ALERTS).get()
        if (oldest) tx.delete(alerts).where(lte(alerts.at, oldest.at)).run()
      }
    })
  }

  lastFired(): Map<string, string> {
    const rows = this.db.select({ ruleId: alerts.ruleId, at: sql<string>`max(${alerts.at})` }).from(alerts).groupBy(alerts.ruleId).all()
    return new Map(rows.map((r) => [r.ruleId, r.at]))
  }

  inbox(unreadOnly: boolean, limit: number): AlertRow[] {
    return this.db
      .select({ id: alerts.id, ruleId: alerts.ruleId, at: alerts.at, title: alerts.title, evidence: alerts.evidence, link: alerts.link, read: alerts.read, ruleName: alertRules.name, kind: alertRules.kind })
      .from(alerts)
      .innerJoin(alertRules, eq(alertRules.id, alerts.ruleId))
      .where(unreadOnly ? eq(alerts.read, false) : undefined)
      .orderBy(desc(alerts.at), desc(sql`${alerts}.rowid`))
      .limit(limit)
      .all()
  }

  /** How many alerts the inbox holds, how many are unread, and the newest one's time. */
  counts(): { total: number; unread: number; newestAt: string | null } {
    const row = this.db
      .select({ total: sql<number>`count(*)`, unread: sql<number>`coalesce(sum(CASE WHEN ${alerts.read} = 0 THEN 1 ELSE 0 END), 0)`, newestAt: sql<string | null>`max(${alerts.at})` })
      .from(alerts)
      .get()
    return { total: row?.total ?? 0, unread: row?.unread ?? 0, newestAt: row?.newestAt ?? null }
  }

  markRead(ids: readonly string[] | null): number {
    const unread = eq(alerts.read, false)
    return this.db
      .update(alerts)
      .set({ read: true })
      .where(ids ? and(unread, inArray(alerts.id, [...ids])) : unread)
      .run().changes
  }
}
