import { membersOf, type ActivityData, type Codes, type Groups } from '../activity/activity-data'
import { firstAtLeast, nextAtLeast } from '../activity/living-range'

/**
 * How a list's items claim the index's articles. Items are numbered by their place in the list's
 * keys; an article claims the items it belongs to by writing their numbers.
 */
export interface Membership {
  /** the articles that may belong to some item, each once, in index order */
  candidates: Int32Array
  /** writes the numbers of the items article `a` belongs to into `out`; returns how many */
  claim(a: number, out: Int32Array): number
  /** the most items one article can claim (the size `out` needs) */
  maxClaims: number
}

/** The articles of some groups of the index, each once, in index order. */
function unionOf(data: ActivityData, groups: Groups, values: Iterable<number>): Int32Array {
  const lists = [...values].map((v) => membersOf(groups, v))
  if (lists.length === 1) return lists[0]!
  const mark = new Uint8Array(data.seq.length)
  let count = 0
  for (const list of lists) {
    for (const a of list) {
      if (mark[a] === 1) continue
      mark[a] = 1
      count++
    }
  }
  const out = new Int32Array(count)
  let k = 0
  for (let a = 0; a < mark.length; a++) if (mark[a] === 1) out[k++] = a
  return out
}

/** The first place of each key (a key listed twice counts once). */
function placesOf(keys: readonly string[]): Map<string, number> {
  const places = new Map<string, number>()
  keys.forEach((key, i) => {
    if (!places.has(key)) places.set(key, i)
  })
  return places
}

/** Items that claim articles by one value each (category, publisher domain, trend). */
function byValue(data: ActivityData, keys: readonly string[], values: Codes, find: (key: string) => number | undefined, groups: Groups, valueCount: number): Membership {
  const itemOfValue = new Int32Array(valueCount).fill(-1)
  for (const [key, item] of placesOf(keys)) {
    const v = find(key)
    if (v !== undefined) itemOfValue[v] = item
  }
  const wanted = [...itemOfValue.keys()].filter((v) => itemOfValue[v]! >= 0)
  return {
    candidates: unionOf(data, groups, wanted),
    maxClaims: 1,
    claim: (a, out) => {
      const v = values[a]!
      const item = v < 0 ? -1 : itemOfValue[v]!
      if (item < 0) return 0
      out[0] = item
      return 1
    },
  }
}

const mostEntitiesOf = new WeakMap<ActivityData, number>()

/** The most entities one article of the index has. */
function mostEntities(data: ActivityData): number {
  let most = mostEntitiesOf.get(data)
  if (most === undefined) {
    most = 1
    for (let a = 0; a < data.seq.length; a++) most = Math.max(most, data.entities.start[a + 1]! - data.entities.start[a]!)
    mostEntitiesOf.set(data, most)
  }
  return most
}

function byEntity(data: ActivityData, keys: readonly string[]): Membership {
  const itemOfEntity = new Int32Array(data.entityIds.list.length).fill(-1)
  for (const [key, item] of placesOf(keys)) {
    const e = data.entityIds.find(key)
    if (e !== undefined) itemOfEntity[e] = item
  }
  const wanted = [...itemOfEntity.keys()].filter((e) => itemOfEntity[e]! >= 0)
  const maxClaims = mostEntities(data)
  const { start, items } = data.entities
  return {
    candidates: unionOf(data, data.byEntity, wanted),
    maxClaims,
    claim: (a, out) => {
      let n = 0
      for (let k = start[a]!; k < start[a + 1]!; k++) {
        const item = itemOfEntity[items[k]!]!
        if (item >= 0) out[n++] = item
      }
      return n
    },
  }
}

/** Mention items claim the articles they matched (`itemsOf`: article seq -> item keys). */
function byMatches(data: ActivityData, keys: readonly string[], itemsOf: ReadonlyMap<number, readonly string[]>): Membership {
  const places = placesOf(keys)
  const claimsOf = new Map<number, number[]>()
  for (const [seq, itemKeys] of itemsOf) {
    const a = seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1
    if (a < 0) continue
    const mine = [...new Set(itemKeys.flatMap((k) => (places.has(k) ? [places.get(k)!] : [])))]
    if (mine.length > 0) claimsOf.set(a, mine)
  }
  const candidates = Int32Array.from([...claimsOf.keys()].sort((x, y) => x - y))
  // each candidate's items, packed: candidate p claims items[start[p]..start[p + 1])
  const start = new Int32Array(candidates.length + 1)
  candidates.forEach((a, p) => (start[p + 1] = start[p]! + claimsOf.get(a)!.length))
  const items = new Int32Array(start[candidates.length]!)
  candidates.forEach((a, p) => items.set(claimsOf.get(a)!, start[p]!))
  let maxClaims = 1
  for (let p = 0; p < candidates.length; p++) maxClaims = Math.max(maxClaims, start[p + 1]! - start[p]!)
  // Claims are asked for in index order, pass after pass: look on from the last place found
  // (galloping: a step or two) and halve the whole only when an article comes before it.
  let at = 0
  return {
    candidates,
    maxClaims,
    claim: (a, out) => {
      at = at >= candidates.length || candidates[at]! > a ? firstAtLeast(candidates, a) : nextAtLeast(candidates, a, at)
      if (at >= candidates.length || candidates[at] !== a) return 0
      for (let k = start[at]!; k < start[at + 1]!; k++) out[k - start[at]!] = items[k]!
      return start[at + 1]! - start[at]!
    },
  }
}

/**
 * How each kind's items claim articles: entities by the article's entities, categories,
 * publishers (domains) and trends by the article's own, mention items by their matches
 * (`mentionItemsOf`: article seq -> item ids).
 */
export function membership(data: ActivityData, kind: string, keys: readonly string[], mentionItemsOf?: ReadonlyMap<number, readonly string[]>): Membership {
  switch (kind) {
    case 'entity':
      return byEntity(data, keys)
    case 'category':
      return byValue(data, keys, data.category, (k) => data.categories.find(k), data.byCategory, data.categories.list.length)
    case 'publisher':
      return byValue(data, keys, data.domain, (k) => data.domains.find(k), data.byDomain, data.domains.list.length)
    case 'trend':
      return byValue(data, keys, data.trend, (k) => data.trends.find(k), data.byTrend, data.trends.list.length)
    case 'mention':
      return byMatches(data, keys, mentionItemsOf ?? new Map())
    default:
      return { candidates: new Int32Array(0), maxClaims: 1, claim: () => 0 }
  }
}
