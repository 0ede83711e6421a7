import type { RouteResponse } from '../../../../shared/contract/routes'
import { changeColumn } from '../../components/Change'
import { formatNumber } from '../../components/common'
import type { Column } from '../../components/DataTable'

export type CountryFigures = RouteResponse<'appCountryFigures'>['countries'][number]
export type Region = RouteResponse<'listRegions'>['regions'][number] & { feed?: CountryFigures; impressionsBefore?: number }
type City = RouteResponse<'listRegionCities'>['cities'][number]
type Language = RouteResponse<'listLanguages'>['languages'][number]

/** What the map colours the countries by. */
export const FIGURES = {
  articles: { label: 'Articles', words: 'articles', of: (c: CountryFigures) => c.articles },
  impressions: { label: 'Impressions', words: 'impressions', of: (c: CountryFigures) => c.impressions },
  volatility: { label: 'Volatility now', words: 'volatility', of: (c: CountryFigures) => c.volatility?.value ?? 0 },
} as const
export type Figure = keyof typeof FIGURES

export function regionColumns(withEntity: boolean, compared: boolean): Array<Column<Region>> {
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

export const cityColumns: Array<Column<City>> = [
  { id: 'name', header: 'City', cell: (c) => c.name },
  { id: 'is_active', header: 'Active', value: (c) => c.is_active, cell: (c) => (c.is_active ? 'yes' : '') },
]

export const languageColumns: Array<Column<Language>> = [
  { id: 'name', header: 'Language', value: (l) => l.name, cell: (l) => <>{l.name} <span className="muted">{l.code}</span></> },
  { id: 'code', header: 'Code', value: (l) => l.code },
  { id: 'regions', header: 'Countries', value: (l) => l.regions, cell: (l) => l.regions.join(', ') },
  { id: 'article_count', header: 'Articles', numeric: true, value: (l) => l.article_count, cell: (l) => formatNumber(l.article_count) },
]
