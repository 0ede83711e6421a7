import type { RouteResponse } from '../../../../shared/contract/routes'
import { allPages } from '../../api/client'
import type { ApiState } from '../../api/use-api'
import { Card, EmptyState, formatNumber, Pager, TimeText } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { periodWords } from '../../components/PeriodControl'
import { filtersTrends, listOffset, minArticlesOf, TRENDS_PAGE, TRENDS_VIEW, trendsQuestions, type TrendsView } from './questions'

type TrendRow = RouteResponse<'appListTrends'>['trends'][number]

const trendColumns: Array<Column<TrendRow>> = [
  { id: 'label', header: 'Trend', value: (t) => t.label, cell: (t) => <>{t.label} <span className="muted small">{t.country_scope.join(' ')}</span></> },
  { id: 'country_scope', header: 'Countries', value: (t) => t.country_scope },
  { id: 'state', header: 'State', value: (t) => t.state, cell: (t) => <span className={`badge state-${t.state}`}>{t.state.replace('_', ' ')}</span> },
  { id: 'structural_type', header: 'Type', value: (t) => t.structural_type, cell: (t) => t.structural_type.replace('_', ' ') },
  { id: 'article_count', header: 'Articles', numeric: true, cell: (t) => t.article_count },
  { id: 'impressions', header: 'Impressions', numeric: true, value: (t) => t.impressions, cell: (t) => formatNumber(t.impressions) },
  { id: 'best_position', header: 'Peak position', numeric: true, value: (t) => t.best_position, cell: (t) => formatNumber(t.best_position) },
  { id: 'last_article_at', header: 'Last article', value: (t) => t.last_article_at, cell: (t) => <TimeText iso={t.last_article_at} /> },
  { id: 'id', header: 'Id', value: (t) => t.id },
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
  const clearFilters = () => setView({ ...TRENDS_VIEW, period: view.period, date_from: view.date_from, date_to: view.date_to, sort_by: view.sort_by, sort_order: view.sort_order, compare: view.compare })
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
          columns={trendColumns}
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
