import type { RouteResponse } from '../../../../shared/contract/routes'
import { allPages } from '../../api/client'
import type { ApiState } from '../../api/use-api'
import { Card, EmptyState, formatNumber, Pager, TimeText } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { periodWords } from '../../components/PeriodControl'
import { changeColumn } from '../../components/Change'
import { filtersTrends, listOffset, minArticlesOf, TRENDS_PAGE, TRENDS_VIEW, trendsComparedBounds, trendsQuestions, type TrendsView } from './questions'

type TrendRow = RouteResponse<'appListTrends'>['trends'][number]

/** The list's columns; the sorts the server knows are its headers' (the list is paged in its order), and the period compared's before and change while comparing. */
const trendColumns = (comparing: boolean, besideCard: boolean): Array<Column<TrendRow>> => [
  { id: 'label', header: 'Trend', sortable: false, value: (t) => t.label, cell: (t) => <>{t.label} <span className="muted small">{t.country_scope.join(' ')}</span></> },
  { id: 'country_scope', header: 'Countries', sortable: false, value: (t) => t.country_scope },
  { id: 'state', header: 'State', sortable: false, value: (t) => t.state, cell: (t) => <span className={`badge state-${t.state}`}>{t.state.replace('_', ' ')}</span> },
  // beside an open card (which says it) the type gives its room to the trend's name
  { id: 'structural_type', header: 'Type', sortable: false, visible: !besideCard, value: (t) => t.structural_type, cell: (t) => t.structural_type.replace('_', ' ') },
  { id: 'article_count', header: 'Articles', numeric: true, cell: (t) => t.article_count },
  { id: 'impressions', header: 'Impressions', numeric: true, value: (t) => t.impressions, cell: (t) => formatNumber(t.impressions) },
  { id: 'impressions_before', header: 'Before', title: 'impressions in the period compared', numeric: true, sortable: false, visible: comparing, value: (t) => t.impressions_before, cell: (t) => formatNumber(t.impressions_before) },
  { ...changeColumn<TrendRow>((t) => t.impressions, (t) => t.impressions_before, comparing), sortable: false },
  { id: 'best_position', header: 'Peak position', numeric: true, value: (t) => t.best_position, cell: (t) => formatNumber(t.best_position) },
  { id: 'last_article_at', header: 'Last article', value: (t) => t.last_article_at, cell: (t) => <TimeText iso={t.last_article_at} /> },
  { id: 'id', header: 'Id', sortable: false, value: (t) => t.id },
]

/** The list of trends of a view, paged, with what to do when it is empty; a row opens its card. */
export function TrendList({
  trends,
  view,
  setView,
  selected,
  onOpen,
  names,
}: {
  trends: ApiState<RouteResponse<'appListTrends'>>
  view: TrendsView
  setView(patch: Partial<TrendsView>): void
  selected: string | null
  onOpen(id: string): void
  /** the chosen theme's and topic's labels, for the export's file name */
  names: { theme?: string; topic?: string }
}) {
  const filtered = filtersTrends(view)
  const minArticles = minArticlesOf(view)
  const offset = listOffset(view)
  const clearFilters = () => setView({ ...TRENDS_VIEW, period: view.period, date_from: view.date_from, date_to: view.date_to, sort_by: view.sort_by, sort_order: view.sort_order, compare: view.compare, versus: view.versus, versus_from: view.versus_from, versus_to: view.versus_to })
  return (
    <Card>
      {trends.data && trends.data.total === 0 && (filtered || view.period !== 'all') ? (
        <EmptyState title={filtered ? 'No trend matches these filters' : 'No trend was active in this period'}>
          {view.period !== 'all' && 'Widen the period'}
          {view.period !== 'all' && filtered && ' or '}
          {filtered && (
            <button type="button" className="link" onClick={clearFilters}>
              {view.period !== 'all' ? 'clear the filters' : 'Clear the filters'}
            </button>
          )}
          .
        </EmptyState>
      ) : trends.data && trends.data.total === 0 ? (
        <EmptyState title="No trends yet">Trends appear once the store has articles and the clustering has run.</EmptyState>
      ) : (
        <DataTable
          label="Trends"
          columns={trendColumns(Boolean(trendsComparedBounds(view)), selected !== null)}
          sort={{ id: view.sort_by, desc: view.sort_order === 'desc' }}
          onSort={(s) => setView({ sort_by: s.id, sort_order: s.desc ? 'desc' : 'asc', page: '1' })}
          rows={trends.data?.trends ?? []}
          rowKey={(t) => t.id}
          selectedKey={selected}
          loading={trends.loading}
          onOpen={(t) => onOpen(t.id)}
          exportAs={{
            fileName: exportFileName('trends', periodWords(view), view.q, view.country, names.theme, view.state, view.structural_type, view.semantic_type, names.topic, minArticles > 1 && `${minArticles}+ articles`, view.sort_by),
            allRows: () => allPages('appListTrends', { query: trendsQuestions.list(view)?.options.query ?? {} }, (a) => a.trends, 200),
          }}
        />
      )}
      {trends.data && <Pager total={trends.data.total} limit={TRENDS_PAGE} offset={offset} onChange={(next) => setView({ page: String(next / TRENDS_PAGE + 1) })} />}
    </Card>
  )
}
