import type Database from 'better-sqlite3'

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

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Runs a load with the read-only indexes of the loaded tables dropped, and the full-text index's
 * triggers, and makes them again at its end (also when it fails): one sort an index instead of
 * a B-tree insert for every row and every change, which the build of the large demo world paid
 * on 15 indexes, most rewritten every day (an article's last sighting and impressions move while
 * it is in the feed), and one pass over the articles for the full-text index. The definitions
 * are kept in the store in the transaction that drops them, so a load that is killed leaves
 * them to the next open (restoreDeferredIndexes), never a store without them.
 */
export function withReadIndexesDeferred<T>(sqlite: Database.Database, work: () => T): T {
  const deferred = sqlite.transaction(() => {
    restoreDeferredIndexes(sqlite)
    const definitions = sqlite
      .prepare(
        `SELECT type, name, sql FROM sqlite_master
         WHERE (type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%' AND tbl_name IN (SELECT value FROM json_each(?)))
            OR (type = 'trigger' AND name IN (SELECT value FROM json_each(?)))
         ORDER BY type, name`,
      )
      .all(JSON.stringify(LOADED_TABLES), JSON.stringify(SEARCH_TRIGGERS)) as Definition[]
    sqlite.prepare(`INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(DEFERRED_SETTING, JSON.stringify(definitions))
    for (const d of definitions) sqlite.exec(`DROP ${d.type === 'index' ? 'INDEX' : 'TRIGGER'} ${quoted(d.name)}`)
    return definitions.length
  })()
  try {
    return work()
  } finally {
    if (deferred > 0 && sqlite.open) sqlite.transaction(() => restoreDeferredIndexes(sqlite))()
  }
}

/**
 * Makes again what a deferred load dropped, if anything is still missing (the load was killed
 * before its end), and forgets it: the indexes, the full-text triggers and the full-text index
 * rebuilt from the articles. Run as a store opens, before its migrations.
 */
export function restoreDeferredIndexes(sqlite: Database.Database): number {
  const hasSettings = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'`).pluck().get()
  if (!hasSettings) return 0
  const kept = sqlite.prepare(`SELECT value FROM settings WHERE key = ?`).pluck().get(DEFERRED_SETTING) as string | undefined
  if (kept === undefined) return 0
  const definitions = JSON.parse(kept) as Definition[]
  for (const d of definitions) sqlite.exec(d.sql.replace(/^CREATE (INDEX|TRIGGER) /i, 'CREATE $1 IF NOT EXISTS '))
  if (definitions.some((d) => d.type === 'trigger')) sqlite.exec(`INSERT INTO articles_fts(articles_fts) VALUES ('rebuild')`)
  sqlite.prepare(`DELETE FROM settings WHERE key = ?`).run(DEFERRED_SETTING)
  return definitions.length
}
