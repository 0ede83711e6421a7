import { useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { allPages } from '../../api/client'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, FilterChip, formatNumber, formatTime, PageHeader, Pager } from '../../components/common'
import { changeColumn } from '../../components/Change'
import { comparisonOf, EXPLORE_PRESETS, PeriodControl, periodOf, periodWords } from '../../components/PeriodControl'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { useDocumentTitle, useDraft, useQueryState } from '../../stores/url-state'
import { TrackButton } from '../tracking/TrackButton'
import { ArticleDetail } from './ArticleDetail'
import { ArticleFilters } from './ArticleFilters'
import { ARTICLES_PAGE, ARTICLES_VIEW, articlesQuestions, comparedBounds, listOffset, type ArticlesView } from './questions'
import { TotalsStrip } from '../../components/TotalsStrip'


type ArticleRow = RouteResponse<'appListArticles'>['articles'][number]

/** The list's columns; the change column while comparing with another period. */
const articleColumns = (compared: boolean): Array<Column<ArticleRow>> => [
  { id: 'title', header: 'Title', sortable: false, cell: (a) => a.title },
  { id: 'domain', header: 'Publisher', sortable: false, cell: (a) => a.domain },
  { id: 'countries', header: 'Countries', sortable: false, value: (a) => (a.countries.length > 0 ? a.countries : [a.region]), cell: (a) => (a.countries.length > 0 ? a.countries : [a.region]).join(' ') },
  { id: 'trend', header: 'Trend', sortable: false, value: (a) => a.trend?.label ?? '', cell: (a) => a.trend?.label ?? <span className="muted">—</span> },
  { id: 'impressions', header: 'Impressions', numeric: true, value: (a) => a.impressions, cell: (a) => formatNumber(a.impressions) },
  { ...changeColumn<ArticleRow>((a) => a.impressions, (a) => a.impressions_before, compared), sortable: false },
  { id: 'best_position', header: 'Best position', numeric: true, value: (a) => a.best_position, cell: (a) => formatNumber(a.best_position) },
  { id: 'avg_position', header: 'Avg position', numeric: true, value: (a) => a.avg_position, cell: (a) => formatNumber(a.avg_position) },
  { id: 'hours_in_feed', header: 'Hours in feed', numeric: true, value: (a) => a.hours_in_feed, cell: (a) => formatNumber(a.hours_in_feed) },
  { id: 'last_seen_at', nowrap: true, header: 'Last seen', value: (a) => a.last_seen_at, cell: (a) => formatTime(a.last_seen_at) },
  { id: 'url', header: 'URL', sortable: false, value: (a) => a.url },
  { id: 'id', header: 'Id', sortable: false, value: (a) => a.id },
]

type Filters = ArticlesView

/** Articles: full-text search with filters, a paged list, and the chosen article. */
export function ArticlesPage() {
  const articleId = useAppStore((s) => s.articleId)
  const navigate = useAppStore((s) => s.navigate)
  const search = useAppStore((s) => s.search)
  // The URL holds the filters (a link like /articles?domain=example.com presets them); the form edits a draft of them.
  const [filters, setFilters] = useQueryState(ARTICLES_VIEW)
  const [draft, setDraft] = useDraft<Filters>(filters)
  const columns = articleColumns(comparedBounds(filters) !== null)
  const offset = listOffset(filters)
  const setOffset = (next: number) => setFilters({ page: String(next / ARTICLES_PAGE + 1) })
  const articles = useApi('appListArticles', articlesQuestions.list(filters)?.options ?? null)
  const totals = useApi('appArticleTotals', articlesQuestions.totals(filters)?.options ?? null)
  const [openedTitle, setOpenedTitle] = useState<string | null>(null)
  const trendLabel = articles.data?.articles.find((a) => a.trend?.id === filters.trend_id)?.trend?.label
  useDocumentTitle(articleId && openedTitle, filters.search && `“${filters.search}”`, filters.entity, trendLabel, 'Articles')
  return (
    <div className="page">
      <PageHeader title="Articles" subtitle="Publications seen in the feed" />
      <ArticleFilters draft={draft} setDraft={setDraft} onSubmit={() => setFilters({ ...draft, page: '1' })} />
      <div className="filters">
        <PeriodControl
          value={periodOf(filters)}
          onChange={(p) => setFilters({ ...p, page: '1' })}
          presets={EXPLORE_PRESETS}
          compare={{ value: comparisonOf(filters), onChange: (c) => setFilters(c) }}
        />
        {filters.entity && (
          <FilterChip label={`Entity: ${filters.entity_name || filters.entity}`} onRemove={() => setFilters({ entity: '', entity_name: '', page: '1' })} />
        )}
        {filters.market && <FilterChip label={`Seen in the ${filters.market} feed`} onRemove={() => setFilters({ market: '', page: '1' })} />}
        {filters.category && filters.exact_category === 'true' && (
          <FilterChip label={`Only ${filters.category}, not below it`} onRemove={() => setFilters({ exact_category: '', page: '1' })} />
        )}
        {filters.trend_id && (
          <FilterChip label={`Trend: ${trendLabel ?? filters.trend_id}`} onRemove={() => setFilters({ trend_id: '', page: '1' })} />
        )}
        {filters.search && <TrackButton kind="mention" itemKey={filters.search} name={`“${filters.search}”`} label={`Track “${filters.search}”`} />}
        {filters.entity && <TrackButton kind="entity" itemKey={filters.entity} name={filters.entity_name || filters.entity} label={`Track ${filters.entity_name || filters.entity}`} />}
        {filters.domain && <TrackButton kind="publisher" itemKey={filters.domain} name={filters.domain} label={`Track ${filters.domain}`} />}
        {filters.category && <TrackButton kind="category" itemKey={filters.category} name={filters.category} label={`Track ${filters.category}`} />}
      </div>
      <p className="muted small">
        {filters.period === 'all'
          ? 'Figures (impressions, positions, hours) are those of the whole history.'
          : 'The articles seen in the feed in the period, with their figures (impressions, positions, hours) in it.'}
        {filters.market ? ` Counted in the ${filters.market} feed only.` : ''}
      </p>
      <TotalsStrip totals={totals} />
      <ErrorBanner message={articles.error} onRetry={articles.reload} />
      <div className="split">
        <Card>
          {articles.data && articles.data.total === 0 ? (
            <EmptyState title="No articles">Nothing matches, or the store is empty.</EmptyState>
          ) : (
            <DataTable
              label="Articles"
              columns={columns}
              // the list is paged in the server's order: a header asks for another
              sort={{ id: filters.sort_by, desc: filters.sort_order !== 'asc' }}
              onSort={(next) => setFilters({ sort_by: next.id, sort_order: next.desc ? 'desc' : 'asc', page: '1' })}
              rows={articles.data?.articles ?? []}
              rowKey={(a) => a.id}
              selectedKey={articleId}
              loading={articles.loading}
              onOpen={(a) => navigate(`/article/${a.id}${search ? `?${search}` : ''}`)}
              exportAs={{
                fileName: exportFileName('articles', periodWords(filters), filters.search, filters.entity, filters.trend_id, filters.domain, filters.region, filters.lang, filters.category, filters.content_type),
                allRows: () => allPages('appListArticles', { query: { ...articlesQuestions.filters(filters) } }, (a) => a.articles, 500),
              }}
            />
          )}
          {articles.data && <Pager total={articles.data.total} limit={ARTICLES_PAGE} offset={offset} onChange={setOffset} />}
        </Card>
        {articleId && <ArticleDetail id={articleId} onLoaded={setOpenedTitle} />}
      </div>
    </div>
  )
}
