/** CSV (RFC 4180) of table rows: a header, then one line per row; arrays are joined with spaces. */
export function toCsv<T>(columns: Array<{ header: string; value: (row: T) => unknown }>, rows: readonly T[]): string {
  const cell = (v: unknown): string => {
    if (v === null || v === undefined) return ''
    const s = Array.isArray(v) ? v.join(' ') : String(v)
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
  }
  const lines = [columns.map((c) => cell(c.header)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
