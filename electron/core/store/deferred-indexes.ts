import type Database from 'better-sqlite3'
import { threadId } from 'node:worker_threads'

/**
 * The tables a load into an empty store fills, whose indexes it may build at its end: every
 * index of theirs that serves reads only. Unique indexes stay (a write's ON CONFLICT needs them),
 * and so does every primary key (the writer finds its rows by them).
 */
const LOADED_TABLES = ['articles', 'article_facets', 'article_entities', 'article_daily', 'storyline_truth']

/** The triggers that keep the articles' full-text index, rebuilt whole at the end instead. */
const SEARCH_TRIGGERS = ['articles_fts_ai', 'articles_fts_ad', 'articles_fts_au']

/** The settings row that holds the dropped definitions until they are made again. */
const DEFERRED_SETTING = 'deferred_indexes'

interface Definition {
  type: 'index' | 'trigger'
  name: string
  sql: string
}

/** What the settings row holds: the definitions, and the process and thread whose load dropped them. */
interface Deferred {
  pid: number
  /** (absent from the rows of builds before it: their thread is taken as this one) */
  thread?: number
  definitions: Definition[]
}

/** The store files this thread is loading now (their indexes are its to make again). */
const loading = new Set<string>()

/**
 * Whether the load that dropped the definitions is still running (here, on another thread of this
 * process, or in a live process). Another thread of the loading process (the refresh thread the
 * demo build starts before its indexes are made) leaves them to the load's thread, which makes
 * them at its end.
 */
function stillLoading(sqlite: Database.Database, pid: number, thread: number): boolean {
  if (pid === process.pid) return thread === threadId ? loading.has(sqlite.name) : true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: a live process of another user
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Runs a load with the read-only indexes of the loaded tables dropped, and the full-text index's
 * triggers, and makes them again at its end (also when it fails): one sort an index instead of
 * a B-tree insert for every row and every change, which the build of the large demo world paid
 * on 15 indexes, most rewritten every day (an article's last sighting and impressions move while
 * it is in the feed), and one pass over the articles for the full-text index. The definitions
 * are kept in the store in the transaction that drops them, so a load that is killed leaves
 * them to the next open (restoreDeferredIndexes), never a store without them.
 *
 * `beside`, once the load is written, starts what may run on another thread or process while the
 * indexes are made (the demo build's refresh): its reads see the loaded rows, with or without the
 * indexes, and its writes wait for their transaction.
 */
export function withReadIndexesDeferred<T>(sqlite: Database.Database, work: () => T, beside?: (made: T) => void): T {
  sqlite.transaction(() => {
    restoreDeferredIndexes(sqlite, true)
    const definitions = sqlite
      .prepare(
        `SELECT type, name, sql FROM sqlite_master
         WHERE (type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%' AND tbl_name IN (SELECT value FROM json_each(?)))
            OR (type = 'trigger' AND name IN (SELECT value FROM json_each(?)))
         ORDER BY type, name`,
      )
      .all(JSON.stringify(LOADED_TABLES), JSON.stringify(SEARCH_TRIGGERS)) as Definition[]
    const kept: Deferred = { pid: process.pid, thread: threadId, definitions }
    sqlite.prepare(`INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(DEFERRED_SETTING, JSON.stringify(kept))
    for (const d of definitions) sqlite.exec(`DROP ${d.type === 'index' ? 'INDEX' : 'TRIGGER'} ${quoted(d.name)}`)
  })()
  loading.add(sqlite.name)
  try {
    const made = work()
    beside?.(made)
    return made
  } finally {
    loading.delete(sqlite.name)
    if (sqlite.open) sqlite.transaction(() => restoreDeferredIndexes(sqlite, true))()
  }
}

/**
 * Makes again what a deferred load dropped, if anything is still missing, and forgets it: the
 * indexes, the full-text triggers and the full-text index rebuilt from the articles. Run as a
 * load ends, and as a store opens (before its migrations), where it does so only when the load
 * was killed before its end: a store opened by another command while a build runs leaves the
 * build's indexes to the build.
 */
export function restoreDeferredIndexes(sqlite: Database.Database, asLoadEnds = false): number {
  const hasSettings = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'`).pluck().get()
  if (!hasSettings) return 0
  const value = sqlite.prepare(`SELECT value FROM settings WHERE key = ?`).pluck().get(DEFERRED_SETTING) as string | undefined
  if (value === undefined) return 0
  const { pid, thread, definitions } = JSON.parse(value) as Deferred
  if (!asLoadEnds && stillLoading(sqlite, pid, thread ?? threadId)) return 0
  for (const d of definitions) sqlite.exec(d.sql.replace(/^CREATE (INDEX|TRIGGER) /i, 'CREATE $1 IF NOT EXISTS '))
  if (definitions.some((d) => d.type === 'trigger')) sqlite.exec(`INSERT INTO articles_fts(articles_fts) VALUES ('rebuild')`)
  sqlite.prepare(`DELETE FROM settings WHERE key = ?`).run(DEFERRED_SETTING)
  return definitions.length
}
