import Database from 'better-sqlite3'
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { generateDemoWorld, generateDemoWorldInBackground } from '../../electron/core/demo/generate'
import type { DemoScale } from '../../electron/core/demo/scales'
import { handedOver, HandOverFailed, handOverReader, handOverWorkersRunning } from '../../electron/core/paths/worker-hand-over'
import type { Store } from '../../electron/core/store/store'
import { BIN } from '../helpers/cli'
import { openTestStore, tempDir } from '../helpers/core'

// The built worker (npm test builds first), as `feedlens demo` starts it.
const WORKER = pathToFileURL(path.resolve(__dirname, '../../out/main/demo-world-worker.js'))
const END = new Date('2026-11-20T13:30:00Z')

/** Every table's rows, hashed (the time each article was stored and the store's own settings apart). */
function tables(store: Store): Record<string, string> {
  const names = store.sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' AND name <> 'settings' ORDER BY name`).pluck().all() as string[]
  const out: Record<string, string> = {}
  for (const name of names) {
    const columns = (store.sqlite.prepare('SELECT name FROM pragma_table_xinfo(?)').pluck().all(name) as string[]).filter((c) => c !== 'stored_at').map((c) => `"${c}"`)
    const hash = crypto.createHash('md5')
    let rows = 0
    for (const row of store.sqlite.prepare(`SELECT ${columns.join(', ')} FROM "${name}" ORDER BY ${columns.join(', ')}`).raw().iterate() as Iterable<unknown[]>) {
      hash.update(JSON.stringify(row.map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : v))))
      rows++
    }
    out[name] = `${rows}:${hash.digest('hex')}`
  }
  return out
}

const articleCount = (store: Store) => store.sqlite.prepare('SELECT count(*) FROM articles').pluck().get()
const indexCount = (store: Store) => store.sqlite.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'index'`).pluck().get()

describe("the demo world's records made on a worker thread", () => {
  it('build the same store as when they are made on the writing thread, with the same progress', () => {
    const progress: Record<string, number[]> = { inline: [], worker: [] }
    const built = (worker: URL | null) => {
      const store = openTestStore()
      const summary = generateDemoWorld(store, { scale: 'small', seed: 7, end: END, days: 9, onProgress: (done) => progress[worker ? 'worker' : 'inline']!.push(done) }, worker)
      return { store, summary }
    }
    const inline = built(null)
    const onWorker = built(WORKER)
    try {
      expect(onWorker.summary).toEqual(inline.summary)
      expect(inline.summary.articles).toBeGreaterThan(1000)
      expect(tables(onWorker.store)).toEqual(tables(inline.store))
      // 14 warm-up days and 9 days, each said once, in order
      expect(progress.worker).toEqual(Array.from({ length: 23 }, (_, i) => i + 1))
      expect(progress.worker).toEqual(progress.inline)
    } finally {
      inline.store.close()
      onWorker.store.close()
    }
  })

  it("end the build with the worker's reason when it fails, the store left as it was", () => {
    const store = openTestStore(path.join(tempDir(), 'failed.db'))
    try {
      const indexes = indexCount(store)
      expect(() => generateDemoWorld(store, { scale: 'huge' as DemoScale, seed: 7, end: END, days: 3 }, WORKER)).toThrow(
        new HandOverFailed(`the demo world's worker failed: There is no demo world of scale "huge" (small, medium, large).`),
      )
      expect(articleCount(store)).toBe(0)
      expect(indexCount(store)).toBe(indexes)
    } finally {
      store.close()
    }
  })

  it('stop the worker when the build stops taking them (a failure while writing), which rolls back', async () => {
    const store = openTestStore(path.join(tempDir(), 'stopped.db'))
    try {
      let days = 0
      expect(() =>
        generateDemoWorld(
          store,
          {
            scale: 'small',
            seed: 7,
            end: END,
            days: 9,
            onProgress: () => {
              if (++days === 3) throw new Error('the disk is full')
            },
          },
          WORKER,
        ),
      ).toThrow('the disk is full')
      expect(days).toBe(3)
      expect(articleCount(store)).toBe(0)
      // the worker, two days ahead and waiting, ends (its exit is heard once this thread is free)
      await vi.waitFor(() => expect(handOverWorkersRunning()).toBe(0), { timeout: 5000 })
    } finally {
      store.close()
    }
  })

  it('are not waited for longer than the reader allows when the worker dies without a word', () => {
    const script = path.join(tempDir(), 'dies.mjs')
    fs.writeFileSync(script, `throw new Error('the worker could not start')\n`)
    const started = Date.now()
    const records = handedOver(pathToFileURL(script), {}, { ahead: 2, silentMs: 300, what: 'a test worker' })
    expect(() => records.next()).toThrow(new HandOverFailed('a test worker stopped: nothing came for 300 ms'))
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
  })
})

describe("the demo world built in the background (the app's first-start offer) from the worker's records", () => {
  it('is the same store as one built at once, and the event loop turns while the worker makes the first days', async () => {
    const atOnce = openTestStore()
    const inBackground = openTestStore()
    let turns = 0
    let turnsBeforeFirstDay: number | null = null
    let workersAtFirstDay: number | null = null
    const timer = setInterval(() => turns++, 1)
    try {
      const options = { scale: 'small' as const, seed: 7, end: END, days: 9 }
      const summary = generateDemoWorld(atOnce, options, null)
      const progress: number[] = []
      const background = await generateDemoWorldInBackground(
        inBackground,
        {
          ...options,
          onProgress: (done) => {
            turnsBeforeFirstDay ??= turns
            workersAtFirstDay ??= handOverWorkersRunning()
            progress.push(done)
          },
        },
        WORKER,
      )
      expect(background).toEqual(summary)
      expect(tables(inBackground)).toEqual(tables(atOnce))
      expect(progress).toEqual(Array.from({ length: 23 }, (_, i) => i + 1))
      // the worker made the days (it ends once it handed over the last), its start and first day
      // awaited, not blocked on
      expect(workersAtFirstDay).toBe(1)
      expect(turnsBeforeFirstDay).toBeGreaterThan(3)
      await vi.waitFor(() => expect(handOverWorkersRunning()).toBe(0), { timeout: 5000 })
    } finally {
      clearInterval(timer)
      atOnce.close()
      inBackground.close()
    }
  })

  it("ends with the worker's reason when it fails, the store left as it was and the worker stopped", async () => {
    const store = openTestStore(path.join(tempDir(), 'failed-in-background.db'))
    try {
      const indexes = indexCount(store)
      await expect(generateDemoWorldInBackground(store, { scale: 'huge' as DemoScale, seed: 7, end: END, days: 3 }, WORKER)).rejects.toThrow(
        new HandOverFailed(`the demo world's worker failed: There is no demo world of scale "huge" (small, medium, large).`),
      )
      expect(articleCount(store)).toBe(0)
      expect(indexCount(store)).toBe(indexes)
      await vi.waitFor(() => expect(handOverWorkersRunning()).toBe(0), { timeout: 5000 })
    } finally {
      store.close()
    }
  })

  it('hears a worker that dies without a word at its exit, without blocking, and gives up on one that stays silent after the time the reader allows', async () => {
    const dies = path.join(tempDir(), 'dies-quietly.mjs')
    fs.writeFileSync(dies, `throw new Error('the worker could not start')\n`)
    const silent = path.join(tempDir(), 'stays-silent.mjs')
    fs.writeFileSync(silent, `setInterval(() => undefined, 1000)\n`)
    let turns = 0
    const timer = setInterval(() => turns++, 1)
    try {
      // (allowed ten minutes of silence: heard only then, the test would run out of its time)
      const died = handOverReader(pathToFileURL(dies), {}, { ahead: 2, silentMs: 600_000, what: 'a test worker' })
      await died.arrival()
      expect(() => died.records.next()).toThrow(new HandOverFailed('a test worker stopped before its end'))
      const quiet = handOverReader(pathToFileURL(silent), {}, { ahead: 2, silentMs: 300, what: 'a test worker' })
      await expect(quiet.arrival()).rejects.toThrow(new HandOverFailed('a test worker stopped: nothing came for 300 ms'))
      expect(turns).toBeGreaterThan(3)
      quiet.stop()
      quiet.stop()
      await vi.waitFor(() => expect(handOverWorkersRunning()).toBe(0), { timeout: 5000 })
    } finally {
      clearInterval(timer)
    }
  })
})

describe('`feedlens demo`', () => {
  it('builds the world, computes its trends and signals, and leaves the store current with its activity index and example lists', () => {
    const dataDir = tempDir()
    const run = spawnSync(process.execPath, [BIN, 'demo', '--scale', 'small', '--seed', '5', '--end', '2026-11-20T12:00:00Z', '--data-dir', dataDir], { encoding: 'utf8' })
    expect(run.stderr).toMatch(/^[\d,]+ articles written; computing trends, signals and the activity index\.\.\.$/m)
    expect(run.stderr).toMatch(/^Demo world \(small, seed 5\): 5 countries, .* Built in [\d.]+ s\.$/m)
    expect(run.stdout).toMatch(/^Demo project created, with example tracking lists\. Its API key \(shown once, keep it\): fl_\S+$/m)
    expect(run.status).toBe(0)
    const file = path.join(dataDir, 'feedlens.db')
    const db = new Database(file, { readonly: true })
    try {
      const one = (sql: string) => db.prepare(sql).pluck().get()
      expect(one('SELECT count(*) FROM trends')).toBeGreaterThan(100)
      expect(one('SELECT count(*) FROM trend_articles')).toBe(one('SELECT count(*) FROM articles'))
      expect(one(`SELECT value FROM settings WHERE key = 'trends_through'`)).toBe('2026-11-20T12:00:00.000Z')
      expect(one(`SELECT count(*) FROM settings WHERE key IN ('signals_through', 'analytics_generation')`)).toBe(2)
      // nothing left for the next start to catch up on
      expect(one(`SELECT count(*) FROM settings WHERE key = 'analytics_stale_since'`)).toBe(0)
      // the six example lists as of one instant, in their colours; the mention lists scanned through
      // the last article, the trends' list of stored trends
      const lists = db.prepare('SELECT kind, color_index, created_at, scan_status, scanned_through_seq FROM tracking_lists ORDER BY color_index').all() as Array<Record<string, unknown>>
      expect(lists.map((l) => [l.color_index, l.kind])).toEqual([[0, 'entity'], [1, 'category'], [2, 'publisher'], [3, 'trend'], [4, 'mention'], [5, 'mention']])
      expect(new Set(lists.map((l) => l.created_at)).size).toBe(1)
      expect(lists.filter((l) => l.kind === 'mention').map((l) => [l.scan_status, l.scanned_through_seq])).toEqual([
        ['ready', one('SELECT max(seq) FROM articles')],
        ['ready', one('SELECT max(seq) FROM articles')],
      ])
      expect(one(`SELECT count(*) FROM mention_matches`)).toBeGreaterThan(0)
      expect(one(`SELECT count(*) FROM tracking_items i JOIN tracking_lists l ON l.id = i.list_id JOIN trends t ON t.id = i.key WHERE l.kind = 'trend'`)).toBe(6)
      expect(one(`SELECT count(*) FROM settings WHERE key = 'deferred_indexes'`)).toBe(0)
    } finally {
      db.close()
    }
    expect(fs.statSync(`${file}.activity`).size).toBeGreaterThan(0)
  })
})
