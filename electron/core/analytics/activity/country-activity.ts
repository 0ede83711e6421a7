import { membersOf, type ActivityData } from './activity-data'
import { candidatesOfStretch, type HourRow } from './window-activity'
import { livesOutside, nextAtLeast } from './living-range'

/**
 * An entity's publications and impressions per country (the regions method's `entity`), from the
 * activity index: whole days from the daily cells of the entity's articles, or hours from the
 * hourly cells read. A publication counts once per country it was seen in. Pure.
 */

export type CountryActivity = Map<string, { publications: number; impressions: number }>

/** The articles of some entities (ids), each once. */
export function articlesOfEntities(data: ActivityData, entityIds: readonly string[]): Int32Array {
  const lists = entityIds.flatMap((id) => {
    const e = data.entityIds.find(id)
    return e === undefined ? [] : [membersOf(data.byEntity, e)]
  })
  if (lists.length === 1) return lists[0]!
  return Int32Array.from(new Set(lists.flatMap((l) => [...l]))).sort()
}

/** Activity per country over the days from `fromDay` on (daily cells). */
export function countryActivityFromDay(data: ActivityData, articles: Int32Array, fromDay: number): CountryActivity {
  const countries = data.countries.list.length
  const imps = new Float64Array(countries)
  const pubs = new Float64Array(countries)
  const lastArticle = new Int32Array(countries).fill(-1)
  const d = data.days
  for (const a of articles) {
    if (data.whole.lastDay[a]! < fromDay) continue
    for (let k = d.start[a]!; k < d.start[a + 1]!; k++) {
      if (d.day[k]! < fromDay) continue
      const c = d.country[k]!
      imps[c] = imps[c]! + d.impressions[k]!
      if (lastArticle[c] !== a) {
        lastArticle[c] = a
        pubs[c] = pubs[c]! + 1
      }
    }
  }
  return byCountry(data, imps, pubs)
}

/**
 * Activity per country over the hours of the rows given (hourly cells). Cells are sorted by seq
 * within a row, so each row is searched for the entity's seqs (ascending, by galloping) instead
 * of walking all its cells: the work follows the entity's articles of those days, not every
 * article of the feed. Only articles living on the rows' days (in their stretch of the index) are
 * looked for, unless the index is `behind` (rows newer than the index may hold cells of days it
 * has not taken in).
 */
export function countryActivityInHours(data: ActivityData, articles: Int32Array, hourRows: readonly HourRow[], behind = false): CountryActivity {
  if (hourRows.length === 0 || articles.length === 0) return new Map()
  let firstHour = Number.POSITIVE_INFINITY
  let lastHour = Number.NEGATIVE_INFINITY
  for (const row of hourRows) {
    if (row.hour < firstHour) firstHour = row.hour
    if (row.hour > lastHour) lastHour = row.hour
  }
  const fromDay = Math.floor(firstHour / 24)
  const toDay = Math.floor(lastHour / 24) + 1
  const living: number[] = []
  for (const a of candidatesOfStretch(data, articles, { fromHour: firstHour, toHour: lastHour + 1 }, behind)) {
    if (behind || !livesOutside(data, a, fromDay, toDay)) living.push(data.seq[a]!)
  }
  const wanted = Int32Array.from(living).sort()
  // per country: impressions, and which of the wanted articles were seen there (a publication counts once)
  const byCountry = new Map<string, { impressions: number; seen: Uint8Array }>()
  for (const row of hourRows) {
    const seqs = asInt32(row.cells.seqs)
    let country = byCountry.get(row.country)
    let at = 0
    for (let j = 0; j < wanted.length && at < seqs.length; j++) {
      at = nextAtLeast(seqs, wanted[j]!, at)
      for (; at < seqs.length && seqs[at] === wanted[j]; at++) {
        if (!country) byCountry.set(row.country, (country = { impressions: 0, seen: new Uint8Array(wanted.length) }))
        country.impressions += row.cells.impressions[at]!
        country.seen[j] = 1
      }
    }
  }
  return new Map([...byCountry].map(([country, { impressions, seen }]) => [country, { publications: seen.reduce((sum, s) => sum + s, 0), impressions }]))
}

/** Sorted seqs as the halving reads them (a view, no copy, of the decoded cells). */
const asInt32 = (values: ArrayLike<number>): Int32Array =>
  values instanceof Int32Array ? values : values instanceof Uint32Array ? new Int32Array(values.buffer, values.byteOffset, values.length) : Int32Array.from(values)

function byCountry(data: ActivityData, imps: Float64Array, pubs: Float64Array): CountryActivity {
  const out: CountryActivity = new Map()
  data.countries.list.forEach((country, c) => {
    if (pubs[c]! > 0) out.set(country, { publications: pubs[c]!, impressions: imps[c]! })
  })
  return out
}

const ends = new WeakMap<ActivityData, number>()

/** The hour after the last day with cells, for windows that run to the end of the data. */
export function endOfData(data: ActivityData): number {
  let end = ends.get(data)
  if (end === undefined) {
    let last = -1
    for (let a = 0; a < data.seq.length; a++) if (data.whole.lastDay[a]! > last) last = data.whole.lastDay[a]!
    ends.set(data, (end = (last + 1) * 24))
  }
  return end
}
