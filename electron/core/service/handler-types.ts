import type { RouteId, RouteInput, RouteResponse } from '../../../shared/contract/routes'
import type { RequestContext } from './context'

export type Handler<K extends RouteId> = (ctx: RequestContext, input: RouteInput<K>) => RouteResponse<K>
export type HandlerMap<K extends RouteId = RouteId> = { [P in K]: Handler<P> }
