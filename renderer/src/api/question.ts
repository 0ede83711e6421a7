import type { RouteId, RouteRequest } from '../../../shared/contract/routes'

/** A request to a route: its query names, path parameters and body are the route's own (checked when compiling). */
export type CallOptions<K extends RouteId = RouteId> = RouteRequest<K>

/** A question a view asks: a route and its options, built by one function for the view and for asking ahead. */
export interface Question<K extends RouteId = RouteId> {
  id: K
  options: CallOptions<K>
}

/** Any route's question. */
export type AnyQuestion = { [K in RouteId]: Question<K> }[RouteId]

export const question = <K extends RouteId>(id: K, options: CallOptions<K>): Question<K> => ({ id, options })

