import { useMemo } from 'react'
import { geoWindows } from '../../../../shared/contract/values'
import { useTheme } from '../../app/theme'
import { EChart } from '../../charts/EChart'
import { worldMapOption } from '../../charts/world-map'
import { changeColumn } from '../../components/Change'
import { comparisonOf, EXPLORE_PRESETS, PeriodControl, periodOf, periodWords } from '../../components/PeriodControl'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { useApi } from '../../api/use-api'
import { entityQuery, GEOGRAPHY_VIEW, geographyQuestions } from './questions'
import { useDocumentTitle, useDraft, useQueryState } from '../../stores/url-state'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { Card, EmptyState, ErrorBanner, formatNumber, formatTime, PageHeader } from '../../components/common'

type Region = RouteResponse<'listRegions'>['regions'][number] & { feed?: CountryFigures; impressionsBefore?: number }
type CountryFigures = RouteResponse<'appCountryFigures'>['countries'][number]

/** What the map colours the countries by. */
const FIGURES = {
  articles: { label: 'Articles', words: 'articles', of: (c: CountryFigures) => c.articles },
  impressions: { label: 'Impressions', words: 'impressions', of: (c: CountryFigures) => c.impressions },
  volatility: { label: 'Volatility now', words: 'volatility', of: (c: CountryFigures) => c.volatility?.value ?? 0 },
} as const
type Figure = keyof typeof FIGURES
type City = RouteResponse<'listRegionCities'>['cities'][number]
type Language = RouteResponse<'listLanguages'>['languages'][number]

function regionColumns(withEntity: boolean, compared: boolean): Array<Column<Region>> {
  return [
    {
      id: 'name',
      header: 'Country',
      value: (r) => r.name,
      cell: (r) => (
        <>
          {r.name} <span className="muted">{r.alpha_2}</span> {!r.is_active && <span className="badge">no data</span>}
        </>
      ),
    },
    { id: 'alpha_2', header: 'Code', value: (r) => r.alpha_2 },
    { id: 'languages', header: 'Languages', value: (r) => r.feed?.languages.map((l) => l.name) ?? r.languages, cell: (r) => (r.feed?.languages.map((l) => l.name) ?? r.languages).join(', ') },
    { id: 'articles', header: 'Articles', title: 'articles seen in its feed in the period', numeric: true, value: (r) => r.feed?.articles, cell: (r) => formatNumber(r.feed?.articles) },
    { id: 'impressions', header: 'Impressions', title: 'their impressions in its feed in the period', numeric: true, value: (r) => r.feed?.impressions, cell: (r) => formatNumber(r.feed?.impressions) },
    changeColumn<Region>((r) => r.feed?.impressions, (r) => r.impressionsBefore, compared),
    {
      id: 'volatility',
      header: 'Volatility now',
      title: 'the newest daily volatility index of its feed',
      numeric: true,
      value: (r) => r.feed?.volatility?.value,
      cell: (r) => (r.feed?.volatility ? `${r.feed.volatility.value.toFixed(1)} (${r.feed.volatility.state})` : '—'),
    },
    { id: 'cities_count', header: 'Cities', numeric: true, value: (r) => r.cities_count, cell: (r) => formatNumber(r.cities_count) },
    { id: 'profiles_count', header: 'Profiles', numeric: true, value: (r) => r.profiles_count, cell: (r) => formatNumber(r.profiles_count) },
    { id: 'population', header: 'Population', numeric: true, value: (r) => r.stats?.population, cell: (r) => formatNumber(r.stats?.population) },
    { id: 'entity_publications', header: 'Publications', numeric: true, visible: withEntity, value: (r) => r.entity_publications, cell: (r) => formatNumber(r.entity_publications) },
    { id: 'entity_impressions', header: 'Impressions', numeric: true, visible: withEntity, value: (r) => r.entity_impressions, cell: (r) => formatNumber(r.entity_impressions) },
  ]
}

const cityColumns: Array<Column<City>> = [
  { id: 'name', header: 'City', cell: (c) => c.name },
  { id: 'is_active', header: 'Active', value: (c) => c.is_active, cell: (c) => (c.is_active ? 'yes' : '') },
]

const languageColumns: Array<Column<Language>> = [
  { id: 'name', header: 'Language', value: (l) => l.name, cell: (l) => <>{l.name} <span className="muted">{l.code}</span></> },
  { id: 'code', header: 'Code', value: (l) => l.code },
  { id: 'regions', header: 'Countries', value: (l) => l.regions, cell: (l) => l.regions.join(', ') },
  { id: 'article_count', header: 'Articles', numeric: true, value: (l) => l.article_count, cell: (l) => formatNumber(l.article_count) },
]

/** Geography: markets with stats, where an entity is active, a country's cities, languages. */
export function GeographyPage() {
  // the entity, window, chosen country and city filter are in the URL
  const [view, setView] = useQueryState(GEOGRAPHY_VIEW)
  const figure: Figure = view.figure in FIGURES ? (view.figure as Figure) : 'impressions'
  const countryFigures = useApi('appCountryFigures', geographyQuestions.figures(view)?.options ?? null)
  const figuresBefore = useApi('appCountryFigures', geographyQuestions.figuresBefore(view)?.options ?? null)
  const { effective: theme } = useTheme()
  const query = entityQuery(view)
  const selected = view.region || null
  const setSelected = (alpha2: string) => setView({ region: alpha2 })
  const activeCities = view.active_cities === 'true'
  const [entity, setEntity] = useDraft(view.entity)
  const entitySuggestions = useApi('listEntities', geographyQuestions.entitySuggestions(entity).options)
  const regions = useApi('listRegions', geographyQuestions.regions(view).options)
  const languages = useApi('listLanguages', geographyQuestions.languages().options)
  const region = useApi('getRegion', selected ? geographyQuestions.region(selected).options : null)
  const cities = useApi('listRegionCities', selected ? geographyQuestions.cities(selected, view).options : null)
  const withEntity = Boolean(query.entity)
  const feedOf = useMemo(() => new Map((countryFigures.data?.countries ?? []).map((c) => [c.alpha_2, c])), [countryFigures.data])
  const regionRows = useMemo(() => {
    const beforeOf = new Map((figuresBefore.data?.countries ?? []).map((c) => [c.alpha_2, c.impressions]))
    return (regions.data?.regions ?? []).map((r) => ({ ...r, feed: feedOf.get(r.alpha_2), impressionsBefore: beforeOf.get(r.alpha_2) }))
  }, [regions.data, feedOf, figuresBefore.data])
  const mapOption = useMemo(
    () =>
      countryFigures.data
        ? worldMapOption(countryFigures.data.countries.map((c) => ({ ...c, value: FIGURES[figure].of(c) })), FIGURES[figure].words, theme === 'dark')
        : null,
    [countryFigures.data, figure, theme],
  )
  useDocumentTitle(region.data && selected && region.data.name, query.entity, 'Geography')
  return (
    <div className="page">
      <PageHeader title="Geography" subtitle="Countries, cities and languages of the feed" />
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault()
          setView({ entity: entity.trim() })
        }}
      >
        <label className="grow">
          Entity activity
          <input value={entity} onChange={(e) => setEntity(e.target.value)} placeholder="an entity name or knowledge-graph id, e.g. /m/0..." list="entity-suggestions" data-search />
          <datalist id="entity-suggestions">
            {(entitySuggestions.data?.entities ?? []).map((e) => (
              <option key={e.id} value={e.name}>
                {[e.type, `${formatNumber(e.publications)} articles`].filter(Boolean).join(' · ')}
              </option>
            ))}
          </datalist>
        </label>
        <label>
          Window
          <select value={query.window} onChange={(e) => setView({ window: e.target.value })}>
            {geoWindows.map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={query.entity_only} onChange={(e) => setView({ entity_only: e.target.checked ? 'true' : '' })} />
          Only where it occurred
        </label>
        <button className="primary" type="submit">
          Show
        </button>
      </form>
      <ErrorBanner message={regions.error ?? languages.error ?? countryFigures.error} onRetry={countryFigures.error ? countryFigures.reload : undefined} />
      <Card
        title="The feed by country"
        extra={
          <label>
            Colour by{' '}
            <select value={figure} onChange={(e) => setView({ figure: e.target.value })}>
              {(Object.keys(FIGURES) as Figure[]).map((f) => (
                <option key={f} value={f}>
                  {FIGURES[f].label}
                </option>
              ))}
            </select>
          </label>
        }
      >
        <div className="filters">
          <PeriodControl
            value={periodOf(view)}
            onChange={(p) => setView(p)}
            presets={EXPLORE_PRESETS}
            compare={{ value: comparisonOf(view), onChange: (c) => setView(c) }}
          />
        </div>
        {mapOption ? (
          <EChart
            option={mapOption}
            height={360}
            label={`World map of the markets coloured by ${FIGURES[figure].words}`}
            fileName={exportFileName('world', figure, periodWords(view))}
            onItemClick={(d) => {
              const alpha2 = (d as { alpha2?: string } | undefined)?.alpha2
              if (alpha2) setSelected(alpha2)
            }}
          />
        ) : (
          <p className="muted" aria-busy="true">
            {countryFigures.error ? 'The map could not be drawn.' : 'Loading the figures of each country…'}
          </p>
        )}
      </Card>
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
        {selected && region.error && (
          <Card title="Country">
            <ErrorBanner message={region.notFound ? `There is no country ${selected} in this store.` : region.error} onRetry={region.notFound ? undefined : region.reload} />
          </Card>
        )}
        {selected && region.data && (
          <Card
            title={`${region.data.name} (${region.data.alpha_3})`}
            extra={
              <label className="checkbox">
                <input type="checkbox" checked={activeCities} onChange={(e) => setView({ active_cities: e.target.checked ? 'true' : '' })} />
                active only
              </label>
            }
          >
            <p className="muted">First data: {formatTime(region.data.first_data_at)} (local offset)</p>
            <div className="scroll">
              <DataTable
                label="Cities"
                columns={cityColumns}
                rows={cities.data?.cities ?? []}
                rowKey={(c) => String(c.id)}
                loading={cities.loading}
                maxRows={500}
                exportAs={{ fileName: exportFileName('cities', selected, activeCities && 'active') }}
              />
            </div>
          </Card>
        )}
      </div>
      <Card title="Languages">
        <DataTable
          label="Languages"
          columns={languageColumns}
          rows={languages.data?.languages ?? []}
          rowKey={(l) => l.code}
          loading={languages.loading}
          exportAs={{ fileName: 'languages' }}
        />
      </Card>
    </div>
  )
}
