import { randomUUID } from 'node:crypto'
import type { AlertRuleDefinition } from '../../../../shared/contract/alerts'
import { ApiError, ValidationApiError } from '../../errors'
import type { AlertRuleRow } from '../../store/repositories/alerts'
import { alertView, evaluateAlertRule, evaluateAlerts, ruleView } from '../alerts'
import type { RequestContext } from '../context'
import type { HandlerMap } from '../handler-types'
import { ownList } from '../tracking/access'

/** At most this many alert rules: each is read after every import. */
export const MAX_ALERT_RULES = 100

function known(ctx: RequestContext, id: string): AlertRuleRow {
  const rule = ctx.store.alerts.rule(id)
  if (!rule) throw new ApiError(404, 'No alert rule of that id.')
  return rule
}

/** A rule's list must be the caller's and of the kind the rule reads. */
function checkList(ctx: RequestContext, rule: AlertRuleDefinition): void {
  if (rule.kind !== 'tracked_change' && rule.kind !== 'new_trend') return
  const owner = ownList(ctx, rule.list_id)
  if (rule.kind === 'new_trend' && owner.kind !== 'mention') {
    throw new ValidationApiError([{ loc: ['body', 'rule', 'list_id'], msg: 'A new trend is matched against the keywords of a mention list: choose one', type: 'value_error' }])
  }
  if (rule.kind === 'tracked_change' && owner.kind === 'trend') {
    throw new ValidationApiError([{ loc: ['body', 'rule', 'list_id'], msg: 'A trend list has no change of impressions (the contract leaves its delta_pct null): choose another list', type: 'value_error' }])
  }
}

const viewOf = (ctx: RequestContext, id: string) => ruleView(known(ctx, id), ctx.store.alerts.lastFired())

export const alertHandlers: HandlerMap<'appAlerts' | 'appReadAlerts' | 'appEvaluateAlerts' | 'appAlertRules' | 'appCreateAlertRule' | 'appUpdateAlertRule' | 'appRemoveAlertRule'> = {
  appAlerts(ctx, { query }) {
    const { total, unread } = ctx.store.alerts.counts()
    return { alerts: ctx.store.alerts.inbox(query.unread, query.limit).map(alertView), total, unread }
  },

  appReadAlerts(ctx, { body }) {
    const marked = ctx.store.alerts.markRead(body.ids ?? null)
    return { marked, unread: ctx.store.alerts.counts().unread }
  },

  async appEvaluateAlerts(ctx) {
    return evaluateAlerts(ctx)
  },

  appAlertRules(ctx) {
    const lastFired = ctx.store.alerts.lastFired()
    return { rules: ctx.store.alerts.rules().map((r) => ruleView(r, lastFired)) }
  },

  async appCreateAlertRule(ctx, { body }) {
    checkList(ctx, body.rule)
    if (ctx.store.alerts.ruleCount() >= MAX_ALERT_RULES) throw new ApiError(409, `${MAX_ALERT_RULES} alert rules are kept already: remove one first.`)
    const id = randomUUID()
    ctx.store.alerts.createRule({ id, name: body.name, kind: body.rule.kind, definition: JSON.stringify(body.rule), muted: body.muted ?? false, now: ctx.now.toISOString() })
    // what is there now is its starting point: it fires on a change after it
    await evaluateAlertRule(ctx, known(ctx, id)).catch(() => undefined)
    return { rule: viewOf(ctx, id) }
  },

  async appUpdateAlertRule(ctx, { params, body }) {
    known(ctx, params.rule_id)
    if (body.rule) checkList(ctx, body.rule)
    const now = ctx.now.toISOString()
    ctx.store.alerts.updateRule(
      params.rule_id,
      {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.muted !== undefined ? { muted: body.muted } : {}),
        // another rule starts from what is there now
        ...(body.rule ? { kind: body.rule.kind, definition: JSON.stringify(body.rule), state: null, evaluatedAt: null } : {}),
      },
      now,
    )
    if (body.rule) await evaluateAlertRule(ctx, known(ctx, params.rule_id)).catch(() => undefined)
    return { rule: viewOf(ctx, params.rule_id) }
  },

  appRemoveAlertRule(ctx, { params }) {
    known(ctx, params.rule_id)
    ctx.store.alerts.removeRule(params.rule_id)
    return { removed: params.rule_id }
  },
}
