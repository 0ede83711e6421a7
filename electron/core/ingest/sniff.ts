import { isAscii, isUtf8 } from 'node:buffer'
import fs from 'node:fs'
import path from 'node:path'

/** Bytes read from the start of a file to tell what it is. */
const HEAD_BYTES = 64 * 1024

/** File signatures of what people drop on an importer by mistake, and what to do instead. */
const SIGNATURES: Array<{ bytes: number[]; what: string; advice: string }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image', advice: '' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image', advice: '' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image', advice: '' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document', advice: '' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a ZIP archive (an Excel or Numbers workbook is one)', advice: ' Export the sheet as CSV (UTF-8), or unzip it first.' },
  { bytes: [0x1f, 0x8b], what: 'gzip-compressed', advice: ' Decompress it first (gunzip).' },
  { bytes: [0x42, 0x5a, 0x68], what: 'bzip2-compressed', advice: ' Decompress it first (bunzip2).' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'zstd-compressed', advice: ' Decompress it first (unzstd).' },
  { bytes: [...Buffer.from('SQLite format 3\0')], what: 'an SQLite database (a Feedlens store is one)', advice: ' Open it with --data-dir instead.' },
]

const starts = (head: Buffer, bytes: number[]) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b)

/**
 * What a file is not, from its first bytes: an image, an archive, UTF-16 text, binary data, or
 * (for NDJSON) a JSON array. Returns the sentence that says so, or null for text that may be a
 * feed file (its rows are then checked one by one).
 */
export function whatIsWrong(file: string, kind: 'csv' | 'ndjson'): string | null {
  const fd = fs.openSync(file, 'r')
  let head: Buffer
  try {
    const buffer = Buffer.alloc(HEAD_BYTES)
    head = buffer.subarray(0, fs.readSync(fd, buffer, 0, HEAD_BYTES, 0))
  } finally {
    fs.closeSync(fd)
  }
  const name = path.basename(file)
  const expected = kind === 'csv' ? 'CSV' : 'NDJSON (one JSON object per line)'
  if (head.length === 0) return `${name} is empty: it has no records.`
  for (const s of SIGNATURES) {
    if (starts(head, s.bytes)) return `${name} is ${s.what}, not a feed file: Feedlens imports ${expected} text (docs/import-format.md).${s.advice}`
  }
  if (starts(head, [0xff, 0xfe]) || starts(head, [0xfe, 0xff]) || looksUtf16(head)) {
    return `${name} is UTF-16 text; Feedlens reads UTF-8. Save it as UTF-8 (for example: iconv -f UTF-16 -t UTF-8 ${name} > ${name}.utf8).`
  }
  const nul = head.indexOf(0)
  if (nul >= 0) return `${name} holds binary data (a zero byte at byte ${nul + 1}), not ${expected} text.`
  if (kind === 'ndjson') {
    const first = head.toString('latin1').trimStart()[0]
    if (first === '[') return `${name} holds a JSON array; NDJSON has one JSON object per line. Convert it with: jq -c '.[]' ${name} > ${name}.ndjson`
  }
  return null
}

/** UTF-16 without a byte-order mark: ASCII text with a zero byte beside every character. */
function looksUtf16(head: Buffer): boolean {
  const n = Math.min(head.length, 512) & ~1
  if (n < 8) return false
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) evenZeros++
    if (head[i + 1] === 0) oddZeros++
  }
  return Math.max(evenZeros, oddZeros) > n / 2 / 2 && Math.min(evenZeros, oddZeros) === 0
}

/**
 * Finds the lines of a stream that are not valid UTF-8 (Latin-1 text, a damaged file): they are
 * read with U+FFFD where characters could not be read, and reported. Fed the file's chunks in order.
 */
export class Utf8LineCheck {
  private carry: Buffer | null = null
  private line = 0
  /** Lines (1-based) found not to be UTF-8 since last taken. */
  private found: number[] = []

  feed(chunk: Buffer): void {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk
    const end = bytes.lastIndexOf(10)
    if (end < 0) {
      this.carry = bytes
      return
    }
    this.carry = end + 1 < bytes.length ? Buffer.from(bytes.subarray(end + 1)) : null
    this.check(bytes.subarray(0, end + 1))
  }

  end(): void {
    if (this.carry) this.check(this.carry)
    this.carry = null
  }

  /** The invalid lines found so far (and forgets them). */
  take(): number[] {
    return this.found.splice(0)
  }

  private check(complete: Buffer): void {
    if (isAscii(complete) || isUtf8(complete)) {
      for (let i = complete.indexOf(10); i >= 0; i = complete.indexOf(10, i + 1)) this.line++
      if (complete[complete.length - 1] !== 10) this.line++
      return
    }
    let start = 0
    while (start < complete.length) {
      let nl = complete.indexOf(10, start)
      if (nl < 0) nl = complete.length
      this.line++
      if (!isUtf8(complete.subarray(start, nl))) this.found.push(this.line)
      start = nl + 1
    }
  }
}
