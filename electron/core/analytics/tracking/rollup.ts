import { changePct } from './sparkline'

/**
 * The roll-up of a list (docs/contract-decisions.md, "Metrics, roll-up and matches"): its items'
 * publications with impressions in the window, grouped into slices. Pure: the publications come
 * in as plain rows.
 */

/** Entries a slice holds at most, largest reach first. */
export const SLICE_SIZE = 20

/** A publication of the list's items with impressions in the window. */
export interface CoveredPublication {
  id: string
  url: string
  title: string
  domain: string
  contentType: string | null
  category: string | null
  trendId: string | null
  trendLabel: string | null
  impressions: number
  entities: ReadonlyArray<{ entityId: string; name: string }>
}

export interface Slice {
  name: string
  pubs: number
  imps: number
}

/** "/Business/Economy" -> "/Business": the roll-up's groups are top-level sections. */
export const topSection = (category: string | null): string | null => (category ? `/${category.split('/').filter(Boolean)[0] ?? ''}` : null)

const byReach = (a: { pubs: number; imps: number }, b: { pubs: number; imps: number }) => b.imps - a.imps || b.pubs - a.pubs

/**
 * Publications and impressions per key (a publication without a key is left out), largest reach
 * first; an entry's own fields come first, from `make`.
 */
export function groupBy<T extends object>(
  rows: readonly CoveredPublication[],
  keyOf: (r: CoveredPublication) => string | null,
  make: (key: string, first: CoveredPublication) => T,
): Array<T & { pubs: number; imps: number }> {
  const map = new Map<string, T & { pubs: number; imps: number }>()
  for (const r of rows) {
    const k = keyOf(r)
    if (k === null) continue
    let entry = map.get(k)
    if (!entry) map.set(k, (entry = { ...make(k, r), pubs: 0, imps: 0 }))
    entry.pubs += 1
    entry.imps += r.impressions
  }
  return [...map.values()].sort(byReach).slice(0, SLICE_SIZE)
}

function sumBy(rows: readonly CoveredPublication[], keyOf: (r: CoveredPublication) => string | null): Map<string, number> {
  const sums = new Map<string, number>()
  for (const r of rows) {
    const k = keyOf(r)
    if (k !== null) sums.set(k, (sums.get(k) ?? 0) + r.impressions)
  }
  return sums
}

/** The entities written about in the publications, except those left out (an entity list's own items). */
export function relatedSlices(rows: readonly CoveredPublication[], leaveOut: ReadonlySet<string>) {
  const map = new Map<string, { name: string; entity_id: string; pubs: number; imps: number }>()
  for (const r of rows) {
    for (const e of r.entities) {
      if (leaveOut.has(e.entityId)) continue
      const entry = map.get(e.entityId) ?? { name: e.name, entity_id: e.entityId, pubs: 0, imps: 0 }
      entry.pubs += 1
      entry.imps += r.impressions
      map.set(e.entityId, entry)
    }
  }
  return [...map.values()].sort(byReach).slice(0, SLICE_SIZE)
}

/** Publishers by reach, with the change against the comparison window. */
export function publisherSlices(current: readonly CoveredPublication[], previous: readonly CoveredPublication[]) {
  const before = sumBy(previous, (r) => r.domain)
  return groupBy(current, (r) => r.domain, (domain) => ({ name: domain, delta_pct: 0 })).map((p) => ({ ...p, delta_pct: changePct(p.imps, before.get(p.name) ?? 0) }))
}

/** Trends by reach, with the change against the comparison window. */
export function trendSlices(current: readonly CoveredPublication[], previous: readonly CoveredPublication[]) {
  const before = sumBy(previous, (r) => r.trendId)
  return groupBy(current, (r) => r.trendId, (id, first) => ({ id, name: first.trendLabel ?? '', delta_pct: 0 })).map((t) => ({
    ...t,
    delta_pct: changePct(t.imps, before.get(t.id) ?? 0),
  }))
}

const named = (name: string) => ({ name })
export const categorySlices = (rows: readonly CoveredPublication[]) => groupBy(rows, (r) => r.category, named)
export const groupSlices = (rows: readonly CoveredPublication[]) => groupBy(rows, (r) => topSection(r.category), named)
export const typeSlices = (rows: readonly CoveredPublication[]) => groupBy(rows, (r) => r.contentType, named).map((t) => ({ name: t.name, pubs: t.pubs }))

/** A trend list's roll-up: its trends' publications with the largest reach. */
export function topArticles(rows: readonly CoveredPublication[]) {
  return rows
    .filter((r) => r.trendId !== null)
    .sort((a, b) => b.impressions - a.impressions || a.id.localeCompare(b.id))
    .slice(0, SLICE_SIZE)
}
