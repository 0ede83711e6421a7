import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { StoreMismatchError } from '../../electron/core/store/database'
import { Store } from '../../electron/core/store/store'
import { MIGRATIONS, openTestStore, tempDir } from '../helpers/core'

const storeFile = () => path.join(tempDir(), 'feedlens.db')

describe('the store', () => {
  it('applies the shipped migrations with WAL and foreign keys on', () => {
    const file = storeFile()
    const store = openTestStore(file)
    expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(store.sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
    const applied = store.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }
    expect(applied.n).toBe(journal.entries.length)
    expect(store.plans.all().map((p) => p.id)).toEqual(['enterprise', 'pro', 'start'])
    store.close()
  })

  it('reopens an up-to-date store without changes', () => {
    const file = storeFile()
    openTestStore(file).close()
    const again = openTestStore(file)
    expect(again.projects.all()).toEqual([])
    again.close()
  })

  it('refuses a store whose applied migration differs from the shipped one, and leaves it as it was', () => {
    const file = storeFile()
    const store = openTestStore(file)
    store.sqlite.prepare(`INSERT INTO settings (key, value) VALUES ('marker', 'kept')`).run()
    store.sqlite.prepare(`UPDATE __drizzle_migrations SET hash = 'tampered' WHERE rowid = (SELECT min(rowid) FROM __drizzle_migrations)`).run()
    store.close()
    expect(() => openTestStore(file)).toThrow(StoreMismatchError)
    expect(() => openTestStore(file)).toThrow(/does not match this version of Feedlens/)
    const raw = new Database(file, { readonly: true })
    expect(raw.prepare(`SELECT value FROM settings WHERE key = 'marker'`).get()).toEqual({ value: 'kept' })
    raw.close()
  })

  it('refuses a store written by a newer version (more migrations than shipped)', () => {
    const file = storeFile()
    const store = openTestStore(file)
    store.sqlite.prepare(`INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', 99999999999999)`).run()
    store.close()
    expect(() => openTestStore(file)).toThrow(/newer version of Feedlens/)
  })

  it('says clearly when the migrations folder is missing', () => {
    expect(() => Store.open({ file: ':memory:', migrationsFolder: '/nowhere' })).toThrow(/meta\/_journal.json is missing/)
  })

  it('rolls a failed transaction back whole', () => {
    const store = openTestStore()
    expect(() =>
      store.transaction(() => {
        store.settings.set('a', '1')
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(store.settings.get('a')).toBeUndefined()
  })
})
