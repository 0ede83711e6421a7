/**
 * Top categories (docs/signals.md): the categories with the largest reach in the 24 hours up to
 * the newest data, against the 24 hours before. Pure: the window's impressions per article and
 * the articles' category and publisher come in as plain data.
 */

export interface ArticleSum {
  impressions: number
}

export interface CategoryFacts {
  category: string
  domain: string
}

export interface TopCategory {
  category: string
  impressions: number
  publications: number
  publishers: number
  delta_pct: number | null
  share_of_impressions: number
}

/**
 * Categories by impressions in the window (ties by name), at most `limit`: publications and
 * publishers seen there, the change against the window before (null when it had nothing), and
 * the share of every impression of the window (articles without a category count in the whole).
 */
export function rankTopCategories(
  current: ReadonlyMap<number, ArticleSum>,
  previous: ReadonlyMap<number, ArticleSum>,
  facts: ReadonlyMap<number, CategoryFacts>,
  limit: number,
): TopCategory[] {
  let total = 0
  for (const s of current.values()) total += s.impressions
  const byCategory = new Map<string, { impressions: number; publications: number; domains: Set<string>; prevImpressions: number }>()
  const tally = (category: string) => {
    let c = byCategory.get(category)
    if (!c) byCategory.set(category, (c = { impressions: 0, publications: 0, domains: new Set(), prevImpressions: 0 }))
    return c
  }
  for (const [seq, s] of current) {
    const f = facts.get(seq)
    if (!f) continue
    const c = tally(f.category)
    c.impressions += s.impressions
    c.publications++
    c.domains.add(f.domain)
  }
  for (const [seq, s] of previous) {
    const f = facts.get(seq)
    if (f && byCategory.has(f.category)) byCategory.get(f.category)!.prevImpressions += s.impressions
  }
  return [...byCategory]
    .sort(([a, x], [b, y]) => y.impressions - x.impressions || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([category, c]) => ({
      category,
      impressions: c.impressions,
      publications: c.publications,
      publishers: c.domains.size,
      delta_pct: c.prevImpressions ? Math.round(((c.impressions - c.prevImpressions) / c.prevImpressions) * 1000) / 10 : null,
      share_of_impressions: total > 0 ? Math.round((c.impressions / total) * 10000) / 10000 : 0,
    }))
}
