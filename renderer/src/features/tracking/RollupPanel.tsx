import type { RouteResponse } from '../../../../shared/contract/routes'
import { useApi } from '../../api/use-api'
import { CabinetLink } from '../../components/CabinetLink'
import { EmptyState, ErrorBanner, formatNumber, formatTime } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { drillDownPath, type DrillTarget } from './drill-down'
import { WindowPicker, windowQuery, windowWords, type TrackingWindow } from './WindowPicker'

type Rollup = RouteResponse<'getTrackingRollup'>
type TopArticle = NonNullable<Rollup['top_articles']>[number]

const topArticleColumns: Array<Column<TopArticle>> = [
  { id: 'title', header: 'Title', value: (a) => a.title, cell: (a) => <CabinetLink url={a.cabinet_url}>{a.title}</CabinetLink> },
  { id: 'domain', header: 'Publisher', cell: (a) => a.domain },
  { id: 'impressions', header: 'Impressions', numeric: true, value: (a) => a.imps, cell: (a) => formatNumber(a.imps) },
  { id: 'url', header: 'URL', value: (a) => a.cabinet_url },
]

interface Slice {
  name: string
  id?: string
  entity_id?: string
  pubs: number
  imps?: number
  delta_pct?: number | null
}

const publisherTarget = (s: Slice): DrillTarget => ({ kind: 'publisher', domain: s.name })
const entityTarget = (s: Slice): DrillTarget => ({ kind: 'entity', name: s.name, ...(s.entity_id ? { id: s.entity_id } : {}) })
const categoryTarget = (s: Slice): DrillTarget => ({ kind: 'category', path: s.name })

/** One roll-up slice as bars: the widest is the largest by impressions (or publications). */
function SliceCard({ title, slices, target, window }: { title: string; slices: Slice[] | undefined; target(s: Slice): DrillTarget; window: TrackingWindow }) {
  const navigate = useAppStore((s) => s.navigate)
  const list = slices ?? []
  const max = Math.max(1, ...list.map((s) => s.imps ?? s.pubs))
  return (
    <section className="card rollup-slice" aria-label={title}>
      <h2>{title}</h2>
      {list.length === 0 ? (
        <p className="muted small">Nothing in this window.</p>
      ) : (
        <ul className="bars">
          {list.map((s) => (
            <li key={s.name}>
              <div className="bar-label">
                <button type="button" className="link bar-name" title={`Open the articles of ${s.name}`} onClick={() => navigate(drillDownPath(target(s), window))}>
                  {s.name}
                </button>
                <span className="muted small">
                  {s.imps !== undefined ? `${formatNumber(s.imps)} imp. · ` : ''}
                  {formatNumber(s.pubs)} pub.
                  {s.delta_pct !== undefined && s.delta_pct !== null ? ` · ${s.delta_pct > 0 ? '▲' : '▼'} ${Math.abs(s.delta_pct)} %` : ''}
                </span>
              </div>
              <div className="bar" style={{ width: `${(100 * (s.imps ?? s.pubs)) / max}%` }} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Aggregates over every item of the list, by the slices its kind has. */
export function RollupPanel({ listId, listName, window, onWindow }: { listId: string; listName: string; window: TrackingWindow; onWindow(w: TrackingWindow): void }) {
  const windowParams = windowQuery(window)
  const rollup = useApi('getTrackingRollup', windowParams && { params: { list_id: listId }, query: windowParams })
  const data: Rollup | null = rollup.data
  return (
    <div>
      <div className="toolbar">
        <WindowPicker value={window} onChange={onWindow} />
      </div>
      <ErrorBanner message={rollup.error} onRetry={rollup.reload} />
      {data && (
        <p className="muted small">
          {formatTime(data.scope.from)} – {formatTime(data.scope.to)} UTC · markets {data.scope.markets.join(', ')}
        </p>
      )}
      {data?.kind === 'trend' ? (
        <section className="card" aria-label="Top articles">
          <h2>Top articles of these trends</h2>
          {(data.top_articles ?? []).length === 0 ? (
            <EmptyState title="No publications in this window" />
          ) : (
            <DataTable
              label="Top articles"
              columns={topArticleColumns}
              rows={data.top_articles ?? []}
              rowKey={(a) => a.id}
              exportAs={{ fileName: exportFileName(listName, 'top-articles', ...windowWords(window)) }}
            />
          )}
        </section>
      ) : data?.kind === 'mention' ? (
        <div className="rollup-grid">
          <SliceCard title="Publishers" slices={data.publishers} target={publisherTarget} window={window} />
          <SliceCard title="Entities" slices={data.entities} target={entityTarget} window={window} />
          <SliceCard title="Categories" slices={data.categories} target={categoryTarget} window={window} />
        </div>
      ) : data ? (
        <div className="rollup-grid">
          {data.kind !== 'publisher' && <SliceCard title="Publishers" slices={data.publishers} target={publisherTarget} window={window} />}
          <SliceCard title="Trends" slices={data.trends} target={(s) => ({ kind: 'trend', id: s.id ?? '' })} window={window} />
          <SliceCard title="Related entities" slices={data.related} target={entityTarget} window={window} />
          <SliceCard title="Sections" slices={data.groups} target={categoryTarget} window={window} />
          <SliceCard title="Formats" slices={data.types} target={(s) => ({ kind: 'format', name: s.name })} window={window} />
        </div>
      ) : null}
    </div>
  )
}
