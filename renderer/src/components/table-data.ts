import type { ReactNode } from 'react'

/** One column of a table: what its cells show and what its CSV holds. */
export interface Column<Row> {
  /** Names the column: its CSV header unless csvHeader says otherwise, and the sort key. */
  id: string
  header: ReactNode
  /** What the header means, as a tooltip. */
  title?: string
  csvHeader?: string
  /** What the cell shows; absent for a column of the CSV only. */
  cell?(row: Row): ReactNode
  /** The value written to CSV and sorted on; by default the cell when it is text or a number. Null leaves the column out of the file. */
  value?: ((row: Row) => unknown) | null
  numeric?: boolean
  /** Kept on one line (dates and times). */
  nowrap?: boolean
  /** False leaves the column out (e.g. one that exists with an entity only). */
  visible?: boolean
  /** False: the header does not sort. */
  sortable?: boolean
  /** The column that names the row (a title): never narrower than 200 px. By default the one of id title, label or name. */
  wide?: boolean
}

/** Whether a column names its rows (kept at least 200 px wide). */
export const isWideColumn = (c: Pick<Column<unknown>, 'id' | 'wide'>): boolean => c.wide ?? ['title', 'label', 'name', 'headline'].includes(c.id)

/** A table's sort as the URL holds it (`sort.<table>=column` or `=-column` for descending); null when absent. */
export function parseUrlSort(value: string | null): SortState | null {
  if (!value) return null
  const desc = value.startsWith('-')
  const id = desc ? value.slice(1) : value
  return /^[\w.-]{1,60}$/.test(id) ? { id, desc } : null
}

export const urlSortValue = (s: SortState): string => `${s.desc ? '-' : ''}${s.id}`

/** The URL parameter of a table's sort, from its label: `sort.winners-and-losers`. */
export const urlSortParam = (label: string): string => `sort.${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}`

export interface SortState {
  id: string
  desc: boolean
}

/** The CSV columns of a table: those with text headers and a CSV value. */
export function csvColumns<Row>(columns: Array<Column<Row>>): Array<{ header: string; value: (row: Row) => unknown }> {
  return columns.filter((c) => c.visible !== false && c.value !== null).map((c) => ({ header: c.csvHeader ?? c.id, value: valueOf(c) }))
}

/** What a column holds for a row: its value, or the cell when that is text or a number. */
export function valueOf<Row>(column: Column<Row>): (row: Row) => unknown {
  if (column.value) return column.value
  return (row: Row) => {
    const shown = column.cell?.(row)
    return typeof shown === 'string' || typeof shown === 'number' ? shown : ''
  }
}

/** Rows ordered by a column's value: missing values last, numbers by size, text by locale. */
export function sortRows<Row>(rows: readonly Row[], columns: Array<Column<Row>>, sort: SortState): Row[] {
  const column = columns.find((c) => c.id === sort.id)
  if (!column) return [...rows]
  const value = valueOf(column)
  const direction = sort.desc ? -1 : 1
  return [...rows].sort((a, b) => compareValues(value(a), value(b), direction))
}

/** Missing values go last whichever the direction. */
function compareValues(a: unknown, b: unknown, direction: number): number {
  const missingA = a === null || a === undefined || a === ''
  const missingB = b === null || b === undefined || b === ''
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1
  if (typeof a === 'number' && typeof b === 'number') return direction * (a - b)
  return direction * String(a).localeCompare(String(b))
}

/** A file name from a view's parts: letters, digits, dots and dashes only. */
export function exportFileName(...parts: Array<string | number | null | undefined | false>): string {
  return parts
    .filter((p): p is string | number => p !== null && p !== undefined && p !== false && p !== '')
    .map((p) => String(p).replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join('_')
}
