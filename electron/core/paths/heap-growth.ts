import v8 from 'node:v8'
import vm from 'node:vm'

/**
 * How far V8 lets a heap grow past what it kept at its last full collection, in percent. By
 * default it grows by up to four times when collections are quick, so a full trends pass at large
 * scale (a gigabyte live, as much again of its clusterings' dropped maps not yet collected) held
 * 2.96 GB; with 50% it holds 1.99 GB and takes no longer (181 against 189 s, docs/performance.md,
 * session 28): the collector runs more often, on the second core, while the pass reads and
 * clusters.
 */
export const HEAP_GROWING_PERCENT = 50

let bounded = false

/**
 * Bounds the heap growth of every thread of this process (V8's flags are the process's; threads
 * started after this call follow it at once, as do running ones at their next collection). Called
 * by the entries that run full passes or big builds: the app's main process, the command line and
 * the refresh thread. Once per process.
 */
export function boundHeapGrowth(): void {
  if (bounded) return
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  bounded = true
}

let collector: (() => void) | null = null

/**
 * A full collection now, when the process rests (Core.rest): what the caches let go of is
 * returned at once instead of at the next collection, which an idle process may not reach for
 * hours. The collector is V8's own `gc`, taken from a context made while --expose-gc is on (the
 * flag is turned off again: no script of this process sees a global `gc`).
 */
export function collectGarbage(): void {
  if (!collector) {
    v8.setFlagsFromString('--expose-gc')
    collector = vm.runInNewContext('gc') as typeof collector
    v8.setFlagsFromString('--no-expose-gc')
  }
  // a plain full collection: V8 returns the pages it freed within seconds (its 'last-resort' flavour kept them, measured)
  collector!()
}
