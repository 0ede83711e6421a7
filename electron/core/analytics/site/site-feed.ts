import { membersOf, type ActivityData } from '../activity/activity-data'

/**
 * A site (a publisher domain) in the feed, day by day: what the feed showed of it against what it
 * showed in all, in some countries. Pure, over the activity index's daily cells.
 */

/** Day numbers (days since the epoch), both ends included. */
export interface DaySpan {
  from: number
  to: number
}

export interface SiteFeedDay {
  day: number
  /** impressions of the site's articles in the feed that day (its countries) */
  site: number
  /** impressions of every article that day (the same countries) */
  feed: number
  /** the site's articles with impressions that day */
  articles: number
}

/** The country numbers of the index for codes (null: every country). */
function countryNumbers(data: ActivityData, countries: readonly string[] | null): Set<number> | null {
  if (countries === null) return null
  const numbers = new Set<number>()
  for (const c of countries) {
    const n = data.countries.find(c)
    if (n !== undefined) numbers.add(n)
  }
  return numbers
}

const feedDaysOf = new WeakMap<ActivityData, Map<string, Map<number, number>>>()

/** The feed's impressions per day in the countries, summed once per index and set of countries. */
function feedByDay(data: ActivityData, countries: Set<number> | null): Map<number, number> {
  const key = countries === null ? '*' : [...countries].sort((a, b) => a - b).join(',')
  let byKey = feedDaysOf.get(data)
  if (!byKey) feedDaysOf.set(data, (byKey = new Map()))
  let days = byKey.get(key)
  if (days) return days
  days = new Map()
  const cells = data.days
  for (let k = 0; k < cells.day.length; k++) {
    if (countries !== null && !countries.has(cells.country[k]!)) continue
    days.set(cells.day[k]!, (days.get(cells.day[k]!) ?? 0) + cells.impressions[k]!)
  }
  byKey.set(key, days)
  return days
}

/** The site's and the feed's impressions a day over the span, in the countries (null: all). */
export function siteFeedDays(data: ActivityData, domain: string, span: DaySpan, countries: readonly string[] | null): SiteFeedDay[] {
  const numbers = countryNumbers(data, countries)
  const feed = feedByDay(data, numbers)
  const site = new Map<number, { impressions: number; articles: number }>()
  const n = data.domains.find(domain)
  const members = n === undefined ? new Int32Array(0) : membersOf(data.byDomain, n)
  const cells = data.days
  for (const a of members) {
    let lastDay = -1
    for (let k = cells.start[a]!; k < cells.start[a + 1]!; k++) {
      const day = cells.day[k]!
      if (day < span.from || day > span.to || (numbers !== null && !numbers.has(cells.country[k]!))) continue
      const s = site.get(day) ?? site.set(day, { impressions: 0, articles: 0 }).get(day)!
      s.impressions += cells.impressions[k]!
      // cells are grouped by article, its days in order: one article counts once a day
      if (day !== lastDay && cells.impressions[k]! > 0) s.articles++
      lastDay = day
    }
  }
  const out: SiteFeedDay[] = []
  for (let day = span.from; day <= span.to; day++) out.push({ day, site: site.get(day)?.impressions ?? 0, feed: feed.get(day) ?? 0, articles: site.get(day)?.articles ?? 0 })
  return out
}

/** Whether the index holds any article of the domain. */
export const siteInFeed = (data: ActivityData, domain: string): boolean => {
  const n = data.domains.find(domain)
  return n !== undefined && membersOf(data.byDomain, n).length > 0
}

/** An article's impressions in the span (the countries), from its daily cells. */
function impressionsIn(data: ActivityData, a: number, span: DaySpan, countries: Set<number> | null): number {
  const cells = data.days
  let sum = 0
  for (let k = cells.start[a]!; k < cells.start[a + 1]!; k++) {
    const day = cells.day[k]!
    if (day >= span.from && day <= span.to && (countries === null || countries.has(cells.country[k]!))) sum += cells.impressions[k]!
  }
  return sum
}

/**
 * The site's peers: the other publishers of the trends its articles were in during the span, the
 * largest by their impressions in those trends first.
 */
export function sitePeers(data: ActivityData, domain: string, span: DaySpan, countries: readonly string[] | null, limit = 10): string[] {
  const numbers = countryNumbers(data, countries)
  const n = data.domains.find(domain)
  if (n === undefined) return []
  const trends = new Set<number>()
  for (const a of membersOf(data.byDomain, n)) if (data.trend[a]! >= 0 && impressionsIn(data, a, span, numbers) > 0) trends.add(data.trend[a]!)
  const byDomain = new Map<number, number>()
  for (const t of trends) {
    for (const a of membersOf(data.byTrend, t)) {
      const d = data.domain[a]!
      if (d === n) continue
      const imps = impressionsIn(data, a, span, numbers)
      if (imps > 0) byDomain.set(d, (byDomain.get(d) ?? 0) + imps)
    }
  }
  return [...byDomain]
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, limit)
    .map(([d]) => data.domains.list[d]!)
}

/** Impressions of several domains together, and of the feed, in the span (the countries). */
export function domainsShare(data: ActivityData, domains: readonly string[], span: DaySpan, countries: readonly string[] | null): { impressions: number; feed: number } {
  const numbers = countryNumbers(data, countries)
  let impressions = 0
  for (const domain of domains) {
    const n = data.domains.find(domain)
    if (n === undefined) continue
    for (const a of membersOf(data.byDomain, n)) impressions += impressionsIn(data, a, span, numbers)
  }
  const feed = feedByDay(data, numbers)
  let total = 0
  for (let day = span.from; day <= span.to; day++) total += feed.get(day) ?? 0
  return { impressions, feed: total }
}

/** The site's articles the feed showed in `before` and no longer in `after`: the stories it lost, the largest first (seqs and their impressions before). */
export function storiesThatLeft(data: ActivityData, domain: string, before: DaySpan, after: DaySpan, countries: readonly string[] | null, limit = 5): Array<{ seq: number; impressions: number }> {
  const numbers = countryNumbers(data, countries)
  const n = data.domains.find(domain)
  if (n === undefined) return []
  const left: Array<{ seq: number; impressions: number }> = []
  for (const a of membersOf(data.byDomain, n)) {
    const was = impressionsIn(data, a, before, numbers)
    if (was > 0 && impressionsIn(data, a, after, numbers) === 0) left.push({ seq: data.seq[a]!, impressions: was })
  }
  return left.sort((x, y) => y.impressions - x.impressions || x.seq - y.seq).slice(0, limit)
}
