import { useEffect, useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { LIST_COLORS, listKinds, type ListKind } from '../../../../shared/contract/values'
import { callAhead } from '../../api/client'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, formatTime, PageHeader } from '../../components/common'
import { DataTable, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { ListEditor, NewListForm } from './ListEditor'
import { MatchesPanel } from './MatchesPanel'
import { MetricsPanel, metricsRequest } from './MetricsPanel'
import { RollupPanel } from './RollupPanel'
import { defaultWindow, windowQuery, type TrackingWindow } from './WindowPicker'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'
import { NotFound } from '../../app/NotFound'

const TABS = ['metrics', 'rollup', 'matches', 'edit'] as const
type Tab = (typeof TABS)[number]
const TAB_LABELS: Record<Tab, string> = { metrics: 'Metrics', rollup: 'Roll-up', matches: 'Matches', edit: 'Edit' }

type ListRow = RouteResponse<'listTrackingLists'>['lists'][number]

const listColumns: Array<Column<ListRow>> = [
  {
    id: 'name',
    header: 'Name',
    value: (l) => l.name,
    cell: (l) => (
      <>
        <span className={`swatch c${l.color_index % LIST_COLORS}`} /> {l.name}
        {l.kind === 'mention' && <div className="muted small">{l.active ? `${l.matches_count} matches · ${l.new_publications_24h} new in 24 h` : 'paused'}</div>}
      </>
    ),
  },
  { id: 'kind', header: 'Kind', cell: (l) => l.kind },
  { id: 'item_count', header: 'Items', numeric: true, cell: (l) => l.item_count },
]

/** Tracking: usage badges, the project's lists, and the chosen list's metrics, roll-up, matches and editor. */
export function TrackingPage() {
  const rest = useAppStore((s) => s.rest)
  const search = useAppStore((s) => s.search)
  // moving between lists and tabs keeps the window
  const keep = search ? `?${search}` : ''
  const navigate = useAppStore((s) => s.navigate)
  // "Track" elsewhere links here with ?new=<kind> to start a list of that kind
  const [{ new: newKind }, setNewKind] = useQueryState({ new: '' })
  const [creatingHere, setCreatingHere] = useState(false)
  const [justCreated, setJustCreated] = useState<string | null>(null)
  const creating = creatingHere || listKinds.includes(newKind as ListKind)
  const setCreating = (on: boolean) => {
    setCreatingHere(on)
    if (!on && newKind) setNewKind({ new: '' }, { replace: true })
  }
  // the window is in the URL: a link to a list's metrics names its period, market and language
  const [window, setWindowQuery] = useQueryState<TrackingWindow>(defaultWindow)
  const setWindow = (w: TrackingWindow) => setWindowQuery(w)
  const lists = useApi('listTrackingLists', { query: { limit: 200 } })
  const selectedId = rest[0] ?? lists.data?.lists[0]?.id ?? null
  const detail = useApi('getTrackingList', selectedId ? { params: { list_id: selectedId } } : null)
  const list = detail.data && detail.data.id === selectedId ? detail.data : null
  const tab: Tab = TABS.includes(rest[1] as Tab) ? (rest[1] as Tab) : 'metrics'
  // the metrics tab's first page is asked with the list's details, not after them (once the
  // list is there, its metrics panel asks for itself)
  const windowParams = tab === 'metrics' && selectedId && !list ? windowQuery(window) : null
  const ahead = windowParams && selectedId ? metricsRequest(selectedId, windowParams, 'day', 0) : null
  const aheadKey = JSON.stringify(ahead)
  useEffect(() => {
    if (ahead) callAhead('getTrackingMetrics', ahead)
    // the key names the whole request
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [aheadKey])
  const tabs = TABS.filter((t) => t !== 'matches' || list?.kind === 'mention')

  // A mention list being scanned: look again until its scan is done.
  const scanning = list?.kind === 'mention' && (list.scan_status === 'pending' || list.scan_status === 'scanning')
  const reloadDetail = detail.reload
  useEffect(() => {
    if (!scanning) return
    const timer = setInterval(reloadDetail, 2000)
    return () => clearInterval(timer)
  }, [scanning, reloadDetail])

  // Figures of a mention list change when its scan ends: panels load again then.
  const panelKey = `${list?.id}-${list?.scan_status ?? ''}`
  useDocumentTitle(list?.name, list && TAB_LABELS[tab], 'Tracking')
  const refresh = () => {
    lists.reload()
    detail.reload()
  }
  return (
    <div className="page">
      <PageHeader
        title="Tracking"
        subtitle="Entities, categories, publishers, trends and keywords you follow"
        actions={
          <button className="primary" type="button" data-new-list onClick={() => setCreating(true)}>
            New list
          </button>
        }
      />
      <ErrorBanner message={lists.error} onRetry={lists.reload} />
      <div className="badges-row" aria-label="Usage">
        {listKinds.map((kind) => {
          const u = lists.data?.usage[kind]
          const full = u && u.limit !== null && u.used >= u.limit
          return (
            <div key={kind} className={`usage-badge ${full ? 'full' : ''}`} title={kind === 'mention' ? 'keywords with their match type, in active lists' : `unique ${kind} items across lists`}>
              <span className="kind">{kind}</span>
              <span className="count">
                {u ? u.used : '—'}
                {u?.limit !== null && u?.limit !== undefined ? ` / ${u.limit}` : ''}
              </span>
            </div>
          )
        })}
      </div>
      {creating && (
        <Card>
          <NewListForm
            initialKind={listKinds.includes(newKind as ListKind) ? (newKind as ListKind) : 'entity'}
            onCancel={() => setCreating(false)}
            onCreated={(id) => {
              setCreating(false)
              setJustCreated(id)
              lists.reload()
              navigate(`/tracking/${id}/edit`)
            }}
          />
        </Card>
      )}
      <div className="tracking-layout">
        <Card title="Lists">
          {lists.data && lists.data.total === 0 ? (
            <EmptyState title="No lists yet">Create one with New list: follow entities, sections, publishers, trends or keywords.</EmptyState>
          ) : (
            <DataTable
              label="Tracking lists"
              columns={listColumns}
              rows={lists.data?.lists ?? []}
              rowKey={(l) => l.id}
              selectedKey={selectedId}
              loading={lists.loading}
              onOpen={(l) => navigate(`/tracking/${l.id}/${tab === 'matches' && l.kind !== 'mention' ? 'metrics' : tab}${keep}`)}
            />
          )}
        </Card>
        {selectedId && detail.notFound && <NotFound what="This list" backTo="/tracking" backLabel="Go to the lists" />}
        {list && (
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
            <ErrorBanner message={detail.error} onRetry={detail.reload} />
            {tab === 'metrics' && <MetricsPanel key={panelKey} listId={list.id} listName={list.name} kind={list.kind} window={window} onWindow={setWindow} />}
            {tab === 'rollup' && <RollupPanel key={panelKey} listId={list.id} listName={list.name} window={window} onWindow={setWindow} />}
            {tab === 'matches' && list.kind === 'mention' && <MatchesPanel key={panelKey} list={list} window={window} onWindow={setWindow} />}
            {tab === 'edit' && (
              <ListEditor
                key={list.id}
                list={list}
                justCreated={justCreated === list.id}
                onChanged={refresh}
                onDeleted={() => {
                  lists.reload()
                  navigate('/tracking')
                  // focus stays on the page, on what comes next: a new list
                  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-new-list]')?.focus())
                }}
              />
            )}
          </section>
        )}
      </div>
    </div>
  )
}
