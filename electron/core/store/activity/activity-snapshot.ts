import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import { perDayIsDays, Strings, wholeSeenIsLife, type ActivityData, type Codes, type Groups, type Times } from '../../analytics/activity/activity-data'

/**
 * The activity index as a file beside the store, so that a process starting on a store it knows
 * answers its first tracking request at once instead of reading every daily cell first. The file
 * says which store and which generation of its data and trends it holds; a file of another store,
 * of a later generation or of another format is ignored (the index is then built from the store).
 *
 * Layout: "FLACTIV1", the header's length (u32, little-endian), the header (JSON), then each
 * typed array the header lists, in its order, each starting at a multiple of 8 bytes.
 */

const MAGIC = 'FLACTIV1'
/**
 * 6: counts in four bytes where they fit; 7: each article's whole-life first and last sighting
 * and best position in the daily cells' widths (four, four and two bytes, not eight); 8: string
 * numbers, days, a cell's country, observations and best position in the narrowest width that
 * holds them (one, two or four bytes), and each article's life in four bytes where it fits; 9: counts
 * in one or two bytes where they fit, each article's first and last day with cells in two bytes,
 * and its whole-life sightings left out where they are its life's (read back as those). A file of an
 * older format would keep its wider bytes for as long as the index lives: the index is read once
 * more from the store instead.
 */
const FORMAT = 9

/** Which store, and which of its states, an index holds. */
export interface SnapshotMeta {
  storeId: string
  generation: number
  trendsGeneration: string | null
}

type Typed = Int8Array | Int16Array | Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array
const KINDS = { i8: Int8Array, i16: Int16Array, i32: Int32Array, u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array } as const
type Kind = keyof typeof KINDS
function kindOf(a: Typed): Kind {
  for (const kind of Object.keys(KINDS) as Kind[]) if (a instanceof KINDS[kind]) return kind
  throw new Error('not an index array')
}

/** The index's typed arrays by name, in a fixed order. */
function arraysOf(d: ActivityData): Array<[string, Typed]> {
  const groups = (name: string, g: Groups<Codes>): Array<[string, Typed]> => [
    [`${name}.start`, g.start],
    [`${name}.items`, g.items],
  ]
  return [
    ['seq', d.seq],
    ['indexOfSeq', d.indexOfSeq],
    ['lang', d.lang],
    ['domain', d.domain],
    ['category', d.category],
    ['contentType', d.contentType],
    ['trend', d.trend],
    ['lifeFirst', d.lifeFirst],
    ['lifeLast', d.lifeLast],
    ...groups('entities', d.entities),
    ['days.start', d.days.start],
    ['days.day', d.days.day],
    ['days.country', d.days.country],
    ['days.impressions', d.days.impressions],
    ['days.observations', d.days.observations],
    ['days.positionSum', d.days.positionSum],
    ['days.firstSeen', d.days.firstSeen],
    ['days.lastSeen', d.days.lastSeen],
    ['days.bestPosition', d.days.bestPosition],
    ...groups('byEntity', d.byEntity),
    ...groups('byCategory', d.byCategory),
    ...groups('byDomain', d.byDomain),
    ...groups('byTrend', d.byTrend),
    // the sums over the daily cells too: making them again took longer than reading them
    ['whole.impressions', d.whole.impressions],
    ['whole.observations', d.whole.observations],
    ['whole.positionSum', d.whole.positionSum],
    // the whole-life sightings only when they are not the lives themselves (then held once, read as such)
    ...(wholeSeenIsLife(d)
      ? []
      : ([
          ['whole.firstSeen', d.whole.firstSeen],
          ['whole.lastSeen', d.whole.lastSeen],
        ] as Array<[string, Typed]>)),
    ['whole.bestPosition', d.whole.bestPosition],
    ['whole.firstDay', d.whole.firstDay],
    ['whole.lastDay', d.whole.lastDay],
    ['whole.countryBits', d.whole.countryBits],
    // the per-day sums only when they are not the daily cells themselves (then held once, read as such)
    ...(perDayIsDays(d)
      ? []
      : ([
          ['perDay.start', d.perDay.start],
          ['perDay.day', d.perDay.day],
          ['perDay.impressions', d.perDay.impressions],
        ] as Array<[string, Typed]>)),
  ]
}

const align8 = (n: number) => Math.ceil(n / 8) * 8

/** Zeros that pad each part of a file to a multiple of 8 bytes. */
const PADDING = Buffer.alloc(8)

/**
 * The snapshot as the parts of its file, in order: the preamble (magic, header), then each array
 * over its own memory, not copied, each padded to a multiple of 8 bytes. Written part after part, a
 * save holds nothing but the header beside the index (copied into one buffer, a save of a large
 * store's index held its 213 MB twice).
 */
export function snapshotParts(meta: SnapshotMeta, d: ActivityData): Buffer[] {
  const arrays = arraysOf(d)
  const header = Buffer.from(
    JSON.stringify({
      format: FORMAT,
      meta,
      strings: { langs: d.langs.list, domains: d.domains.list, categories: d.categories.list, contentTypes: d.contentTypes.list, trends: d.trends.list, entityIds: d.entityIds.list, countries: d.countries.list },
      entityNames: [...d.entityNames],
      arrays: arrays.map(([name, a]) => [name, kindOf(a), a.length]),
    }),
  )
  const preamble = Buffer.alloc(align8(MAGIC.length + 4 + header.length))
  preamble.write(MAGIC, 0, 'latin1')
  preamble.writeUInt32LE(header.length, MAGIC.length)
  header.copy(preamble, MAGIC.length + 4)
  const parts = [preamble]
  for (const [, a] of arrays) {
    parts.push(Buffer.from(a.buffer as ArrayBuffer, a.byteOffset, a.byteLength))
    if (a.byteLength % 8 !== 0) parts.push(PADDING.subarray(0, align8(a.byteLength) - a.byteLength))
  }
  return parts
}

/** The snapshot file's bytes in one buffer. */
export function encodeSnapshot(meta: SnapshotMeta, d: ActivityData): Buffer {
  return Buffer.concat(snapshotParts(meta, d))
}

/** The parts still to write after the first `written` bytes of them went out. */
export function partsAfter(parts: readonly Buffer[], written: number): Buffer[] {
  const left: Buffer[] = []
  let skip = written
  for (const part of parts) {
    if (skip >= part.length) skip -= part.length
    else {
      left.push(skip > 0 ? part.subarray(skip) : part)
      skip = 0
    }
  }
  return left
}

/** Writes the parts to a new file (or over one), in order; a write that takes part of them goes on with the rest. */
export async function writeSnapshotFile(file: string, parts: readonly Buffer[]): Promise<void> {
  const handle = await fs.open(file, 'w')
  try {
    for (let left = [...parts]; left.length > 0; ) {
      const { bytesWritten } = await handle.writev(left)
      left = partsAfter(left, bytesWritten)
    }
  } finally {
    await handle.close()
  }
}

/** writeSnapshotFile at once (a save as the store closes). */
export function writeSnapshotFileSync(file: string, parts: readonly Buffer[]): void {
  const fd = fsSync.openSync(file, 'w')
  try {
    for (let left = [...parts]; left.length > 0; ) left = partsAfter(left, fsSync.writevSync(fd, left))
  } finally {
    fsSync.closeSync(fd)
  }
}

interface Header {
  format: number
  meta: SnapshotMeta
  strings: Record<'langs' | 'domains' | 'categories' | 'contentTypes' | 'trends' | 'entityIds' | 'countries', string[]>
  entityNames: Array<[string, string]>
  arrays: Array<[string, Kind, number]>
}

/** Reads of a snapshot file at once: the size of libuv's default thread pool. */
const READS_AT_ONCE = 4

/**
 * A snapshot file's bytes, read in READS_AT_ONCE parts at once into one buffer of its own (the
 * arrays are views into it, aligned from its start). Hundreds of megabytes read in one stream
 * took 0.12-0.85 s on a large store just copied; read in parts on the thread pool, 0.07-0.16 s
 * (docs/performance.md, session 20). A file cut short or replaced while read gives bytes that
 * decodeSnapshot refuses.
 */
export async function readSnapshotFile(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r')
  try {
    return await readWhole(handle, (await handle.stat()).size)
  } finally {
    await handle.close()
  }
}

/** An open snapshot file's `size` bytes, as readSnapshotFile gives them. */
async function readWhole(handle: fs.FileHandle, size: number): Promise<Buffer> {
  const bytes = Buffer.allocUnsafeSlow(size)
  const end = await readRangesInto(handle, bytes, [[0, size]], size)
  return end === size ? bytes : bytes.subarray(0, end)
}

/**
 * Reads the [offset, length] ranges of an open file of `size` bytes into `into` at their own
 * offsets, READS_AT_ONCE parts of the whole at once on the thread pool; returns where the file
 * ended first (`size` when every range was read).
 */
async function readRangesInto(handle: fs.FileHandle, into: Buffer, ranges: ReadonlyArray<[number, number]>, size: number): Promise<number> {
  const part = Math.ceil(size / READS_AT_ONCE / 65_536) * 65_536
  const reads: Array<Promise<number>> = []
  for (const [offset, length] of ranges) for (let from = offset; from < offset + length; from += part) reads.push(readRange(handle, into, from, Math.min(part, offset + length - from)))
  let end = size
  for (const stopped of await Promise.all(reads)) if (stopped >= 0) end = Math.min(end, stopped)
  return end
}

/**
 * What a start left in the file of the articles that stopped living before a day (their daily
 * cells, per-day sums, entities and window facts): where it lies (each a range of bytes, at the same
 * offset in the buffer the rest was read into), and the file as it was read, so that it is read
 * later only from that same file.
 */
export interface UnreadHistory {
  file: string
  /** windows whose days begin on or after this one read none of these cells */
  fromDay: number
  /** [offset, length] of each range left unread, in the file and in the buffer alike */
  ranges: Array<[number, number]>
  /** the file as read: its size, change time and inode (another file in its place is not read from) */
  size: number
  mtimeMs: number
  ino: number
  /** the cells left unread, and their bytes */
  cells: number
  bytes: number
}

/** Each article's facts that only a window's own articles are read by (window-activity.ts, tracking/list-figures.ts). */
const OF_A_WINDOWS_ARTICLES = new Set(['lifeFirst', 'lifeLast', 'whole.impressions', 'whole.observations', 'whole.positionSum', 'whole.firstSeen', 'whole.lastSeen', 'whole.bestPosition', 'whole.countryBits'])

/** Reads `length` bytes of an open file at `position` into `into` at the same offset; returns -1, or where the file ended first. */
async function readRange(handle: fs.FileHandle, into: Buffer, position: number, length: number): Promise<number> {
  for (let at = position; at < position + length; ) {
    const { bytesRead } = await handle.read(into, at, position + length - at, at)
    if (bytesRead === 0) return at
    at += bytesRead
  }
  return -1
}

/** Where each array of a header lies in its file. */
function arrayPlaces(headerLength: number, arrays: Header['arrays']): Map<string, { kind: Kind; length: number; offset: number; bytes: number }> {
  const places = new Map<string, { kind: Kind; length: number; offset: number; bytes: number }>()
  let offset = align8(MAGIC.length + 4 + headerLength)
  for (const [name, kind, length] of arrays) {
    const bytes = length * KINDS[kind].BYTES_PER_ELEMENT
    places.set(name, { kind, length, offset, bytes })
    offset = align8(offset + bytes)
  }
  return places
}

/**
 * A snapshot file read but for the daily cells of the articles whose last day with cells lies more
 * than `recentDays` before the newest day (the longest run of such articles at the start of the
 * index: a store's articles come in the order they were first seen). A process that answers recent
 * windows then holds the cells of recent days only; readHistory reads the rest when a window
 * reaches further back (docs/performance.md, session 36). The buffer has the file's size, zeros
 * where the cells were left (pages never written hold no memory); `history` is null when nothing
 * was left (a short history, or a file this code cannot lay out: decodeSnapshot judges it).
 */
export async function readSnapshotFileRecent(file: string, recentDays: number): Promise<{ bytes: Buffer; history: UnreadHistory | null }> {
  const handle = await fs.open(file, 'r')
  try {
    const stat = await handle.stat()
    const laidOut = await layOutRecent(handle, file, stat, recentDays)
    if (!laidOut) return { bytes: await readWhole(handle, stat.size), history: null }
    // everything but the ranges left
    const wanted: Array<[number, number]> = []
    let at = 0
    for (const [offset, length] of [...laidOut.history.ranges].sort((a, b) => a[0] - b[0])) {
      if (offset > at) wanted.push([at, offset - at])
      at = offset + length
    }
    if (at < stat.size) wanted.push([at, stat.size - at])
    // a file cut short while read: decodeSnapshot refuses what is left
    if ((await readRangesInto(handle, laidOut.bytes, wanted, stat.size)) === stat.size) return laidOut
    return { bytes: laidOut.bytes.subarray(0, 0), history: null }
  } finally {
    await handle.close()
  }
}

/** The buffer and the ranges to leave of a file (its header and the arrays that decide them read already), or null to read it whole. */
async function layOutRecent(handle: fs.FileHandle, file: string, stat: { size: number; mtimeMs: number; ino: number }, recentDays: number): Promise<{ bytes: Buffer; history: UnreadHistory } | null> {
  const preamble = Buffer.alloc(MAGIC.length + 4)
  if (stat.size < preamble.length || (await readRange(handle, preamble, 0, preamble.length)) >= 0 || preamble.toString('latin1', 0, MAGIC.length) !== MAGIC) return null
  const headerLength = preamble.readUInt32LE(MAGIC.length)
  if (MAGIC.length + 4 + headerLength > stat.size) return null
  const headerBytes = Buffer.alloc(headerLength)
  if ((await handle.read(headerBytes, 0, headerLength, MAGIC.length + 4)).bytesRead !== headerLength) return null
  let header: Header
  try {
    header = JSON.parse(headerBytes.toString('utf8')) as Header
  } catch {
    return null
  }
  if (header.format !== FORMAT) return null
  const places = arrayPlaces(headerLength, header.arrays)
  const lastDayPlace = places.get('whole.lastDay')
  const startPlace = places.get('days.start')
  const perDayStartPlace = places.get('perDay.start')
  const entitiesStartPlace = places.get('entities.start')
  const end = [...places.values()].reduce((most, p) => Math.max(most, p.offset + p.bytes), 0)
  if (!lastDayPlace || !startPlace || !entitiesStartPlace || end > stat.size) return null
  // zeros: a cell left unread reads as day 0, before every window (and its pages take no memory until written)
  const bytes = Buffer.alloc(stat.size)
  for (const p of [lastDayPlace, startPlace, entitiesStartPlace, ...(perDayStartPlace ? [perDayStartPlace] : [])]) if ((await readRange(handle, bytes, p.offset, p.bytes)) >= 0) return null
  const view = (p: { kind: Kind; length: number; offset: number }) => new KINDS[p.kind](bytes.buffer as ArrayBuffer, bytes.byteOffset + p.offset, p.length)
  const lastDay = view(lastDayPlace)
  let newest = -Infinity
  for (let a = 0; a < lastDay.length; a++) if (lastDay[a]! > newest) newest = lastDay[a]!
  const fromDay = newest - recentDays
  // the run of articles at the start of the index that stopped living before fromDay (no cells: the lowest day, so in it)
  let before = 0
  while (before < lastDay.length && lastDay[before]! < fromDay) before++
  const dayStart = view(startPlace)
  const perDayStart = perDayStartPlace ? view(perDayStartPlace) : null
  const entitiesStart = view(entitiesStartPlace)
  const ranges: Array<[number, number]> = []
  let cells = 0
  for (const [name, p] of places) {
    // their daily cells, per-day sums and entities, and the facts a window reads of an article it
    // found in its stretch of the index (livingRange): what their first and last days decide stays
    const starts =
      name.startsWith('days.') && name !== 'days.start'
        ? dayStart
        : name.startsWith('perDay.') && name !== 'perDay.start'
          ? perDayStart
          : name === 'entities.items'
            ? entitiesStart
            : null
    if (!starts && !OF_A_WINDOWS_ARTICLES.has(name)) continue
    const count = starts ? starts[before]! : before
    if (name === 'days.day') cells = count
    const length = count * KINDS[p.kind].BYTES_PER_ELEMENT
    if (length > 0) ranges.push([p.offset, length])
  }
  if (!(fromDay > 0) || ranges.length === 0) return null
  return { bytes, history: { file, fromDay, ranges, size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, cells, bytes: ranges.reduce((n, [, l]) => n + l, 0) } }
}

/** Whether a file's state is the one a recent read saw (another file in its place, or the same saved again, is not read from). */
const isFileRead = (stat: { size: number; mtimeMs: number; ino: number }, history: UnreadHistory) =>
  stat.size === history.size && stat.mtimeMs === history.mtimeMs && stat.ino === history.ino

/**
 * Reads what a recent read left (readSnapshotFileRecent) into its buffer, from the same file:
 * false when the file is no longer the one read (saved again, or removed; nothing read) or ends
 * before it (some read: harmless, see below). Synchronous: for the index's own steps (an update, a
 * save), which run as one; a request reads it with readHistoryInBackground.
 */
export function readHistory(history: UnreadHistory, into: Buffer): boolean {
  let fd: number
  try {
    fd = fsSync.openSync(history.file, 'r')
  } catch {
    return false
  }
  try {
    if (!isFileRead(fsSync.fstatSync(fd), history)) return false
    // straight into the index's own buffer: those cells are read by no window the index answers
    // meanwhile (all their days are before fromDay), whether they hold zeros, the file's bytes or some of each
    for (const [offset, length] of history.ranges) {
      for (let at = offset; at < offset + length; ) {
        const n = fsSync.readSync(fd, into, at, offset + length - at, at)
        if (n === 0) return false
        at += n
      }
    }
    return true
  } finally {
    fsSync.closeSync(fd)
  }
}

/**
 * readHistory on the thread pool, in parts at once (readRangesInto): the request whose window
 * first reaches the history waits for it, and the server answers others meanwhile (tens of
 * megabytes at large). The same answer as readHistory; reading the same bytes twice is harmless.
 */
export async function readHistoryInBackground(history: UnreadHistory, into: Buffer): Promise<boolean> {
  let handle: fs.FileHandle
  try {
    handle = await fs.open(history.file, 'r')
  } catch {
    return false
  }
  try {
    if (!isFileRead(await handle.stat(), history)) return false
    return (await readRangesInto(handle, into, history.ranges, history.size)) === history.size
  } finally {
    await handle.close()
  }
}

/** The index a file holds, or null when it is not a snapshot of this format (or is cut short). */
export function decodeSnapshot(file: Buffer): { meta: SnapshotMeta; data: ActivityData } | null {
  if (file.length < MAGIC.length + 4 || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return null
  const headerLength = file.readUInt32LE(MAGIC.length)
  let header: Header
  try {
    header = JSON.parse(file.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header
  } catch {
    return null
  }
  if (header.format !== FORMAT) return null
  const arrays = new Map<string, Typed>()
  for (const [name, { kind, length, offset, bytes }] of arrayPlaces(headerLength, header.arrays)) {
    const Make = KINDS[kind]
    if (offset + bytes > file.length) return null
    // the file's own bytes when they are aligned for the array (a file read whole: its buffer starts at 0), else a copy
    const at = file.byteOffset + offset
    if (at % Make.BYTES_PER_ELEMENT === 0) arrays.set(name, new Make(file.buffer as ArrayBuffer, at, length))
    else {
      const copy = new Uint8Array(bytes)
      copy.set(file.subarray(offset, offset + bytes))
      arrays.set(name, new Make(copy.buffer))
    }
  }
  const a = <T extends Typed>(name: string) => arrays.get(name) as T
  const groups = <Items extends Codes = Int32Array>(name: string): Groups<Items> => ({ start: a(`${name}.start`), items: a(`${name}.items`) })
  const s = header.strings
  const lifeFirst = a<Times>('lifeFirst')
  const lifeLast = a<Times>('lifeLast')
  const seenIsLife = !arrays.has('whole.firstSeen')
  // sightings left out are the lives', which are then four bytes each (else the file is not one this code wrote)
  if (seenIsLife && !(lifeFirst instanceof Uint32Array && lifeLast instanceof Uint32Array)) return null
  return {
    meta: header.meta,
    data: {
      seq: a('seq'),
      indexOfSeq: a('indexOfSeq'),
      lang: a('lang'),
      domain: a('domain'),
      category: a('category'),
      contentType: a('contentType'),
      trend: a('trend'),
      lifeFirst,
      lifeLast,
      entities: groups<Codes>('entities'),
      days: {
        start: a('days.start'),
        day: a('days.day'),
        country: a('days.country'),
        impressions: a('days.impressions'),
        observations: a('days.observations'),
        positionSum: a('days.positionSum'),
        firstSeen: a('days.firstSeen'),
        lastSeen: a('days.lastSeen'),
        bestPosition: a('days.bestPosition'),
      },
      langs: new Strings(s.langs),
      domains: new Strings(s.domains),
      categories: new Strings(s.categories),
      contentTypes: new Strings(s.contentTypes),
      trends: new Strings(s.trends),
      entityIds: new Strings(s.entityIds),
      countries: new Strings(s.countries),
      entityNames: new Map(header.entityNames),
      byEntity: groups('byEntity'),
      byCategory: groups('byCategory'),
      byDomain: groups('byDomain'),
      byTrend: groups('byTrend'),
      whole: {
        impressions: a('whole.impressions'),
        observations: a('whole.observations'),
        positionSum: a('whole.positionSum'),
        firstSeen: seenIsLife ? (lifeFirst as Uint32Array) : a('whole.firstSeen'),
        lastSeen: seenIsLife ? (lifeLast as Uint32Array) : a('whole.lastSeen'),
        bestPosition: a('whole.bestPosition'),
        firstDay: a('whole.firstDay'),
        lastDay: a('whole.lastDay'),
        countryBits: a('whole.countryBits'),
      },
      perDay: arrays.has('perDay.day')
        ? { start: a('perDay.start'), day: a('perDay.day'), impressions: a('perDay.impressions') }
        : { start: a('days.start'), day: a('days.day'), impressions: a('days.impressions') },
    },
  }
}
