import { question, type AnyQuestion } from '../../api/client'
import { readQuery } from '../../stores/url-state'
import { formatGroups, type FormatGroup } from '../../../../shared/contract/values'

/** The Signals screen's view as its URL keeps it, with the defaults a link leaves out. */
export const SIGNALS_VIEW = { country: 'all', granularity: 'day', bucket: '', category: '', compare: '', groups: '', period: '30d', date_from: '', date_to: '' }
export type SignalsView = typeof SIGNALS_VIEW

export const granularityOf = (view: SignalsView): 'day' | '3h' => (view.granularity === '3h' ? '3h' : 'day')

/**
 * What the screen asks for a view, built here for the screen and for asking ahead while its code
 * loads (app/ask-ahead.ts): one builder, so both ask exactly the same.
 */
export const signalsQuestions = {
  regions: () => question('listRegions', {}),
  volatility: (view: SignalsView) => question('getVolatility', { query: { country: view.country, granularity: granularityOf(view) } }),
  topics: (view: SignalsView) => question('getTopicVolatility', { query: { country: view.country } }),
  interest: (view: SignalsView) => question('getFormatInterest', { query: { country: view.country } }),
  categories: (view: SignalsView) => question('getTopCategories', { query: { country: view.country, limit: 15 } }),
  group: (view: SignalsView, category: FormatGroup) => question('getCategoryVolatility', { query: { country: view.country, granularity: granularityOf(view), category } }),
}

/** The questions the screen asks first for the view of a query string (its stored 30 days, its tables, the five groups). */
export function signalsFirstQuestions(search: string): AnyQuestion[] {
  const view = readQuery(search, SIGNALS_VIEW)
  const first: AnyQuestion[] = [signalsQuestions.regions(), signalsQuestions.topics(view), signalsQuestions.interest(view), signalsQuestions.categories(view)]
  if (view.period === '30d') first.push(signalsQuestions.volatility(view))
  if (view.groups !== 'overlay') first.push(...formatGroups.map((g) => signalsQuestions.group(view, g)))
  return first
}
