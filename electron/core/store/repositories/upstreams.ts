import type Database from 'better-sqlite3'
import { Statements } from '../statements'

/** What one sync run brought, kept per upstream. */
export interface SyncResult {
  articles: number
  observations: number
  elements: number
  /** the upstream's elements left out (an article that breaks the rules, the entries naming it): see the notices */
  refused?: number
  /** why the run stopped early, if it did */
  error?: string
}

export interface UpstreamRow {
  url: string
  /** where each stream was read up to: by country, or '*' for every market of the key */
  cursors: Record<string, string>
  countries: string[] | null
  lastSyncedAt: string | null
  lastResult: SyncResult | null
  keySecret: Buffer | null
  keyStorage: 'os-keychain' | 'data-folder' | null
  scheduleMinutes: number | null
}

/** Upstreams this store syncs from, and where their feeds were read up to (`feedlens sync`). */
export class UpstreamsRepository {
  private readonly statements: Statements

  constructor(sqlite: Database.Database) {
    this.statements = new Statements(sqlite)
  }

  all(): UpstreamRow[] {
    return (this.statements.get('SELECT * FROM sync_upstreams ORDER BY url').all() as RawRow[]).map(fromRaw)
  }

  get(url: string): UpstreamRow | undefined {
    const row = this.statements.get('SELECT * FROM sync_upstreams WHERE url = ?').get(url) as RawRow | undefined
    return row && fromRaw(row)
  }

  /** Records where a stream was read up to (inside the transaction that stored what it read). */
  saveCursor(url: string, countries: string[] | null, stream: string, cursor: string): void {
    const row = this.get(url)
    const cursors = { ...(row?.cursors ?? {}), [stream]: cursor }
    this.statements
      .get(
        `INSERT INTO sync_upstreams (url, cursor, countries) VALUES (?, ?, ?)
         ON CONFLICT (url) DO UPDATE SET cursor = excluded.cursor, countries = excluded.countries`,
      )
      .run(url, JSON.stringify(cursors), countries ? JSON.stringify(countries) : null)
  }

  /** Forgets where the feeds were read up to (the next run reads them from the beginning). */
  resetCursors(url: string, countries: string[] | null): void {
    this.statements
      .get(
        `INSERT INTO sync_upstreams (url, cursor, countries) VALUES (?, '{}', ?)
         ON CONFLICT (url) DO UPDATE SET cursor = '{}', countries = excluded.countries`,
      )
      .run(url, countries ? JSON.stringify(countries) : null)
  }

  /** Adds an upstream the app syncs from, or changes one (its key only when a new one is given). */
  saveSource(url: string, source: { keySecret: Buffer | null; keyStorage: string | null; countries: string[] | null; scheduleMinutes: number | null }): void {
    this.statements
      .get(
        `INSERT INTO sync_upstreams (url, cursor, countries, key_secret, key_storage, schedule_minutes) VALUES (@url, '{}', @countries, @keySecret, @keyStorage, @scheduleMinutes)
         ON CONFLICT (url) DO UPDATE SET countries = excluded.countries, schedule_minutes = excluded.schedule_minutes,
           key_secret = coalesce(excluded.key_secret, key_secret), key_storage = coalesce(excluded.key_storage, key_storage)`,
      )
      .run({ url, countries: source.countries ? JSON.stringify(source.countries) : null, keySecret: source.keySecret, keyStorage: source.keyStorage, scheduleMinutes: source.scheduleMinutes })
  }

  remove(url: string): boolean {
    return this.statements.get('DELETE FROM sync_upstreams WHERE url = ?').run(url).changes > 0
  }

  recordRun(url: string, at: string, result: SyncResult): void {
    this.statements
      .get(
        `INSERT INTO sync_upstreams (url, cursor, last_synced_at, last_result) VALUES (?, '{}', ?, ?)
         ON CONFLICT (url) DO UPDATE SET last_synced_at = excluded.last_synced_at, last_result = excluded.last_result`,
      )
      .run(url, at, JSON.stringify(result))
  }
}

interface RawRow {
  url: string
  cursor: string | null
  countries: string | null
  last_synced_at: string | null
  last_result: string | null
  key_secret: Buffer | null
  key_storage: 'os-keychain' | 'data-folder' | null
  schedule_minutes: number | null
}

const fromRaw = (r: RawRow): UpstreamRow => ({
  url: r.url,
  cursors: r.cursor ? (JSON.parse(r.cursor) as Record<string, string>) : {},
  countries: r.countries ? (JSON.parse(r.countries) as string[]) : null,
  lastSyncedAt: r.last_synced_at,
  lastResult: r.last_result ? (JSON.parse(r.last_result) as SyncResult) : null,
  keySecret: r.key_secret,
  keyStorage: r.key_storage,
  scheduleMinutes: r.schedule_minutes,
})
