import type Database from 'better-sqlite3'
import { decodeHourlyCells, type HourlyCells } from '../hourly-cells'

/** Hours [fromHour, toHour) (hours since the epoch) of some countries, or of all of them (null). */
export interface HourRange {
  fromHour: number
  toHour: number
  countries: readonly string[] | null
}

/** An article's hourly cells summed over a range (times in epoch seconds). */
export interface ArticleWindowSum {
  impressions: number
  observations: number
  positionSum: number
  firstSeen: number
  lastSeen: number
}

/** Each stored hour and country of the range, its cells decoded, in hour order. */
export function forEachHourIn(sqlite: Database.Database, range: HourRange, visit: (hour: number, country: string, cells: HourlyCells) => void): void {
  const rows = (
    range.countries === null
      ? sqlite.prepare(`SELECT hour, country, cells FROM hourly_cells WHERE hour >= ? AND hour < ? ORDER BY hour, country`).raw().all(range.fromHour, range.toHour)
      : sqlite
          .prepare(
            `SELECT hour, country, cells FROM hourly_cells
             WHERE hour >= ? AND hour < ? AND country IN (SELECT value FROM json_each(?)) ORDER BY hour, country`,
          )
          .raw()
          .all(range.fromHour, range.toHour, JSON.stringify(range.countries))
  ) as Array<[number, string, Buffer]>
  for (const [hour, country, cells] of rows) visit(hour, country, decodeHourlyCells(hour, cells))
}

/** Every article with cells in the range, its cells summed. */
export function articleSumsIn(sqlite: Database.Database, range: HourRange): Map<number, ArticleWindowSum> {
  const sums = new Map<number, ArticleWindowSum>()
  forEachHourIn(sqlite, range, (_hour, _country, c) => {
    for (let i = 0; i < c.seqs.length; i++) {
      const seq = c.seqs[i]!
      const s = sums.get(seq)
      if (!s) {
        sums.set(seq, { impressions: c.impressions[i]!, observations: c.observations[i]!, positionSum: c.positionSums[i]!, firstSeen: c.firstSeen[i]!, lastSeen: c.lastSeen[i]! })
        continue
      }
      s.impressions += c.impressions[i]!
      s.observations += c.observations[i]!
      s.positionSum += c.positionSums[i]!
      s.firstSeen = Math.min(s.firstSeen, c.firstSeen[i]!)
      s.lastSeen = Math.max(s.lastSeen, c.lastSeen[i]!)
    }
  })
  return sums
}
