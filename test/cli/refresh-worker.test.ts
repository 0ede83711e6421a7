import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { decodeSnapshot } from '../../electron/core/store/activity/activity-snapshot'
import { analyticsStale, beginRefresh, refreshAnalytics, refreshAnalyticsAndWait } from '../../electron/core/jobs/refresh'
import { REFRESH_YOUNG_GENERATION_MB, RefreshThread } from '../../electron/core/jobs/refresh-thread'
import { TRENDS_METHOD } from '../../electron/core/jobs/trends'
import type { Store } from '../../electron/core/store/store'
import { makeWorld, openTestStore, tempDir } from '../helpers/core'
import { seedFixture } from '../helpers/fixture'

// The built refresh worker (npm test builds first), driven as the app drives it.
const WORKER = pathToFileURL(path.resolve(__dirname, '../../out/main/refresh-worker.js'))
const NOW = new Date('2026-11-20T12:00:00.000Z')

/** A store file holding the fixture's data, its trends and signals not computed for it yet. */
function storeBehind(): string {
  const file = path.join(tempDir(), 'feedlens.db')
  const world = makeWorld({ file })
  seedFixture(world.store, world.projectId, { refreshed: false })
  world.core.close()
  return file
}

/** What a refresh writes, as comparable rows (trend ids are made anew by each pass). */
function computed(store: Store) {
  const rows = (sql: string) => store.sqlite.prepare(sql).all()
  return {
    trends: rows(`SELECT label, state, structural_type, article_count, key_entities FROM trends ORDER BY label, article_count`),
    members: rows(`SELECT t.label, a.article_id, a.role FROM trend_articles a JOIN trends t ON t.id = a.trend_id ORDER BY t.label, a.article_id`),
    signals: rows(`SELECT * FROM signal_series ORDER BY 1, 2, 3, 4, 5`),
    through: [store.settings.get('trends_through'), store.settings.get('signals_through')],
  }
}

describe('trends an older Feedlens computed', () => {
  it('are stale until a full pass computes them this version\'s way, also in a process that computed them before', () => {
    const store = openTestStore(storeBehind())
    try {
      refreshAnalytics(store, NOW)
      expect(analyticsStale(store)).toBe(false)
      expect(store.settings.get('trends_method')).toBe(TRENDS_METHOD)
      const labels = computed(store).trends
      store.settings.set('trends_method', 'an older way')
      store.sqlite.prepare(`UPDATE trends SET label = 'as it was labelled before'`).run()
      expect(analyticsStale(store)).toBe(true)
      refreshAnalytics(store, NOW)
      expect(analyticsStale(store)).toBe(false)
      expect(computed(store).trends).toEqual(labels)
    } finally {
      store.close()
    }
  })
})

describe('the refresh thread', () => {
  it('brings a store up to date on its own connection, as the refresh on the calling thread does, and the store\'s readers see it', async () => {
    const onThread = storeBehind()
    const here = openTestStore(storeBehind())
    refreshAnalytics(here, NOW)
    const reader = openTestStore(onThread)
    expect(analyticsStale(reader)).toBe(true)
    const versionBefore = reader.version
    const thread = new RefreshThread(WORKER, reader.openOptions)
    try {
      await thread.refresh(NOW, false)
      expect(analyticsStale(reader)).toBe(false)
      // with room for a full pass's short-lived rows and words (V8's default is a sixth of it)
      expect(thread.limits?.maxYoungGenerationSizeMb).toBe(REFRESH_YOUNG_GENERATION_MB)
      // caches of the reading connection follow (SQLite's data_version moved)
      expect(reader.version).toBeGreaterThan(versionBefore)
      const expected = computed(here)
      expect(expected.trends.length).toBeGreaterThan(0)
      expect(expected.signals.length).toBeGreaterThan(0)
      expect(computed(reader)).toEqual(expected)
      // asked again with nothing new, the worker (kept alive) leaves the store as it is
      await thread.refresh(NOW, false)
      expect(computed(reader)).toEqual(expected)
    } finally {
      await thread.stop()
      reader.close()
      here.close()
    }
  })

  it('reports a worker that cannot open the store, and starts a new one for the next refresh', async () => {
    const file = storeBehind()
    const reader = openTestStore(file)
    const thread = new RefreshThread(WORKER, { file, migrationsFolder: path.join(tempDir(), 'no-migrations') })
    try {
      await expect(thread.refresh(NOW, false)).rejects.toThrow(/cannot find its migrations/)
      expect(analyticsStale(reader)).toBe(true)
      const working = new RefreshThread(WORKER, reader.openOptions)
      await working.refresh(NOW, false)
      await working.stop()
      expect(analyticsStale(reader)).toBe(false)
    } finally {
      await thread.stop()
      reader.close()
    }
  })
})

describe('a command that waits for its refresh (import, sync, removing articles)', () => {
  it('has trends and signals computed on a refresh thread, stops it, then saves the index beside the store as on the calling thread', async () => {
    const here = openTestStore(storeBehind())
    const store = openTestStore(storeBehind())
    const indexFile = `${store.file}.activity`
    fs.rmSync(indexFile, { force: true })
    const thread = new RefreshThread(WORKER, store.openOptions)
    try {
      refreshAnalytics(here, NOW)
      const versionBefore = store.version
      await refreshAnalyticsAndWait(store, NOW, thread)
      // written by another connection (the thread's): SQLite's data_version moved for this one
      expect(store.version).toBeGreaterThan(versionBefore)
      expect(analyticsStale(store)).toBe(false)
      expect(computed(store)).toEqual(computed(here))
      expect(thread.limits).toBeNull()
      // the index was made while the thread computed the trends: it is saved with them taken in,
      // as the store holds them now (a start reading it has nothing to catch up on)
      const saved = decodeSnapshot(fs.readFileSync(indexFile))!
      expect(saved.meta).toEqual({ storeId: store.settings.get('store_id'), generation: store.freshness.dataGeneration(), trendsGeneration: store.settings.get('trends_generation') })
      expect(saved.meta.trendsGeneration).not.toBeNull()
      // (trend ids are made anew by each pass: the fixture's trends before the refresh have others)
      const stored = store.sqlite.prepare(`SELECT DISTINCT trend_id FROM trend_articles ORDER BY 1`).pluck().all() as string[]
      expect(stored.length).toBeGreaterThan(0)
      expect([...saved.data.trends.list].sort()).toEqual(stored)
    } finally {
      await thread.stop()
      store.close()
      here.close()
    }
  })

  it('makes the index once a refresh the caller began needs one core; one that never says so (an update) ends the wait as it ends', async () => {
    const here = openTestStore(storeBehind())
    const store = openTestStore(storeBehind())
    const thread = new RefreshThread(WORKER, store.openOptions)
    const heard = async (begun: ReturnType<typeof beginRefresh>) => {
      const order: string[] = []
      await Promise.all([begun.secondCoreFree.then(() => order.push('second core free')), begun.done.then(() => order.push('done'))])
      return order
    }
    try {
      refreshAnalytics(here, NOW)
      // a full pass (the fixture's articles are all within the horizon: one clustering, on the refresh thread)
      expect(await heard(beginRefresh(thread, NOW))).toEqual(['second core free', 'done'])
      // nothing new since: an update on the same thread, no clustering, nothing said before the end
      const update = beginRefresh(thread, NOW)
      expect(await heard(update)).toEqual(['done', 'second core free'])
      await refreshAnalyticsAndWait(store, NOW, thread, update)
      expect(computed(store)).toEqual(computed(here))
      expect(fs.existsSync(`${store.file}.activity`)).toBe(true)
    } finally {
      await thread.stop()
      store.close()
      here.close()
    }
  })

  it('stops the thread and says why when the refresh fails, the store left behind as it was', async () => {
    const file = storeBehind()
    const store = openTestStore(file)
    const thread = new RefreshThread(WORKER, { file, migrationsFolder: path.join(tempDir(), 'no-migrations') })
    try {
      await expect(refreshAnalyticsAndWait(store, NOW, thread)).rejects.toThrow(/cannot find its migrations/)
      expect(thread.limits).toBeNull()
      // begun by the caller: the wait for its clusterings ends with the failure, which is thrown
      const begun = beginRefresh(thread, NOW)
      await begun.secondCoreFree
      await expect(refreshAnalyticsAndWait(store, NOW, thread, begun)).rejects.toThrow(/cannot find its migrations/)
      expect(analyticsStale(store)).toBe(true)
    } finally {
      await thread.stop()
      store.close()
    }
  })
})
