/**
 * A feed snapshot's entries (the articles a country's feed showed at one instant) are stored as
 * one packed value per snapshot: for each entry, in position order, three unsigned 32-bit
 * big-endian integers: article seq, position, estimated impressions. One row per snapshot
 * instead of one per observation is what lets an import write hundreds of thousands of
 * observations a second; every reader goes through decodeFeedEntries.
 */

export interface FeedEntries {
  seqs: Uint32Array
  positions: Uint32Array
  impressions: Uint32Array
}

const ENTRY_BYTES = 12
/** The largest value an entry field holds. */
export const MAX_ENTRY_VALUE = 0xffff_ffff

export function feedEntryCount(packed: Uint8Array): number {
  return Math.floor(packed.byteLength / ENTRY_BYTES)
}

/** Packs entries, sorted by position (stable, so ties keep their order). */
export function encodeFeedEntries(entries: FeedEntries): Buffer {
  const n = entries.seqs.length
  const order = Array.from({ length: n }, (_, i) => i)
  // entries usually come in position order already
  let sorted = true
  for (let i = 1; i < n && sorted; i++) sorted = entries.positions[i - 1]! <= entries.positions[i]!
  if (!sorted) order.sort((a, b) => entries.positions[a]! - entries.positions[b]! || a - b)
  const out = Buffer.allocUnsafe(n * ENTRY_BYTES)
  // a DataView writes several times faster than Buffer's writeUInt32BE, but wraps instead of refusing
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength)
  const field = (v: number) => {
    if (!(v >= 0 && v <= MAX_ENTRY_VALUE)) throw new RangeError(`A feed entry holds 32-bit values, not ${v}`)
    return v
  }
  let offset = 0
  for (const i of order) {
    view.setUint32(offset, field(entries.seqs[i]!))
    view.setUint32(offset + 4, field(entries.positions[i]!))
    view.setUint32(offset + 8, field(entries.impressions[i]!))
    offset += ENTRY_BYTES
  }
  return out
}

export function decodeFeedEntries(packed: Uint8Array): FeedEntries {
  const n = feedEntryCount(packed)
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength)
  const entries: FeedEntries = { seqs: new Uint32Array(n), positions: new Uint32Array(n), impressions: new Uint32Array(n) }
  for (let i = 0, offset = 0; i < n; i++, offset += ENTRY_BYTES) {
    entries.seqs[i] = view.getUint32(offset)
    entries.positions[i] = view.getUint32(offset + 4)
    entries.impressions[i] = view.getUint32(offset + 8)
  }
  return entries
}

/** The articles of a snapshot in position order, alone (a ranking): what a volatility series reads. */
export function decodeFeedSeqs(packed: Uint8Array): number[] {
  const n = feedEntryCount(packed)
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength)
  const seqs = new Array<number>(n)
  for (let i = 0; i < n; i++) seqs[i] = view.getUint32(i * ENTRY_BYTES)
  return seqs
}

/** Two snapshots' entries as one (an existing snapshot that an import adds to). */
export function concatFeedEntries(a: FeedEntries, b: FeedEntries): FeedEntries {
  const join = (x: Uint32Array, y: Uint32Array) => {
    const out = new Uint32Array(x.length + y.length)
    out.set(x)
    out.set(y, x.length)
    return out
  }
  return { seqs: join(a.seqs, b.seqs), positions: join(a.positions, b.positions), impressions: join(a.impressions, b.impressions) }
}

/** The index of an article in a snapshot's entries, or -1. */
export function findFeedEntry(packed: Uint8Array, seq: number): number {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength)
  const n = feedEntryCount(packed)
  for (let i = 0, offset = 0; i < n; i++, offset += ENTRY_BYTES) if (view.getUint32(offset) === seq) return i
  return -1
}

/** The entry at an index of a packed snapshot. */
export function feedEntryAt(packed: Uint8Array, index: number): { seq: number; position: number; impressions: number } {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength)
  const offset = index * ENTRY_BYTES
  return { seq: view.getUint32(offset), position: view.getUint32(offset + 4), impressions: view.getUint32(offset + 8) }
}

/** Article seqs packed 4 bytes each, big-endian (the feed journal's rows that add to a snapshot). */
export function packSeqs(seqs: Uint32Array): Buffer {
  const out = Buffer.allocUnsafe(seqs.length * 4)
  for (let i = 0; i < seqs.length; i++) out.writeUInt32BE(seqs[i]!, i * 4)
  return out
}

export function unpackSeqs(packed: Uint8Array): Uint32Array {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength)
  const out = new Uint32Array(Math.floor(packed.byteLength / 4))
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4)
  return out
}
