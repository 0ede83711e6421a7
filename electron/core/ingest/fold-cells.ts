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
}

/** Adds a snapshot's entries (taken at `at`, epoch seconds) to the cells of their bucket. */
export function addToCells(groups: Map<string, CellGroup>, bucket: number, country: string, at: number, entries: FeedEntries): void {
  const key = `${bucket}\u0000${country}`
  let g = groups.get(key)
  if (!g) groups.set(key, (g = { bucket, country, cells: new Map() }))
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

/** An article's first and last sighting (epoch seconds) and its impressions over some batches. */
export interface Sighting {
  first: number
  last: number
  impressions: number
}

/**
 * Each article's first and last sighting and impressions in the batch, from its daily cells,
 * folded into `seen` (the sightings of the batches before it, when a writer holds them).
 */
export function sightings(days: Iterable<CellGroup>, seen = new Map<number, Sighting>()): Map<number, Sighting> {
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
