import type { RouteResponse } from '../../../shared/contract/routes'

export type FoundThing = RouteResponse<'appFind'>['results'][number]

/** What each kind is called above its results. */
export const KIND_LABELS: Record<FoundThing['kind'], string> = {
  view: 'Saved views',
  trend: 'Trends',
  entity: 'Entities',
  publisher: 'Publishers',
  category: 'Categories',
  list: 'Tracking lists',
  site: 'My site',
  article: 'Articles',
}

/** Where a found thing opens: the view that shows it (its articles for an entity or a category). */
export function pathOf(r: FoundThing): string {
  const q = encodeURIComponent
  switch (r.kind) {
    case 'view':
      return r.detail
    case 'trend':
      return `/trends/${r.id}`
    case 'entity':
      return `/articles?entity=${q(r.label)}`
    case 'publisher':
      return `/publishers?q=${q(r.id)}`
    case 'category':
      return `/articles?category=${q(r.id)}`
    case 'list':
      return `/tracking/${r.id}/metrics`
    case 'site':
      return `/site?property=${q(r.id)}&type=${r.detail === 'googleNews' ? 'googleNews' : 'discover'}`
    case 'article':
      return `/article/${r.id}`
  }
}
