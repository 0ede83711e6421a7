import { definitionOf } from './definitions'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { toCsv } from '../../../shared/text/csv'
import { download } from './download'
import { csvColumns, isWideColumn, parseUrlSort, sortRows, urlSortParam, urlSortValue, type Column, type SortState } from './table-data'
import { formatNumber } from './common'
import { currentPath, useAppStore } from '../stores/app-store'

export { exportFileName, sortRows, type Column, type SortState } from './table-data'

export interface ExportOptions<Row> {
  /** The file's name without .csv: the view, its period and filters. */
  fileName: string
  /** Every row of every page (the table may show one page); the shown rows when absent. */
  allRows?: () => Promise<readonly Row[]>
}

interface DataTableProps<Row> {
  label: string
  columns: Array<Column<Row>>
  rows: readonly Row[]
  rowKey(row: Row): string
  /** Rows open with a click or Enter; arrow keys move between them. */
  onOpen?(row: Row): void
  /** what opening a row does, as its tooltip ("Open its articles in this window") */
  openLabel?: string
  selectedKey?: string | null
  /** Shown when there are no rows and nothing is loading. */
  empty?: ReactNode
  /** True while the first answer is awaited: skeleton rows instead of "no data". */
  loading?: boolean
  exportAs?: ExportOptions<Row>
  className?: string
  /** Rows beyond this many are not drawn (a note says how many there are). */
  maxRows?: number
  /** Headers sort when given: the parent orders the rows (the server's order of a paged list). */
  sort?: SortState
  onSort?(next: SortState): void
  /** The rows are one page of the server's order: headers do not sort them here. */
  paged?: boolean
}

/** Tables with more columns than this offer a column chooser. */
const CHOOSER_FROM = 6

/** A table's own sort (the rows it has, ordered here), kept in the URL so a link, a reload and Back restore it. */
function useUrlSort(label: string): [SortState | null, (next: SortState) => void] {
  const param = urlSortParam(label)
  // the table's own parameter only: another change of the address does not draw the table again
  const value = useAppStore((s) => new URLSearchParams(s.search).get(param))
  const navigate = useAppStore((s) => s.navigate)
  const sort = parseUrlSort(value)
  const set = (next: SortState) => {
    const params = new URLSearchParams(useAppStore.getState().search)
    params.set(param, urlSortValue(next))
    navigate(`${currentPath()}?${params.toString()}`, { replace: true })
  }
  return [sort, set]
}

/** The columns a table hides, chosen by the analyst and kept on this computer (per table). */
function useHiddenColumns(label: string): [Set<string>, (id: string, hidden: boolean) => void] {
  const key = `feedlens.columns.${urlSortParam(label).slice(5)}`
  const [hidden, setHidden] = useState<Set<string>>(() => {
    try {
      return new Set(JSON.parse(localStorage.getItem(key) ?? '[]') as string[])
    } catch {
      return new Set()
    }
  })
  const toggle = (id: string, hide: boolean) => {
    const next = new Set(hidden)
    if (hide) next.add(id)
    else next.delete(id)
    setHidden(next)
    try {
      localStorage.setItem(key, JSON.stringify([...next]))
    } catch {
      // a full or closed storage: the choice lasts this page's life
    }
  }
  return [hidden, toggle]
}

/** Rows drawn at once; a longer table draws the rest this many a frame after (what fills the screen shows first). */
const ROWS_PER_FRAME = 40

/**
 * How many of `total` rows to draw now: all of a short table; of a long one (a list's 200 metrics
 * rows, each with a sparkline, took 0.5 s to lay out at a quarter of a laptop's speed) the first
 * screen at once and the rest a few frames later. Starts again when the rows change.
 */
function useRowsInSteps(rows: readonly unknown[]): number {
  const long = rows.length > ROWS_PER_FRAME
  const [drawn, setDrawn] = useState<{ rows: readonly unknown[]; count: number } | null>(null)
  // a short table draws all at once and keeps no state; a long one starts again with new rows
  const current = !long ? rows.length : drawn?.rows === rows ? drawn.count : ROWS_PER_FRAME
  useEffect(() => {
    if (current >= rows.length) return
    // after this frame is painted
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn({ rows, count: Math.min(rows.length, current + ROWS_PER_FRAME) }), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [rows, current])
  return current
}

/** Rows in the table's own order (kept while rows and order hold). */
function useSortedRows<Row>(rows: readonly Row[], columns: Array<Column<Row>>, sort: SortState | null): readonly Row[] {
  const [memo, setMemo] = useState<{ rows: readonly Row[]; key: string; sorted: readonly Row[] } | null>(null)
  if (!sort) return rows
  const key = urlSortValue(sort)
  if (memo && memo.rows === rows && memo.key === key) return memo.sorted
  const sorted = sortRows(rows, columns, sort)
  setMemo({ rows, key, sorted })
  return sorted
}

/** The renderer's one table: headers, rows that open, a loading skeleton, an empty state and CSV export of what it shows. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { label, rowKey, onOpen, openLabel, selectedKey, empty, loading, exportAs, className, maxRows, paged } = props
  const columns = props.columns.filter((c) => c.visible !== false)
  const [urlSort, setUrlSort] = useUrlSort(label)
  const [hidden, toggleHidden] = useHiddenColumns(label)
  // the parent's sort (a server's order), or the table's own over the rows it has
  const own = !props.onSort && !paged
  const sort = own ? (urlSort && columns.some((c) => c.id === urlSort.id && c.sortable !== false) ? urlSort : undefined) : props.sort
  const onSort = own ? setUrlSort : props.onSort
  const rows = useSortedRows(props.rows, columns, own ? (sort ?? null) : null)
  const choosable = columns.filter((c) => c.cell && typeof c.header === 'string' && c.header !== '')
  const chooser = choosable.length > CHOOSER_FROM
  const drawn = columns.filter((c) => c.cell && !(chooser && hidden.has(c.id)))
  const body = useRef<HTMLTableSectionElement>(null)
  const all = maxRows !== undefined ? rows.slice(0, maxRows) : rows
  const count = useRowsInSteps(rows)
  const shown = count < all.length ? all.slice(0, count) : all

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row) {
    const current = event.currentTarget
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onOpen?.(row)
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = (event.key === 'ArrowDown' ? current.nextElementSibling : current.previousElementSibling) as HTMLElement | null
      next?.focus()
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      const all = body.current?.querySelectorAll<HTMLElement>('tr')
      if (all && all.length > 0) all[event.key === 'Home' ? 0 : all.length - 1]!.focus()
    }
  }

  const table =
    !loading && rows.length === 0 && empty ? (
      empty
    ) : (
      <table className={['table', onOpen ? 'clickable' : '', className ?? ''].join(' ').trim()} aria-label={label} aria-busy={loading || undefined}>
        <thead>
          <tr>
            {drawn.map((c) => (
              <th
                key={c.id}
                className={[c.numeric ? 'num' : '', isWideColumn(c) ? 'wide' : ''].join(' ').trim() || undefined}
                scope="col"
                title={definitionOf(c.header, c.title)}
                aria-sort={onSort && sort?.id === c.id ? (sort.desc ? 'descending' : 'ascending') : undefined}
              >
                {onSort && c.sortable !== false ? (
                  <button type="button" className="sort" onClick={() => onSort({ id: c.id, desc: sort?.id === c.id ? !sort.desc : c.numeric === true })}>
                    {c.header}
                    {sort?.id === c.id ? (sort.desc ? ' ↓' : ' ↑') : ''}
                  </button>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          {loading && rows.length === 0
            ? [0, 1, 2, 3, 4].map((i) => (
                <tr key={i} className="skeleton-row" aria-hidden>
                  {drawn.map((c) => (
                    <td key={c.id}>
                      <span className="skeleton" />
                    </td>
                  ))}
                </tr>
              ))
            : shown.map((row) => {
                const key = rowKey(row)
                return (
                  <tr
                    key={key}
                    className={selectedKey === key ? 'selected' : undefined}
                    aria-selected={onOpen ? selectedKey === key : undefined}
                    tabIndex={onOpen ? 0 : undefined}
                    title={onOpen ? openLabel : undefined}
                    onClick={onOpen ? () => onOpen(row) : undefined}
                    onKeyDown={onOpen ? (e) => onKeyDown(e, row) : undefined}
                  >
                    {drawn.map((c) => (
                      <td key={c.id} className={[c.numeric ? 'num' : '', c.nowrap ? 'nowrap' : '', isWideColumn(c) ? 'wide' : ''].join(' ').trim() || undefined}>
                        {c.cell!(row)}
                      </td>
                    ))}
                  </tr>
                )
              })}
        </tbody>
      </table>
    )
  return (
    <div className="data-table">
      {(exportAs || chooser) && (
        <div className="table-tools">
          {chooser && (
            <details className="column-chooser">
              <summary aria-label={`Choose the columns of ${label}`}>Columns{hidden.size > 0 ? ` (${choosable.length - choosable.filter((c) => hidden.has(c.id)).length} of ${choosable.length})` : ''}</summary>
              <div className="column-chooser-menu" role="group" aria-label={`Columns of ${label}`}>
                {choosable.map((c) => (
                  <label key={c.id} className="check">
                    <input
                      type="checkbox"
                      checked={!hidden.has(c.id)}
                      // the last column shown stays
                      disabled={!hidden.has(c.id) && choosable.filter((x) => !hidden.has(x.id)).length === 1}
                      onChange={(e) => toggleHidden(c.id, !e.target.checked)}
                    />{' '}
                    {c.header}
                  </label>
                ))}
              </div>
            </details>
          )}
          {exportAs && <ExportCsvButton label={label} columns={columns} rows={rows} options={exportAs} />}
        </div>
      )}
      <div className={`table-scroll${rows.length > 25 ? ' tall' : ''}`}>{table}</div>
      {maxRows !== undefined && rows.length > maxRows && (
        <p className="muted">
          The first {formatNumber(maxRows)} of {formatNumber(rows.length)} are shown; the CSV holds them all.
        </p>
      )}
    </div>
  )
}

export function ExportCsvButton<Row>({ label, columns, rows, options }: { label: string; columns: Array<Column<Row>>; rows: readonly Row[]; options: ExportOptions<Row> }) {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle')
  async function save() {
    setState('working')
    try {
      const all = options.allRows ? await options.allRows() : rows
      download(`${options.fileName}.csv`, toCsv(csvColumns(columns), all))
      setState('idle')
    } catch {
      setState('failed')
    }
  }
  return (
    <>
      {state === 'failed' && <span className="error-text">The export could not read every page; try again.</span>}
      <button type="button" className="link" data-export-view onClick={() => void save()} disabled={state === 'working'} aria-label={`Export ${label} as CSV`}>
        {state === 'working' ? 'Exporting…' : 'Export CSV'}
      </button>
    </>
  )
}
