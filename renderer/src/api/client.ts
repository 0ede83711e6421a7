import { fillPath, routes, type RouteId, type RouteResponse } from '../../../shared/contract/routes'
import { bridge } from './transport'

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(describeError(status, body))
    this.name = 'ApiClientError'
  }
}

function describeError(status: number, body: unknown): string {
  const detail = (body as { detail?: unknown } | null)?.detail
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) return detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).join('.')}: ${d.msg}`).join('; ')
  if (detail && typeof detail === 'object' && 'message' in detail) return String((detail as { message: unknown }).message)
  return `Request failed (${status})`
}

export interface CallOptions {
  params?: Record<string, string>
  query?: Record<string, string | number | boolean | string[] | undefined | null>
  body?: unknown
}

/** Calls a route of the contract or the app by id; the same code runs over IPC and HTTP. */
export async function call<K extends RouteId>(id: K, options: CallOptions = {}): Promise<RouteResponse<K>> {
  const def = routes[id]
  const query: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    query[name] = Array.isArray(value) ? value : String(value)
  }
  const response = await bridge.request({ method: def.method, path: fillPath(def.path, options.params), query, body: options.body })
  if (response.status >= 400) throw new ApiClientError(response.status, response.body)
  return response.body as RouteResponse<K>
}

/**
 * Every page of a paged list (for exports): calls the route with growing offsets until
 * `total` rows are read. `pageSize` is the route's largest limit.
 */
export async function allPages<K extends RouteId, Row>(id: K, options: CallOptions, rowsOf: (answer: RouteResponse<K>) => readonly Row[], pageSize: number): Promise<Row[]> {
  const rows: Row[] = []
  for (;;) {
    const answer = await call(id, { ...options, query: { ...options.query, limit: pageSize, offset: rows.length } })
    const page = rowsOf(answer)
    rows.push(...page)
    const total = (answer as { total?: number }).total ?? rows.length
    if (page.length === 0 || rows.length >= total) return rows
  }
}
