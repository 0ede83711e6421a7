import { parse as parseCsv } from 'csv-parse'
import { isAscii } from 'node:buffer'
import fs from 'node:fs'
import { hasArticleFields, plainObservation, RowError, UrlCache, type ResolvedUrl, type Row } from './import-rows'
import { epochSecondsReader } from './records'
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
}

export type FileKind = 'csv' | 'ndjson'

/** Rows of a chunk of a file: row i is on line lines[i], an object or why it could not be read. */
interface RowChunk {
  lines: number[]
  rows: Array<Row | string>
  blank: number
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

async function* readChunks(file: string, kind: FileKind, onBytes: (n: number) => void): AsyncGenerator<RowChunk> {
  if (kind === 'ndjson') {
    const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 })
    stream.on('data', (chunk) => onBytes(chunk.length))
    let line = 0
    for await (const texts of lines(stream)) {
      const chunk: RowChunk = { lines: [], rows: [], blank: 0 }
      for (const text of texts) {
        line++
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
  stream.on('data', (chunk) => onBytes(chunk.length))
  const skipped: SourceRow[] = []
  const parser = stream.pipe(parseCsv({ columns: true, bom: true, info: true, skip_records_with_error: true, trim: false }))
  parser.on('skip', (err: Error & { lines?: number }) => skipped.push({ line: err.lines ?? 0, error: err.message }))
  let chunk: RowChunk = { lines: [], rows: [], blank: 0 }
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
        yield chunk
        chunk = { lines: [], rows: [], blank: 0 }
      }
    }
    takeSkipped()
    if (chunk.rows.length > 0) yield chunk
  } finally {
    // a reader that stops early (format detection) closes the file too, not only the parser
    stream.destroy()
  }
}

/**
 * Lines of a UTF-8 stream (LF or CRLF), a chunk's worth at a time. A chunk is cut after its last
 * newline byte, which never falls inside a multi-byte character; the (usual) all-ASCII chunk is
 * decoded as one-byte text, several times faster than UTF-8 decoding.
 */
async function* lines(stream: fs.ReadStream): AsyncGenerator<string[]> {
  let rest: Buffer | null = null
  const decode = (bytes: Buffer) => bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')
  const trimCr = (part: string) => (part.endsWith('\r') ? part.slice(0, -1) : part)
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const bytes: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk
    const end = bytes.lastIndexOf(10)
    if (end < 0) {
      rest = bytes
      continue
    }
    rest = end + 1 < bytes.length ? bytes.subarray(end + 1) : null
    yield decode(bytes.subarray(0, end)).split('\n').map(trimCr)
  }
  if (rest) yield [trimCr(decode(rest))]
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
    const parsed: ParsedChunk = { segments: [], bytesRead: 0, newArticleIds: [], newCountries: [], blankLines: chunk.blank }
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
