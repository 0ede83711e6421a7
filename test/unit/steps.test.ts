import { describe, expect, it } from 'vitest'
import { milestone, runSteps, runStepsInBackground, waitFor, withMilestones, write, type TransactionalStore } from '../../electron/core/steps'

describe('stepwise work that waits for something from elsewhere', () => {
  it('is awaited in the background, the event loop turning meanwhile, and goes on with the next step', async () => {
    const seen: string[] = []
    let release!: () => void
    const arrived = new Promise<void>((resolve) => (release = resolve))
    // released a few turns of the event loop after the wait is yielded: a runner that went on
    // after a single turn, as after any step, would say 'after' first
    const releaseAfterTurns = (turns: number): void => {
      if (turns === 0) {
        seen.push('turn')
        release()
      } else setImmediate(() => releaseAfterTurns(turns - 1))
    }
    function* steps() {
      seen.push('before')
      releaseAfterTurns(3)
      yield waitFor(arrived)
      seen.push('after')
      return 'done'
    }
    await expect(runStepsInBackground(steps())).resolves.toBe('done')
    expect(seen).toEqual(['before', 'turn', 'after'])
  })

  it('throws a failed wait into the steps where they yielded, so their clean-up runs, and fails with it', async () => {
    const seen: string[] = []
    function* steps() {
      try {
        yield waitFor(Promise.reject(new Error('the worker went silent')))
        seen.push('went on')
      } finally {
        seen.push('cleaned up')
      }
    }
    await expect(runStepsInBackground(steps())).rejects.toThrow('the worker went silent')
    expect(seen).toEqual(['cleaned up'])
  })

  it('lets steps that catch a failed wait go on', async () => {
    function* steps() {
      try {
        yield waitFor(Promise.reject(new Error('late')))
      } catch (error) {
        return `caught: ${(error as Error).message}`
      }
      return 'not caught'
    }
    await expect(runStepsInBackground(steps())).resolves.toBe('caught: late')
  })

  it('is passed over when the steps run at once (what they wait for they then take blocking)', () => {
    function* steps() {
      yield waitFor(Promise.reject(new Error('never awaited')))
      return 'done'
    }
    expect(runSteps(steps())).toBe('done')
  })
})

describe('stepwise work watched for its milestones', () => {
  /** A store whose transactions run the work at once and note it. */
  const notingStore = (log: string[]): TransactionalStore => ({
    transaction: <T>(work: () => T) => {
      log.push('transaction')
      return work()
    },
    writeWhenFree: async <T>(work: () => T) => ({ done: true as const, value: work() }),
  })

  function* steps(log: string[], store: TransactionalStore) {
    log.push('read')
    yield
    yield milestone('second-core-free')
    log.push('after the milestone')
    const written = yield* write(store, () => 42)
    log.push(`wrote ${written}`)
    return written + 1
  }

  it('tells of each milestone as it is passed, and runs the steps as unwatched, at once or in the background', async () => {
    for (const run of [runSteps, runStepsInBackground] as const) {
      const log: string[] = []
      const watched = withMilestones(steps(log, notingStore(log)), (name) => log.push(`reached ${name}`))
      expect(await run(watched)).toBe(43)
      // (at once, a write is a transaction; in the background it waits for the lock: writeWhenFree)
      const write = run === runSteps ? ['transaction', 'wrote 42'] : ['wrote 42']
      expect(log).toEqual(['read', 'reached second-core-free', 'after the milestone', ...write])
    }
  })

  it('throws a failure into the steps where they yielded and runs their clean-up when the runner gives up', async () => {
    const log: string[] = []
    function* failing() {
      try {
        yield waitFor(Promise.reject(new Error('the worker died')))
      } catch (error) {
        log.push(`caught ${(error as Error).message}`)
        throw error
      } finally {
        log.push('cleaned up')
      }
    }
    await expect(runStepsInBackground(withMilestones(failing(), () => undefined))).rejects.toThrow('the worker died')
    expect(log).toEqual(['caught the worker died', 'cleaned up'])
    const given: string[] = []
    function* long() {
      try {
        for (;;) yield
      } finally {
        given.push('cleaned up')
      }
    }
    let turns = 0
    expect(await runStepsInBackground(withMilestones(long(), () => undefined), () => ++turns < 3)).toBeUndefined()
    expect(given).toEqual(['cleaned up'])
  })
})
