import path from 'node:path'
import { threadId } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { BULK_CACHE_MIB } from '../../electron/core/store/store'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { openTestStore, tempDir } from '../helpers/core'

/** SQLite's cache_size as set: negative numbers are KiB. */
const cacheKiB = (store: ReturnType<typeof openTestStore>) => -(store.sqlite.pragma('cache_size', { simple: true }) as number)

describe('a bulk load', () => {
  it('holds its page cache only while it runs: an import\'s 1 GB, or what it asks (a demo world 256 MB), the store\'s own after, even when the work fails', async () => {
    const store = openTestStore(path.join(tempDir(), 'bulk.db'))
    try {
      const own = cacheKiB(store)
      expect(own).toBe(128 * 1024)
      expect(BULK_CACHE_MIB).toBe(1024)
      expect(store.bulk(() => cacheKiB(store))).toBe(1024 * 1024)
      expect(cacheKiB(store)).toBe(own)
      expect(store.bulk(() => cacheKiB(store), 256)).toBe(256 * 1024)
      expect(cacheKiB(store)).toBe(own)
      expect(await store.bulkAsync(async () => cacheKiB(store), 256)).toBe(256 * 1024)
      expect(cacheKiB(store)).toBe(own)
      expect(() =>
        store.bulk(() => {
          throw new Error('a bad batch')
        }, 256),
      ).toThrow('a bad batch')
      expect(cacheKiB(store)).toBe(own)
    } finally {
      store.close()
    }
  })
})

describe('a load with its read-only indexes built at its end', () => {
  const indexesOf = (store: ReturnType<typeof openTestStore>) =>
    store.sqlite.prepare(`SELECT name, tbl_name AS tbl, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`).all() as Array<{ name: string; tbl: string; sql: string }>
  const triggersOf = (store: ReturnType<typeof openTestStore>) => store.sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).all() as Array<{ name: string; sql: string }>
  /** the stored articles whose title, summary or text has the word, as the full-text index finds them */
  const found = (store: ReturnType<typeof openTestStore>, word: string) =>
    store.sqlite.prepare(`SELECT a.id FROM articles_fts JOIN articles a ON a.seq = articles_fts.rowid WHERE articles_fts MATCH ? ORDER BY a.id`).pluck().all(word)
  /** the store as the next process opens it */
  const reopened = (file: string, check: (store: ReturnType<typeof openTestStore>) => void) => {
    const again = openTestStore(file)
    try {
      check(again)
    } finally {
      again.close()
    }
  }
  const article = (id: string, title: string) => ({ id, url: `https://example.com/${id}`, title, domain: 'example.com', region: 'US', lang: 'en', publishedAt: '2026-11-20T10:00:00Z' })
  const deferredSetting = (store: ReturnType<typeof openTestStore>) => store.sqlite.prepare(`SELECT value FROM settings WHERE key = 'deferred_indexes'`).pluck().get()

  it('drops only the loaded tables\' non-unique indexes while it runs, and leaves the store with every index it had', () => {
    const store = openTestStore()
    try {
      const before = indexesOf(store)
      const during = store.deferringReadIndexes(() => indexesOf(store))
      const dropped = before.filter((b) => !during.some((d) => d.name === b.name))
      // the facets' eleven, the articles' by domain, the entities' by entity, the daily cells' by article, the truth's by source
      expect(dropped.map((d) => d.name)).toEqual(expect.arrayContaining(['article_facets_last_shown_idx', 'article_entities_entity_idx', 'article_daily_article_idx', 'articles_domain_idx', 'storyline_truth_source_idx']))
      expect(dropped).toHaveLength(15)
      expect(new Set(dropped.map((d) => d.tbl))).toEqual(new Set(['articles', 'article_facets', 'article_entities', 'article_daily', 'storyline_truth']))
      // kept: every unique index (ON CONFLICT needs them), and every other table's
      expect(during.map((d) => d.name)).toEqual(expect.arrayContaining(['articles_id_uq', 'publishers_domain_uq', 'trend_articles_page_idx', 'feed_log_snapshot_idx']))
      expect(indexesOf(store)).toEqual(before)
      expect(deferredSetting(store)).toBeUndefined()
    } finally {
      store.close()
    }
  })

  it('rebuilds the full-text index at its end: articles written during the load are found, and later writes keep it', () => {
    const store = openTestStore()
    try {
      const triggers = triggersOf(store)
      new IngestWriter(store).write({ articles: [article('a1', 'Harbour bridge reopens')] })
      const during = store.deferringReadIndexes(() => {
        new IngestWriter(store).write({ articles: [article('a2', 'Harbour ferries strike'), article('a3', 'Election night')] })
        return { triggers: triggersOf(store).map((t) => t.name), found: found(store, 'harbour') }
      })
      // while it runs, the index is not kept (its triggers are gone), and the article before it is still found
      expect(during.triggers.filter((t) => t.startsWith('articles_fts'))).toEqual([])
      expect(during.found).toEqual(['a1'])
      expect(triggersOf(store)).toEqual(triggers)
      expect(found(store, 'harbour')).toEqual(['a1', 'a2'])
      expect(found(store, 'election')).toEqual(['a3'])
      new IngestWriter(store).write({ articles: [article('a4', 'Harbour tolls rise')] })
      expect(found(store, 'harbour')).toEqual(['a1', 'a2', 'a4'])
    } finally {
      store.close()
    }
  })

  it('builds them again when the load fails', () => {
    const store = openTestStore()
    try {
      const before = indexesOf(store)
      expect(() =>
        store.deferringReadIndexes(() => {
          throw new Error('a bad day')
        }),
      ).toThrow('a bad day')
      expect(indexesOf(store)).toEqual(before)
      expect(deferredSetting(store)).toBeUndefined()
    } finally {
      store.close()
    }
  })

  it('leaves them to the next open when the process is killed during the load', () => {
    const file = path.join(tempDir(), 'killed.db')
    const store = openTestStore(file)
    const before = indexesOf(store)
    let killed: ReturnType<typeof indexesOf> = []
    // the connection closed under the load, as a killed process leaves it
    store.deferringReadIndexes(() => {
      new IngestWriter(store).write({ articles: [article('k1', 'Harbour lights')] })
      killed = indexesOf(store)
      store.close()
    })
    expect(killed.length).toBe(before.length - 15)
    reopened(file, (again) => {
      expect(indexesOf(again)).toEqual(before)
      expect(triggersOf(again).map((t) => t.name)).toEqual(expect.arrayContaining(['articles_fts_ai', 'articles_fts_ad', 'articles_fts_au']))
      expect(found(again, 'harbour')).toEqual(['k1'])
      expect(deferredSetting(again)).toBeUndefined()
    })
  })

  it('leaves them to the load while it runs when another connection opens the store, and makes them again once its process is gone', () => {
    const file = path.join(tempDir(), 'busy.db')
    const store = openTestStore(file)
    const before = indexesOf(store)
    const seen = store.deferringReadIndexes(() => {
      // a second command opening the store during a build (here: this process, its load running)
      let seenByOther = { indexes: 0, kept: false }
      reopened(file, (other) => {
        seenByOther = { indexes: indexesOf(other).length, kept: deferredSetting(other) !== undefined }
      })
      return seenByOther
    })
    expect(seen).toEqual({ indexes: before.length - 15, kept: true })
    expect(indexesOf(store)).toEqual(before)
    // a build killed in another process: its pid is no process now
    const kept = JSON.stringify({ pid: 2 ** 22 + 4321, definitions: store.sqlite.prepare(`SELECT 'index' AS type, name, sql FROM sqlite_master WHERE name = 'articles_domain_idx'`).all() })
    store.sqlite.exec('DROP INDEX articles_domain_idx')
    store.sqlite.prepare(`INSERT INTO settings (key, value) VALUES ('deferred_indexes', ?)`).run(kept)
    store.close()
    reopened(file, (again) => {
      expect(indexesOf(again)).toEqual(before)
      expect(deferredSetting(again)).toBeUndefined()
    })
  })

  it('starts what runs beside it once the load is written and before the indexes are made (another connection reads the rows without them); not when the load fails', () => {
    const file = path.join(tempDir(), 'beside.db')
    const store = openTestStore(file)
    try {
      const before = indexesOf(store)
      const seen: Array<{ made: string; articles: unknown; indexes: number; kept: boolean }> = []
      const made = store.deferringReadIndexes(
        () => {
          new IngestWriter(store).write({ articles: [article('b1', 'Harbour cranes'), article('b2', 'Harbour cranes again')] })
          return 'written'
        },
        (made) =>
          reopened(file, (other) => seen.push({ made, articles: other.sqlite.prepare('SELECT count(*) FROM articles').pluck().get(), indexes: indexesOf(other).length, kept: deferredSetting(other) !== undefined })),
      )
      expect(made).toBe('written')
      expect(seen).toEqual([{ made: 'written', articles: 2, indexes: before.length - 15, kept: true }])
      expect(indexesOf(store)).toEqual(before)
      expect(found(store, 'cranes')).toEqual(['b1', 'b2'])
      expect(() =>
        store.deferringReadIndexes(
          () => {
            throw new Error('a bad day')
          },
          () => seen.push({ made: 'failed', articles: 0, indexes: 0, kept: false }),
        ),
      ).toThrow('a bad day')
      expect(seen).toHaveLength(1)
      expect(indexesOf(store)).toEqual(before)
    } finally {
      store.close()
    }
  })

  it("leaves them to the loading thread when another thread of its process opens the store; this thread, not loading, makes them", () => {
    const file = path.join(tempDir(), 'threads.db')
    const store = openTestStore(file)
    const before = indexesOf(store)
    const definitions = store.sqlite.prepare(`SELECT 'index' AS type, name, sql FROM sqlite_master WHERE name = 'articles_domain_idx'`).all()
    store.sqlite.exec('DROP INDEX articles_domain_idx')
    // the demo build's refresh thread opens the store while the build's thread makes its indexes
    store.sqlite.prepare(`INSERT INTO settings (key, value) VALUES ('deferred_indexes', ?)`).run(JSON.stringify({ pid: process.pid, thread: threadId + 1, definitions }))
    store.close()
    reopened(file, (other) => {
      expect(indexesOf(other)).toHaveLength(before.length - 1)
      expect(deferredSetting(other)).toBeDefined()
      // the record of a load by this thread, which loads nothing now (its load failed to make them)
      other.sqlite.prepare(`UPDATE settings SET value = ? WHERE key = 'deferred_indexes'`).run(JSON.stringify({ pid: process.pid, thread: threadId, definitions }))
    })
    reopened(file, (again) => {
      expect(indexesOf(again)).toEqual(before)
      expect(deferredSetting(again)).toBeUndefined()
    })
  })
})
