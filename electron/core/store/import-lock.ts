import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Who holds a store's import lock. */
export interface ImportHolder {
  pid: number
  file: string
  startedAt: string
}

export const IMPORT_LOCK_FILE = 'import.lock'

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Imports of one store in this process, one after the other (a store in memory has no folder to lock). */
const queues = new Map<string, Promise<void>>()

/**
 * One import at a time per store, across processes: a lock file beside the store names the
 * process and file being imported. A second import waits for the first to finish (saying so
 * through `onWait`) instead of failing with "database is locked" halfway; a lock left by a
 * process that no longer runs (kill -9) is taken over. Returns the release function.
 */
export async function acquireImportLock(
  storeFile: string,
  holder: Omit<ImportHolder, 'pid' | 'startedAt'>,
  onWait: (other: ImportHolder) => void = () => {},
): Promise<() => void> {
  // this process's imports of the store queue up first
  const key = storeFile === ':memory:' ? storeFile : path.resolve(storeFile)
  const before = queues.get(key) ?? Promise.resolve()
  let releaseQueue!: () => void
  const mine = new Promise<void>((resolve) => (releaseQueue = resolve))
  const queued = before.then(() => mine)
  queues.set(key, queued)
  await before
  const releaseAll = () => {
    releaseQueue()
    if (queues.get(key) === queued) queues.delete(key)
  }
  if (storeFile === ':memory:') return releaseAll

  const lockFile = path.join(path.dirname(key), IMPORT_LOCK_FILE)
  const me: ImportHolder = { pid: process.pid, file: holder.file, startedAt: new Date().toISOString() }
  let told = false
  for (;;) {
    try {
      const fd = fs.openSync(lockFile, 'wx')
      fs.writeSync(fd, JSON.stringify(me))
      fs.closeSync(fd)
      return () => {
        try {
          fs.rmSync(lockFile, { force: true })
        } finally {
          releaseAll()
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        releaseAll()
        throw error
      }
    }
    const other = readHolder(lockFile)
    if (!other && lockAgeMs(lockFile) > 5_000) {
      // unreadable for seconds: not being written, but broken
      fs.rmSync(lockFile, { force: true })
      continue
    }
    if (other && !processAlive(other.pid)) {
      // left by an import that was killed: its batches are whole, and a new import goes on from them
      fs.rmSync(lockFile, { force: true })
      continue
    }
    if (other && !told) {
      onWait(other)
      told = true
    }
    await sleep(250)
  }
}

/** The import holding the store's lock now, if any (a running app waits for it before refreshing). */
export function currentImport(storeFile: string): ImportHolder | null {
  if (storeFile === ':memory:') return null
  const holder = readHolder(path.join(path.dirname(path.resolve(storeFile)), IMPORT_LOCK_FILE))
  return holder && processAlive(holder.pid) ? holder : null
}

function lockAgeMs(lockFile: string): number {
  const stat = fs.statSync(lockFile, { throwIfNoEntry: false })
  return stat ? Date.now() - stat.mtimeMs : 0
}

function readHolder(lockFile: string): ImportHolder | null {
  try {
    const value = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Partial<ImportHolder>
    return typeof value.pid === 'number' ? { pid: value.pid, file: String(value.file ?? ''), startedAt: String(value.startedAt ?? '') } : null
  } catch {
    // being written this instant, or removed: look again on the next turn
    return null
  }
}
