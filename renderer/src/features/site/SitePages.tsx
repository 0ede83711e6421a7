import type { RouteResponse } from '../../../../shared/contract/routes'
import { allPages } from '../../api/client'
import type { ApiState } from '../../api/use-api'
import { Card, ErrorBanner, formatNumber, formatTime, Pager } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { periodWords } from '../../components/PeriodControl'
import { useAppStore } from '../../stores/app-store'
import { SITE_PAGES, siteQuestions, type SiteView } from './questions'

type PageRow = RouteResponse<'appSitePages'>['pages'][number]

const ctr = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`)

/** The columns; each sorts the whole table on the server (header click), its direction in the URL. */
function pageColumns(open: (path: string) => void): Array<Column<PageRow>> {
  return [
    {
      id: 'page',
      header: 'Page',
      sortable: false,
      value: (p) => p.page,
      cell: (p) => (
        <div className="page-cell">
          <div>{p.title ?? <span className="mono small">{p.page}</span>}</div>
          {p.title && (
            <div className="mono muted small clip" title={p.page}>
              {p.page.replace(/^https?:\/\/(www\.)?/, '')}
            </div>
          )}
          {p.trend && (
            <button type="button" className="link small" onClick={() => open(`/trends/${p.trend!.id}`)}>
              trend: {p.trend.label}
            </button>
          )}
        </div>
      ),
    },
    { id: 'clicks', header: 'Clicks', numeric: true, value: (p) => p.clicks, cell: (p) => formatNumber(p.clicks) },
    { id: 'impressions', header: 'Impressions', numeric: true, value: (p) => p.impressions, cell: (p) => formatNumber(p.impressions) },
    { id: 'ctr', header: 'CTR', numeric: true, value: (p) => p.ctr, cell: (p) => ctr(p.ctr) },
    { id: 'feed_impressions', header: 'Feed impressions', title: 'what the feed Feedlens sees showed of it, in the period and the site\'s countries', numeric: true, value: (p) => p.feed_impressions, cell: (p) => formatNumber(p.feed_impressions) },
    { id: 'best_position', header: 'Best position', numeric: true, value: (p) => p.best_position, cell: (p) => formatNumber(p.best_position) },
    { id: 'hours_in_feed', header: 'Hours in feed', numeric: true, value: (p) => p.hours_in_feed, cell: (p) => formatNumber(p.hours_in_feed) },
    { id: 'countries', header: 'Countries', sortable: false, value: (p) => p.countries, cell: (p) => p.countries.join(' ') },
    { id: 'first_seen_at', nowrap: true, header: 'First seen', value: (p) => p.first_seen_at, cell: (p) => formatTime(p.first_seen_at) },
    { id: 'last_seen_at', nowrap: true, sortable: false, header: 'Last seen', value: (p) => p.last_seen_at, cell: (p) => formatTime(p.last_seen_at) },
  ]
}

/** The site's pages with Search Console's figures and what the feed showed of each; a page opens its article. */
export function SitePages({ pages, view, setView }: { pages: ApiState<RouteResponse<'appSitePages'>>; view: SiteView; setView(patch: Partial<SiteView>): void }) {
  const navigate = useAppStore((s) => s.navigate)
  const offset = (Math.max(1, Number(view.page) || 1) - 1) * SITE_PAGES
  return (
    <Card title="Pages">
      <ErrorBanner message={pages.error} onRetry={pages.reload} />
      <DataTable
        label="Site pages"
        columns={pageColumns(navigate)}
        rows={pages.data?.pages ?? []}
        rowKey={(p) => p.page}
        loading={pages.loading}
        onOpen={(p) => p.article_id && navigate(`/article/${p.article_id}`)}
        openLabel="Open its article"
        sort={{ id: view.sort_by, desc: view.sort_order !== 'asc' }}
        onSort={(s) => setView({ sort_by: s.id, sort_order: s.desc ? 'desc' : 'asc', page: '1' })}
        empty={<p className="muted">No page of the site has Search Console figures in this period.</p>}
        exportAs={{
          fileName: exportFileName('site-pages', view.property, periodWords(view), view.country),
          allRows: () => allPages('appSitePages', { query: siteQuestions.pages(view)?.options.query ?? { property: view.property } }, (a) => a.pages, 500),
        }}
      />
      {pages.data && <Pager total={pages.data.total} limit={SITE_PAGES} offset={offset} onChange={(next) => setView({ page: String(next / SITE_PAGES + 1) })} />}
    </Card>
  )
}
