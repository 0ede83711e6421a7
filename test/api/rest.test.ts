import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { scratch } from '../../electron/core/analytics/activity/scratch'
import type { RestReport } from '../../electron/core/core'
import { makeWorld, tempDir, expectOk } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

/**
 * A running app rests (Core.rest) after a quiet spell: it lets go of the memory it kept only to
 * answer faster (kept answers, the tracking computations' working arrays, SQLite's page cache,
 * hourly cells) and answers the same afterwards.
 */

const METRICS = `/v1/tracking/lists/${IDS.entityList}/metrics?period=7d&limit=200`

afterEach(() => {
  vi.useRealTimers()
})

/** A fixture world running its background work on fake intervals and clock, with the rests it took and what it logged. */
async function restingWorld(restAfterMs: number) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] })
  const world = makeWorld({ file: path.join(tempDir(), 'feedlens.db'), restAfterMs })
  seedFixture(world.store, world.projectId)
  const rests: RestReport[] = []
  const logged: string[] = []
  world.core.onRest = (r) => rests.push(r)
  await world.core.startBackgroundWork({ log: (m) => logged.push(m) })
  return { world, rests, logged }
}

describe('an app at rest', () => {
  it('lets go of its kept answers, working arrays and hourly cells, and answers the same afterwards', async () => {
    const world = makeWorld({ file: path.join(tempDir(), 'feedlens.db') })
    try {
      seedFixture(world.store, world.projectId)
      const before = await expectOk(world, 'getTrackingMetrics', METRICS)
      await expectOk(world, 'listTrends', '/v1/trends?limit=10')
      const kept = { answers: world.core.answers.size, scratchBytes: scratch.keptBytes(), hourCells: world.store.activity.keptHourCells }
      expect(kept.answers).toBeGreaterThan(0)
      expect(kept.scratchBytes).toBeGreaterThan(0)
      expect(kept.hourCells).toBeGreaterThan(0)

      const report = world.core.rest()
      expect(report).toMatchObject(kept)
      expect(world.core.answers.size).toBe(0)
      expect(scratch.keptBytes()).toBe(0)
      expect(world.store.activity.keptHourCells).toBe(0)
      // the index itself stays: no rebuild, the same figures
      expect((await world.store.activity.current()).data.seq.length).toBeGreaterThan(0)
      expect(await expectOk(world, 'getTrackingMetrics', METRICS)).toEqual(before)
    } finally {
      world.core.close()
    }
  })

  it('rests once a quiet spell, after restAfterMs without a request, while it runs its background work', async () => {
    const { world, rests } = await restingWorld(60_000)
    try {
      // a fresh process has nothing to give back: it rests after its first request only
      vi.advanceTimersByTime(180_000)
      expect(rests).toHaveLength(0)

      await expectOk(world, 'getTrackingMetrics', METRICS)
      vi.advanceTimersByTime(59_000)
      expect(rests).toHaveLength(0)
      await expectOk(world, 'getTrackingMetrics', METRICS) // the quiet spell starts again
      vi.advanceTimersByTime(59_000)
      expect(rests).toHaveLength(0)
      vi.advanceTimersByTime(31_000)
      expect(rests).toHaveLength(1)
      expect(rests[0]!.answers).toBeGreaterThan(0)
      // once: a longer quiet spell gives nothing more back
      vi.advanceTimersByTime(600_000)
      expect(rests).toHaveLength(1)

      await expectOk(world, 'getTrackingMetrics', METRICS)
      // the window's look at its status every 10 seconds is no one's use: it rests all the same
      for (let t = 0; t < 9; t++) {
        expect((await world.get('/app/status', world.session)).status).toBe(200)
        vi.advanceTimersByTime(10_000)
      }
      expect(rests).toHaveLength(2)
    } finally {
      world.core.close()
    }
  })

  it('reports a rest that failed and rests after the next request', async () => {
    const { world, rests, logged } = await restingWorld(1_000)
    try {
      await expectOk(world, 'getTrackingMetrics', METRICS)
      const release = vi.spyOn(world.store, 'releaseCaches').mockImplementationOnce(() => {
        throw new Error('disk gone')
      })
      vi.advanceTimersByTime(1_500)
      expect(logged.some((m) => /memory at rest failed.*disk gone/.test(m))).toBe(true)
      expect(rests).toHaveLength(0)
      await expectOk(world, 'getTrackingMetrics', METRICS)
      vi.advanceTimersByTime(1_500)
      expect(release).toHaveBeenCalledTimes(2)
      expect(rests).toHaveLength(1)
    } finally {
      world.core.close()
    }
  })
})
