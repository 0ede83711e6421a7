import type Database from 'better-sqlite3'

/**
 * Runs a bulk write as one transaction, or as part of the caller's when one is open: never in a
 * nested savepoint. Inside a savepoint SQLite keeps every page a statement changes in the
 * savepoint's in-memory journal and walks that journal as each statement ends, so a write that
 * moves tens of thousands of rows grows quadratic: a full trend pass that moved 76,000 members
 * of the medium store took 230-320 s inside a savepoint and 2 s without one (perf: 91% of the
 * time in sqlite3BtreeSavepoint). A failure still undoes everything: it reaches the caller's
 * transaction, which rolls back whole.
 */
export function atomically<T>(sqlite: Database.Database, work: () => T): T {
  return sqlite.inTransaction ? work() : sqlite.transaction(work)()
}
