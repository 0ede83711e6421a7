import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { LIST_COLORS, listKinds, type ListKind } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, PageHeader } from '../../components/common'
import { DataTable, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { NewListForm } from './ListEditor'
import { ListView, tabLabel } from './ListView'
import { UsageBadges } from './UsageBadges'
import { useChosenList } from './use-chosen-list'
import { defaultWindow, type TrackingWindow } from './WindowPicker'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'
import { NotFound } from '../../app/NotFound'

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
  const { selectedId, detail, list, tab } = useChosenList(rest, lists.data?.lists[0]?.id ?? null, window)
  useDocumentTitle(list?.name, list && tabLabel(tab), 'Tracking')
  const refresh = () => {
    lists.reload()
    detail.reload()
  }
  const deleted = () => {
    lists.reload()
    navigate('/tracking')
    // focus stays on the page, on what comes next: a new list
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-new-list]')?.focus())
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
      <UsageBadges usage={lists.data?.usage} />
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
          <ListView list={list} tab={tab} error={detail.error} onRetry={detail.reload} window={window} onWindow={setWindow} keep={keep} justCreated={justCreated === list.id} onChanged={refresh} onDeleted={deleted} />
        )}
      </div>
    </div>
  )
}
