import { z } from 'zod'
import { countryOrAllParam, intParam, uuidParam } from './params'
import { formatGroups } from './values'

/**
 * Alerts: thresholds the store watches after every import, sync and recompute. A rule fires once
 * when its threshold is crossed (and again only after it was uncrossed), into the inbox and, on
 * desktop, as a system notification.
 */

export const alertKinds = ['volatility', 'tracked_change', 'new_trend', 'publisher_rank'] as const
export type AlertKind = (typeof alertKinds)[number]

/** A market: a two-letter code, or all (the default). */
const market = countryOrAllParam

const ruleName = z.string().trim().min(1, 'Give the alert a name').max(80, 'A name of at most 80 characters')

/** The volatility index of a market (or a format group of it) at or above a value. */
const volatilityRule = z.object({
  kind: z.literal('volatility'),
  country: market,
  format_group: z.enum(formatGroups).nullable().optional().transform((g) => g ?? null),
  /** the index (0-100) at or above which the alert fires */
  threshold: z.number().min(0).max(100),
})

/** A tracked item's impressions over the last 24 hours (or 7 days) changed by at least a percentage against the window before. */
const trackedChangeRule = z.object({
  kind: z.literal('tracked_change'),
  list_id: z.uuid({ error: 'Input should be a valid UUID' }),
  /** one item's key; none: any item of the list */
  item: z.string().trim().min(1).max(300).nullable().optional().transform((i) => i ?? null),
  window: z.enum(['24h', '7d']).optional().transform((w) => w ?? '24h'),
  /** the change in percent (of the window before) at which the alert fires */
  threshold_pct: z.number().positive('A change above 0 %').max(10_000),
  direction: z.enum(['up', 'down', 'either']).optional().transform((d) => d ?? 'either'),
})

/** A trend that appears with a label or key entity matching a keyword of a mention list. */
const newTrendRule = z.object({
  kind: z.literal('new_trend'),
  list_id: z.uuid({ error: 'Input should be a valid UUID' }),
  country: market,
})

/** A publisher entering or leaving the top N of a market by impressions over the last 24 hours. */
const publisherRankRule = z.object({
  kind: z.literal('publisher_rank'),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z0-9-]{1,63}$/, 'A domain, e.g. example.com'),
  country: market,
  top: z.number().int().min(1).max(100),
})

export const alertRuleDefinition = z.discriminatedUnion('kind', [volatilityRule, trackedChangeRule, newTrendRule, publisherRankRule], {
  error: `Input should be one of: ${alertKinds.join(', ')}`,
})
export type AlertRuleDefinition = z.infer<typeof alertRuleDefinition>

export const createAlertRuleBody = z.object({ name: ruleName, rule: alertRuleDefinition, muted: z.boolean().optional() })
export const updateAlertRuleBody = z.object({ name: ruleName.optional(), muted: z.boolean().optional(), rule: alertRuleDefinition.optional() })

export const alertRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(alertKinds),
  /** the rule as it was written (kind and thresholds) */
  rule: z.record(z.string(), z.unknown()),
  muted: z.boolean(),
  /** the rule's condition as a sentence ("Volatility in DE at or above 60") */
  condition: z.string(),
  /** whether its threshold is crossed now (null: not evaluated yet) */
  crossed: z.boolean().nullable(),
  evaluated_at: z.string().nullable(),
  last_fired_at: z.string().nullable(),
  created_at: z.string(),
})

export const alertSchema = z.object({
  id: z.string(),
  rule_id: z.string(),
  rule_name: z.string(),
  kind: z.enum(alertKinds),
  at: z.string(),
  /** what happened, in a sentence */
  title: z.string(),
  /** the figures behind it, by name */
  evidence: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** where the window shows it */
  link: z.string(),
  read: z.boolean(),
})

export const alertsQuery = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'Input should be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  limit: intParam({ default: 100, min: 1, max: 500 }),
})
export const alertsResponse = z.object({ alerts: z.array(alertSchema), unread: z.number().int(), total: z.number().int() })
export const alertRulesResponse = z.object({ rules: z.array(alertRuleSchema) })
export const alertRuleResponse = z.object({ rule: alertRuleSchema })
export const alertRuleIdPath = z.object({ rule_id: uuidParam })
export const removedAlertRuleResponse = z.object({ removed: z.string() })
/** Alerts marked read: some by id, or all of them. */
export const readAlertsBody = z.object({ ids: z.array(z.uuid()).max(500).optional() })
export const readAlertsResponse = z.object({ marked: z.number().int(), unread: z.number().int() })
export const evaluateAlertsResponse = z.object({ fired: z.array(alertSchema), evaluated: z.number().int() })
