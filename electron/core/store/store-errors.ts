/** The store's own errors, apart from the store's code: the CLI tells them apart before it loads the rest. */

/** Thrown when a store was written by another build of Feedlens; the store is left untouched. */
export class StoreMismatchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StoreMismatchError'
  }
}

/**
 * Thrown when the data folder cannot hold a working store (read-only, full, missing rights): the
 * sentence names the folder and the cause, instead of SQLite's "unable to open database file".
 */
export class StoreAccessError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StoreAccessError'
  }
}
