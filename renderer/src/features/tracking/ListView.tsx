import type { RouteResponse } from '../../../../shared/contract/routes'
import { LIST_COLORS } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { ErrorBanner, formatTime } from '../../components/common'
import { comparisonBounds, periodBounds, previousPeriod } from '../../components/period'
import { TotalsStrip } from '../../components/TotalsStrip'
import { useAppStore } from '../../stores/app-store'
import { ListEditor } from './ListEditor'
import { MatchesPanel } from './MatchesPanel'
import { MetricsPanel } from './MetricsPanel'
import { RollupPanel } from './RollupPanel'
import { TABS, type Tab } from './use-chosen-list'
import type { TrackingWindow } from './WindowPicker'
import { windowComparison } from './drill-down'

const TAB_LABELS: Record<Tab, string> = { metrics: 'Metrics', rollup: 'Roll-up', matches: 'Matches', edit: 'Edit' }
export const tabLabel = (tab: Tab) => TAB_LABELS[tab]

/**
 * The totals of every article the list's items claim in the window (each article once, however
 * many items claim it), against the window before of the same length, as the metrics compare.
 */
function ListTotals({ listId, window }: { listId: string; window: TrackingWindow }) {
  const bounds = periodBounds(window)
  // the comparison chosen, else the window before of the same length (as the metrics' Δ)
  const before = window.compare ? comparisonBounds(window, windowComparison(window)) : previousPeriod(window)
  const totals = useApi(
    'appArticleTotals',
    bounds
      ? {
          query: {
            list_id: listId,
            ...bounds,
            ...(before ? { compare_from: before.date_from, compare_to: before.date_to } : {}),
            ...(window.country !== 'all' ? { market: window.country } : {}),
            ...(window.lang !== 'all' ? { lang: window.lang } : {}),
          },
        }
      : null,
  )
  return <TotalsStrip totals={totals} label="Totals of this list" />
}

/** A list and its tabs: metrics, roll-up, a mention list's matches, and its editor. */
export function ListView({
  list,
  tab,
  error,
  onRetry,
  window,
  onWindow,
  keep,
  justCreated,
  onChanged,
  onDeleted,
}: {
  list: RouteResponse<'getTrackingList'>
  tab: Tab
  error: string | null
  onRetry(): void
  window: TrackingWindow
  onWindow(w: TrackingWindow): void
  /** the query to keep when moving between tabs (the window) */
  keep: string
  justCreated: boolean
  onChanged(): void
  onDeleted(): void
}) {
  const navigate = useAppStore((s) => s.navigate)
  const tabs = TABS.filter((t) => t !== 'matches' || list.kind === 'mention')
  // Figures of a mention list change when its scan ends: panels load again then.
  const panelKey = `${list.id}-${list.scan_status ?? ''}`
  return (
    <section className="card" aria-label={`List ${list.name}`}>
      <div className="card-head">
        <h2>
          <span className={`swatch c${list.color_index % LIST_COLORS}`} /> {list.name} <span className="muted small">· {list.kind} · {list.item_count} items · updated {formatTime(list.updated_at)}</span>
        </h2>
      </div>
      <div className="tabs" role="tablist">
        {tabs.map((t) => (
          <button key={t} role="tab" aria-selected={t === tab} className={t === tab ? 'on' : ''} onClick={() => navigate(`/tracking/${list.id}/${t}${keep}`)}>
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <ErrorBanner message={error} onRetry={onRetry} />
      {(tab === 'metrics' || tab === 'rollup') && <ListTotals listId={list.id} window={window} />}
      {tab === 'metrics' && <MetricsPanel key={panelKey} listId={list.id} listName={list.name} kind={list.kind} window={window} onWindow={onWindow} />}
      {tab === 'rollup' && <RollupPanel key={panelKey} listId={list.id} listName={list.name} window={window} onWindow={onWindow} />}
      {tab === 'matches' && list.kind === 'mention' && <MatchesPanel key={panelKey} list={list} window={window} onWindow={onWindow} />}
      {tab === 'edit' && <ListEditor key={list.id} list={list} justCreated={justCreated} onChanged={onChanged} onDeleted={onDeleted} />}
    </section>
  )
}
