import type Database from 'better-sqlite3'

/**
 * The tables a load into an empty store fills, whose indexes it may build at its end: every
 * index of theirs that serves reads only. Unique indexes stay (a write's ON CONFLICT needs them),
 * and so does every primary key (the writer finds its rows by them).
 */
const LOADED_TABLES = ['articles', 'article_facets', 'article_entities', 'article_daily', 'storyline_truth']

/** The settings row that holds the dropped indexes' definitions until they are built again. */
const DEFERRED_SETTING = 'deferred_indexes'

interface IndexDefinition {
  name: string
  sql: string
}

/**
 * Runs a load with the read-only indexes of the loaded tables dropped, and builds them again at
 * its end (also when it fails): one sort an index instead of a B-tree insert for every row and
 * every change, which the build of the large demo world paid on 15 indexes, most rewritten
 * every day (an article's last sighting and impressions move while it is in the feed). The
 * definitions are kept in the store in the transaction that drops them, so a load that is killed
 * leaves them to the next open (restoreDeferredIndexes), never a store without them.
 */
export function withReadIndexesDeferred<T>(sqlite: Database.Database, work: () => T): T {
  const deferred = sqlite.transaction(() => {
    restoreDeferredIndexes(sqlite)
    const indexes = sqlite
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
           AND tbl_name IN (SELECT value FROM json_each(?)) ORDER BY name`,
      )
      .all(JSON.stringify(LOADED_TABLES)) as IndexDefinition[]
    sqlite.prepare(`INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(DEFERRED_SETTING, JSON.stringify(indexes))
    for (const index of indexes) sqlite.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`)
    return indexes.length
  })()
  try {
    return work()
  } finally {
    if (deferred > 0 && sqlite.open) sqlite.transaction(() => restoreDeferredIndexes(sqlite))()
  }
}

/**
 * Builds the indexes a deferred load dropped, if any are still missing (the load was killed
 * before its end), and forgets them. Run as a store opens, before its migrations.
 */
export function restoreDeferredIndexes(sqlite: Database.Database): number {
  const hasSettings = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'`).pluck().get()
  if (!hasSettings) return 0
  const kept = sqlite.prepare(`SELECT value FROM settings WHERE key = ?`).pluck().get(DEFERRED_SETTING) as string | undefined
  if (kept === undefined) return 0
  const indexes = JSON.parse(kept) as IndexDefinition[]
  for (const index of indexes) sqlite.exec(index.sql.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '))
  sqlite.prepare(`DELETE FROM settings WHERE key = ?`).run(DEFERRED_SETTING)
  return indexes.length
}
