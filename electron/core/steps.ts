/**
 * Stepwise work: long computations are written as generators that yield between steps, so the
 * same code runs at once (the CLI, tests) or in the background of a running app, letting the
 * event loop answer requests between steps.
 *
 * A step that writes to the store says so with `yield* write(store, () => ...)`: run at once, the
 * write is a transaction like any other; in the background, the runner first waits (without
 * blocking the event loop) for the store's write lock, which another process (an import in a
 * terminal) may hold for seconds.
 */
/** What a write needs of the store (the Store has both; named here so that steps stay below it). */
export interface TransactionalStore {
  transaction<T>(work: () => T): T
  /** Runs `work` as a transaction once the write lock is free, or gives up when `keepGoing` says so. */
  writeWhenFree<T>(work: () => T, keepGoing?: () => boolean): Promise<{ done: true; value: T } | { done: false }>
}

/** What a step yields to ask for a write: the runner runs it as one transaction and hands back its result. */
export interface WriteRequest {
  readonly store: TransactionalStore
  readonly work: () => unknown
}

const isWriteRequest = (value: unknown): value is WriteRequest =>
  typeof value === 'object' && value !== null && 'work' in value && 'store' in value

/** A write of a stepwise computation, as one transaction; `yield*` it. */
export function* write<T>(store: TransactionalStore, work: () => T): Generator<WriteRequest, T, unknown> {
  return (yield { store, work }) as T
}

/**
 * What a step yields to wait for something that comes from elsewhere (a worker's next record)
 * without blocking: the background runner awaits it, and a failure of it is thrown into the steps
 * where they yielded. Run at once, the steps go on (what they wait for they then take blocking).
 */
export interface WaitRequest {
  readonly until: Promise<unknown>
}

const isWaitRequest = (value: unknown): value is WaitRequest => typeof value === 'object' && value !== null && 'until' in value

/** A wait of a stepwise computation; `yield` it. */
export const waitFor = (until: Promise<unknown>): WaitRequest => ({ until })

/**
 * What a step yields to say how far it has come, for whoever watches the steps (withMilestones):
 * a runner takes it as a pause. `second-core-free`: what is left of a full pass runs on its own
 * thread alone (its clustering is on this thread, or the one beside it is done).
 */
export interface Milestone {
  readonly milestone: 'second-core-free'
}

const isMilestone = (value: unknown): value is Milestone => typeof value === 'object' && value !== null && 'milestone' in value

/** A milestone of a stepwise computation; `yield` it. */
export const milestone = (name: Milestone['milestone']): Milestone => ({ milestone: name })

/**
 * The same steps, telling `reached` of each milestone they pass; everything else (writes, waits,
 * a failure thrown in, an early return) goes through as if unwatched.
 */
export function* withMilestones<T>(steps: Generator<unknown, T, unknown>, reached: (name: Milestone['milestone']) => void): Generator<unknown, T, unknown> {
  let next = steps.next()
  try {
    for (;;) {
      if (next.done) return next.value
      if (isMilestone(next.value)) reached(next.value.milestone)
      let sent: unknown
      try {
        sent = yield next.value
      } catch (error) {
        next = steps.throw(error)
        continue
      }
      next = steps.next(sent)
    }
  } finally {
    // returned early (the runner gave up): the steps' own clean-up runs (a no-op once they ended)
    steps.return(undefined as T)
  }
}

/** Runs a stepwise computation to its end at once. */
export function runSteps<T>(steps: Generator<unknown, T, unknown>): T {
  let sent: unknown
  for (;;) {
    const next = steps.next(sent)
    if (next.done) return next.value
    // (a wait is not awaited here; its failure, if any, is the blocking take's to say)
    if (isWaitRequest(next.value)) next.value.until.catch(() => undefined)
    sent = isWriteRequest(next.value) ? next.value.store.transaction(next.value.work) : undefined
  }
}

/**
 * Runs a stepwise computation with a turn of the event loop before each step; gives up (with
 * undefined) when `keepGoing` says the work is no longer wanted, e.g. the store was closed.
 * Writes wait for the store's write lock without blocking the event loop, and waits (waitFor)
 * are awaited.
 */
export async function runStepsInBackground<T>(steps: Generator<unknown, T, unknown>, keepGoing: () => boolean = () => true): Promise<T | undefined> {
  let sent: unknown
  let failed: { error: unknown } | undefined
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve))
    if (!keepGoing()) {
      steps.return(undefined as T)
      return undefined
    }
    const next = failed ? steps.throw(failed.error) : steps.next(sent)
    sent = undefined
    failed = undefined
    if (next.done) return next.value
    if (isWaitRequest(next.value)) {
      try {
        await next.value.until
      } catch (error) {
        failed = { error }
      }
      continue
    }
    if (isWriteRequest(next.value)) {
      const written = await next.value.store.writeWhenFree(next.value.work, keepGoing)
      if (!written.done) {
        steps.return(undefined as T)
        return undefined
      }
      sent = written.value
    }
  }
}
