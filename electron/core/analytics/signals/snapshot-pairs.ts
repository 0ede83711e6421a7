import { snapshotPairs, type SnapshotPairs } from './volatility'

type Snapshots = Iterable<{ at: number; ranked: readonly number[] }>

/**
 * One feed's snapshot pairs and their distances, kept for the stretch of time asked so far and
 * grown at either end when a range reaches past it: a volatility series over another period (the
 * window shifts it a day, widens it, compares it with the period before) reads and compares only
 * the snapshots it had not met. A range apart from the kept stretch (neither meeting nor touching
 * it) replaces it, so that no call reads more than its own range. `read(from, to)` gives the
 * feed's snapshots in [from, to] (both included), in time order; the holder drops the whole when
 * the data changes.
 */
export class SnapshotPairsKept {
  private from = Number.POSITIVE_INFINITY
  private to = Number.NEGATIVE_INFINITY
  private pairs: SnapshotPairs = { at: [], distance: [] }

  constructor(private readonly read: (from: number, to: number) => Snapshots) {}

  /** The pairs of every snapshot in [from, to] at least (and of what was asked before). */
  covering(from: number, to: number): SnapshotPairs {
    if (this.from > this.to || to < this.from || from > this.to) {
      this.pairs = snapshotPairs(this.read(from, to))
      this.from = from
      this.to = to
      return this.pairs
    }
    const { at, distance } = this.pairs
    if (from < this.from) {
      // read up to the first kept snapshot, so that it gets its distance from the one before it
      const before = snapshotPairs(this.read(from, at.length > 0 ? at[0]! : this.from))
      if (at.length > 0) {
        const n = before.at.length
        distance[0] = n >= 2 ? before.distance[n - 1]! : Number.NaN
        before.at.pop()
        before.distance.pop()
      }
      this.pairs = { at: before.at.concat(at), distance: before.distance.concat(distance) }
      this.from = from
    }
    if (to > this.to) {
      const kept = this.pairs
      const last = kept.at.length > 0 ? kept.at[kept.at.length - 1]! : this.to
      // from the last kept snapshot on: read again, it is what the next one is measured against
      const after = snapshotPairs(this.read(last, to))
      if (kept.at.length > 0) {
        after.at.shift()
        after.distance.shift()
      }
      this.pairs = { at: kept.at.concat(after.at), distance: kept.distance.concat(after.distance) }
      this.to = to
    }
    return this.pairs
  }
}
