/** A text that is a plain number ("-12.5"): a spreadsheet reads it as the number it is. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/

/**
 * A text a spreadsheet would run as a formula when the CSV is opened (=, +, -, @, or a tab or
 * carriage return before one): a headline or a keyword from a feed must never become
 * `=HYPERLINK(...)` or `=cmd|...` on an analyst's machine. Such a cell gets a leading apostrophe,
 * which spreadsheets show as text (OWASP's advice on CSV injection); plain numbers stay numbers.
 */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

/**
 * CSV (RFC 4180) of table rows: a header, then one line per row; arrays are joined with spaces,
 * and text that a spreadsheet would take for a formula is kept as text (formulaSafe).
 */
export function toCsv<T>(columns: Array<{ header: string; value: (row: T) => unknown }>, rows: readonly T[]): string {
  const cell = (v: unknown): string => {
    if (v === null || v === undefined) return ''
    const s = typeof v === 'number' || typeof v === 'boolean' ? String(v) : formulaSafe(Array.isArray(v) ? v.join(' ') : String(v))
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
  }
  const lines = [columns.map((c) => cell(c.header)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
