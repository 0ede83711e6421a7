import type Database from 'better-sqlite3'
import { decodeFeedEntries, encodeFeedEntries } from '../feed-entries'
import { decodeHourlyCells, encodeHourlyCells, hourlyCellAt } from '../hourly-cells'

/**
 * Removes articles with everything derived from them, in one transaction (the caller's): their
 * places in every feed snapshot and hourly cell of the days they were seen (packed values are
 * written anew without them, or go when nothing is left), their daily cells, their entries in the
 * arrival journal, their facets, and the article rows, whose entities, trend memberships, keyword
 * matches and full-text entry go with them (foreign keys and triggers). What is computed from the
 * data (trends, signals, the activity index) is brought up to date by the refresh that follows,
 * as after any write. Returns the ids removed (unknown ids are left out).
 */
export function removeArticleRows(sqlite: Database.Database, ids: readonly string[]): string[] {
  const found = sqlite.prepare(`SELECT a.seq, a.id FROM json_each(?) j CROSS JOIN articles a ON a.id = j.value`).all(JSON.stringify([...new Set(ids)])) as Array<{ seq: number; id: string }>
  if (found.length === 0) return []
  const seqs = new Set(found.map((r) => r.seq))
  const list = JSON.stringify([...seqs])
  // the days and countries they were seen in: the packed rows that may hold them
  const seen = sqlite.prepare(`SELECT DISTINCT country, day FROM article_daily WHERE article_seq IN (SELECT value FROM json_each(?))`).all(list) as Array<{ country: string; day: number }>
  const snapshotsOf = sqlite.prepare(`SELECT observed_at AS at, entries FROM feed_snapshots WHERE country = ? AND observed_at >= ? AND observed_at < ?`)
  const rewriteSnapshot = sqlite.prepare(`UPDATE feed_snapshots SET entries = ?, entry_count = ? WHERE country = ? AND observed_at = ?`)
  const dropSnapshot = sqlite.prepare(`DELETE FROM feed_snapshots WHERE country = ? AND observed_at = ?`)
  const hoursOf = sqlite.prepare(`SELECT hour, cells FROM hourly_cells WHERE country = ? AND hour >= ? AND hour < ?`)
  const rewriteHour = sqlite.prepare(`UPDATE hourly_cells SET cells = ? WHERE country = ? AND hour = ?`)
  const dropHour = sqlite.prepare(`DELETE FROM hourly_cells WHERE country = ? AND hour = ?`)
  for (const { country, day } of seen) {
    for (const row of snapshotsOf.all(country, day * 86_400, (day + 1) * 86_400) as Array<{ at: number; entries: Buffer }>) {
      const e = decodeFeedEntries(row.entries)
      const keep = [...e.seqs.keys()].filter((i) => !seqs.has(e.seqs[i]!))
      if (keep.length === e.seqs.length) continue
      if (keep.length === 0) dropSnapshot.run(country, row.at)
      else {
        const kept = { seqs: Uint32Array.from(keep, (i) => e.seqs[i]!), positions: Uint32Array.from(keep, (i) => e.positions[i]!), impressions: Uint32Array.from(keep, (i) => e.impressions[i]!) }
        rewriteSnapshot.run(encodeFeedEntries(kept), keep.length, country, row.at)
      }
    }
    for (const row of hoursOf.all(country, day * 24, (day + 1) * 24) as Array<{ hour: number; cells: Buffer }>) {
      const cells = decodeHourlyCells(row.hour, row.cells)
      const keep = [...cells.seqs.keys()].filter((i) => !seqs.has(cells.seqs[i]!))
      if (keep.length === cells.seqs.length) continue
      if (keep.length === 0) dropHour.run(country, row.hour)
      else rewriteHour.run(encodeHourlyCells(row.hour, keep.map((i) => hourlyCellAt(cells, i))), country, row.hour)
    }
  }
  sqlite.prepare(`DELETE FROM article_daily WHERE article_seq IN (SELECT value FROM json_each(?))`).run(list)
  sqlite.prepare(`DELETE FROM feed_log WHERE article_seq IN (SELECT value FROM json_each(?))`).run(list)
  sqlite.prepare(`DELETE FROM article_facets WHERE article_seq IN (SELECT value FROM json_each(?))`).run(list)
  sqlite.prepare(`DELETE FROM articles WHERE seq IN (SELECT value FROM json_each(?))`).run(list)
  return found.map((r) => r.id)
}
