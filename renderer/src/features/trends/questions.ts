import { question, type AnyQuestion } from '../../api/question'
import { comparisonBounds, periodBounds, versusComparison, type Comparison } from '../../components/period'
import { pageOffset, readQuery } from '../../stores/query-values'
import { trendRoles } from '../../../../shared/contract/values'

/** The Trends screen's view as its URL keeps it (the chosen trend is in the path), with the defaults a link leaves out. */
export const TRENDS_VIEW = {
  q: '', country: '', theme: '', state: '', structural_type: '', semantic_type: '', period: 'all', date_from: '', date_to: '',
  sort_by: 'last_article_at', sort_order: 'desc', topic: '', page: '1', compare: '', min_articles: '1',
  // the period compared with (`compare` holds the trends compared on one chart)
  versus: '', versus_from: '', versus_to: '',
}
export type TrendsView = typeof TRENDS_VIEW

/** The view's smallest trend size: a whole number of articles, else 1 (the contract's default). */
export function minArticlesOf(view: TrendsView): number {
  return /^\d{1,6}$/.test(view.min_articles) ? Number(view.min_articles) : 1
}

/** Whether the view filters the list (anything beyond its period, order and page). */
export function filtersTrends(view: TrendsView): boolean {
  return Boolean(view.q || view.country || view.theme || view.state || view.structural_type || view.semantic_type || view.topic || minArticlesOf(view) > 1)
}

/** The view's comparison of periods, as the period control and the strips name it. */
export const trendsComparison = (view: TrendsView): Comparison => versusComparison(view)

/** The period compared with, as the API's instants; null without one. */
export const trendsComparedBounds = (view: TrendsView) => comparisonBounds(view, trendsComparison(view))

/** Trends on a page of the list; articles of a role on the card before "more". */
export const TRENDS_PAGE = 50
export const ROLE_PAGE = 10

export const listOffset = (view: TrendsView) => pageOffset(view.page, TRENDS_PAGE)

/**
 * What the screen asks for a view, built here for the screen and for asking ahead while its code
 * loads (app/ask-ahead.ts): one builder, so both ask exactly the same.
 */
export const trendsQuestions = {
  // themes > topics > their largest trends, in one answer, counted in the view's period
  hierarchy: (view: TrendsView) => {
    const bounds = periodBounds(view)
    return question('appHierarchy', { query: { trends_per_topic: 8, ...(bounds ? { active_from: bounds.date_from, active_to: bounds.date_to } : {}) } })
  },
  /** null while the custom period is incomplete */
  list: (view: TrendsView) => {
    const bounds = periodBounds(view)
    if (!bounds) return null
    return question('appListTrends', {
      query: {
        state: view.state, structural_type: view.structural_type, semantic_type: view.semantic_type, sort_by: view.sort_by, sort_order: view.sort_order,
        topic_id: view.topic || undefined, theme_id: view.theme || undefined, q: view.q || undefined, country: view.country || undefined, min_articles: minArticlesOf(view),
        active_from: bounds.date_from, active_to: bounds.date_to, limit: TRENDS_PAGE, offset: listOffset(view),
        ...comparedQuery(view),
      },
    })
  },
  card: (id: string) => question('getTrend', { params: { trend_id: id } }),
  /** the trend's totals in the period (and the one compared): its strip on the card */
  totals: (id: string, view: TrendsView) => {
    const bounds = periodBounds(view)
    return bounds && question('appArticleTotals', { query: { trend_id: id, ...bounds, ...comparedQuery(view) } })
  },
  figures: (id: string, view: TrendsView) => {
    const bounds = periodBounds(view)
    return bounds && question('appTrendFigures', { params: { trend_id: id }, query: bounds })
  },
  parents: (id: string) => question('listTrendParents', { params: { trend_id: id } }),
  children: (id: string) => question('listTrendChildren', { params: { trend_id: id } }),
  roleArticles: (id: string, role: (typeof trendRoles)[number], offset = 0) => question('listTrendArticles', { params: { trend_id: id }, query: { role, limit: ROLE_PAGE, offset } }),
}

function comparedQuery(view: TrendsView): { compare_from?: string; compare_to?: string } {
  const before = trendsComparedBounds(view)
  return before ? { compare_from: before.date_from, compare_to: before.date_to } : {}
}

/** The questions the screen asks first for a view: the hierarchy, the list's page, and the chosen trend's card with its first articles. */
export function trendsFirstQuestions(search: string, rest: readonly string[]): AnyQuestion[] {
  const view = readQuery(search, TRENDS_VIEW)
  const first: AnyQuestion[] = [trendsQuestions.hierarchy(view)]
  const list = trendsQuestions.list(view)
  if (list) first.push(list)
  const id = rest[0]
  if (id) {
    const figures = trendsQuestions.figures(id, view)
    first.push(trendsQuestions.card(id), trendsQuestions.parents(id), trendsQuestions.children(id), ...trendRoles.map((role) => trendsQuestions.roleArticles(id, role)))
    if (figures) first.push(figures)
  }
  return first
}
