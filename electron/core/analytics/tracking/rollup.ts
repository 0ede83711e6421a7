import { sectionOf } from '../categories'
import type { ActivityData, Codes } from '../activity/activity-data'
import { changePct } from './sparkline'
import type { WindowImpressions } from '../activity/window-activity'

/**
 * The roll-up of a list (docs/contract-decisions.md, "Metrics, roll-up and matches"): its items'
 * publications with impressions in the window, grouped into slices. Pure: the publications are
 * the rows of a window's sums over the activity index (every row a publication of some item).
 */

/** Entries a slice holds at most, largest reach first. */
export const SLICE_SIZE = 20

/** The publications of a window: row j is index article sums.articles[j], with sums.impressions[j]. */
export interface Covered {
  data: ActivityData
  sums: WindowImpressions
}

export interface Slice {
  name: string
  pubs: number
  imps: number
}

/** Publications and impressions per value (a number below `values`; a publication may count for several, or none). */
interface Tally {
  pubs: Float64Array
  imps: Float64Array
}

function tally(c: Covered, values: number, valuesOf: (a: number, visit: (v: number) => void) => void): Tally {
  const t: Tally = { pubs: new Float64Array(values), imps: new Float64Array(values) }
  const { articles, impressions } = c.sums
  // one visitor for all rows (a closure per row made most of a roll-up's garbage)
  let imps = 0
  const visit = (v: number) => {
    t.pubs[v] = t.pubs[v]! + 1
    t.imps[v] = t.imps[v]! + imps
  }
  for (let j = 0; j < articles.length; j++) {
    imps = impressions[j]!
    valuesOf(articles[j]!, visit)
  }
  return t
}

/** One value of the article (-1: none). */
const single = (values: Codes) => (a: number, visit: (v: number) => void) => {
  const v = values[a]!
  if (v >= 0) visit(v)
}

/**
 * The SLICE_SIZE values of largest reach (impressions, then publications), equal reach in the
 * order of their names, so that an answer never depends on the order rows were read in. Names
 * are asked for the values that can make the cut only.
 */
function top(t: Tally, names: (values: number[]) => Map<number, string>): Array<{ value: number; name: string; pubs: number; imps: number }> {
  const used: number[] = []
  for (let v = 0; v < t.pubs.length; v++) if (t.pubs[v]! > 0) used.push(v)
  used.sort((x, y) => t.imps[y]! - t.imps[x]! || t.pubs[y]! - t.pubs[x]!)
  const last = used[SLICE_SIZE - 1]
  const candidates = last === undefined ? used : used.filter((v, i) => i < SLICE_SIZE || (t.imps[v] === t.imps[last] && t.pubs[v] === t.pubs[last]))
  const named = names(candidates)
  return candidates
    .map((value) => ({ value, name: named.get(value) ?? '', pubs: t.pubs[value]!, imps: t.imps[value]! }))
    .sort((x, y) => y.imps - x.imps || y.pubs - x.pubs || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
    .slice(0, SLICE_SIZE)
}

const namesFrom = (list: readonly string[]) => (values: number[]) => new Map(values.map((v) => [v, list[v]!]))

/** Publishers by reach, with the change against the comparison window. */
export function publisherSlices(now: Covered, before: Covered) {
  const d = now.data
  const previous = tally(before, d.domains.list.length, single(d.domain))
  return top(tally(now, d.domains.list.length, single(d.domain)), namesFrom(d.domains.list)).map((p) => ({
    name: p.name,
    delta_pct: changePct(p.imps, previous.imps[p.value] ?? 0),
    pubs: p.pubs,
    imps: p.imps,
  }))
}

/** Trends by reach, with the change against the comparison window (`labelsOf`: trend id -> label, asked for the candidates only). */
export function trendSlices(now: Covered, before: Covered, labelsOf: (ids: string[]) => Map<string, string>) {
  const d = now.data
  const previous = tally(before, d.trends.list.length, single(d.trend))
  const names = (values: number[]) => {
    const labels = labelsOf(values.map((v) => d.trends.list[v]!))
    return new Map(values.map((v) => [v, labels.get(d.trends.list[v]!) ?? '']))
  }
  return top(tally(now, d.trends.list.length, single(d.trend)), names).map((t) => ({
    id: d.trends.list[t.value]!,
    name: t.name,
    delta_pct: changePct(t.imps, previous.imps[t.value] ?? 0),
    pubs: t.pubs,
    imps: t.imps,
  }))
}

/** The entities written about in the publications, except those left out (an entity list's own items). */
export function relatedSlices(now: Covered, leaveOut: ReadonlySet<string>) {
  const d = now.data
  const skip = new Uint8Array(d.entityIds.list.length)
  for (const id of leaveOut) {
    const e = d.entityIds.find(id)
    if (e !== undefined) skip[e] = 1
  }
  const { start, items } = d.entities
  const t = tally(now, d.entityIds.list.length, (a, visit) => {
    for (let k = start[a]!; k < start[a + 1]!; k++) if (skip[items[k]!] === 0) visit(items[k]!)
  })
  const names = (values: number[]) => new Map(values.map((v) => [v, d.entityNames.get(d.entityIds.list[v]!) ?? d.entityIds.list[v]!]))
  return top(t, names).map((e) => ({ name: e.name, entity_id: d.entityIds.list[e.value]!, pubs: e.pubs, imps: e.imps }))
}

export function categorySlices(now: Covered): Slice[] {
  const d = now.data
  return top(tally(now, d.categories.list.length, single(d.category)), namesFrom(d.categories.list)).map(({ name, pubs, imps }) => ({ name, pubs, imps }))
}

/** Slices by top-level section of the category. */
export function groupSlices(now: Covered): Slice[] {
  const d = now.data
  const sections: string[] = []
  const sectionAt = d.categories.list.map((c) => {
    const s = sectionOf(c) ?? c
    const at = sections.indexOf(s)
    return at >= 0 ? at : sections.push(s) - 1
  })
  const t = tally(now, sections.length, (a, visit) => {
    const c = d.category[a]!
    if (c >= 0) visit(sectionAt[c]!)
  })
  return top(t, namesFrom(sections)).map(({ name, pubs, imps }) => ({ name, pubs, imps }))
}

export function typeSlices(now: Covered): Array<{ name: string; pubs: number }> {
  const d = now.data
  return top(tally(now, d.contentTypes.list.length, single(d.contentType)), namesFrom(d.contentTypes.list)).map(({ name, pubs }) => ({ name, pubs }))
}

/** A publication of a trend list's top articles. */
export interface TopArticle {
  seq: number
  domain: string
  trendId: string
  impressions: number
}

/**
 * The publications that may be among a trend list's top articles: those of a trend with at least
 * the reach of the SLICE_SIZE-th (ties are then ordered by id, which the caller looks up).
 */
export function topArticleCandidates(now: Covered): TopArticle[] {
  const d = now.data
  const rows: TopArticle[] = []
  for (let j = 0; j < now.sums.articles.length; j++) {
    const a = now.sums.articles[j]!
    if (d.trend[a]! < 0) continue
    rows.push({ seq: d.seq[a]!, domain: d.domains.list[d.domain[a]!]!, trendId: d.trends.list[d.trend[a]!]!, impressions: now.sums.impressions[j]! })
  }
  rows.sort((x, y) => y.impressions - x.impressions)
  const cutoff = rows[SLICE_SIZE - 1]?.impressions ?? Number.NEGATIVE_INFINITY
  return rows.filter((r) => r.impressions >= cutoff)
}

/** A trend list's roll-up: its trends' publications with the largest reach, equal reach by id. */
export function topArticles<T extends TopArticle & { id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => b.impressions - a.impressions || a.id.localeCompare(b.id)).slice(0, SLICE_SIZE)
}
