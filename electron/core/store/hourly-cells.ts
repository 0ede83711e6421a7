/**
 * The hourly aggregate (article x country x hour) is stored as one packed value per hour and
 * country rather than one row per article: a feed snapshotted every hour or less often has one
 * hourly cell per observation, and a row each made those cells most of an import's time. Every
 * reader goes through decodeHourlyCells.
 *
 * A cell is 32 bytes, big-endian, cells sorted by article seq: seq (u32), observations (u32),
 * best position (u32), first and last seen as seconds into the hour (u16 each), impressions
 * (u64) and the sum of positions (u64), which a few large observations in one hour can take
 * past 32 bits.
 */

import type { FeedEntries } from './feed-entries'

/** One article's cell of an hour (or, in ingest's folding, a day) in one country (first and last seen in epoch seconds). */
export interface HourlyCell {
  seq: number
  impressions: number
  observations: number
  bestPosition: number
  positionSum: number
  firstSeen: number
  lastSeen: number
}

/** The cells of one hour and country, as columns (cell i across all of them), by seq. */
export interface HourlyCells {
  seqs: Uint32Array
  impressions: Float64Array
  observations: Uint32Array
  bestPositions: Uint32Array
  positionSums: Float64Array
  /** Epoch seconds. */
  firstSeen: Float64Array
  lastSeen: Float64Array
}

const CELL_BYTES = 32
const TWO_32 = 2 ** 32
/** Entries a snapshot may hold for encodeSnapshotHour's sort keys (seq * span + index stays exact). */
const INDEX_SPAN = 2 ** 20

export function hourlyCellCount(packed: Uint8Array): number {
  return Math.floor(packed.byteLength / CELL_BYTES)
}

/** Packs the cells of one hour (hours since the epoch), sorted by seq. */
export function encodeHourlyCells(hour: number, cells: Iterable<HourlyCell>): Buffer {
  const sorted = [...cells].sort((a, b) => a.seq - b.seq)
  const start = hour * 3600
  const out = Buffer.allocUnsafe(sorted.length * CELL_BYTES)
  // a DataView writes several times faster than Buffer's writeUInt32BE
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength)
  let offset = 0
  for (const c of sorted) {
    if (!(c.firstSeen >= start && c.lastSeen < start + 3600 && c.firstSeen <= c.lastSeen)) {
      throw new RangeError(`Hourly cell of article ${c.seq} seen outside hour ${hour}`)
    }
    writeCell(view, offset, c.seq, c.observations, c.bestPosition, c.firstSeen - start, c.lastSeen - start, c.impressions, c.positionSum)
    offset += CELL_BYTES
  }
  return out
}

/**
 * The hour of a single feed snapshot taken at `at` (epoch seconds): one cell per entry, as
 * encodeHourlyCells would pack them, without a cell record each (an import's commonest case: a
 * feed snapshotted at most hourly).
 */
export function encodeSnapshotHour(hour: number, at: number, entries: FeedEntries): Buffer {
  const start = hour * 3600
  if (!(at >= start && at < start + 3600)) throw new RangeError(`Snapshot at ${at} is outside hour ${hour}`)
  const n = entries.seqs.length
  if (n > INDEX_SPAN) return encodeHourlyCells(hour, Array.from(entries.seqs, (seq, i) => snapshotCell(seq, at, entries.positions[i]!, entries.impressions[i]!)))
  // entry order by seq: keys of seq and index in one number, sorted natively (no comparator)
  const keys = new Float64Array(n)
  for (let i = 0; i < n; i++) keys[i] = entries.seqs[i]! * INDEX_SPAN + i
  keys.sort()
  const out = Buffer.allocUnsafe(n * CELL_BYTES)
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength)
  let offset = 0
  for (let k = 0; k < n; k++) {
    const i = keys[k]! % INDEX_SPAN
    const position = entries.positions[i]!
    writeCell(view, offset, entries.seqs[i]!, 1, position, at - start, at - start, entries.impressions[i]!, position)
    offset += CELL_BYTES
  }
  return out
}

function snapshotCell(seq: number, at: number, position: number, impressions: number): HourlyCell {
  return { seq, impressions, observations: 1, bestPosition: position, positionSum: position, firstSeen: at, lastSeen: at }
}

export function decodeHourlyCells(hour: number, packed: Uint8Array): HourlyCells {
  const n = hourlyCellCount(packed)
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength)
  const start = hour * 3600
  const cells: HourlyCells = {
    seqs: new Uint32Array(n),
    impressions: new Float64Array(n),
    observations: new Uint32Array(n),
    bestPositions: new Uint32Array(n),
    positionSums: new Float64Array(n),
    firstSeen: new Float64Array(n),
    lastSeen: new Float64Array(n),
  }
  for (let i = 0, offset = 0; i < n; i++, offset += CELL_BYTES) {
    cells.seqs[i] = view.getUint32(offset)
    cells.observations[i] = view.getUint32(offset + 4)
    cells.bestPositions[i] = view.getUint32(offset + 8)
    cells.firstSeen[i] = start + view.getUint16(offset + 12)
    cells.lastSeen[i] = start + view.getUint16(offset + 14)
    cells.impressions[i] = view.getUint32(offset + 16) * TWO_32 + view.getUint32(offset + 20)
    cells.positionSums[i] = view.getUint32(offset + 24) * TWO_32 + view.getUint32(offset + 28)
  }
  return cells
}

/** Cell i of decoded cells, as a record. */
export function hourlyCellAt(cells: HourlyCells, i: number): HourlyCell {
  return {
    seq: cells.seqs[i]!,
    impressions: cells.impressions[i]!,
    observations: cells.observations[i]!,
    bestPosition: cells.bestPositions[i]!,
    positionSum: cells.positionSums[i]!,
    firstSeen: cells.firstSeen[i]!,
    lastSeen: cells.lastSeen[i]!,
  }
}

/** A stored hour's cells with a batch's cells of the same hour added to them. */
export function mergeHourlyCells(hour: number, stored: Uint8Array, added: Iterable<HourlyCell>): Buffer {
  const decoded = decodeHourlyCells(hour, stored)
  const bySeq = new Map<number, HourlyCell>()
  for (let i = 0; i < decoded.seqs.length; i++) bySeq.set(decoded.seqs[i]!, hourlyCellAt(decoded, i))
  for (const a of added) {
    const c = bySeq.get(a.seq)
    if (!c) {
      bySeq.set(a.seq, { ...a })
      continue
    }
    c.impressions += a.impressions
    c.observations += a.observations
    c.bestPosition = Math.min(c.bestPosition, a.bestPosition)
    c.positionSum += a.positionSum
    c.firstSeen = Math.min(c.firstSeen, a.firstSeen)
    c.lastSeen = Math.max(c.lastSeen, a.lastSeen)
  }
  return encodeHourlyCells(hour, bySeq.values())
}

/** One cell at `offset` (first and last seen as seconds into the hour). */
function writeCell(
  view: DataView,
  offset: number,
  seq: number,
  observations: number,
  bestPosition: number,
  firstOffset: number,
  lastOffset: number,
  impressions: number,
  positionSum: number,
): void {
  view.setUint32(offset, seq)
  view.setUint32(offset + 4, observations)
  view.setUint32(offset + 8, bestPosition)
  view.setUint16(offset + 12, firstOffset)
  view.setUint16(offset + 14, lastOffset)
  setUint64(view, offset + 16, impressions)
  setUint64(view, offset + 24, positionSum)
}

function setUint64(view: DataView, offset: number, value: number): void {
  const high = Math.floor(value / TWO_32)
  view.setUint32(offset, high)
  view.setUint32(offset + 4, value - high * TWO_32)
}
