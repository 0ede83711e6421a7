import type { AlertRuleDefinition } from '../../../../shared/contract/alerts'

/**
 * Whether an alert's threshold is crossed, and what fires: pure, over what the store read for the
 * rule (its reading) and what the last evaluation found (its state). A crossing fires once: it
 * fires again only after the reading went back under the threshold. The first evaluation (when the
 * rule is written) records what is there without firing: an alert tells of a change after it.
 */

export type Reading =
  | { kind: 'volatility'; market: string; index: number | null; day: string | null }
  | { kind: 'tracked_change'; listName: string; items: Array<{ key: string; name: string; impressions: number; deltaPct: number | null }> }
  | { kind: 'new_trend'; listName: string; trends: Array<{ id: string; label: string; keyword: string; articles: number }> }
  | { kind: 'publisher_rank'; rank: number | null; impressions: number; ranked: number }

export type AlertState = { crossed: boolean } | { crossedItems: string[] } | { seenTrends: string[] } | { inTop: boolean }

export interface Firing {
  title: string
  evidence: Record<string, string | number | null>
  link: string
}

export interface Evaluation {
  state: AlertState
  /** whether the threshold holds now (for the rule's list) */
  crossed: boolean
  fired: Firing[]
}

/** New trends remembered per rule at most (the oldest forgotten first). */
const MAX_SEEN_TRENDS = 5_000

const pct = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`
const where = (market: string) => (market === 'all' ? 'the whole feed' : market)

/** Whether a change crosses a rule's threshold in its direction. */
export function changeCrosses(deltaPct: number | null, threshold: number, direction: 'up' | 'down' | 'either'): boolean {
  if (deltaPct === null) return false
  if (direction === 'up') return deltaPct >= threshold
  if (direction === 'down') return deltaPct <= -threshold
  return Math.abs(deltaPct) >= threshold
}

/** A rule's condition in words, as its list says it. */
export function conditionOf(rule: AlertRuleDefinition): string {
  switch (rule.kind) {
    case 'volatility':
      return `Volatility of ${where(rule.country)}${rule.format_group ? ` (${rule.format_group})` : ''} at or above ${rule.threshold}`
    case 'tracked_change': {
      const change = rule.direction === 'up' ? `up by ${rule.threshold_pct} % or more` : rule.direction === 'down' ? `down by ${rule.threshold_pct} % or more` : `up or down by ${rule.threshold_pct} % or more`
      return `${rule.item ? `“${rule.item}”` : 'Any item'} of the list ${change} in ${rule.window === '24h' ? '24 hours' : '7 days'} against the ${rule.window === '24h' ? 'day' : 'week'} before`
    }
    case 'new_trend':
      return `A new trend matching the list's keywords in ${where(rule.country)}`
    case 'publisher_rank':
      return `${rule.domain} entering or leaving the top ${rule.top} of ${where(rule.country)} by impressions in 24 hours`
  }
}

export function evaluateRule(rule: AlertRuleDefinition, reading: Reading, previous: AlertState | null): Evaluation {
  if (rule.kind === 'volatility' && reading.kind === 'volatility') {
    const crossed = reading.index !== null && reading.index >= rule.threshold
    const before = previous && 'crossed' in previous ? previous.crossed : null
    const fired: Firing[] =
      crossed && before === false
        ? [
            {
              title: `Volatility of ${where(rule.country)}${rule.format_group ? ` (${rule.format_group})` : ''} reached ${reading.index} on ${reading.day} (at or above ${rule.threshold})`,
              evidence: { market: rule.country, format_group: rule.format_group, index: reading.index, day: reading.day, threshold: rule.threshold },
              link: `/signals?country=${rule.country === 'all' ? 'all' : rule.country}${reading.day ? `&bucket=${reading.day}` : ''}`,
            },
          ]
        : []
    return { state: { crossed }, crossed, fired }
  }
  if (rule.kind === 'tracked_change' && reading.kind === 'tracked_change') {
    const watched = rule.item === null ? reading.items : reading.items.filter((i) => i.key === rule.item)
    const now = watched.filter((i) => changeCrosses(i.deltaPct, rule.threshold_pct, rule.direction))
    const before = previous && 'crossedItems' in previous ? new Set(previous.crossedItems) : null
    const fired: Firing[] = before
      ? now
          .filter((i) => !before.has(i.key))
          .map((i) => ({
            title: `“${i.name}” of ${reading.listName}: impressions ${pct(i.deltaPct!)} in ${rule.window === '24h' ? '24 hours' : '7 days'} (threshold ${rule.threshold_pct} %)`,
            evidence: { list: reading.listName, item: i.key, impressions: i.impressions, delta_pct: i.deltaPct, window: rule.window, threshold_pct: rule.threshold_pct },
            link: `/tracking/${rule.list_id}?period=${rule.window}`,
          }))
      : []
    return { state: { crossedItems: now.map((i) => i.key).sort() }, crossed: now.length > 0, fired }
  }
  if (rule.kind === 'new_trend' && reading.kind === 'new_trend') {
    const seenBefore = previous && 'seenTrends' in previous ? previous.seenTrends : null
    const seen = new Set(seenBefore ?? [])
    const fresh = reading.trends.filter((t) => !seen.has(t.id))
    const fired: Firing[] = seenBefore
      ? fresh.map((t) => ({
          title: `New trend “${t.label}” matches “${t.keyword}” of ${reading.listName}`,
          evidence: { list: reading.listName, keyword: t.keyword, trend: t.label, trend_id: t.id, articles: t.articles, market: rule.country },
          link: `/trends/${t.id}`,
        }))
      : []
    const kept = [...(seenBefore ?? []), ...fresh.map((t) => t.id)].slice(-MAX_SEEN_TRENDS)
    return { state: { seenTrends: kept }, crossed: fresh.length > 0 && seenBefore !== null, fired }
  }
  if (rule.kind === 'publisher_rank' && reading.kind === 'publisher_rank') {
    const inTop = reading.rank !== null && reading.rank <= rule.top
    const before = previous && 'inTop' in previous ? previous.inTop : null
    const rankWords = reading.rank === null ? (reading.ranked === 0 ? 'no publisher seen' : `not among the first ${reading.ranked}`) : `rank ${reading.rank}`
    const fired: Firing[] =
      before !== null && before !== inTop
        ? [
            {
              title: `${rule.domain} ${inTop ? 'entered' : 'left'} the top ${rule.top} of ${where(rule.country)} (${rankWords}, ${reading.impressions.toLocaleString('en-US')} impressions in 24 hours)`,
              evidence: { domain: rule.domain, market: rule.country, rank: reading.rank, top: rule.top, impressions: reading.impressions, change: inTop ? 'entered' : 'left' },
              link: `/articles?domain=${encodeURIComponent(rule.domain)}${rule.country === 'all' ? '' : `&country=${rule.country}`}&period=24h&sort_by=impressions`,
            },
          ]
        : []
    return { state: { inTop }, crossed: inTop, fired }
  }
  throw new Error(`A ${reading.kind} reading for a ${rule.kind} rule`)
}
