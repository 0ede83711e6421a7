import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import fs from 'node:fs'
import path from 'node:path'
import { isBusyError } from './busy'
import { restoreDeferredIndexes } from './deferred-indexes'
import * as schema from './schema'
import { StoreAccessError, StoreMismatchError } from './store-errors'

export type Db = BetterSQLite3Database<typeof schema>

export interface OpenStoreOptions {
  /** A file path, or ':memory:' for tests. */
  file: string
  migrationsFolder: string
}

export interface OpenedStore {
  sqlite: Database.Database
  db: Db
  file: string
  /** the migrations it was opened with (another connection to it, a worker's, opens with them) */
  migrationsFolder: string
}

export { StoreAccessError, StoreMismatchError }

const MIGRATIONS_TABLE = '__drizzle_migrations'

const ADVICE = 'Choose another folder with --data-dir (or FEEDLENS_DATA_DIR), or fix the folder and start again.'

/** Why a data folder cannot be written, in words: from the file system's answer or SQLite's code. */
function accessProblem(file: string, error: unknown): StoreAccessError | null {
  const dir = path.dirname(file)
  const code = String((error as { code?: unknown } | null)?.code ?? '')
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return new StoreAccessError(`Feedlens cannot write to its data folder ${dir}: the disk is full. ${ADVICE}`)
  const inTheWay = fileInTheWay(dir)
  if (inTheWay) return new StoreAccessError(`Feedlens cannot use ${dir} as its data folder: ${inTheWay === dir ? 'it is a file, not a folder' : `${inTheWay} is a file, not a folder`}. ${ADVICE}`)
  const readOnly = code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM'
  if (!readOnly) return null
  let cause = 'it cannot be written (permission denied, or a read-only disk)'
  if (code === 'EROFS' || code === 'SQLITE_READONLY_DBMOVED') cause = 'it is on a read-only disk'
  else if (fs.existsSync(file) && !writable(file)) cause = `${path.basename(file)} is read-only`
  else if (fs.existsSync(dir) && !writable(dir)) cause = 'the folder is read-only (permission denied)'
  return new StoreAccessError(`Feedlens cannot write to its data folder ${dir}: ${cause}. ${ADVICE}`)
}

/** The folder itself or the nearest of its parents that exists, when that is not a folder (a data folder "under" a file). */
function fileInTheWay(dir: string): string | null {
  for (let at = dir; ; at = path.dirname(at)) {
    let stat: fs.Stats | undefined
    try {
      stat = fs.statSync(at, { throwIfNoEntry: false })
    } catch {
      // ENOTDIR: a parent is a file; go on up to it
    }
    if (stat) return stat.isDirectory() ? null : at
    if (path.dirname(at) === at) return null
  }
}

function writable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.W_OK)
    return true
  } catch {
    return false
  }
}

/** Pages the write-ahead log may hold before a commit copies them into the store file. */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000

export function openStore(options: OpenStoreOptions): OpenedStore {
  if (!fs.existsSync(path.join(options.migrationsFolder, 'meta', '_journal.json'))) {
    throw new Error(`Feedlens cannot find its migrations in ${options.migrationsFolder} (meta/_journal.json is missing).`)
  }
  const inMemory = options.file === ':memory:'
  let sqlite: Database.Database
  try {
    if (!inMemory) fs.mkdirSync(path.dirname(options.file), { recursive: true })
    sqlite = new Database(options.file)
  } catch (error) {
    throw accessProblem(options.file, error) ?? error
  }
  try {
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    // A page cache that holds the hot part of the aggregates, temp tables (ingest staging) in
    // memory, and checkpoints every ~40 MB of WAL instead of every 4 MB.
    sqlite.pragma('cache_size = -131072')
    sqlite.pragma('temp_store = MEMORY')
    sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`)
    assertMigrationsMatch(sqlite, options.migrationsFolder, options.file)
    // the indexes of a load that was killed before it built them again (deferred-indexes.ts)
    sqlite.transaction(() => restoreDeferredIndexes(sqlite))()
    const db = drizzle(sqlite, { schema })
    migrate(db, { migrationsFolder: options.migrationsFolder, migrationsTable: MIGRATIONS_TABLE })
    // A store that opens but cannot be written (a read-only folder or disk, a full disk) is
    // refused now, with the reason, rather than failing on the first write a request makes.
    if (!inMemory) probeWrite(sqlite)
    keepPreparedStatements(sqlite)
    return { sqlite, db, file: options.file, migrationsFolder: options.migrationsFolder }
  } catch (error) {
    sqlite.close()
    throw (error instanceof StoreMismatchError ? null : accessProblem(options.file, error)) ?? error
  }
}

/** Statements kept prepared per connection: the most recently used SQL texts. */
const STATEMENTS_KEPT = 500

/**
 * Makes the connection keep the statements it prepares: every repository and drizzle query
 * prepares its SQL where it runs it, and compiling a statement cost more than running most of
 * them (a keyed request prepared a dozen). A kept statement comes back in object mode (pluck,
 * raw and expand off, as a fresh one), so callers may still chain .pluck() or .raw(); one that
 * is busy (being iterated) is not handed out twice.
 */
function keepPreparedStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite)
  const kept = new Map<string, Database.Statement>()
  sqlite.prepare = ((source: string) => {
    const statement = kept.get(source)
    if (statement && !statement.busy) {
      kept.delete(source)
      kept.set(source, statement)
      return statement.reader ? statement.pluck(false).raw(false).expand(false) : statement
    }
    const fresh = prepare(source)
    if (!statement) {
      if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!)
      kept.set(source, fresh)
    }
    return fresh
  }) as typeof sqlite.prepare
}

/** A real write, without waiting: a store another process is writing right now is writable, so busy passes. */
function probeWrite(sqlite: Database.Database): void {
  sqlite.pragma('busy_timeout = 0')
  try {
    sqlite.prepare(`INSERT INTO settings (key, value) VALUES ('opened_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(new Date().toISOString())
  } catch (error) {
    if (!isBusyError(error)) throw error
  } finally {
    sqlite.pragma('busy_timeout = 5000')
  }
}

/**
 * The migrations applied to a store must be a prefix of the shipped ones, in order and
 * byte for byte (by hash). Anything else means another build wrote this store: refuse.
 */
export function assertMigrationsMatch(sqlite: Database.Database, migrationsFolder: string, file: string): void {
  const hasTable = sqlite
    .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(MIGRATIONS_TABLE)
  if (!hasTable) return
  const applied = sqlite
    .prepare(`SELECT hash, created_at AS createdAt FROM ${MIGRATIONS_TABLE} ORDER BY created_at, rowid`)
    .all() as Array<{ hash: string; createdAt: number }>
  const shipped = readMigrationFiles({ migrationsFolder })
  if (applied.length > shipped.length) {
    throw new StoreMismatchError(
      `The store at ${file} was written by a newer version of Feedlens (${applied.length} migrations applied, ` +
        `this version ships ${shipped.length}). Update Feedlens, or open another data folder with --data-dir.`,
    )
  }
  applied.forEach((row, i) => {
    const expected = shipped[i]!
    if (row.hash !== expected.hash || Number(row.createdAt) !== expected.folderMillis) {
      throw new StoreMismatchError(
        `The store at ${file} does not match this version of Feedlens: migration ${i + 1} differs from the one ` +
          `this version ships. Feedlens will not open it, to keep your data intact. Use the version that ` +
          `created it, or open another data folder with --data-dir.`,
      )
    }
  })
}
