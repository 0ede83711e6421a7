import type { RouteId, RouteInput, RouteResponse } from '../../../shared/contract/routes'
import type { RequestContext } from './context'

/** A method's handler; those that wait for the activity index answer with a promise. */
export type Handler<K extends RouteId> = (ctx: RequestContext, input: RouteInput<K>) => RouteResponse<K> | Promise<RouteResponse<K>>
export type HandlerMap<K extends RouteId = RouteId> = { [P in K]: Handler<P> }
