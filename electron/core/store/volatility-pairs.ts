import { SnapshotPairsKept } from '../analytics/signals/snapshot-pairs'
import type { SnapshotPairs } from '../analytics/signals/volatility'
import type { SignalWriter } from './repositories/signals'

/**
 * Each country's feed snapshot pairs and distances for the volatility series of the window, kept
 * while the data stays as it was (any import or recompute, here or in another process, drops them).
 */
export class VolatilityPairs {
  private version = -1
  private readonly byCountry = new Map<string, SnapshotPairsKept>()

  /** `store`: the store (its dataVersion moves with every change of the data, here or in another process); not named, to stay below it */
  constructor(private readonly store: { readonly dataVersion: number; readonly signalWriter: Pick<SignalWriter, 'eachRanking'> }) {}

  /** The country's pairs covering the snapshots in [from, to] (epoch seconds, both included). */
  covering(country: string, from: number, to: number): SnapshotPairs {
    const version = this.store.dataVersion
    if (version !== this.version) {
      this.byCountry.clear()
      this.version = version
    }
    let kept = this.byCountry.get(country)
    if (!kept) {
      kept = new SnapshotPairsKept((a, b) => this.store.signalWriter.eachRanking(country, a, b))
      this.byCountry.set(country, kept)
    }
    return kept.covering(from, to)
  }
}
