import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { StoreMismatchError } from '../../electron/core/store/database'
import { decodeFeedEntries } from '../../electron/core/store/feed-entries'
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

  it('moves the observations of a store made before feed snapshots into packed snapshots, nothing lost', () => {
    // the shipped migrations up to 0004, the last one with an observations table
    const older = path.join(tempDir(), 'migrations-0004')
    fs.cpSync(MIGRATIONS, older, { recursive: true })
    fs.rmSync(path.join(older, '0005_feed_snapshots.sql'))
    const journalFile = path.join(older, 'meta/_journal.json')
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> }
    journal.entries = journal.entries.filter((e) => e.tag !== '0005_feed_snapshots')
    fs.writeFileSync(journalFile, JSON.stringify(journal))
    const file = storeFile()
    const before = Store.open({ file, migrationsFolder: older })
    const insert = before.sqlite.prepare('INSERT INTO observations (country, observed_at, article_seq, position, estimated_impressions) VALUES (?, ?, ?, ?, ?)')
    // out of order on purpose: entries come out by position
    for (const row of [
      ['US', 1000, 7, 2, 500],
      ['US', 1000, 3, 1, 4_000_000_000],
      ['US', 4600, 7, 1, 900],
      ['DE', 1000, 9, 1, 12],
    ] as const) {
      insert.run(...row)
    }
    before.close()

    const after = openTestStore(file)
    const snapshots = (after.sqlite.prepare('SELECT country, observed_at AS at, entry_count AS n, entries FROM feed_snapshots ORDER BY 1, 2').all() as Array<{ country: string; at: number; n: number; entries: Buffer }>).map(
      (s) => {
        const e = decodeFeedEntries(s.entries)
        return { country: s.country, at: s.at, n: s.n, seqs: [...e.seqs], positions: [...e.positions], impressions: [...e.impressions] }
      },
    )
    expect(snapshots).toEqual([
      { country: 'DE', at: 1000, n: 1, seqs: [9], positions: [1], impressions: [12] },
      { country: 'US', at: 1000, n: 2, seqs: [3, 7], positions: [1, 2], impressions: [4_000_000_000, 500] },
      { country: 'US', at: 4600, n: 1, seqs: [7], positions: [1], impressions: [900] },
    ])
    expect(after.sqlite.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'observations'`).get()).toEqual({ n: 0 })
    expect(after.counts().observations).toBe(4)
    after.close()
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
