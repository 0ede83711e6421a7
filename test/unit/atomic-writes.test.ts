import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { atomically } from '../../electron/core/store/atomic'

const table = () => {
  const sqlite = new Database(':memory:')
  sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)')
  return sqlite
}
const rows = (sqlite: Database.Database) => sqlite.prepare('SELECT id, v FROM t ORDER BY id').all()

describe('atomically: one transaction, never a nested savepoint', () => {
  it('commits its writes as one transaction when none is open', () => {
    const sqlite = table()
    atomically(sqlite, () => {
      expect(sqlite.inTransaction).toBe(true)
      sqlite.prepare('INSERT INTO t VALUES (1, ?)').run('a')
      sqlite.prepare('INSERT INTO t VALUES (2, ?)').run('b')
    })
    expect(sqlite.inTransaction).toBe(false)
    expect(rows(sqlite)).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
    ])
  })

  it('leaves the store as it was when the work fails on its own', () => {
    const sqlite = table()
    sqlite.prepare('INSERT INTO t VALUES (1, ?)').run('kept')
    expect(() =>
      atomically(sqlite, () => {
        sqlite.prepare('INSERT INTO t VALUES (2, ?)').run('b')
        sqlite.prepare('INSERT INTO t VALUES (1, ?)').run('duplicate')
      }),
    ).toThrow(/UNIQUE|PRIMARY KEY/)
    expect(rows(sqlite)).toEqual([{ id: 1, v: 'kept' }])
  })

  it('inside the caller\'s transaction, writes are part of it: a failure undoes the caller\'s writes too', () => {
    const sqlite = table()
    expect(() =>
      sqlite.transaction(() => {
        sqlite.prepare('INSERT INTO t VALUES (1, ?)').run('caller')
        atomically(sqlite, () => {
          sqlite.prepare('INSERT INTO t VALUES (2, ?)').run('inner')
          throw new Error('the trend write failed')
        })
      })(),
    ).toThrow('the trend write failed')
    expect(rows(sqlite)).toEqual([])
    // and when it succeeds, the caller's commit carries both
    sqlite.transaction(() => {
      sqlite.prepare('INSERT INTO t VALUES (1, ?)').run('caller')
      atomically(sqlite, () => sqlite.prepare('INSERT INTO t VALUES (2, ?)').run('inner'))
    })()
    expect(rows(sqlite)).toEqual([
      { id: 1, v: 'caller' },
      { id: 2, v: 'inner' },
    ])
  })
})
