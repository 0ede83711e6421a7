/**
 * The per-item figures of the metrics method, from the (item, publication) pairs of a window
 * (docs/contract-decisions.md, "Tracking"). Pure: the store hands in plain rows.
 */

export interface ItemPublication {
  key: string
  seq: number
  domain: string
  impressions: number
  observations: number
  positionSum: number
  /** first and last sighting in the window, epoch seconds */
  firstSeen: number
  lastSeen: number
  trendId: string | null
  /** first and last sighting over the publication's whole life, epoch seconds */
  lifeFirst: number | null
  lifeLast: number | null
}

export interface ItemFigures {
  impressions: number
  publications: number
  publishers: number
  trends: number
  observations: number
  positionSum: number
  /** epoch seconds */
  lastSeen: number | null
  lifespanHours: number | null
  livedHours: number
}

const HOUR = 3600

export function itemFigures(rows: ItemPublication[]): Map<string, ItemFigures> {
  interface Tally extends ItemFigures {
    seqs: Set<number>
    domains: Set<string>
    trendIds: Set<string>
    lifeSum: number
    lifeCount: number
    spans: Array<{ firstSeen: number; lastSeen: number }>
  }
  const tallies = new Map<string, Tally>()
  for (const r of rows) {
    let t = tallies.get(r.key)
    if (!t) {
      t = {
        impressions: 0, publications: 0, publishers: 0, trends: 0, observations: 0, positionSum: 0, lastSeen: null,
        lifespanHours: null, livedHours: 0, seqs: new Set(), domains: new Set(), trendIds: new Set(), lifeSum: 0, lifeCount: 0, spans: [],
      }
      tallies.set(r.key, t)
    }
    t.impressions += r.impressions
    t.observations += r.observations
    t.positionSum += r.positionSum
    t.seqs.add(r.seq)
    t.domains.add(r.domain)
    if (r.trendId !== null) t.trendIds.add(r.trendId)
    if (t.lastSeen === null || r.lastSeen > t.lastSeen) t.lastSeen = r.lastSeen
    if (r.lifeFirst !== null && r.lifeLast !== null) {
      t.lifeSum += (r.lifeLast - r.lifeFirst) / HOUR
      t.lifeCount += 1
    }
    t.spans.push(r)
  }
  const out = new Map<string, ItemFigures>()
  for (const [key, t] of tallies) {
    out.set(key, {
      impressions: t.impressions,
      publications: t.seqs.size,
      publishers: t.domains.size,
      trends: t.trendIds.size,
      observations: t.observations,
      positionSum: t.positionSum,
      lastSeen: t.lastSeen,
      lifespanHours: t.lifeCount > 0 ? t.lifeSum / t.lifeCount : null,
      livedHours: livedHours(t.spans),
    })
  }
  return out
}

/**
 * Hours an item was in the feed within the window: the union of its publications' spans, each
 * from the hour of its first sighting to the hour of its last, both included.
 */
export function livedHours(spans: Array<{ firstSeen: number; lastSeen: number }>): number {
  const hours = spans.map((s) => [Math.floor(s.firstSeen / HOUR), Math.floor(s.lastSeen / HOUR)] as const).sort((a, b) => a[0] - b[0])
  let total = 0
  let current: [number, number] | null = null
  for (const [from, to] of hours) {
    if (current && from <= current[1] + 1) current[1] = Math.max(current[1], to)
    else {
      if (current) total += current[1] - current[0] + 1
      current = [from, to]
    }
  }
  if (current) total += current[1] - current[0] + 1
  return total
}

/** Impressions and publications per bucket and item, from per-publication buckets. */
export function itemBuckets(
  pairs: Array<{ key: string; seq: number }>,
  buckets: Array<{ seq: number; bucket: number; impressions: number }>,
): Map<string, { impressions: Map<number, number>; publications: Map<number, number> }> {
  const keysOf = new Map<number, string[]>()
  for (const p of pairs) {
    const keys = keysOf.get(p.seq)
    if (keys) keys.push(p.key)
    else keysOf.set(p.seq, [p.key])
  }
  const out = new Map<string, { impressions: Map<number, number>; publications: Map<number, number> }>()
  for (const b of buckets) {
    for (const key of keysOf.get(b.seq) ?? []) {
      let series = out.get(key)
      if (!series) out.set(key, (series = { impressions: new Map(), publications: new Map() }))
      series.impressions.set(b.bucket, (series.impressions.get(b.bucket) ?? 0) + b.impressions)
      series.publications.set(b.bucket, (series.publications.get(b.bucket) ?? 0) + 1)
    }
  }
  return out
}

/**
 * The entities written about in each item's publications, by the impressions of those
 * publications, then by how many; the item itself left out.
 */
export function relatedEntities(
  pairs: Array<{ key: string; seq: number; impressions: number }>,
  entities: Array<{ seq: number; entityId: string; name: string }>,
  limit: number,
): Map<string, Array<{ entityId: string; name: string; pubs: number; imps: number }>> {
  const entitiesOf = new Map<number, Array<{ entityId: string; name: string }>>()
  for (const e of entities) {
    const list = entitiesOf.get(e.seq)
    if (list) list.push(e)
    else entitiesOf.set(e.seq, [e])
  }
  const tallies = new Map<string, Map<string, { entityId: string; name: string; pubs: number; imps: number }>>()
  for (const p of pairs) {
    let tally = tallies.get(p.key)
    if (!tally) tallies.set(p.key, (tally = new Map()))
    for (const e of entitiesOf.get(p.seq) ?? []) {
      if (e.entityId === p.key) continue
      const t = tally.get(e.entityId) ?? { entityId: e.entityId, name: e.name, pubs: 0, imps: 0 }
      t.pubs += 1
      t.imps += p.impressions
      tally.set(e.entityId, t)
    }
  }
  const out = new Map<string, Array<{ entityId: string; name: string; pubs: number; imps: number }>>()
  for (const [key, tally] of tallies) {
    out.set(
      key,
      [...tally.values()].sort((a, b) => b.imps - a.imps || b.pubs - a.pubs || a.name.localeCompare(b.name)).slice(0, limit),
    )
  }
  return out
}
