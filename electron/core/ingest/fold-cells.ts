import type { FeedEntries } from '../store/feed-entries'
import type { HourlyCell } from '../store/hourly-cells'

/**
 * Folding a batch's new observations into aggregate cells, in memory: pure functions over plain
 * data. The ingest writer then writes each cell once (see writer.ts).
 */

/** One aggregate cell (article x country x hour or day) of a batch's observations. */
export interface Cell extends HourlyCell {
  /** Daily cells: the article had no cell for this day and country before the batch. */
  isNew: boolean
}

/** The cells of one hour or day (bucket) in one country, by article seq. */
export interface CellGroup {
  bucket: number
  country: string
  cells: Map<number, Cell>
  /** The store had no cell of this bucket and country before the batch. */
  fresh: boolean
}

/** What the subject aggregates need to know of an article. */
export interface ArticleFacts {
  domain: string
  category: string | null
  entities: string[]
}

/** One entity, category or publisher x country x day of a batch. */
export interface SubjectCell {
  kind: 'publisher' | 'category' | 'entity'
  key: string
  country: string
  day: number
  impressions: number
  /** Articles new to the day and country (cells with isNew). */
  publications: number
  observations: number
  positionSum: number
  /** From a fresh day and country: the store cannot have this row yet. */
  fresh: boolean
}

/** Adds a snapshot's entries (taken at `at`, epoch seconds) to the cells of their bucket. */
export function addToCells(groups: Map<string, CellGroup>, bucket: number, country: string, at: number, entries: FeedEntries): void {
  const key = `${bucket}\u0000${country}`
  let g = groups.get(key)
  if (!g) groups.set(key, (g = { bucket, country, cells: new Map(), fresh: false }))
  addToGroup(g, at, entries)
}

/** Adds a snapshot's entries (taken at `at`, epoch seconds) to one group's cells. */
export function addToGroup(g: CellGroup, at: number, entries: FeedEntries): void {
  for (let i = 0; i < entries.seqs.length; i++) {
    const seq = entries.seqs[i]!
    const position = entries.positions[i]!
    const impressions = entries.impressions[i]!
    const c = g.cells.get(seq)
    if (c) {
      c.impressions += impressions
      c.observations++
      c.bestPosition = Math.min(c.bestPosition, position)
      c.positionSum += position
      c.firstSeen = Math.min(c.firstSeen, at)
      c.lastSeen = Math.max(c.lastSeen, at)
    } else {
      g.cells.set(seq, { seq, impressions, observations: 1, bestPosition: position, positionSum: position, firstSeen: at, lastSeen: at, isNew: false })
    }
  }
}

/** Daily cells summed per publisher (domain), category and entity of their articles. */
export function subjectCells(days: Iterable<CellGroup>, facts: ReadonlyMap<number, ArticleFacts>): SubjectCell[] {
  const out: SubjectCell[] = []
  for (const g of days) {
    // A group is one day and country: its subjects are keyed by kind and key alone, one map a
    // kind, so no composite key is built per cell and subject.
    const publishers = new Map<string, SubjectCell>()
    const categories = new Map<string, SubjectCell>()
    const entities = new Map<string, SubjectCell>()
    const add = (subjects: Map<string, SubjectCell>, kind: SubjectCell['kind'], key: string, c: Cell) => {
      const s = subjects.get(key)
      if (s) {
        s.impressions += c.impressions
        s.publications += c.isNew ? 1 : 0
        s.observations += c.observations
        s.positionSum += c.positionSum
        return
      }
      subjects.set(key, {
        kind,
        key,
        country: g.country,
        day: g.bucket,
        impressions: c.impressions,
        publications: c.isNew ? 1 : 0,
        observations: c.observations,
        positionSum: c.positionSum,
        fresh: g.fresh,
      })
    }
    for (const c of g.cells.values()) {
      const f = facts.get(c.seq)
      if (!f) continue
      add(publishers, 'publisher', f.domain, c)
      if (f.category !== null) add(categories, 'category', f.category, c)
      for (const entity of f.entities) add(entities, 'entity', entity, c)
    }
    for (const subjects of [publishers, categories, entities]) for (const s of subjects.values()) out.push(s)
  }
  return out
}

/** Each article's first and last sighting and impressions in the batch, from its daily cells. */
export function sightings(days: Iterable<CellGroup>): Map<number, { first: number; last: number; impressions: number }> {
  const seen = new Map<number, { first: number; last: number; impressions: number }>()
  for (const g of days) {
    for (const c of g.cells.values()) {
      const s = seen.get(c.seq)
      if (!s) seen.set(c.seq, { first: c.firstSeen, last: c.lastSeen, impressions: c.impressions })
      else {
        s.first = Math.min(s.first, c.firstSeen)
        s.last = Math.max(s.last, c.lastSeen)
        s.impressions += c.impressions
      }
    }
  }
  return seen
}
