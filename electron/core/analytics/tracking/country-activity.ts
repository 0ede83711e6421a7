import { membersOf, type ActivityData } from './activity-data'
import type { HourRow } from './window-activity'

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

/** Activity per country over the hours of the rows given (hourly cells). */
export function countryActivityInHours(data: ActivityData, articles: Int32Array, hourRows: readonly HourRow[]): CountryActivity {
  const wanted = new Uint8Array(data.seq.length)
  for (const a of articles) wanted[a] = 1
  const imps = new Map<string, number>()
  const seen = new Map<string, Set<number>>()
  for (const row of hourRows) {
    const cells = row.cells
    for (let i = 0; i < cells.seqs.length; i++) {
      const seq = cells.seqs[i]!
      const a = seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1
      if (a < 0 || wanted[a] === 0) continue
      imps.set(row.country, (imps.get(row.country) ?? 0) + cells.impressions[i]!)
      let articlesThere = seen.get(row.country)
      if (!articlesThere) seen.set(row.country, (articlesThere = new Set()))
      articlesThere.add(a)
    }
  }
  return new Map([...imps].map(([country, impressions]) => [country, { publications: seen.get(country)!.size, impressions }]))
}

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
