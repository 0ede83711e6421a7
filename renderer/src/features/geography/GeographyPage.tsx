import { LeadersCard } from '../signals/LeadersCard'
import { useMemo } from 'react'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, PageHeader } from '../../components/common'
import { DataTable, exportFileName } from '../../components/DataTable'
import { periodWords } from '../../components/PeriodControl'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'
import { CountryCard } from './CountryCard'
import { EntityActivityForm } from './EntityActivityForm'
import { FIGURES, languageColumns, regionColumns, type Figure } from './geography-columns'
import { entityQuery, GEOGRAPHY_VIEW, geographyQuestions } from './questions'
import { WorldMapCard } from './WorldMapCard'

/** Geography: markets with stats, where an entity is active, a country's cities, languages. */
export function GeographyPage() {
  // the entity, window, chosen country and city filter are in the URL
  const [view, setView] = useQueryState(GEOGRAPHY_VIEW)
  const figure: Figure = view.figure in FIGURES ? (view.figure as Figure) : 'impressions'
  const countryFigures = useApi('appCountryFigures', geographyQuestions.figures(view)?.options ?? null)
  const figuresBefore = useApi('appCountryFigures', geographyQuestions.figuresBefore(view)?.options ?? null)
  const query = entityQuery(view)
  const selected = view.region || null
  const setSelected = (alpha2: string) => setView({ region: alpha2 })
  const regions = useApi('listRegions', geographyQuestions.regions(view).options)
  const languages = useApi('listLanguages', geographyQuestions.languages().options)
  const region = useApi('getRegion', selected ? geographyQuestions.region(selected).options : null)
  const withEntity = Boolean(query.entity)
  const regionRows = useMemo(() => {
    const feedOf = new Map((countryFigures.data?.countries ?? []).map((c) => [c.alpha_2, c]))
    const beforeOf = new Map((figuresBefore.data?.countries ?? []).map((c) => [c.alpha_2, c.impressions]))
    return (regions.data?.regions ?? []).map((r) => ({ ...r, feed: feedOf.get(r.alpha_2), impressionsBefore: beforeOf.get(r.alpha_2) }))
  }, [regions.data, countryFigures.data, figuresBefore.data])
  useDocumentTitle(region.data && selected && region.data.name, query.entity, 'Geography')
  return (
    <div className="page">
      <PageHeader title="Geography" subtitle="Countries, cities and languages of the feed" />
      <EntityActivityForm view={view} setView={setView} />
      <ErrorBanner message={regions.error ?? languages.error ?? countryFigures.error} onRetry={countryFigures.error ? countryFigures.reload : undefined} />
      <WorldMapCard view={view} setView={setView} figures={countryFigures} figure={figure} onCountry={setSelected} />
      <div className="split">
        <Card title="Regions">
          <DataTable
            label="Regions"
            columns={regionColumns(withEntity, geographyQuestions.figuresBefore(view) !== null)}
            rows={regionRows}
            rowKey={(r) => r.alpha_2}
            selectedKey={selected}
            loading={regions.loading}
            onOpen={(r) => setSelected(r.alpha_2)}
            empty={<EmptyState title="No regions">{withEntity ? 'The entity did not occur in this window.' : 'Regions arrive with the demo world or an import.'}</EmptyState>}
            exportAs={{ fileName: exportFileName('regions', periodWords(view), query.entity, query.entity && query.window, query.entity_only && 'only') }}
          />
        </Card>
        {selected && <CountryCard alpha2={selected} region={region} view={view} setView={setView} />}
      </div>
      <LeadersCard country={view.region || 'all'} period={view} kind={view.leaders} order={view.leaders_by} onChange={setView} comparison={view.compare ? view : undefined} />
      <Card title="Languages">
        <DataTable label="Languages" columns={languageColumns} rows={languages.data?.languages ?? []} rowKey={(l) => l.code} loading={languages.loading} exportAs={{ fileName: 'languages' }} />
      </Card>
    </div>
  )
}
