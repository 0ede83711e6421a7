import { MarkAreaComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { useMemo } from 'react'
import { useApi } from '../../api/use-api'
import { EChart } from '../../charts/EChart'
import { Card, EmptyState, ErrorBanner, PageHeader } from '../../components/common'
import { exportFileName } from '../../components/DataTable'
import { ChoiceSelect } from '../../components/Pickers'
import { comparisonOf, EXPLORE_PRESETS, PeriodControl, periodOf, periodWords } from '../../components/PeriodControl'
import { useAppStore } from '../../stores/app-store'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'
import { ExplainCard } from './ExplainCard'
import { SITE_VIEW, siteQuestions } from './questions'
import { siteOption } from './site-chart'
import { SitePages } from './SitePages'
import { SiteTotals } from './SiteTotals'
import { marksOf } from '../../charts/timeline-marks'
import { comparisonPhrase, periodPhrase } from '../../components/period'

echarts.use([MarkAreaComponent])

/** My site: the analyst's own site as Search Console counts it, beside the whole feed; is it us or the market? */
export function SitePage() {
  const navigate = useAppStore((s) => s.navigate)
  const [stored, setView] = useQueryState(SITE_VIEW)
  const properties = useApi('appSiteProperties', siteQuestions.properties().options)
  const list = properties.data?.properties ?? []
  // the first property when the link names none
  const view = stored.property || list.length === 0 ? stored : { ...stored, property: list[0]!.property, type: list[0]!.search_type }
  const site = list.find((p) => p.property === view.property && p.search_type === view.type)
  const overview = useApi('appSiteOverview', siteQuestions.overview(view)?.options ?? null)
  const pages = useApi('appSitePages', siteQuestions.pages(view)?.options ?? null)
  const explain = useApi('appSiteExplain', siteQuestions.explain(view)?.options ?? null)
  const annotations = useApi('appAnnotations', siteQuestions.annotations(view)?.options ?? null)
  useDocumentTitle(view.day ? `${site?.domain ?? view.property} on ${view.day}` : site?.domain, 'My site')
  const marks = useMemo(() => marksOf(annotations.data), [annotations.data])
  const earlier = useApi('appSiteOverview', siteQuestions.earlier(view)?.options ?? null)
  const compared = comparisonPhrase(comparisonOf(view))
  const option = useMemo(
    () => (overview.data ? siteOption(overview.data, view.day || null, undefined, marks, earlier.data && compared ? { overview: earlier.data, words: compared } : null) : null),
    [overview.data, view.day, marks, earlier.data, compared],
  )
  if (properties.data && list.length === 0) {
    return (
      <div className="page">
        <PageHeader title="My site" subtitle="Your site's Discover clicks beside the whole feed" />
        <EmptyState title="No Search Console data yet">
          Import your site's Performance &gt; Discover export (the zip) in Settings &gt; Search Console, or run <code>feedlens gsc import EXPORT.zip</code>. Its numbers never
          leave this machine.{' '}
          <button type="button" className="link" onClick={() => navigate('/settings')}>
            Open Settings
          </button>
        </EmptyState>
      </div>
    )
  }
  const pick = (patch: Partial<typeof view>) => setView({ ...patch, day: '', page: '1' })
  return (
    <div className="page">
      <PageHeader title="My site" subtitle="Your site's Discover clicks beside the whole feed: is it us or the market?" />
      <ErrorBanner message={properties.error ?? overview.error} onRetry={overview.reload} />
      <div className="filters">
        <ChoiceSelect
          label="Site"
          value={`${view.property}|${view.type}`}
          onChange={(v) => {
            const [property, type] = v.split('|')
            pick({ property, type })
          }}
          choices={list.map((p) => ({ value: `${p.property}|${p.search_type}`, label: `${p.domain}${p.search_type === 'googleNews' ? ' (Google News)' : ''}` }))}
        />
        <ChoiceSelect label="Country" value={view.country} onChange={(country) => pick({ country })} choices={(site?.countries ?? []).map((c) => ({ value: c, label: c }))} anyLabel="its countries" />
      </div>
      <div className="filters">
        <PeriodControl value={periodOf(view)} onChange={(p) => pick(p)} presets={EXPLORE_PRESETS.filter((p) => p !== '24h')} compare={{ value: comparisonOf(view), onChange: (c) => pick(c) }} />
        {site && <span className="muted small">Search Console data from {site.day_from} to {site.day_to}</span>}
      </div>
      <Card title={site ? `${site.domain} in Discover, ${periodWords(view)}` : 'Your site in Discover'}>
        {overview.data && <SiteTotals overview={overview.data} />}
        {option ? (
          <>
            <EChart
              option={option}
              height={300}
              label={`Clicks of ${site?.domain ?? 'the site'} a day, its share of the feed and the feed's volatility`}
              fileName={exportFileName('site', site?.domain, periodWords(view))}
              report={{ title: `${site?.domain ?? 'My site'} in Discover: clicks, share of the feed, volatility`, period: periodPhrase(view), market: overview.data?.countries.join(', ') || 'all markets', comparison: compared }}
              onPointClick={(i) => overview.data?.days[i] && setView({ day: overview.data.days[i]!.day })}
            />
            <p className="muted small">Click a day to ask whether its move was the site's or the market's. Bars: Search Console clicks; purple: its impressions; orange dots: its CTR; green: the site's share of the feed; shaded: Google's announced updates (orange), your notes (blue) and new data in the store (grey); red: the feed's volatility in {overview.data!.countries.join(', ') || 'all countries'}.</p>
          </>
        ) : (
          !overview.error && <p className="muted" aria-busy="true">Loading the site's days…</p>
        )}
      </Card>
      <ExplainCard explain={explain} day={view.day} onClearDay={() => setView({ day: '' })} />
      <SitePages pages={pages} view={view} setView={setView} />
    </div>
  )
}
