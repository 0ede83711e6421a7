import type { Assignment, ClusterInput } from '../analytics/trends/cluster'
import { buffersOf, packInputs, unpackAssignments, type PackedAssignments } from '../analytics/trends/packed-inputs'
import { builtWorkerScript } from '../paths/worker-scripts'
import { HandOverFailed, handOverReader } from '../paths/worker-hand-over'
import { waitFor } from '../steps'
import { REFRESH_YOUNG_GENERATION_MB } from './refresh-thread'

/** The worker's built script (first-clustering-worker.ts). */
export const FIRST_CLUSTERING_WORKER = 'first-clustering-worker'

/** How often the worker says it is alive while it clusters (it has nothing else to hand over until its end). */
export const ALIVE_EVERY_MS = 2_000

/** How long its silence is taken for a worker that died (its exit is not heard while a thread blocks). */
const SILENT_MS = 60_000

/** A clustering of every article running on its own thread: its assignments, waited for as steps. */
export interface ClusteringBeside {
  /**
   * The assignments, as clusterTwiceSteps gives them here; null when the worker failed (or went
   * silent): the pass then starts again, and this thread starts no such worker again.
   */
  assignments(): Generator<unknown, Assignment[] | null, unknown>
  /** Stops the worker (the pass ended early); again is harmless. */
  stop(): void
}

/** Whether a worker of this thread failed: the passes after it cluster every article here. */
let failed = false

/**
 * Both clusterings of `inputs` (clusterTwiceSteps, the second of those before `placedBefore`)
 * started on a worker thread, for a store's first pass (jobs/trends.ts, clusterSteps): its
 * clustering of every article only places the articles before the horizon, and takes nothing of
 * the clustering of the later articles that follows, so the two run side by side on the two
 * cores. Null where there is no built worker (the sources: tests, benchmarks of the sources) or
 * one failed before. The inputs are handed over packed (packed-inputs.ts), a copy moved to the
 * worker: the caller may change its own at once.
 */
export function clusteringBeside(inputs: readonly ClusterInput[], placedBefore: number, script: URL | null = builtWorkerScript(FIRST_CLUSTERING_WORKER)): ClusteringBeside | null {
  if (!script || failed) return null
  const packed = packInputs(inputs)
  const reader = handOverReader<null, PackedAssignments>(script, { inputs: packed, placedBefore }, {
    // (it says it is alive at its pace, never held back by a reader busy with its own clustering)
    ahead: 2 ** 30,
    silentMs: SILENT_MS,
    what: 'the clustering of every article',
    resourceLimits: { maxYoungGenerationSizeMb: REFRESH_YOUNG_GENERATION_MB },
    transfer: buffersOf(packed),
  })
  return {
    *assignments() {
      try {
        for (;;) {
          const arrival = reader.arrival()
          if (arrival) yield waitFor(arrival)
          const next = reader.records.next()
          if (next.done) return unpackAssignments(next.value)
        }
      } catch (error) {
        if (!(error instanceof HandOverFailed)) throw error
        reader.stop()
        failed = true
        return null
      }
    },
    stop: () => reader.stop(),
  }
}

/** Lets this thread start such workers again (tests of a failure). */
export function forgetClusteringFailure(): void {
  failed = false
}
