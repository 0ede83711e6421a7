import { parse as parseCsv } from 'csv-parse'
import { isAscii, isUtf8 } from 'node:buffer'
import fs from 'node:fs'
import { hasArticleFields, plainObservation, RowError, UrlCache, type ResolvedUrl, type Row } from './import-rows'
import { epochSecondsReader } from './records'
import { Utf8LineCheck } from './sniff'
import type { StoredArticleKey } from '../store/repositories/article-keys'

/** One row of a file: its line and either the parsed record or why it could not be read. */
export interface SourceRow {
  line: number
  row?: Row
  error?: string
}

/**
 * Plain observation rows (no article fields), already converted and checked, as typed columns
 * (row i across all of them) that a worker thread hands over without copying.
 */
export interface ObservationSegment {
  kind: 'observations'
  lines: Int32Array
  /** The article: an index into the file's article ids (see ParsedChunk.newArticleIds). */
  article: Int32Array
  /** An index into the file's countries (see ParsedChunk.newCountries). */
  country: Uint16Array
  /** Epoch seconds. */
  observedAt: Float64Array
  position: Uint32Array
  impressions: Uint32Array
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
  /** Article ids met for the first time in this chunk: the file's article table grows by these. */
  newArticleIds: string[]
  /** Those the store already had, where the parser could look (a worker with the store file). */
  storedArticles?: Array<StoredArticleKey | null>
  /** Parsed on a worker thread. */
  onWorker?: boolean
  /** Countries met for the first time in this chunk, likewise. */
  newCountries: string[]
  /** Empty lines of this chunk (NDJSON): read, and holding nothing. */
  blankLines: number
  /** Lines found not to be valid UTF-8 (read with U+FFFD where characters could not be read). */
  invalidUtf8: number[]
}

export type FileKind = 'csv' | 'ndjson'

/** Rows of a chunk of a file: row i is on line lines[i], an object or why it could not be read. */
interface RowChunk {
  lines: number[]
  rows: Array<Row | string>
  blank: number
  /** Lines found not to be valid UTF-8 (read with U+FFFD in place of what could not be read). */
  invalidUtf8: number[]
}

/** The rows of a file, a chunk at a time (one await per chunk, not per row). */
export async function* readRows(file: string, kind: FileKind, onBytes: (n: number) => void): AsyncGenerator<SourceRow[]> {
  for await (const chunk of readChunks(file, kind, onBytes)) {
    yield chunk.rows.map((r, i) => (typeof r === 'string' ? { line: chunk.lines[i]!, error: r } : { line: chunk.lines[i]!, row: r }))
  }
}

/** How deep a row's values may nest: rows are flat records, with lists of entities at most. */
export const MAX_ROW_DEPTH = 32

/** Whether a value nests deeper than `limit` levels (stops as soon as it does). */
function deeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false
  if (limit === 0) return true
  for (const v of Array.isArray(value) ? value : Object.values(value)) if (deeperThan(v, limit - 1)) return true
  return false
}

/** A JSON line's object, or why it is not one. */
function parseJsonLine(text: string): Row | string {
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    return 'not valid JSON'
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'a line should hold one JSON object'
  // a row nested thousands of levels deep cannot be handed between threads: refused, with its line
  if (deeperThan(value, MAX_ROW_DEPTH)) return `a value is nested more than ${MAX_ROW_DEPTH} levels deep; a row holds flat fields (and lists of entities)`
  return value as Row
}

/** The longest line an NDJSON file may have (a record with its article's text is a few KiB). */
export const MAX_LINE_BYTES = 8 * 1024 * 1024

async function* readChunks(file: string, kind: FileKind, onBytes: (n: number) => void): AsyncGenerator<RowChunk> {
  if (kind === 'ndjson') {
    const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 })
    stream.on('data', (chunk) => onBytes(chunk.length))
    let line = 0
    for await (const batch of lines(stream)) {
      const chunk: RowChunk = { lines: [], rows: [], blank: 0, invalidUtf8: batch.invalidUtf8.map((i) => line + i + 1) }
      for (const read of batch.texts) {
        line++
        // a byte-order mark (as Windows programs write UTF-8) is not part of the first record
        const text = line === 1 && typeof read === 'string' && read.charCodeAt(0) === 0xfeff ? read.slice(1) : read
        if (typeof text === 'number') {
          chunk.lines.push(line)
          chunk.rows.push(`the line is ${text.toLocaleString('en-US')} bytes long without a line break (at most ${MAX_LINE_BYTES / 1024 / 1024} MiB): NDJSON has one record per line`)
          continue
        }
        if (text.trim() === '') {
          chunk.blank++
          continue
        }
        chunk.lines.push(line)
        chunk.rows.push(parseJsonLine(text))
      }
      yield chunk
    }
    return
  }
  const stream = fs.createReadStream(file)
  const utf8 = new Utf8LineCheck()
  stream.on('data', (chunk) => {
    onBytes(chunk.length)
    utf8.feed(chunk as Buffer)
  })
  stream.on('end', () => utf8.end())
  const skipped: SourceRow[] = []
  const parser = stream.pipe(parseCsv({ columns: true, bom: true, info: true, skip_records_with_error: true, trim: false }))
  parser.on('skip', (err: Error & { lines?: number }) => skipped.push({ line: err.lines ?? 0, error: err.message }))
  const fresh = (): RowChunk => ({ lines: [], rows: [], blank: 0, invalidUtf8: [] })
  let chunk = fresh()
  const takeSkipped = () => {
    for (const s of skipped.splice(0)) {
      chunk.lines.push(s.line)
      chunk.rows.push(s.error!)
    }
  }
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Row; info: { lines: number } }>) {
      takeSkipped()
      chunk.lines.push(info.lines)
      chunk.rows.push(record)
      if (chunk.rows.length >= 5000) {
        chunk.invalidUtf8 = utf8.take()
        yield chunk
        chunk = fresh()
      }
    }
    takeSkipped()
    utf8.end()
    chunk.invalidUtf8 = utf8.take()
    if (chunk.rows.length > 0 || chunk.invalidUtf8.length > 0) yield chunk
  } finally {
    // a reader that stops early (format detection) closes the file too, not only the parser
    stream.destroy()
  }
}

/** A chunk's lines: each line's text, or its length in bytes when too long to read; and which were not UTF-8. */
interface LineBatch {
  texts: Array<string | number>
  /** Indexes (in texts) of the lines that are not valid UTF-8. */
  invalidUtf8: number[]
}

/**
 * Lines of a UTF-8 stream (LF or CRLF), a chunk's worth at a time. A chunk is cut after its last
 * newline byte, which never falls inside a multi-byte character; the (usual) all-ASCII chunk is
 * decoded as one-byte text, several times faster than UTF-8 decoding. A line longer than
 * MAX_LINE_BYTES is not kept in memory: it comes as its length, to be reported.
 */
async function* lines(stream: fs.ReadStream): AsyncGenerator<LineBatch> {
  let rest: Buffer | null = null
  /** Bytes of an overlong line being skipped up to its end. */
  let overlong = 0
  const trimCr = (part: string) => (part.endsWith('\r') ? part.slice(0, -1) : part)
  const split = (bytes: Buffer, batch: LineBatch) => {
    if (isAscii(bytes)) {
      for (const part of bytes.toString('latin1').split('\n')) batch.texts.push(trimCr(part))
      return
    }
    if (isUtf8(bytes)) {
      for (const part of bytes.toString('utf8').split('\n')) batch.texts.push(trimCr(part))
      return
    }
    let start = 0
    for (;;) {
      let nl = bytes.indexOf(10, start)
      if (nl < 0) nl = bytes.length
      const line = bytes.subarray(start, nl)
      if (!isUtf8(line)) batch.invalidUtf8.push(batch.texts.length)
      batch.texts.push(trimCr(line.toString('utf8')))
      if (nl >= bytes.length) break
      start = nl + 1
    }
  }
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let bytes: Buffer = chunk
    const batch: LineBatch = { texts: [], invalidUtf8: [] }
    if (overlong > 0) {
      const nl = bytes.indexOf(10)
      if (nl < 0) {
        overlong += bytes.length
        continue
      }
      batch.texts.push(overlong + nl)
      overlong = 0
      bytes = bytes.subarray(nl + 1)
    } else if (rest) {
      bytes = Buffer.concat([rest, bytes])
    }
    rest = null
    const end = bytes.lastIndexOf(10)
    if (end < 0) {
      if (bytes.length > MAX_LINE_BYTES) overlong = bytes.length
      else rest = bytes
      if (batch.texts.length > 0) yield batch
      continue
    }
    rest = end + 1 < bytes.length ? bytes.subarray(end + 1) : null
    split(bytes.subarray(0, end), batch)
    yield batch
  }
  if (overlong > 0) yield { texts: [overlong], invalidUtf8: [] }
  else if (rest) {
    const batch: LineBatch = { texts: [], invalidUtf8: [] }
    split(rest, batch)
    yield batch
  }
}

/** Observation columns being filled, turned into typed arrays when the segment is done. */
class SegmentBuilder {
  readonly lines: number[] = []
  readonly article: number[] = []
  readonly country: number[] = []
  readonly observedAt: number[] = []
  readonly position: number[] = []
  readonly impressions: number[] = []

  finish(): ObservationSegment {
    return {
      kind: 'observations',
      lines: Int32Array.from(this.lines),
      article: Int32Array.from(this.article),
      country: Uint16Array.from(this.country),
      observedAt: Float64Array.from(this.observedAt),
      position: Uint32Array.from(this.position),
      impressions: Uint32Array.from(this.impressions),
    }
  }
}

/**
 * Reads a file into chunks of segments. In an observations file, rows without article fields
 * (nearly all of them) are converted and checked here, straight into columns, without the
 * per-row records other rows go through. Runs on a worker thread where it can (see
 * parsed-chunks.ts), so it holds nothing the importer's thread shares.
 */
export async function* parseFile(file: string, kind: FileKind, observations: boolean): AsyncGenerator<ParsedChunk> {
  let bytesRead = 0
  // the context is only asked about article fields, which never take this path
  const ctx = { defaultCountry: 'US', languageOf: () => null, urls: new UrlCache() }
  const secondsOf = epochSecondsReader()
  const articleIndex = new Map<ResolvedUrl, number>()
  const countryIndex = new Map<string, number>()
  for await (const chunk of readChunks(file, kind, (n) => (bytesRead += n))) {
    const parsed: ParsedChunk = { segments: [], bytesRead: 0, newArticleIds: [], newCountries: [], blankLines: chunk.blank, invalidUtf8: chunk.invalidUtf8 }
    let columns: SegmentBuilder | null = null
    let others: RowSegment | null = null
    const endColumns = () => {
      if (columns) parsed.segments.push(columns.finish())
      columns = null
    }
    const other = (r: SourceRow) => {
      endColumns()
      if (!others) parsed.segments.push((others = { kind: 'rows', rows: [] }))
      others.rows.push(r)
    }
    for (let i = 0; i < chunk.rows.length; i++) {
      const row = chunk.rows[i]!
      const line = chunk.lines[i]!
      if (typeof row === 'string') {
        other({ line, error: row })
        continue
      }
      if (!observations || hasArticleFields(row)) {
        other({ line, row })
        continue
      }
      let o
      try {
        o = plainObservation(row, ctx)
      } catch (e) {
        if (!(e instanceof RowError)) throw e
        other({ line, error: e.message })
        continue
      }
      others = null
      const c: SegmentBuilder = (columns ??= new SegmentBuilder())
      let article = articleIndex.get(o.url)
      if (article === undefined) {
        articleIndex.set(o.url, (article = articleIndex.size))
        parsed.newArticleIds.push(o.url.id)
      }
      let country = countryIndex.get(o.country)
      if (country === undefined) {
        countryIndex.set(o.country, (country = countryIndex.size))
        parsed.newCountries.push(o.country)
      }
      c.lines.push(line)
      c.article.push(article)
      c.country.push(country)
      c.observedAt.push(secondsOf(o.observedAt))
      c.position.push(o.position)
      c.impressions.push(o.estimatedImpressions)
    }
    endColumns()
    parsed.bytesRead = bytesRead
    yield parsed
  }
}

/** The buffers of a chunk's typed columns, handed to another thread without copying. */
export function transferablesOf(chunk: ParsedChunk): ArrayBuffer[] {
  return chunk.segments.flatMap((s) =>
    s.kind === 'observations' ? [s.lines, s.article, s.country, s.observedAt, s.position, s.impressions].map((a) => a.buffer as ArrayBuffer) : [],
  )
}
