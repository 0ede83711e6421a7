import { question, type AnyQuestion } from '../../api/question'
import { comparisonBounds, comparisonPhrase, periodBounds, previousPeriod, versusComparison, type Comparison } from '../../components/period'
import { readQuery } from '../../stores/query-values'
import { formatGroups, type FormatGroup } from '../../../../shared/contract/values'

/** The Signals screen's view as its URL keeps it, with the defaults a link leaves out. */
export const SIGNALS_VIEW = {
  country: 'all', granularity: 'day', bucket: '', category: '', compare: '', groups: '', period: '30d', date_from: '', date_to: '', leaders: 'publisher', leaders_by: 'gain',
  // the period compared with (`compare` holds the countries overlaid)
  versus: '', versus_from: '', versus_to: '',
}
export type SignalsView = typeof SIGNALS_VIEW

export const granularityOf = (view: SignalsView): 'day' | '3h' => (view.granularity === '3h' ? '3h' : 'day')

/** The stored 30 days answer the usual view; any other period is computed from the snapshots. */
export const isStoredPeriod = (view: SignalsView) => view.period === '30d'

/** The view's period as the API's instants ({} for all of the history); null while a custom range is incomplete. */
export const boundsOf = (view: SignalsView) => periodBounds({ period: view.period, date_from: view.date_from, date_to: view.date_to })

/** The view's comparison of periods, as the period control names it. */
export const signalsComparison = (view: SignalsView): Comparison => versusComparison(view)

/** The period compared with as the API's instants; null without one. */
export const comparedBoundsOf = (view: SignalsView) => comparisonBounds({ period: view.period, date_from: view.date_from, date_to: view.date_to }, signalsComparison(view))

/** What the earlier line and the Before columns are, in words. */
export const comparedWords = (view: SignalsView): string => comparisonPhrase(signalsComparison(view)) ?? 'the period compared'

/** Winners and losers shown on the screen. */
export const LEADERS = 15

/** Top categories shown on the screen. */
export const TOP_CATEGORIES = 15

/** A top category's articles seen in the view's period, in its market's feed: the ones the row counts. */
export function categoryArticlesPath(category: string, view: SignalsView): string {
  const q = new URLSearchParams({ category, exact_category: 'true' })
  if (view.country !== 'all') q.set('market', view.country)
  q.set('period', view.period)
  if (view.period === 'custom') {
    q.set('date_from', view.date_from)
    q.set('date_to', view.date_to)
  }
  q.set('sort_by', 'impressions')
  return `/articles?${q.toString()}`
}

/**
 * What the screen asks for a view, built here for the screen and for asking ahead while its code
 * loads (app/ask-ahead.ts): one builder, so both ask exactly the same.
 */
export const signalsQuestions = {
  regions: () => question('listRegions', {}),
  volatility: (view: SignalsView) => question('getVolatility', { query: { country: view.country, granularity: granularityOf(view) } }),
  /** every panel follows the view's period: the stored topic series for the usual 30 days, computed over any other */
  topics: (view: SignalsView) => question('getTopicVolatility', { query: { country: view.country } }),
  // the panels below take other bounds for the period compared (comparedBoundsOf: none without a comparison)
  topicsOver: (view: SignalsView, bounds = boundsOf(view)) => bounds && question('appTopicVolatility', { query: { country: view.country, ...bounds } }),
  interest: (view: SignalsView, bounds = boundsOf(view)) => bounds && question('appFormatInterest', { query: { country: view.country, ...bounds } }),
  categories: (view: SignalsView) => {
    const bounds = boundsOf(view)
    const before = comparedBoundsOf(view)
    // the change is against the period compared when one is chosen, else the period before
    return bounds && question('appTopCategories', { query: { country: view.country, limit: TOP_CATEGORIES, ...bounds, ...(before ? { compare_from: before.date_from, compare_to: before.date_to } : {}) } })
  },
  /** a series over the view's period: a country's (or all), or a format group's */
  history: (view: SignalsView, country: string, category?: FormatGroup, bounds = boundsOf(view)) =>
    bounds && question('appVolatilityHistory', { query: { country, granularity: granularityOf(view), ...(category ? { category } : {}), ...bounds } }),
  /** Google's updates and the analyst's notes over the period, of the view's country and every country's */
  annotations: (view: SignalsView) => {
    const bounds = boundsOf(view)
    return bounds && question('appAnnotations', { query: { ...bounds, ...(view.country !== 'all' ? { country: view.country } : {}) } })
  },
  /** winners and losers of the period against the one before (by impressions: the whole history too) */
  leaders: (view: SignalsView) => leadersQuestion(view.country, view, view.leaders, view.leaders_by, view.versus ? signalsComparison(view) : undefined),
  group: (view: SignalsView, category: FormatGroup) => question('getCategoryVolatility', { query: { country: view.country, granularity: granularityOf(view), category } }),
}

/**
 * Winners and losers of a market ('all': every one) in a period against the one before (or the
 * comparison chosen); null when the order needs a period compared and there is none.
 */
export function leadersQuestion(country: string, period: { period: string; date_from: string; date_to: string }, kindOf: string, orderOf: string, comparison?: Comparison, limit = LEADERS) {
  const bounds = periodBounds(period)
  const before = comparison ? comparisonBounds(period, comparison) : previousPeriod(period)
  const kind = (['publisher', 'trend', 'entity', 'category'] as const).find((k) => k === kindOf) ?? 'publisher'
  const order = (['impressions', 'gain', 'loss'] as const).find((o) => o === orderOf) ?? 'gain'
  if (!bounds || (!before && order !== 'impressions')) return null
  return question('appLeaders', { query: { kind, country, sort_by: order, limit, ...bounds, ...(before ? { compare_from: before.date_from, compare_to: before.date_to } : {}) } })
}

/** The questions the screen asks first for the view of a query string (its stored 30 days, its tables, the five groups). */
export function signalsFirstQuestions(search: string): AnyQuestion[] {
  const view = readQuery(search, SIGNALS_VIEW)
  const first: AnyQuestion[] = [signalsQuestions.regions()]
  for (const q of [signalsQuestions.interest(view), signalsQuestions.categories(view)]) if (q) first.push(q)
  if (isStoredPeriod(view)) {
    first.push(signalsQuestions.volatility(view), signalsQuestions.topics(view))
    if (view.groups !== 'overlay') first.push(...formatGroups.map((g) => signalsQuestions.group(view, g)))
  }
  return first
}
