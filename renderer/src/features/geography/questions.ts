import { question, type AnyQuestion } from '../../api/question'
import { comparisonBounds, periodBounds } from '../../components/period'
import { readQuery } from '../../stores/query-values'

/** The Geography screen's view as its URL keeps it, with the defaults a link leaves out. */
export const GEOGRAPHY_VIEW = {
  entity: '', window: '24h', entity_only: '', region: '', active_cities: '', period: '30d', date_from: '', date_to: '', figure: 'impressions', compare: '', compare_from: '', compare_to: '', leaders: 'publisher', leaders_by: 'gain',
}
export type GeographyView = typeof GEOGRAPHY_VIEW

/** The entity filter of the markets: an entity's markets in a window. */
export const entityQuery = (view: GeographyView) => ({ entity: view.entity, window: view.window, entity_only: view.entity_only === 'true' })

/**
 * What the screen asks for a view, built here for the screen and for asking ahead while its code
 * loads (app/ask-ahead.ts): one builder, so both ask exactly the same.
 */
export const geographyQuestions = {
  /** null while the custom period is incomplete */
  figures: (view: GeographyView) => {
    const bounds = periodBounds(view)
    return bounds && question('appCountryFigures', { query: bounds })
  },
  /** the figures of the compared period; null without a comparison */
  figuresBefore: (view: GeographyView) => {
    const before = comparisonBounds(view, view)
    return before && question('appCountryFigures', { query: before })
  },
  // the entities most present in the store whose names start with what is typed
  entitySuggestions: (typed: string) => question('listEntities', { query: { q: typed.trim() || undefined, sort_by: 'publications', limit: 10 } }),
  regions: (view: GeographyView) => question('listRegions', { query: { with_stats: true, ...(view.entity ? entityQuery(view) : {}) } }),
  languages: () => question('listLanguages', { query: { with_article_counts: true } }),
  region: (alpha2: string) => question('getRegion', { params: { alpha_2: alpha2 } }),
  cities: (alpha2: string, view: GeographyView) => question('listRegionCities', { params: { alpha_2: alpha2 }, query: { active_only: view.active_cities === 'true' } }),
}

/** The questions the screen asks first for the view of a query string. */
export function geographyFirstQuestions(search: string): AnyQuestion[] {
  const view = readQuery(search, GEOGRAPHY_VIEW)
  const first: AnyQuestion[] = [geographyQuestions.entitySuggestions(view.entity), geographyQuestions.regions(view), geographyQuestions.languages()]
  for (const q of [geographyQuestions.figures(view), geographyQuestions.figuresBefore(view)]) if (q) first.push(q)
  if (view.region) first.push(geographyQuestions.region(view.region), geographyQuestions.cities(view.region, view))
  return first
}
