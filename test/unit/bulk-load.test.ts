import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BULK_CACHE_MIB } from '../../electron/core/store/store'
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
      killed = indexesOf(store)
      store.close()
    })
    expect(killed.length).toBe(before.length - 15)
    const again = openTestStore(file)
    try {
      expect(indexesOf(again)).toEqual(before)
      expect(deferredSetting(again)).toBeUndefined()
    } finally {
      again.close()
    }
  })
})
