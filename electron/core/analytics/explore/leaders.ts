import { membersOf, type ActivityData } from '../activity/activity-data'

/**
 * Winners and losers: the publishers, trends, entities or categories of a period's feed, by their
 * impressions in it and by their change against a period compared. Pure: the articles' impressions
 * of each period come in (periodArticles), the ranked groups go out.
 */

export type LeaderKind = 'publisher' | 'trend' | 'entity' | 'category'
export type LeaderOrder = 'impressions' | 'gain' | 'loss'

export interface Leader {
  key: string
  impressions: number
  articles: number
  /** impressions in the period compared (null: none compared) */
  before: number | null
  delta: number | null
}

/** The groups an article counts in (an article names several entities; a trend or category may be missing). */
function keysOf(data: ActivityData, kind: LeaderKind, a: number): string[] {
  switch (kind) {
    case 'publisher':
      return [data.domains.list[data.domain[a]!]!]
    case 'trend':
      return data.trend[a]! >= 0 ? [data.trends.list[data.trend[a]!]!] : []
    case 'category':
      return data.category[a]! >= 0 ? [data.categories.list[data.category[a]!]!] : []
    case 'entity':
      return Array.from(membersOf(data.entities, a), (e) => data.entityIds.list[e]!)
  }
}

function sums(data: ActivityData, kind: LeaderKind, articles: ReadonlyMap<number, { impressions: number; a: number }>): Map<string, { impressions: number; articles: number }> {
  const out = new Map<string, { impressions: number; articles: number }>()
  for (const { impressions, a } of articles.values()) {
    for (const key of keysOf(data, kind, a)) {
      const s = out.get(key) ?? out.set(key, { impressions: 0, articles: 0 }).get(key)!
      s.impressions += impressions
      s.articles++
    }
  }
  return out
}

/** The leaders of a period, ordered (ties by key), with the total of groups; `before` null: no comparison. */
export function leaders(
  data: ActivityData,
  kind: LeaderKind,
  now: ReadonlyMap<number, { impressions: number; a: number }>,
  before: ReadonlyMap<number, { impressions: number; a: number }> | null,
  order: LeaderOrder,
  limit: number,
): { rows: Leader[]; total: number } {
  const current = sums(data, kind, now)
  const earlier = before ? sums(data, kind, before) : null
  // a group that left the feed is a loser too: it is in the comparison only
  const keys = new Set([...current.keys(), ...(order === 'loss' && earlier ? earlier.keys() : [])])
  const rows: Leader[] = [...keys].map((key) => {
    const c = current.get(key) ?? { impressions: 0, articles: 0 }
    const b = earlier ? (earlier.get(key)?.impressions ?? 0) : null
    return { key, impressions: Math.round(c.impressions), articles: c.articles, before: b === null ? null : Math.round(b), delta: b === null ? null : Math.round(c.impressions - b) }
  })
  const by: Record<LeaderOrder, (x: Leader, y: Leader) => number> = {
    impressions: (x, y) => y.impressions - x.impressions,
    gain: (x, y) => (y.delta ?? 0) - (x.delta ?? 0),
    loss: (x, y) => (x.delta ?? 0) - (y.delta ?? 0),
  }
  rows.sort((x, y) => by[order](x, y) || x.key.localeCompare(y.key))
  return { rows: rows.slice(0, limit), total: rows.length }
}
