import type { ActivityData } from '../activity/activity-data'

/**
 * A period as every method and screen counts it (docs/contract-decisions.md, "One window"): the
 * hourly buckets that start in it. A preset of N days is the last N x 24 of them, the running hour
 * included (the tracking methods' 24h, 7d and 30d are the same buckets); custom days are whole UTC
 * days. Figures read whole days off the activity index's daily cells and the hours at each end off
 * the feed's own sightings (EdgeSighting), so a period from 13:00 counts from 13:00. Pure.
 */

/** Hourly buckets [fromHour, toHour) (hours since the epoch); null: open. */
export interface PeriodHours {
  fromHour: number | null
  toHour: number | null
}

/** The first hourly bucket that starts at or after an instant (epoch seconds). */
const hourAtOrAfter = (seconds: number) => Math.ceil(seconds / 3600)

/** A period from its instants (epoch seconds; either open). */
export const periodHours = (from: number | undefined, to: number | undefined): PeriodHours => ({
  fromHour: from === undefined ? null : hourAtOrAfter(from),
  toHour: to === undefined ? null : hourAtOrAfter(to),
})

/** Whole days of a period, days since 1970-01-01: from inclusive, to exclusive; null: open. */
export interface DayRange {
  fromDay: number | null
  toDay: number | null
}

/** One article's sightings in one country over some hours of one day: what a daily cell holds for a whole day. */
export interface EdgeSighting {
  seq: number
  country: string
  impressions: number
  observations: number
  positionSum: number
  bestPosition: number
  /** epoch seconds */
  firstSeen: number
  lastSeen: number
}

/** A period ready to be read: its whole days, the days it touches, and its end hours' sightings by article. */
export interface Period {
  /** the whole days inside it: read off the daily cells */
  days: DayRange
  /** every day it touches, partly or wholly (where its articles live) */
  touched: DayRange
  /** the hour ranges at its ends that are not whole days, read from the sightings */
  edgeHours: Array<[number, number]>
  /** the sightings of those hours, by article seq */
  edges: Map<number, EdgeSighting[]>
  /** the feed's countries it counts (null: every one) */
  countries: ReadonlySet<string> | null
}

/** The parts of a period: its whole days and the hour ranges at its ends. */
export function periodParts(p: PeriodHours): { days: DayRange; touched: DayRange; edgeHours: Array<[number, number]> } {
  const fromDay = p.fromHour === null ? null : Math.ceil(p.fromHour / 24)
  const toDay = p.toHour === null ? null : Math.floor(p.toHour / 24)
  const touched = { fromDay: p.fromHour === null ? null : Math.floor(p.fromHour / 24), toDay: p.toHour === null ? null : Math.ceil(p.toHour / 24) }
  if (fromDay !== null && toDay !== null && toDay <= fromDay) {
    // within one day, or across one midnight: all of it in hours, a range a day
    if (p.toHour! <= p.fromHour!) return { days: { fromDay: 0, toDay: 0 }, touched, edgeHours: [] }
    const midnight = fromDay * 24
    const edgeHours: Array<[number, number]> = p.fromHour! < midnight && p.toHour! > midnight ? [[p.fromHour!, midnight], [midnight, p.toHour!]] : [[p.fromHour!, p.toHour!]]
    return { days: { fromDay: 0, toDay: 0 }, touched, edgeHours }
  }
  const edgeHours: Array<[number, number]> = []
  if (p.fromHour !== null && fromDay! * 24 > p.fromHour) edgeHours.push([p.fromHour, fromDay! * 24])
  if (p.toHour !== null && p.toHour > toDay! * 24) edgeHours.push([toDay! * 24, p.toHour])
  return { days: { fromDay, toDay }, touched, edgeHours }
}

/** A period with its end hours' sightings (read by the store for `edgeHours`), counting the given countries or all. */
export function readyPeriod(p: PeriodHours, sightings: readonly EdgeSighting[], countries: readonly string[] | null = null): Period {
  const parts = periodParts(p)
  const wanted = countries === null ? null : new Set(countries)
  const edges = new Map<number, EdgeSighting[]>()
  for (const s of sightings) {
    if (wanted && !wanted.has(s.country)) continue
    const list = edges.get(s.seq)
    if (list) list.push(s)
    else edges.set(s.seq, [s])
  }
  return { ...parts, edges, countries: wanted }
}

/** The range's ends as numbers to compare days with (an open end: unbounded). */
export const daySpan = (range: DayRange): [number, number] => [range.fromDay ?? Number.NEGATIVE_INFINITY, range.toDay ?? Number.POSITIVE_INFINITY]

/** An article's figures in a period, summed over its cells (every country the period counts). */
export interface CellSums {
  impressions: number
  observations: number
  positionSum: number
  /** Infinity: not seen */
  bestPosition: number
  firstSeen: number
  lastSeen: number
  /** the countries whose feeds showed it, each with its impressions there */
  countries: Map<string, number>
}

/**
 * An article's (index number `a`) cells in the period: its daily cells of the whole days and its
 * sightings in the end hours, in the period's countries; null when it was not seen in the period.
 * With `withCountries` false, the countries are not collected.
 */
export function articleInPeriod(data: ActivityData, a: number, period: Period, withCountries = true): CellSums | null {
  const [from, to] = daySpan(period.days)
  const d = data.days
  const countryCodes = data.countries.list
  let sums: CellSums | null = null
  const add = (country: string, impressions: number, observations: number, positionSum: number, best: number, first: number, last: number) => {
    sums ??= { impressions: 0, observations: 0, positionSum: 0, bestPosition: Number.POSITIVE_INFINITY, firstSeen: Number.POSITIVE_INFINITY, lastSeen: Number.NEGATIVE_INFINITY, countries: new Map() }
    sums.impressions += impressions
    sums.observations += observations
    sums.positionSum += positionSum
    if (best < sums.bestPosition) sums.bestPosition = best
    if (first < sums.firstSeen) sums.firstSeen = first
    if (last > sums.lastSeen) sums.lastSeen = last
    if (withCountries) sums.countries.set(country, (sums.countries.get(country) ?? 0) + impressions)
  }
  if (to > from && !(data.whole.lastDay[a]! < from || data.whole.firstDay[a]! >= to)) {
    for (let k = d.start[a]!; k < d.start[a + 1]!; k++) {
      const day = d.day[k]!
      if (day < from || day >= to) continue
      const country = countryCodes[d.country[k]!]!
      if (period.countries && !period.countries.has(country)) continue
      add(country, d.impressions[k]!, d.observations[k]!, d.positionSum[k]!, d.bestPosition[k]!, d.firstSeen[k]!, d.lastSeen[k]!)
    }
  }
  for (const s of period.edges.get(data.seq[a]!) ?? []) add(s.country, s.impressions, s.observations, s.positionSum, s.bestPosition, s.firstSeen, s.lastSeen)
  return sums
}
