/**
 * Stepwise work: long computations are written as generators that yield between steps, so the
 * same code runs at once (the CLI, tests) or in the background of a running app, letting the
 * event loop answer requests between steps.
 */

/** Runs a stepwise computation to its end at once. */
export function runSteps<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
  }
}

/**
 * Runs a stepwise computation with a turn of the event loop before each step; gives up (with
 * undefined) when `keepGoing` says the work is no longer wanted, e.g. the store was closed.
 */
export async function runStepsInBackground<T>(steps: Generator<unknown, T>, keepGoing: () => boolean = () => true): Promise<T | undefined> {
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve))
    if (!keepGoing()) return undefined
    const next = steps.next()
    if (next.done) return next.value
  }
}
