import fs from 'node:fs/promises'

/**
 * The activity index's snapshot file (beside the store's file) and its reading. Light on purpose:
 * `feedlens serve` starts the read before it loads the rest of its code.
 */

/** Where the activity index of the store in `storeFile` is kept. */
export const activitySnapshotFile = (storeFile: string): string => `${storeFile}.activity`

/** Reads of a snapshot file at once: the size of libuv's default thread pool. */
const READS_AT_ONCE = 4

/**
 * A snapshot file's bytes, read in READS_AT_ONCE parts at once into one buffer of its own (the
 * arrays are views into it, aligned from its start). Hundreds of megabytes read in one stream
 * took 0.12-0.85 s on a large store just copied; read in parts on the thread pool, 0.07-0.16 s
 * (docs/performance.md, session 20). A file cut short or replaced while read gives bytes that
 * decodeSnapshot refuses.
 */
async function readInParts(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r')
  try {
    const size = (await handle.stat()).size
    const bytes = Buffer.allocUnsafeSlow(size)
    const part = Math.ceil(size / READS_AT_ONCE / 65_536) * 65_536
    let end = size
    const readPart = async (from: number, to: number) => {
      for (let at = from; at < to; ) {
        const { bytesRead } = await handle.read(bytes, at, to - at, at)
        if (bytesRead === 0) {
          end = Math.min(end, at) // the file is shorter than it was
          return
        }
        at += bytesRead
      }
    }
    const parts: Array<Promise<void>> = []
    for (let from = 0; from < size; from += part) parts.push(readPart(from, Math.min(size, from + part)))
    await Promise.all(parts)
    return end === size ? bytes : bytes.subarray(0, end)
  } finally {
    await handle.close()
  }
}

/** Reads started before anyone asked (readSnapshotFileEarly), by file: the first to ask takes one. */
const earlyReads = new Map<string, Promise<Buffer>>()

/** How long an early read waits to be taken before its bytes are let go (nobody asked: the store was not opened). */
const EARLY_READ_KEPT_MS = 60_000

/**
 * Starts reading a snapshot file now, for readSnapshotFile to take up later: a server's start reads
 * its index file while its modules load and its store opens (docs/performance.md, session 21).
 * The bytes are checked against the store when taken, as any read's are; a failure (no file) is
 * met again by the reader, which looks for the file first.
 */
export function readSnapshotFileEarly(file: string): void {
  if (earlyReads.has(file)) return
  const read = readInParts(file)
  read.catch(() => undefined)
  earlyReads.set(file, read)
  setTimeout(() => {
    if (earlyReads.get(file) === read) earlyReads.delete(file)
  }, EARLY_READ_KEPT_MS).unref()
}

/** The file's bytes: the early read of it when one was started and not yet taken, else a read now. */
export function readSnapshotFile(file: string): Promise<Buffer> {
  const early = earlyReads.get(file)
  if (early) {
    earlyReads.delete(file)
    return early
  }
  return readInParts(file)
}
