import { randomUUID } from 'node:crypto'
import { alertRuleDefinition, type AlertRuleDefinition } from '../../../shared/contract/alerts'
import { conditionOf, evaluateRule, type AlertState, type Reading } from '../analytics/alerts/crossings'
import type { AlertRow, AlertRuleRow } from '../store/repositories/alerts'
import type { Store } from '../store/store'
import type { RequestContext } from './context'
import { askMethod } from './ask'
import { addHours, DAY_MS, startOfUtcHour } from '../time/buckets'

/**
 * Alerts as the service runs them: each rule's reading asked of the very methods the window shows
 * (so an alert's figure is the figure on screen), its crossing told by analytics/alerts, what fired
 * kept in the inbox and handed to the listeners (the desktop's system notifications).
 */

export type AlertView = ReturnType<typeof alertView>

export const alertView = (a: AlertRow) => ({
  id: a.id,
  rule_id: a.ruleId,
  rule_name: a.ruleName,
  kind: a.kind as AlertRuleDefinition['kind'],
  at: a.at,
  title: a.title,
  evidence: JSON.parse(a.evidence) as Record<string, string | number | null>,
  link: a.link,
  read: a.read,
})

export const definitionOf = (r: AlertRuleRow): AlertRuleDefinition => alertRuleDefinition.parse(JSON.parse(r.definition))

export function ruleView(r: AlertRuleRow, lastFired: Map<string, string>) {
  const rule = definitionOf(r)
  return {
    id: r.id,
    name: r.name,
    kind: rule.kind,
    rule: rule as unknown as Record<string, unknown>,
    muted: r.muted,
    condition: conditionOf(rule),
    crossed: r.state === null ? null : crossedOf(JSON.parse(r.state) as AlertState),
    evaluated_at: r.evaluatedAt,
    last_fired_at: lastFired.get(r.id) ?? null,
    created_at: r.createdAt,
  }
}

const crossedOf = (s: AlertState): boolean =>
  'crossed' in s ? s.crossed : 'crossedItems' in s ? s.crossedItems.length > 0 : 'inTop' in s ? s.inTop : false

/** Items a tracked-change rule reads of a list at most (pages of 200). */
const MAX_ITEMS_READ = 1_000
/** Keywords of a mention list a new-trend rule looks for at most. */
const MAX_KEYWORDS = 200

/** What the store holds now for a rule. */
export async function readingOf(ctx: RequestContext, rule: AlertRuleDefinition): Promise<Reading> {
  switch (rule.kind) {
    case 'volatility': {
      const latest = ctx.store.signalWriter.latestObservation()
      if (latest === null) return { kind: 'volatility', market: rule.country, index: null, day: null }
      const from = new Date(latest * 1000 - 2 * DAY_MS).toISOString().slice(0, 10)
      const answer = await askMethod(ctx, 'appVolatilityHistory', { query: { country: rule.country, granularity: 'day', ...(rule.format_group ? { category: rule.format_group } : {}), date_from: from } }) as { points: Array<{ bucket: string; volatility_index: number }> }
      const last = answer.points.at(-1)
      return { kind: 'volatility', market: rule.country, index: last?.volatility_index ?? null, day: last?.bucket.slice(0, 10) ?? null }
    }
    case 'tracked_change': {
      const head = ctx.store.tracking.head(rule.list_id)
      if (!head) return { kind: 'tracked_change', listName: '(a list removed)', items: [] }
      const items: Array<{ key: string; name: string; impressions: number; deltaPct: number | null }> = []
      for (let offset = 0; offset < MAX_ITEMS_READ; offset += 200) {
        const page = await askMethod(ctx, 'getTrackingMetrics', { params: { list_id: rule.list_id }, query: { period: rule.window, limit: '200', offset: String(offset) } }) as {
          items: Array<{ key: string; name: string; impressions: number; delta_pct: number | null }>
          total: number
        }
        items.push(...page.items.map((i) => ({ key: i.key, name: i.name, impressions: i.impressions, deltaPct: i.delta_pct })))
        if (offset + 200 >= page.total) break
      }
      return { kind: 'tracked_change', listName: head.name, items }
    }
    case 'new_trend': {
      const head = ctx.store.tracking.head(rule.list_id)
      if (!head) return { kind: 'new_trend', listName: '(a list removed)', trends: [] }
      const found = new Map<string, { id: string; label: string; keyword: string; articles: number }>()
      // the longest keyword first: a trend matching several is told with the most telling one
      const keywords = ctx.store.tracking.itemsWithoutCounts(rule.list_id).slice(0, MAX_KEYWORDS).map((i) => i.key.trim())
      for (const keyword of keywords.sort((a, b) => b.length - a.length || a.localeCompare(b))) {
        if (keyword.length < 2) continue
        const matching = ctx.store.trends.matching({ search: keyword, ...(rule.country === 'all' ? {} : { country: rule.country }) })
        for (const t of matching) if (!found.has(t.id)) found.set(t.id, { id: t.id, label: '', keyword, articles: t.articleCount })
      }
      const labels = ctx.store.trends.labels([...found.keys()])
      for (const t of found.values()) t.label = labels.get(t.id) ?? t.id
      return { kind: 'new_trend', listName: head.name, trends: [...found.values()].sort((a, b) => a.id.localeCompare(b.id)) }
    }
    case 'publisher_rank': {
      // the window's 24 hours (its link's period=24h): the 24 hourly buckets up to the current one, included
      const to = addHours(startOfUtcHour(ctx.now), 1)
      const from = new Date(to.getTime() - DAY_MS)
      const answer = await askMethod(ctx, 'appLeaders', { query: { kind: 'publisher', country: rule.country, date_from: from.toISOString(), date_to: to.toISOString(), limit: '100' } }) as {
        leaders: Array<{ key: string; impressions: number }>
      }
      const at = answer.leaders.findIndex((l) => l.key === rule.domain)
      return { kind: 'publisher_rank', rank: at < 0 ? null : at + 1, impressions: at < 0 ? 0 : answer.leaders[at]!.impressions, ranked: answer.leaders.length }
    }
  }
}

/** Those told of every alert that fires (the desktop's notifications), per store. */
const listeners = new WeakMap<Store, Set<(alert: AlertView) => void>>()

export function onAlert(store: Store, listener: (alert: AlertView) => void): () => void {
  const set = listeners.get(store) ?? new Set()
  listeners.set(store, set)
  set.add(listener)
  return () => set.delete(listener)
}

/**
 * One rule evaluated and its state kept: what fired is in the inbox (a muted rule keeps its state
 * and fires nothing). Returns what fired.
 */
export async function evaluateAlertRule(ctx: RequestContext, row: AlertRuleRow): Promise<AlertView[]> {
  const rule = definitionOf(row)
  const previous = row.state === null ? null : (JSON.parse(row.state) as AlertState)
  const evaluation = evaluateRule(rule, await readingOf(ctx, rule), previous)
  const fired = row.muted ? [] : evaluation.fired.map((f) => ({ id: randomUUID(), title: f.title, evidence: JSON.stringify(f.evidence), link: f.link }))
  const now = ctx.now.toISOString()
  ctx.store.alerts.recordEvaluation(row.id, JSON.stringify(evaluation.state), now, fired)
  return fired.map((f) => alertView({ ...f, ruleId: row.id, at: now, read: false, ruleName: row.name, kind: row.kind }))
}

/**
 * Every rule evaluated (after an import, a sync, a recompute; or asked): a rule that cannot be
 * read now (its list removed, the store busy) is reported and tried again the next time.
 */
/** The evaluation under way per store: the next waits for it (a crossing seen by two at once would fire twice). */
const evaluating = new WeakMap<Store, Promise<unknown>>()

export function evaluateAlerts(ctx: RequestContext, log: (message: string) => void = (m) => console.error(m)): Promise<{ fired: AlertView[]; evaluated: number }> {
  const previous = evaluating.get(ctx.store) ?? Promise.resolve()
  const next = previous.catch(() => undefined).then(() => evaluateEveryRule(ctx, log))
  evaluating.set(ctx.store, next)
  return next
}

async function evaluateEveryRule(ctx: RequestContext, log: (message: string) => void): Promise<{ fired: AlertView[]; evaluated: number }> {
  const fired: AlertView[] = []
  let evaluated = 0
  for (const row of ctx.store.alerts.rules()) {
    if (!ctx.store.sqlite.open) break
    try {
      fired.push(...(await evaluateAlertRule(ctx, row)))
      evaluated++
    } catch (error) {
      log(`The alert “${row.name}” could not be evaluated: ${(error as Error).message}`)
    }
  }
  for (const alert of fired) {
    for (const listener of listeners.get(ctx.store) ?? []) {
      try {
        listener(alert)
      } catch (error) {
        log(`Telling of the alert “${alert.title}” failed: ${(error as Error).message}`)
      }
    }
  }
  return { fired, evaluated }
}
