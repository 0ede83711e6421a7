import Database from 'better-sqlite3'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { StoreMismatchError } from '../../electron/core/store/database'
import { decodeFeedEntries } from '../../electron/core/store/feed-entries'
import { decodeHourlyCells, hourlyCellAt } from '../../electron/core/store/hourly-cells'
import { statementName, Store } from '../../electron/core/store/store'
import { MIGRATIONS, openTestStore, tempDir } from '../helpers/core'

const storeFile = () => path.join(tempDir(), 'feedlens.db')

/** The shipped migrations as an older version shipped them: up to and including `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const older = path.join(tempDir(), `migrations-${lastTag}`)
  fs.cpSync(MIGRATIONS, older, { recursive: true })
  const journalFile = path.join(older, 'meta/_journal.json')
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> }
  const last = journal.entries.findIndex((e) => e.tag === lastTag)
  for (const e of journal.entries.slice(last + 1)) fs.rmSync(path.join(older, `${e.tag}.sql`))
  journal.entries = journal.entries.slice(0, last + 1)
  fs.writeFileSync(journalFile, JSON.stringify(journal))
  return older
}

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
    // the last migration with an observations table
    const file = storeFile()
    const before = Store.open({ file, migrationsFolder: migrationsUpTo('0004_extracted_entities') })
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

  it('packs the hourly cells of a store made before packed hours, nothing lost', () => {
    const file = storeFile()
    const before = Store.open({ file, migrationsFolder: migrationsUpTo('0005_feed_snapshots') })
    const insert = before.sqlite.prepare(
      `INSERT INTO article_hourly (hour, country, article_seq, impressions, observations, best_position, position_sum, first_seen, last_seen)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const hour = 493_000
    const t = hour * 3600
    for (const row of [
      [hour, 'US', 9, 700, 2, 3, 7, t + 900, t + 2700],
      [hour, 'US', 4, 6_000_000_000, 1, 1, 1, t, t],
      [hour + 1, 'US', 9, 10, 1, 5, 5, t + 3600, t + 3600],
      [hour, 'DE', 4, 20, 1, 2, 2, t + 3599, t + 3599],
    ] as const) {
      insert.run(...row)
    }
    before.close()

    const after = openTestStore(file)
    const rows = after.sqlite.prepare('SELECT hour, country, cell_count AS n, cells FROM hourly_cells ORDER BY country, hour').all() as Array<{ hour: number; country: string; n: number; cells: Buffer }>
    const cell = (seq: number, impressions: number, observations: number, bestPosition: number, positionSum: number, firstSeen: number, lastSeen: number) =>
      ({ seq, impressions, observations, bestPosition, positionSum, firstSeen, lastSeen })
    expect(
      rows.map((r) => {
        const d = decodeHourlyCells(r.hour, r.cells)
        return { hour: r.hour, country: r.country, n: r.n, cells: Array.from(d.seqs, (_, i) => hourlyCellAt(d, i)) }
      }),
    ).toEqual([
      { hour, country: 'DE', n: 1, cells: [cell(4, 20, 1, 2, 2, t + 3599, t + 3599)] },
      { hour, country: 'US', n: 2, cells: [cell(4, 6_000_000_000, 1, 1, 1, t, t), cell(9, 700, 2, 3, 7, t + 900, t + 2700)] },
      { hour: hour + 1, country: 'US', n: 1, cells: [cell(9, 10, 1, 5, 5, t + 3600, t + 3600)] },
    ])
    expect(after.sqlite.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'article_hourly'`).get()).toEqual({ n: 0 })
    after.close()
  })

  it('keeps a store made before trend markets and unread aggregates: markets filled from its trends, stored_at set, members\' seqs and first sightings filled, dead tables dropped', () => {
    const file = storeFile()
    const before = Store.open({ file, migrationsFolder: migrationsUpTo('0006_hourly_cells') })
    const db = before.sqlite
    const article = db.prepare(`INSERT INTO articles (seq, id, url, title, domain, region, lang, published_at) VALUES (?, ?, ?, ?, 'a.example', ?, 'en', ?)`)
    const facets = db.prepare(`INSERT INTO article_facets (article_seq, region, lang, domain, has_summary, has_entities, first_seen) VALUES (?, ?, 'en', 'a.example', 0, 0, ?)`)
    const t0 = Date.parse('2026-11-01T00:00:00Z') / 1000
    const rows: Array<[number, string, number | null]> = [[1, 'US', t0], [2, 'US', t0 + 7200], [3, 'DE', null]]
    for (const [seq, region, seen] of rows) {
      article.run(seq, `a000000${seq}-0000-4000-8000-000000000000`, `https://a.example/${seq}`, `T${seq}`, region, seq === 3 ? '2026-11-02T00:00:00.000Z' : null)
      facets.run(seq, region, seen)
    }
    db.prepare(`INSERT INTO themes (id, label) VALUES ('c0000000-0000-4000-8000-000000000000', 'T')`).run()
    db.prepare(`INSERT INTO topics (id, theme_id, label) VALUES ('d0000000-0000-4000-8000-000000000000', 'c0000000-0000-4000-8000-000000000000', 'T')`).run()
    db.prepare(
      `INSERT INTO trends (id, label, state, structural_type, semantic_type, article_count, key_entities, country_scope, topic_id, daily_counts, features, updated_at)
       VALUES ('b0000000-0000-4000-8000-000000000000', 'T', 'hot', 'unknown', 'news', 3, '[]', '["DE","US"]', 'd0000000-0000-4000-8000-000000000000', '[]', '{}', 'x')`,
    ).run()
    for (const seq of [1, 2, 3]) db.prepare(`INSERT INTO trend_articles (trend_id, article_id, assignment_score, role) VALUES ('b0000000-0000-4000-8000-000000000000', ?, 1, 'F2_pile_on')`).run(`a000000${seq}-0000-4000-8000-000000000000`)
    db.prepare(`INSERT INTO subject_daily (subject_kind, subject_key, country, day, impressions, publications, observations, position_sum) VALUES ('entity', 'x', 'US', 1, 1, 1, 1, 1)`).run()
    before.close()

    const after = openTestStore(file)
    expect(after.sqlite.prepare('SELECT trend_id, country, article_count, first_seen_at, last_article_at FROM trend_countries ORDER BY country').all()).toEqual([
      // the German article was never seen: its published date places it
      { trend_id: 'b0000000-0000-4000-8000-000000000000', country: 'DE', article_count: 1, first_seen_at: '2026-11-02T00:00:00.000Z', last_article_at: '2026-11-02T00:00:00.000Z' },
      { trend_id: 'b0000000-0000-4000-8000-000000000000', country: 'US', article_count: 2, first_seen_at: '2026-11-01T00:00:00.000Z', last_article_at: '2026-11-01T02:00:00.000Z' },
    ])
    expect(after.sqlite.prepare('SELECT count(*) FROM article_facets WHERE stored_at IS NULL').pluck().get()).toBe(0)
    // each member carries its article's seq (a trend's page of articles is chosen by it) and its first
    // sighting as shown: the article never seen, the time it was stored (it has no published date there)
    const storedAt = after.sqlite.prepare('SELECT stored_at FROM article_facets WHERE article_seq = 3').pluck().get() as number
    expect(storedAt).toBeGreaterThan(0)
    expect(after.sqlite.prepare('SELECT article_seq AS seq, article_id AS id, first_seen AS firstSeen FROM trend_articles ORDER BY article_id').all()).toEqual(
      rows.map(([seq, , firstSeen]) => ({ seq, id: `a000000${seq}-0000-4000-8000-000000000000`, firstSeen: firstSeen ?? storedAt })),
    )
    expect(after.sqlite.prepare(`SELECT name FROM sqlite_master WHERE name IN ('subject_daily', 'jobs')`).all()).toEqual([])
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

describe('slow statements', () => {
  it('are logged with what they do and to which tables (serve --log)', () => {
    const store = openTestStore()
    const lines: string[] = []
    store.logSlowStatements(-1, (line) => lines.push(line))
    store.trends.list({ minArticles: 0, sortBy: 'article_count', sortOrder: 'desc', limit: 5, offset: 0, markets: null })
    expect(lines[0]).toMatch(/^slow statement \(\d+ ms\): SELECT trends$/)
    expect(lines[1]).toMatch(/^slow statement \(\d+ ms\): SELECT trends, topics$/)
    expect(statementName('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')).toBe('INSERT settings')
    expect(statementName('WITH pa AS (SELECT 1) SELECT x FROM pa CROSS JOIN articles a LEFT JOIN article_facets f ON 1')).toBe('SELECT pa, articles, article_facets')
    const quiet: string[] = []
    const other = openTestStore()
    other.logSlowStatements(10_000, (line) => quiet.push(line))
    other.trends.list({ minArticles: 0, sortBy: 'article_count', sortOrder: 'desc', limit: 5, offset: 0, markets: null })
    expect(quiet).toEqual([])
  })
})
