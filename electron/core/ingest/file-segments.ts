import { parse as parseCsv } from 'csv-parse'
import fs from 'node:fs'
import { hasArticleFields, observationRow, RowError, type Row } from './import-rows'
import { emptyObservationColumns, observationAppender, type ObservationColumns } from './records'

/** One row of a file: its line and either the parsed record or why it could not be read. */
export interface SourceRow {
  line: number
  row?: Row
  error?: string
}

/** Plain observation rows (no article fields), already converted and checked, as columns. */
export interface ObservationSegment extends ObservationColumns {
  kind: 'observations'
  lines: number[]
}

/** Rows the importer converts itself (articles, observations that bring article fields, bad rows). */
export interface RowSegment {
  kind: 'rows'
  rows: SourceRow[]
}

/** A chunk of a file, its rows in file order. */
export interface ParsedChunk {
  segments: Array<ObservationSegment | RowSegment>
  /** Bytes of the file read so far. */
  bytesRead: number
}

export type FileKind = 'csv' | 'ndjson'

/** The rows of a file, a chunk at a time (one await per chunk, not per row). */
export async function* readRows(file: string, kind: FileKind, onBytes: (n: number) => void): AsyncGenerator<SourceRow[]> {
  if (kind === 'ndjson') {
    // Decoded by the stream, so a character split across two chunks stays whole.
    const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })
    stream.on('data', (chunk) => onBytes(Buffer.byteLength(chunk)))
    let line = 0
    for await (const texts of lines(stream)) {
      const rows: SourceRow[] = []
      for (const text of texts) {
        line++
        if (text.trim() === '') continue
        try {
          const value = JSON.parse(text) as unknown
          if (!value || typeof value !== 'object' || Array.isArray(value)) rows.push({ line, error: 'a line should hold one JSON object' })
          else rows.push({ line, row: value as Row })
        } catch {
          rows.push({ line, error: 'not valid JSON' })
        }
      }
      yield rows
    }
    return
  }
  const stream = fs.createReadStream(file)
  stream.on('data', (chunk) => onBytes(chunk.length))
  const skipped: SourceRow[] = []
  const parser = stream.pipe(parseCsv({ columns: true, bom: true, info: true, skip_records_with_error: true, trim: false }))
  parser.on('skip', (err: Error & { lines?: number }) => skipped.push({ line: err.lines ?? 0, error: err.message }))
  let rows: SourceRow[] = []
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Row; info: { lines: number } }>) {
      rows.push(...skipped.splice(0), { line: info.lines, row: record })
      if (rows.length >= 5000) {
        yield rows
        rows = []
      }
    }
    rows.push(...skipped.splice(0))
    if (rows.length > 0) yield rows
  } finally {
    // a reader that stops early (format detection) closes the file too, not only the parser
    stream.destroy()
  }
}

/** Lines of a text stream (LF or CRLF), split straight off the chunks, a chunk's worth at a time. */
async function* lines(stream: fs.ReadStream): AsyncGenerator<string[]> {
  let rest = ''
  const trimCr = (part: string) => (part.endsWith('\r') ? part.slice(0, -1) : part)
  for await (const chunk of stream as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n')
    rest = parts.pop()!
    yield parts.map(trimCr)
  }
  if (rest !== '') yield [trimCr(rest)]
}

/**
 * Reads a file into chunks of segments. In an observations file, rows without article fields
 * (nearly all of them) are converted and checked here, straight into columns, without the
 * per-row records other rows go through.
 */
export async function* parseFile(file: string, kind: FileKind, observations: boolean): AsyncGenerator<ParsedChunk> {
  let bytesRead = 0
  const append = observationAppender()
  // the context is only asked about article fields, which never take this path
  const ctx = { defaultCountry: 'US', languageOf: () => null }
  for await (const rows of readRows(file, kind, (n) => (bytesRead += n))) {
    const segments: ParsedChunk['segments'] = []
    let columns: ObservationSegment | null = null
    let others: RowSegment | null = null
    const other = (r: SourceRow) => {
      columns = null
      if (!others) segments.push((others = { kind: 'rows', rows: [] }))
      others.rows.push(r)
    }
    for (const r of rows) {
      if (!observations || !r.row || hasArticleFields(r.row)) {
        other(r)
        continue
      }
      let o
      try {
        o = observationRow(r.row, ctx).observation!
      } catch (e) {
        if (!(e instanceof RowError)) throw e
        other({ line: r.line, error: e.message })
        continue
      }
      if (!columns) {
        others = null
        segments.push((columns = { kind: 'observations', lines: [], ...emptyObservationColumns() }))
      }
      columns.lines.push(r.line)
      append(columns, o)
    }
    yield { segments, bytesRead }
  }
}
