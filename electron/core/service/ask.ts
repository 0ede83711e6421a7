import { routes, type RouteId } from '../../../shared/contract/routes'
import type { RequestContext } from './context'
import type { HandlerMap } from './handler-types'

/**
 * The service's methods asked in process (alerts, the CLI), their input read as a request's would
 * be. The dispatch table is handed in by service.ts when it is built: what asks here sits below the
 * handlers, which may ask in turn.
 */
let table: HandlerMap<RouteId> | null = null

export function provideMethods(handlers: HandlerMap<RouteId>): void {
  table = handlers
}

export async function askMethod<K extends RouteId>(ctx: RequestContext, id: K, input: { params?: Record<string, string>; query?: Record<string, unknown> }): Promise<unknown> {
  if (!table) throw new Error('The service\'s methods are not loaded.')
  const route = routes[id] as unknown as { query?: { parse(v: unknown): unknown }; params?: { parse(v: unknown): unknown } }
  const handler = table[id] as unknown as (c: RequestContext, i: unknown) => unknown
  return await handler(ctx, { query: route.query ? route.query.parse(input.query ?? {}) : undefined, params: route.params ? route.params.parse(input.params ?? {}) : undefined, body: undefined })
}
