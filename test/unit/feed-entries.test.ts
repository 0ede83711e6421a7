import { describe, expect, it } from 'vitest'
import { concatFeedEntries, decodeFeedEntries, encodeFeedEntries, feedEntryAt, feedEntryCount, findFeedEntry, type FeedEntries } from '../../electron/core/store/feed-entries'

const entries = (rows: Array<[number, number, number]>): FeedEntries => ({
  seqs: Uint32Array.from(rows.map((r) => r[0])),
  positions: Uint32Array.from(rows.map((r) => r[1])),
  impressions: Uint32Array.from(rows.map((r) => r[2])),
})
const rowsOf = (e: FeedEntries) => Array.from(e.seqs, (seq, i) => [seq, e.positions[i], e.impressions[i]])

describe('packed feed snapshot entries', () => {
  it('packs 12 bytes an entry, big-endian, in position order (ties keep their order)', () => {
    const packed = encodeFeedEntries(entries([[7, 3, 10], [5, 1, 4_294_967_295], [9, 3, 20], [2, 2, 0]]))
    expect(packed.byteLength).toBe(48)
    expect(feedEntryCount(packed)).toBe(4)
    // the first entry: seq 5, position 1, impressions 2^32 - 1
    expect([...packed.subarray(0, 12)]).toEqual([0, 0, 0, 5, 0, 0, 0, 1, 255, 255, 255, 255])
    expect(rowsOf(decodeFeedEntries(packed))).toEqual([[5, 1, 4_294_967_295], [2, 2, 0], [7, 3, 10], [9, 3, 20]])
  })

  it('finds an article in a packed snapshot, and reads an entry by index', () => {
    const packed = encodeFeedEntries(entries([[11, 2, 300], [4, 1, 900]]))
    expect(findFeedEntry(packed, 11)).toBe(1)
    expect(findFeedEntry(packed, 12)).toBe(-1)
    expect(feedEntryAt(packed, 1)).toEqual({ seq: 11, position: 2, impressions: 300 })
  })

  it('decodes a value read at an offset of a larger buffer', () => {
    const packed = encodeFeedEntries(entries([[1, 1, 5]]))
    const bigger = Buffer.concat([Buffer.from([9, 9, 9]), packed])
    expect(rowsOf(decodeFeedEntries(bigger.subarray(3)))).toEqual([[1, 1, 5]])
  })

  it('joins the entries of a stored snapshot with new ones', () => {
    const joined = concatFeedEntries(entries([[1, 1, 5]]), entries([[2, 2, 6], [3, 3, 7]]))
    expect(rowsOf(joined)).toEqual([[1, 1, 5], [2, 2, 6], [3, 3, 7]])
  })

  it('refuses values a 32-bit field cannot hold', () => {
    expect(() => encodeFeedEntries({ seqs: [1] as unknown as Uint32Array, positions: [1] as unknown as Uint32Array, impressions: [2 ** 32] as unknown as Uint32Array })).toThrow(RangeError)
  })
})
