import { useCallback } from 'react'
import { DataZoomComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { isFormatGroup } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { ErrorBanner, PageHeader } from '../../components/common'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'
import { CountryOverlay } from './CountryOverlay'
import { FormatGroupsCard } from './FormatGroups'
import { MoversCard } from './MoversCard'
import { granularityOf, SIGNALS_VIEW, signalsComparison, signalsQuestions } from './questions'
import { LeadersCard } from './LeadersCard'
import { SignalFilters } from './SignalFilters'
import type { Selection } from './signal-series'
import { SignalTables } from './SignalTables'
import { useVolatility } from './use-volatility'
import { VolatilityCard } from './VolatilityCard'

// the volatility chart's zoom, spike markers and 7-day line (volatility-chart.ts)
echarts.use([DataZoomComponent, MarkPointComponent, MarkLineComponent, MarkAreaComponent])

/** Signals: is it just us, or is the whole feed moving? */
export function SignalsPage() {
  const [view, setView] = useQueryState(SIGNALS_VIEW)
  const compared = view.compare ? view.compare.split(',') : []
  const regions = useApi('listRegions', signalsQuestions.regions().options)
  const { country } = view
  const granularity = granularityOf(view)
  const selection: Selection | null = view.bucket ? { bucket: view.bucket, ...(isFormatGroup(view.category) ? { category: view.category } : {}) } : null
  const setSelection = useCallback((next: Selection | null) => setView({ bucket: next?.bucket ?? '', category: next?.category ?? '' }), [setView])
  useDocumentTitle(selection && `What moved ${selection.bucket}`, country !== 'all' && country, 'Signals')
  const volatility = useVolatility(view)
  const movers = useApi('appSignalMovers', selection ? { query: { country, granularity, bucket: selection.bucket, ...(selection.category ? { category: selection.category } : {}) } } : null)
  const regionList = regions.data?.regions ?? []
  const annotations = useApi('appAnnotations', signalsQuestions.annotations(view)?.options ?? null)
  return (
    <div className="page">
      <PageHeader title="Signals" subtitle="How much the feed changed: about 3 is a usual day, 7 and more a noticeable change" />
      <SignalFilters view={view} setView={setView} regions={regionList} computing={volatility.computing} />
      <ErrorBanner message={volatility.error} onRetry={volatility.reload} />
      {compared.length > 0 && <CountryOverlay view={view} countries={[country, ...compared.filter((c) => c !== country)]} names={new Map(regionList.map((r) => [r.alpha_2, r.name]))} />}
      <div className="split">
        <VolatilityCard view={view} volatility={volatility} selection={selection} onSelect={setSelection} annotations={annotations} />
        <MoversCard movers={movers} selection={selection} country={country} granularity={granularity} />
      </div>
      <FormatGroupsCard view={view} setView={setView} selection={selection} onSelect={setSelection} />
      <LeadersCard country={view.country} period={view} kind={view.leaders} order={view.leaders_by} onChange={setView} comparison={view.versus ? signalsComparison(view) : undefined} />
      <SignalTables view={view} />
    </div>
  )
}
