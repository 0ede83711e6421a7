import { describe, expect, it } from 'vitest'
import { runSteps, runStepsInBackground, waitFor } from '../../electron/core/steps'

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
