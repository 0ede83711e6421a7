import type Database from 'better-sqlite3'

export interface ScanListRow {
  id: string
  countries: string | null
  langs: string | null
  searchScope: string | null
  active: number | null
  scanStatus: string | null
  scannedThroughSeq: number
  nextScanAt: string | null
}

export interface ScanArticleRow {
  seq: number
  id: string
  lang: string
  title: string
  summary: string | null
  markdown: string | null
}

export interface NewMatch {
  itemId: string
  articleId: string
  listId: string
  field: string
  matchedText: string
  snippet: string
  matchedAt: string
}

export interface ScanState {
  scanStatus?: string
  extractionStartedAt?: string | null
  lastScannedAt?: string | null
  nextScanAt?: string | null
  scanError?: { message: string; at: string } | null
  scannedThroughSeq?: number
}

const STATE_COLUMNS: Record<keyof ScanState, string> = {
  scanStatus: 'scan_status',
  extractionStartedAt: 'extraction_started_at',
  lastScannedAt: 'last_scanned_at',
  nextScanAt: 'next_scan_at',
  scanError: 'scan_error',
  scannedThroughSeq: 'scanned_through_seq',
}

/** What the keyword scans of mention lists read and write. */
export class MentionScanRepository {
  constructor(private readonly sqlite: Database.Database) {}

  list(id: string): ScanListRow | undefined {
    return this.sqlite
      .prepare(
        `SELECT id, countries, langs, search_scope AS searchScope, active, scan_status AS scanStatus,
                scanned_through_seq AS scannedThroughSeq, next_scan_at AS nextScanAt
         FROM tracking_lists WHERE id = ? AND kind = 'mention'`,
      )
      .get(id) as ScanListRow | undefined
  }

  /** Active mention lists that are waiting, due (next_scan_at passed) or behind the newest article (maxSeq). */
  dueLists(nowIso: string, maxSeq: number): string[] {
    return (
      this.sqlite
        .prepare(
          `SELECT id FROM tracking_lists WHERE kind = 'mention' AND coalesce(active, 1) = 1
             AND (scan_status IN ('pending', 'error') OR next_scan_at IS NULL OR next_scan_at <= ? OR scanned_through_seq < ?)
           ORDER BY updated_at`,
        )
        .all(nowIso, maxSeq) as Array<{ id: string }>
    ).map((r) => r.id)
  }

  keywords(listId: string): Array<{ id: string; keyword: string; type: string | null }> {
    return this.sqlite
      .prepare('SELECT id, key AS keyword, type FROM tracking_items WHERE list_id = ? ORDER BY position')
      .all(listId) as Array<{ id: string; keyword: string; type: string | null }>
  }

  /**
   * Articles in (afterSeq, throughSeq] that the FTS query finds, in the given markets and
   * languages (null: any), in pages of `limit` after `fromSeq`.
   */
  candidates(q: { fts: string; afterSeq: number; throughSeq: number; countries: string[] | null; langs: string[] | null; limit: number }): ScanArticleRow[] {
    return this.sqlite
      .prepare(
        `SELECT a.seq, a.id, a.lang, a.title, a.summary, a.markdown
         FROM articles_fts f JOIN articles a ON a.seq = f.rowid
         WHERE articles_fts MATCH @fts AND f.rowid > @afterSeq AND f.rowid <= @throughSeq
           AND (@countries IS NULL OR a.region IN (SELECT value FROM json_each(@countries)))
           AND (@langs IS NULL OR a.lang IN (SELECT value FROM json_each(@langs)))
         ORDER BY f.rowid LIMIT @limit`,
      )
      .all({
        fts: q.fts,
        afterSeq: q.afterSeq,
        throughSeq: q.throughSeq,
        countries: q.countries ? JSON.stringify(q.countries) : null,
        langs: q.langs ? JSON.stringify(q.langs) : null,
        limit: q.limit,
      }) as ScanArticleRow[]
  }

  insertMatches(rows: NewMatch[]): void {
    const insert = this.sqlite.prepare(
      `INSERT OR IGNORE INTO mention_matches (item_id, article_id, list_id, field, matched_text, snippet, matched_at)
       VALUES (@itemId, @articleId, @listId, @field, @matchedText, @snippet, @matchedAt)`,
    )
    for (const r of rows) insert.run(r)
  }

  clearMatches(listId: string): void {
    this.sqlite.prepare('DELETE FROM mention_matches WHERE list_id = ?').run(listId)
  }

  setState(listId: string, state: ScanState): void {
    const entries = Object.entries(state) as Array<[keyof ScanState, unknown]>
    if (entries.length === 0) return
    const sets = entries.map(([k]) => `${STATE_COLUMNS[k]} = @${k}`).join(', ')
    const params: Record<string, unknown> = { id: listId }
    for (const [k, v] of entries) params[k] = k === 'scanError' ? (v ? JSON.stringify(v) : null) : v
    this.sqlite.prepare(`UPDATE tracking_lists SET ${sets} WHERE id = @id`).run(params)
  }
}
