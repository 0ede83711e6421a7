import { MarkAreaComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { useMemo, useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { useApi } from '../../api/use-api'
import { EmptyState, ErrorBanner, formatNumber, formatTime, Pager } from '../../components/common'
import { DataTable, exportFileName, sortRows, type Column, type SortState } from '../../components/DataTable'
import { Change } from '../../components/Change'
import { Sparkline } from '../../components/Sparkline'
import { useAppStore } from '../../stores/app-store'
import { EChart } from '../../charts/EChart'
import { drillDownPath, rowTarget } from './drill-down'
import { ITEMS_DRAWN, itemsOverlayOption } from './items-chart'
import { WindowPicker, windowQuery, windowWords, type TrackingWindow } from './WindowPicker'
import { marksOf } from '../../charts/timeline-marks'
import { periodPhrase } from '../../components/period'

type Metrics = RouteResponse<'getTrackingMetrics'>
type Row = Metrics['items'][number]
type ListKind = Metrics['kind']

const PAGE = 200

type MetricsColumn = Column<Row>

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(1)} %`)

function RankDelta({ value }: { value: number | null | undefined }) {
  if (!value) return <span className="muted">·</span>
  return <span className={`delta ${value > 0 ? 'up' : 'down'}`}>{value > 0 ? `↑${value}` : `↓${-value}`}</span>
}

/** The columns each kind shows (the contract's per-kind rows). */
function columnsFor(kind: ListKind): MetricsColumn[] {
  const name: MetricsColumn = {
    id: 'name',
    header: kind === 'mention' ? 'Keyword' : 'Item',
    csvHeader: 'name',
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
  const impressions: MetricsColumn = { id: 'impressions', header: 'Impressions', title: 'estimated impressions in the window', numeric: true, value: (r) => r.impressions, cell: (r) => formatNumber(r.impressions) }
  const spark: MetricsColumn = {
    id: 'spark',
    header: 'Trend',
    csvHeader: 'impressions_spark',
    sortable: false,
    value: (r) => r.impressions_spark ?? [],
    cell: (r) => <Sparkline values={r.impressions_spark ?? []} label={`impressions of ${r.name}`} />,
  }
  const delta: MetricsColumn = { id: 'delta_pct', header: 'Δ', title: 'change against the window of the same length before', numeric: true, value: (r) => r.delta_pct, cell: (r) => <Change pct={r.delta_pct} /> }
  const pubs: MetricsColumn = { id: 'publications_count', header: 'Pubs', title: 'publications seen in the window', numeric: true, value: (r) => r.publications_count, cell: (r) => formatNumber(r.publications_count) }
  const lastSeen: MetricsColumn = { id: 'last_seen', nowrap: true, header: 'Last seen', value: (r) => r.last_seen }
  if (kind === 'mention') return [name, pubs, impressions, spark, delta, lastSeen]
  const common: MetricsColumn[] = [
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
      
      value: (r) => (r.top_entities ? r.top_entities.map((e) => e.name) : (r.related ?? [])),
    },
    lastSeen,
  ]
}

/** A publisher list's columns of Search Console figures, for the domains whose properties the store has (none: no columns). */
function siteColumns(sites: RouteResponse<'appSiteDomains'>['domains']): MetricsColumn[] {
  if (sites.length === 0) return []
  const of = new Map(sites.map((s) => [s.domain, s]))
  return [
    { id: 'gsc_clicks', header: 'Clicks', title: 'Search Console clicks from Discover in the window\'s days (your own site, imported)', numeric: true, value: (r) => of.get(r.key)?.clicks, cell: (r) => formatNumber(of.get(r.key)?.clicks) },
    {
      id: 'gsc_ctr',
      header: 'CTR',
      title: 'Search Console clicks over its impressions in the window\'s days',
      numeric: true,
      value: (r) => of.get(r.key)?.ctr,
      cell: (r) => {
        const ctr = of.get(r.key)?.ctr
        return ctr === undefined || ctr === null ? '—' : `${(ctr * 100).toFixed(1)}%`
      },
    },
  ]
}

/** The metrics page a panel asks for (the list's page asks the first one ahead, with the list's details). */
export const metricsRequest = (listId: string, windowParams: Record<string, string>, grain: 'day' | 'hour', offset: number) => ({
  params: { list_id: listId },
  query: { ...windowParams, grain, limit: PAGE, offset },
})

echarts.use([MarkAreaComponent])

/** The metrics table of a list: sortable, with sparklines, delta arrows, pickers and CSV export. */
export function MetricsPanel({ listId, listName, kind, window, onWindow }: { listId: string; listName: string; kind: ListKind; window: TrackingWindow; onWindow(w: TrackingWindow): void }) {
  const [offset, setOffset] = useState(0)
  const [grain, setGrain] = useState<'day' | 'hour'>('day')
  const [sort, setSort] = useState<SortState>({ id: 'impressions', desc: true })
  const navigate = useAppStore((s) => s.navigate)
  const windowParams = windowQuery(window)
  const metrics = useApi('getTrackingMetrics', windowParams && metricsRequest(listId, windowParams, grain, offset))
  const data = metrics.data
  // a publisher list that holds the analyst's own site: its Search Console clicks beside the feed's figures (My site)
  const domains = kind === 'publisher' ? (data?.items ?? []).map((r) => r.key).slice(0, 200) : []
  const gsc = useApi('appSiteDomains', domains.length > 0 && data ? { query: { domains: domains.join(','), date_from: data.scope.from, date_to: data.scope.to } } : null)
  const columns = useMemo<MetricsColumn[]>(() => [{ id: 'key', header: 'Key', value: (r) => r.key }, ...columnsFor(kind), ...siteColumns(gsc.data?.domains ?? [])], [kind, gsc.data])
  const rows = useMemo(() => sortRows(metrics.data?.items ?? [], columns, sort), [metrics.data, columns, sort])
  // the chart's points are calendar days (or hours), unfolded: the sparklines fold a long window into 24
  const series = useApi('appTrackingSeries', windowParams && metricsRequest(listId, windowParams, grain, offset))
  // the timeline over the window: Google's updates, the notes, new data in the store
  const annotations = useApi('appAnnotations', data ? { query: { date_from: data.scope.from, date_to: data.scope.to } } : null)
  const marks = useMemo(() => marksOf(annotations.data), [annotations.data])
  const itemsOption = useMemo(() => {
    if (!series.data) return null
    const byKey = new Map(series.data.items.map((i) => [i.key, i]))
    const drawn = rows.flatMap((r) => (byKey.has(r.key) ? [{ name: r.name, impressions: byKey.get(r.key)!.impressions }] : []))
    return itemsOverlayOption(drawn, series.data.buckets, series.data.grain, marks)
  }, [rows, series.data, marks])
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
      </div>
      <ErrorBanner message={metrics.error} onRetry={metrics.reload} />
      {data && (
        <p className="muted small">
          {formatTime(data.scope.from)} – {formatTime(data.scope.to)} UTC, compared with the {window.period === 'custom' ? 'same number of days' : window.period} before · markets {data.scope.markets.join(', ') || 'none'} ·
          page total {formatNumber(data.summary.impressions)} impressions <Change pct={data.summary.delta_pct} />
        </p>
      )}
      {data && rows.length > 0 && itemsOption && (
        <EChart
          option={itemsOption!}
          height={220}
          label={`Impressions over the window of ${rows.slice(0, ITEMS_DRAWN).map((r) => r.name).join(', ')}`}
          fileName={exportFileName(listName, 'items', ...windowWords(window), grain)}
          report={{ title: `${listName}: impressions a ${grain}`, period: periodPhrase(window), market: window.country === 'all' ? 'all markets' : window.country, comparison: 'the window before (Δ)' }}
        />
      )}
      {data && rows.length > 0 && (
        <p className="muted small">
          Impressions a calendar {grain} (UTC) of the first {Math.min(ITEMS_DRAWN, rows.length)} rows as the table is sorted; sort by another column to draw others. Dashed: a {grain} the
          window holds only in part (its first, and the one so far).
        </p>
      )}
      <DataTable
        label="Metrics"
        className="metrics-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        loading={metrics.loading}
        onOpen={(r) => navigate(drillDownPath(rowTarget(kind, r), window))}
        openLabel={kind === 'trend' ? 'Open the trend' : 'Open its articles in this window'}
        sort={sort}
        onSort={setSort}
        empty={data && data.total === 0 ? <EmptyState title="This list has no items yet">Add items in the Edit tab.</EmptyState> : undefined}
        exportAs={{
          fileName: exportFileName(listName, 'metrics', ...windowWords(window), grain),
        }}
      />
      {data && <Pager total={data.total} limit={PAGE} offset={offset} onChange={setOffset} />}
    </div>
  )
}
