import { question } from '../../api/question'
import { comparisonBounds, periodBounds } from '../../components/period'

/** The My site screen's view as its URL keeps it: the property, its search type, the period (and its comparison), a country, a day explained, the page table's sort and page. */
export const SITE_VIEW = {
  property: '',
  type: 'discover',
  country: '',
  period: '30d',
  date_from: '',
  date_to: '',
  compare: 'previous',
  compare_from: '',
  compare_to: '',
  /** a day of the chart chosen to explain ('' : the whole period against the one before) */
  day: '',
  sort_by: 'clicks',
  sort_order: 'desc',
  page: '1',
}
export type SiteView = typeof SITE_VIEW

export const SITE_PAGES = 50

const searchType = (view: SiteView) => (view.type === 'googleNews' ? 'googleNews' : 'discover') as 'discover' | 'googleNews'
const base = (view: SiteView) => ({ property: view.property, search_type: searchType(view), country: view.country || undefined })
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** What the screen asks for a view (null while no property is chosen, or a custom period is incomplete). */
export const siteQuestions = {
  properties: () => question('appSiteProperties', {}),
  overview: (view: SiteView) => {
    const bounds = periodBounds(view)
    if (!view.property || !bounds) return null
    const before = comparisonBounds(view, view)
    return question('appSiteOverview', { query: { ...base(view), ...bounds, ...(before ? { compare_from: before.date_from, compare_to: before.date_to } : {}) } })
  },
  /** the period compared as a period of its own: its days drawn under this period's */
  earlier: (view: SiteView) => {
    const before = comparisonBounds(view, view)
    if (!view.property || !before) return null
    return question('appSiteOverview', { query: { ...base(view), ...before } })
  },
  pages: (view: SiteView) => {
    const bounds = periodBounds(view)
    if (!view.property || !bounds) return null
    const page = Math.max(1, Number(view.page) || 1)
    return question('appSitePages', {
      query: {
        ...base(view),
        ...bounds,
        sort_by: view.sort_by as 'clicks',
        sort_order: view.sort_order === 'asc' ? 'asc' : 'desc',
        limit: SITE_PAGES,
        offset: (page - 1) * SITE_PAGES,
      },
    })
  },
  /** Google's updates and the analyst's notes over the period, of the view's country and every country's */
  annotations: (view: SiteView) => {
    const bounds = periodBounds(view)
    if (!view.property || !bounds) return null
    return question('appAnnotations', { query: { ...bounds, ...(view.country ? { country: view.country } : {}) } })
  },
  /** the chosen day against the week before it, else the period against the one compared (or the one before) */
  explain: (view: SiteView) => {
    if (!view.property) return null
    if (view.day) return question('appSiteExplain', { query: { ...base(view), date_from: view.day, date_to: dayAfter(view.day) } })
    const bounds = periodBounds(view)
    if (!bounds) return null
    const before = comparisonBounds(view, view)
    return question('appSiteExplain', { query: { ...base(view), ...bounds, ...(before ? { compare_from: before.date_from, compare_to: before.date_to } : {}) } })
  },
}
