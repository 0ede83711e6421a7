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
