import { question, type AnyQuestion } from '../../api/question'
import { comparisonBounds, periodBounds } from '../../components/period'
import { pageOffset, readQuery } from '../../stores/query-values'

/**
 * The list's filters as the URL holds them (the names are the API's), its period and page. A
 * drill-down from elsewhere sets trend_id, entity (an id, named by entity_name), market (the feed
 * the window counted) or exact_category (shown as removable chips).
 */
export const ARTICLES_VIEW = {
  search: '', domain: '', region: '', lang: '', category: '', exact_category: '', content_type: '', entity: '', entity_name: '', trend_id: '', has_entities: '', market: '',
  period: 'all', date_from: '', date_to: '', compare: '', compare_from: '', compare_to: '', sort_by: 'last_seen_at', sort_order: 'desc', page: '1',
}
export type ArticlesView = typeof ARTICLES_VIEW

/** Articles on a page of the list. */
export const ARTICLES_PAGE = 50

export const listOffset = (view: ArticlesView) => pageOffset(view.page, ARTICLES_PAGE)
/** The period compared with, as instants; null without a comparison. */
export const comparedBounds = (view: ArticlesView) => comparisonBounds(view, view)

/**
 * What the screen asks for a view, built here for the screen and for asking ahead while its code
 * loads (app/ask-ahead.ts): one builder, so both ask exactly the same.
 */
export const articlesQuestions = {
  /** the list's filters without paging (an export asks every page of them); null while the custom period is incomplete */
  filters: (view: ArticlesView) => {
    const { page: _page, period: _period, date_from: _from, date_to: _to, compare: _compare, compare_from: _cf, compare_to: _ct, entity_name: _name, ...rest } = view
    const bounds = periodBounds(view)
    const before = comparedBounds(view)
    return bounds && { ...rest, ...bounds, ...(before ? { compare_from: before.date_from, compare_to: before.date_to } : {}) }
  },
  /** the totals of every article the filters hold, in the period (and the one compared) */
  totals: (view: ArticlesView) => {
    const filters = articlesQuestions.filters(view)
    return filters && question('appArticleTotals', { query: filters })
  },
  list: (view: ArticlesView) => {
    const filters = articlesQuestions.filters(view)
    return filters && question('appListArticles', { query: { ...filters, limit: ARTICLES_PAGE, offset: listOffset(view) } })
  },
}

/** The questions the screen asks first for the view of a query string: its page of the list. */
export function articlesFirstQuestions(search: string): AnyQuestion[] {
  const list = articlesQuestions.list(readQuery(search, ARTICLES_VIEW))
  return list ? [list] : []
}
