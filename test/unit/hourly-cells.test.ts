import { describe, expect, it } from 'vitest'
import { decodeHourlyCells, encodeHourlyCells, encodeSnapshotHour, hourlyCellAt, hourlyCellCount, mergeHourlyCells, type HourlyCell } from '../../electron/core/store/hourly-cells'

const HOUR = 493_000 // 2026-03-29T16:00Z
const at = (seconds: number) => HOUR * 3600 + seconds
const cell = (seq: number, impressions: number, first: number, last = first, position = 3): HourlyCell => ({
  seq,
  impressions,
  observations: 1,
  bestPosition: position,
  positionSum: position,
  firstSeen: at(first),
  lastSeen: at(last),
})
const cellsOf = (packed: Buffer) => {
  const d = decodeHourlyCells(HOUR, packed)
  return Array.from(d.seqs, (_, i) => hourlyCellAt(d, i))
}

describe('packed hourly cells', () => {
  it('packs 32 bytes a cell, big-endian, sorted by article seq', () => {
    const packed = encodeHourlyCells(HOUR, [cell(9, 40, 600), cell(2, 7, 0, 3599, 1)])
    expect(packed.byteLength).toBe(64)
    expect(hourlyCellCount(packed)).toBe(2)
    // seq 2, 1 observation, best position 1, seen from second 0 to 3599 of the hour, 7 impressions, positions 1
    expect([...packed.subarray(0, 32)]).toEqual([0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0x0e, 0x0f, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 1])
    expect(cellsOf(packed)).toEqual([cell(2, 7, 0, 3599, 1), cell(9, 40, 600)])
  })

  it('keeps sums past 32 bits exactly', () => {
    const big = { ...cell(1, 3 * 2 ** 32 + 5, 10), positionSum: 2 ** 40 + 1 }
    expect(cellsOf(encodeHourlyCells(HOUR, [big]))).toEqual([big])
  })

  it('adds a batch to a stored hour: same articles summed, new ones joined in seq order', () => {
    const stored = encodeHourlyCells(HOUR, [cell(5, 100, 0, 0, 4), cell(8, 50, 0)])
    const merged = mergeHourlyCells(HOUR, stored, [cell(5, 30, 1800, 1800, 2), cell(6, 1, 1800)])
    expect(cellsOf(merged)).toEqual([
      { seq: 5, impressions: 130, observations: 2, bestPosition: 2, positionSum: 6, firstSeen: at(0), lastSeen: at(1800) },
      cell(6, 1, 1800),
      cell(8, 50, 0),
    ])
  })

  it('refuses a cell seen outside its hour', () => {
    expect(() => encodeHourlyCells(HOUR, [cell(1, 1, 3600)])).toThrow(RangeError)
    expect(() => encodeHourlyCells(HOUR, [cell(1, 1, -1)])).toThrow(RangeError)
  })
})

describe('an hour of one feed snapshot', () => {
  it('packs as the same cells would, one per entry, by seq', () => {
    const entries = { seqs: Uint32Array.from([9, 2, 5]), positions: Uint32Array.from([1, 2, 3]), impressions: Uint32Array.from([4_294_967_295, 70, 0]) }
    const fromCells = encodeHourlyCells(HOUR, [
      { ...cell(9, 4_294_967_295, 1200, 1200, 1) },
      { ...cell(2, 70, 1200, 1200, 2) },
      { ...cell(5, 0, 1200, 1200, 3) },
    ])
    expect(encodeSnapshotHour(HOUR, at(1200), entries)).toEqual(fromCells)
    expect(() => encodeSnapshotHour(HOUR, at(3600), entries)).toThrow(RangeError)
  })

  it('packs a snapshot of more than 2^20 entries the same way', () => {
    const n = 2 ** 20 + 1
    const seqs = Uint32Array.from({ length: n }, (_, i) => n - i)
    const entries = { seqs, positions: Uint32Array.from({ length: n }, (_, i) => i + 1), impressions: new Uint32Array(n).fill(3) }
    const packed = encodeSnapshotHour(HOUR, at(0), entries)
    const d = decodeHourlyCells(HOUR, packed)
    expect(d.seqs.length).toBe(n)
    expect(hourlyCellAt(d, 0)).toEqual(cell(1, 3, 0, 0, n))
    expect(hourlyCellAt(d, n - 1)).toEqual(cell(n, 3, 0, 0, 1))
  })
})
