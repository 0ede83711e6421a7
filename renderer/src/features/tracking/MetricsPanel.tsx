import { useMemo, useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { useApi } from '../../api/use-api'
import { EmptyState, ErrorBanner, formatNumber, formatTime, Pager } from '../../components/common'
import { Sparkline } from '../../components/Sparkline'
import { download, toCsv } from './csv'
import { WindowPicker, type TrackingWindow } from './WindowPicker'

type Metrics = RouteResponse<'getTrackingMetrics'>
type Row = Metrics['items'][number]
type ListKind = Metrics['kind']

const PAGE = 200

interface Column {
  id: string
  header: string
  /** what the short header means */
  title?: string
  numeric?: boolean
  /** in the CSV only: the table shows it under the item's name */
  exportOnly?: boolean
  /** the value sorted on and exported */
  value(row: Row): number | string | null | undefined | string[] | number[]
  cell?(row: Row): React.ReactNode
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(1)} %`)

function Delta({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span className="muted">—</span>
  const dir = value > 0 ? 'up' : value < 0 ? 'down' : 'flat'
  return (
    <span className={`delta ${dir}`} aria-label={`${dir} ${Math.abs(value)} percent`}>
      {dir === 'up' ? '▲' : dir === 'down' ? '▼' : '■'} {pct(value)}
    </span>
  )
}

function RankDelta({ value }: { value: number | null | undefined }) {
  if (!value) return <span className="muted">·</span>
  return <span className={`delta ${value > 0 ? 'up' : 'down'}`}>{value > 0 ? `↑${value}` : `↓${-value}`}</span>
}

/** The columns each kind shows (the contract's per-kind rows). */
function columnsFor(kind: ListKind): Column[] {
  const name: Column = {
    id: 'name',
    header: kind === 'mention' ? 'Keyword' : 'Item',
    value: (r) => r.name,
    cell: (r) => {
      const related = r.top_entities ? r.top_entities.map((e) => e.name) : (r.related ?? [])
      return (
        <>
          <div>{r.name}</div>
          {kind === 'entity' && r.resolved_id === null && <span className="badge">not seen yet</span>}
          {kind === 'mention' && <span className="badge">{r.match_type}</span>}
          {related.length > 0 && (
            <div className="muted small" title={kind === 'publisher' ? 'top entities' : 'related entities'}>
              with {related.slice(0, 3).join(', ')}
            </div>
          )}
          {r.last_seen && <div className="muted small">last seen {formatTime(r.last_seen)}</div>}
        </>
      )
    },
  }
  const impressions: Column = { id: 'impressions', header: 'Impressions', title: 'estimated impressions in the window', numeric: true, value: (r) => r.impressions, cell: (r) => formatNumber(r.impressions) }
  const spark: Column = {
    id: 'spark',
    header: 'Trend',
    value: (r) => r.impressions_spark ?? [],
    cell: (r) => <Sparkline values={r.impressions_spark ?? []} label={`impressions of ${r.name}`} />,
  }
  const delta: Column = { id: 'delta_pct', header: 'Δ', title: 'change against the window of the same length before', numeric: true, value: (r) => r.delta_pct, cell: (r) => <Delta value={r.delta_pct} /> }
  const pubs: Column = { id: 'publications_count', header: 'Pubs', title: 'publications seen in the window', numeric: true, value: (r) => r.publications_count, cell: (r) => formatNumber(r.publications_count) }
  const lastSeen: Column = { id: 'last_seen', header: 'Last seen', exportOnly: true, value: (r) => r.last_seen }
  if (kind === 'mention') return [name, pubs, impressions, spark, delta, lastSeen]
  const common: Column[] = [
    name,
    impressions,
    spark,
    ...(kind === 'trend' ? [] : [delta]),
    { id: 'rank_delta', header: 'Rank', title: 'places gained or lost in the list by impressions', numeric: true, value: (r) => r.rank_delta, cell: (r) => <RankDelta value={r.rank_delta} /> },
    pubs,
    { id: 'publishers_count', header: 'Sites', title: 'publishers', numeric: true, value: (r) => r.publishers_count, cell: (r) => formatNumber(r.publishers_count) },
    { id: 'avg_position', header: 'Avg pos', title: 'average position in the feed', numeric: true, value: (r) => r.avg_position, cell: (r) => (r.publications_count > 0 ? r.avg_position : '—') },
  ]
  if (kind === 'trend') {
    return [
      ...common,
      { id: 'next24h', header: 'Next 24 h', numeric: true, value: (r) => r.forecast?.pct_next24h, cell: (r) => pct(r.forecast?.pct_next24h) },
      { id: 'next7d', header: 'Next 7 d', numeric: true, value: (r) => r.forecast?.pct_next7d, cell: (r) => pct(r.forecast?.pct_next7d) },
      { id: 'end', header: 'Expected end', value: (r) => r.forecast?.predicted_end_at, cell: (r) => formatTime(r.forecast?.predicted_end_at).slice(0, 10) },
      lastSeen,
    ]
  }
  return [
    ...common,
    { id: 'trends_count', header: 'Trends', title: 'trends the publications belong to', numeric: true, value: (r) => r.trends_count, cell: (r) => formatNumber(r.trends_count) },
    { id: 'avg_lifespan_hours', header: 'Life h', title: 'average hours from first to last sight of a publication', numeric: true, value: (r) => r.avg_lifespan_hours, cell: (r) => (r.publications_count > 0 ? r.avg_lifespan_hours : '—') },
    { id: 'lived_hours', header: 'Live h', title: 'hours of the window with impressions', numeric: true, value: (r) => r.lived_hours, cell: (r) => formatNumber(r.lived_hours) },
    {
      id: 'related',
      header: kind === 'publisher' ? 'Top entities' : 'Related',
      exportOnly: true,
      value: (r) => (r.top_entities ? r.top_entities.map((e) => e.name) : (r.related ?? [])),
    },
    lastSeen,
  ]
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return 1
  if (b === null || b === undefined) return -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a).localeCompare(String(b))
}

/** The metrics table of a list: sortable, with sparklines, delta arrows, pickers and CSV export. */
export function MetricsPanel({ listId, listName, kind, window, onWindow }: { listId: string; listName: string; kind: ListKind; window: TrackingWindow; onWindow(w: TrackingWindow): void }) {
  const [offset, setOffset] = useState(0)
  const [grain, setGrain] = useState<'day' | 'hour'>('day')
  const [sort, setSort] = useState<{ id: string; desc: boolean }>({ id: 'impressions', desc: true })
  const metrics = useApi('getTrackingMetrics', { params: { list_id: listId }, query: { ...window, grain, limit: PAGE, offset } })
  const columns = useMemo(() => columnsFor(kind), [kind])
  const shown = columns.filter((c) => !c.exportOnly)
  const rows = useMemo(() => {
    const col = columns.find((c) => c.id === sort.id) ?? columns[1]!
    const sorted = [...(metrics.data?.items ?? [])].sort((a, b) => compare(col.value(a), col.value(b)))
    return sort.desc ? sorted.reverse() : sorted
  }, [metrics.data, columns, sort])
  const data = metrics.data
  const exportCsv = () => {
    if (!data) return
    const csvColumns = [
      { header: 'key', value: (r: Row) => r.key },
      ...columns.map((c) => ({ header: c.id === 'name' ? 'name' : c.id === 'spark' ? 'impressions_spark' : c.id, value: (r: Row) => c.value(r) })),
    ]
    download(`${listName.replace(/[^\p{L}\p{N}]+/gu, '-')}-${window.period}-${window.country}.csv`, toCsv(csvColumns, rows))
  }
  return (
    <div className="metrics">
      <div className="toolbar">
        <WindowPicker
          value={window}
          onChange={(w) => {
            onWindow(w)
            setOffset(0)
          }}
        />
        <div className="segmented" role="group" aria-label="Sparkline step">
          {(['day', 'hour'] as const).map((g) => (
            <button key={g} type="button" className={grain === g ? 'on' : ''} aria-pressed={grain === g} onClick={() => setGrain(g)}>
              by {g}
            </button>
          ))}
        </div>
        <button type="button" onClick={exportCsv} disabled={!data}>
          Export CSV
        </button>
      </div>
      <ErrorBanner message={metrics.error} />
      {data && (
        <p className="muted small">
          {formatTime(data.scope.from)} – {formatTime(data.scope.to)} UTC, compared with the {window.period} before · markets {data.scope.markets.join(', ') || 'none'} ·
          page total {formatNumber(data.summary.impressions)} impressions <Delta value={data.summary.delta_pct} />
        </p>
      )}
      {data && data.total === 0 ? (
        <EmptyState title="This list has no items yet">Add items in the Edit tab.</EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="table metrics-table" aria-label="Metrics">
            <thead>
              <tr>
                {shown.map((c) => (
                  <th key={c.id} className={c.numeric ? 'num' : ''} title={c.title} aria-sort={sort.id === c.id ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
                    {c.id === 'spark' ? (
                      c.header
                    ) : (
                      <button type="button" className="sort" onClick={() => setSort({ id: c.id, desc: sort.id === c.id ? !sort.desc : c.numeric === true })}>
                        {c.header}
                        {sort.id === c.id ? (sort.desc ? ' ↓' : ' ↑') : ''}
                      </button>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  {shown.map((c) => (
                    <td key={c.id} className={c.numeric ? 'num' : ''}>
                      {c.cell ? c.cell(r) : String(c.value(r) ?? '—')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager total={data.total} limit={PAGE} offset={offset} onChange={setOffset} />}
    </div>
  )
}
