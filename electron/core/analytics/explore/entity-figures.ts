import { lifeFirstOf, lifeLastOf, membersOf, type ActivityData } from '../activity/activity-data'
import type { DayRange } from './group-figures'

/** Which articles and cells count: days of the window, the markets' countries (null: all), one language (null: any). */
export interface EntityScope {
  range: DayRange
  /** country string numbers of the activity index */
  countries: ReadonlySet<number> | null
  /** language string number; -1 when the index has no article of that language */
  lang: number | null
}

export interface EntityFigures {
  publications: number
  impressions: number
  /** trend string numbers with how many of the publications are theirs, most first, ties by number */
  trends: Array<{ trend: number; publications: number }>
  /** epoch seconds of the first and last sighting in scope; null: none */
  firstSeen: number | null
  lastSeen: number | null
}

export interface EntityDay {
  day: number
  publications: number
  impressions: number
}

const span = (range: DayRange): [number, number] => [range.fromDay ?? Number.NEGATIVE_INFINITY, range.toDay ?? Number.POSITIVE_INFINITY]

/**
 * One article's figures in scope: whether it was seen, its impressions, first and last sighting.
 * An article whose every day lies in the window, in any country, counts its whole-life sums.
 */
function articleInScope(data: ActivityData, a: number, scope: EntityScope, from: number, to: number, onDay?: (day: number, impressions: number) => void) {
  if (scope.lang !== null && data.lang[a] !== scope.lang) return null
  const { whole, days } = data
  const first = whole.firstDay[a]!
  const last = whole.lastDay[a]!
  if (first > last || last < from || first >= to) return null
  if (scope.countries === null && first >= from && last < to && !onDay) {
    return { impressions: whole.impressions[a]!, firstSeen: lifeFirstOf(data, a), lastSeen: lifeLastOf(data, a) }
  }
  let seen = false
  let impressions = 0
  let firstSeen = Number.POSITIVE_INFINITY
  let lastSeen = Number.NEGATIVE_INFINITY
  for (let k = days.start[a]!; k < days.start[a + 1]!; k++) {
    const day = days.day[k]!
    if (day < from || day >= to || (scope.countries !== null && !scope.countries.has(days.country[k]!))) continue
    seen = true
    impressions += days.impressions[k]!
    if (days.firstSeen[k]! < firstSeen) firstSeen = days.firstSeen[k]!
    if (days.lastSeen[k]! > lastSeen) lastSeen = days.lastSeen[k]!
    onDay?.(day, days.impressions[k]!)
  }
  return seen ? { impressions, firstSeen, lastSeen } : null
}

/** An entity's figures in scope (entity: its string number in the index). */
export function entityFigures(data: ActivityData, entity: number, scope: EntityScope, onDay?: (article: number, day: number, impressions: number) => void): EntityFigures {
  const [from, to] = span(scope.range)
  const members = membersOf(data.byEntity, entity)
  let publications = 0
  let impressions = 0
  let firstSeen = Number.POSITIVE_INFINITY
  let lastSeen = Number.NEGATIVE_INFINITY
  const byTrend = new Map<number, number>()
  for (let i = 0; i < members.length; i++) {
    const a = members[i]!
    const f = articleInScope(data, a, scope, from, to, onDay && ((day, imp) => onDay(a, day, imp)))
    if (!f) continue
    publications++
    impressions += f.impressions
    if (f.firstSeen < firstSeen) firstSeen = f.firstSeen
    if (f.lastSeen > lastSeen) lastSeen = f.lastSeen
    const trend = data.trend[a]!
    if (trend >= 0) byTrend.set(trend, (byTrend.get(trend) ?? 0) + 1)
  }
  const trends = [...byTrend].map(([trend, n]) => ({ trend, publications: n })).sort((x, y) => y.publications - x.publications || x.trend - y.trend)
  return {
    publications,
    impressions: Math.round(impressions),
    trends: trends.slice(0, 3),
    firstSeen: publications > 0 ? firstSeen : null,
    lastSeen: publications > 0 ? lastSeen : null,
  }
}

/** An entity's publications and impressions per day in scope, every day from its first to its last (zeros included). */
export function entityDaily(data: ActivityData, entity: number, scope: EntityScope): EntityDay[] {
  const byDay = new Map<number, { articles: Set<number>; impressions: number }>()
  entityFigures(data, entity, scope, (article, day, impressions) => {
    let d = byDay.get(day)
    if (!d) byDay.set(day, (d = { articles: new Set(), impressions: 0 }))
    d.articles.add(article)
    d.impressions += impressions
  })
  if (byDay.size === 0) return []
  const days = [...byDay.keys()]
  const first = Math.min(...days)
  const last = Math.max(...days)
  return Array.from({ length: last - first + 1 }, (_, i) => {
    const d = byDay.get(first + i)
    return { day: first + i, publications: d?.articles.size ?? 0, impressions: Math.round(d?.impressions ?? 0) }
  })
}

/** Every article's figures in scope at once (seen: 0 or 1), for ranking many entities: each article is read once, not once per entity naming it. */
export interface ArticlesInScope {
  seen: Uint8Array
  impressions: Float64Array
}

export function articlesInScope(data: ActivityData, scope: EntityScope): ArticlesInScope {
  const [from, to] = span(scope.range)
  const n = data.seq.length
  const out: ArticlesInScope = { seen: new Uint8Array(n), impressions: new Float64Array(n) }
  for (let a = 0; a < n; a++) {
    const f = articleInScope(data, a, scope, from, to)
    if (!f) continue
    out.seen[a] = 1
    out.impressions[a] = f.impressions
  }
  return out
}

/** An entity's publications and impressions from every article's figures in scope. */
export function entityTotals(data: ActivityData, entity: number, articles: ArticlesInScope): { publications: number; impressions: number } {
  const members = membersOf(data.byEntity, entity)
  let publications = 0
  let impressions = 0
  for (let i = 0; i < members.length; i++) {
    const a = members[i]!
    if (articles.seen[a] === 0) continue
    publications++
    impressions += articles.impressions[a]!
  }
  return { publications, impressions: Math.round(impressions) }
}
