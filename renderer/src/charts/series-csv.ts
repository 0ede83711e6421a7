import { toCsv } from '../../../shared/text/csv'

/** Whether a chart has series over a category axis to save (not a map, not a treemap): cheap, asked at every drawing. */
export function hasSeries(option: unknown): boolean {
  const o = option as { xAxis?: { data?: unknown[] } | Array<{ data?: unknown[] }>; series?: Array<{ data?: unknown[] }> }
  const axis = Array.isArray(o.xAxis) ? o.xAxis[0] : o.xAxis
  return Array.isArray(axis?.data) && Array.isArray(o.series) && o.series.some((s) => Array.isArray(s.data) && s.data.length > 0)
}

/**
 * A chart's series as CSV: a line per point of its category axis (a day, an hour), a column per
 * named series with data (a mark-only series is left out). A point given as {value} is its value.
 * Pure: tested without a browser.
 */
export function seriesCsv(option: unknown): string | null {
  const o = option as { xAxis?: { data?: unknown[] } | Array<{ data?: unknown[] }>; series?: Array<{ name?: string; data?: unknown[] }> }
  const axis = Array.isArray(o.xAxis) ? o.xAxis[0] : o.xAxis
  const labels = axis?.data
  if (!Array.isArray(labels) || !Array.isArray(o.series)) return null
  // a series drawn twice (solid and dashed parts of one line) is one column: its values where either has one
  const columns = new Map<string, unknown[]>()
  for (const [k, s] of o.series.entries()) {
    if (!Array.isArray(s.data) || s.data.length === 0) continue
    // a chart of one line may leave it unnamed
    const name = s.name || (o.series.length === 1 ? 'value' : `series ${k + 1}`)
    const values = s.data.map((d) => (d !== null && typeof d === 'object' && 'value' in d ? (d as { value: unknown }).value : d))
    const known = columns.get(name)
    columns.set(name, known ? known.map((v, i) => v ?? values[i] ?? null) : values)
  }
  if (columns.size === 0) return null
  const names = [...columns.keys()]
  return toCsv(
    [{ header: 'point', value: (i: number) => labels[i] }, ...names.map((name) => ({ header: name, value: (i: number) => columns.get(name)![i] ?? null }))],
    labels.map((_, i) => i),
  )
}
