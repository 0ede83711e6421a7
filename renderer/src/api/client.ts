import { fillPath } from '../../../shared/contract/paths'
import type { RouteId, RouteMeta, RouteResponse } from '../../../shared/contract/routes'
import { bridge } from './transport'
import type { CallOptions } from './question'

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(describeError(status, body))
    this.name = 'ApiClientError'
  }
}

/** The error as a sentence a person reads: the API's own words, or what happened in plain terms. */
export function describeError(status: number, body: unknown): string {
  const detail = (body as { detail?: unknown } | null)?.detail
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) return detail.map((d: { loc?: unknown[]; msg?: string }) => describeField(d.loc ?? [], d.msg ?? 'is not valid')).join(' ')
  if (detail && typeof detail === 'object' && 'message' in detail) return String((detail as { message: unknown }).message)
  if (status === 0) return 'Feedlens did not answer: is the app (or feedlens serve) still running? Try again in a moment.'
  if (status === 404) return 'This no longer exists in the store.'
  if (status === 429) return 'Too many requests in a minute; wait a moment and try again.'
  if (status >= 500) return 'Feedlens met an unexpected problem answering this; try again, and report it if it stays.'
  return `The request was refused (${status}).`
}

/** A 422 entry as a sentence: "domains, item 5: Input should be a domain." (the location's first part, body or query, is left out). */
function describeField(loc: unknown[], message: string): string {
  const parts = loc.slice(loc[0] === 'body' || loc[0] === 'query' || loc[0] === 'path' ? 1 : 0)
  const words = parts.map((p) => (typeof p === 'number' ? `item ${p + 1}` : String(p).replace(/_/g, ' ')))
  const sentence = message.endsWith('.') ? message : `${message}.`
  return words.length > 0 ? `${words.join(', ')}: ${sentence}` : sentence
}

declare const __FEEDLENS_ROUTES__: Record<RouteId, RouteMeta>
/** Every route's method and path, written in at build time (electron.vite.config.ts): the window ships no schemas. */
const routeMeta = __FEEDLENS_ROUTES__

export type { CallOptions } from './question'

/** Answers asked ahead of the view that shows them (callAhead), each taken once by the same call. */
const askedAhead = new Map<string, { at: number; answer: Promise<unknown> }>()
/** An answer asked ahead and not taken within this long is not used (it may be stale). */
const AHEAD_KEPT_MS = 5000

/**
 * Asks a route now for a view that asks the same once what frames it has loaded (a list's
 * metrics while the list's own details load; a screen's first questions while its code loads):
 * the view's call then takes this answer instead of waiting one more round trip. Nothing is
 * asked when the view has asked it already.
 */
export function callAhead<K extends RouteId>(id: K, options: CallOptions<K>): void {
  const key = JSON.stringify([id, options])
  const kept = askedAhead.get(key)
  if ((kept && Date.now() - kept.at < AHEAD_KEPT_MS) || inFlight.has(key)) return
  const answer = send(id, options)
  // a failed answer is not kept: the view asks again when it comes (the server may be back by then;
  // a view that took it while under way reports its error)
  answer.catch(() => {
    if (askedAhead.get(key)?.answer === answer) askedAhead.delete(key)
  })
  askedAhead.set(key, { at: Date.now(), answer })
}

export { question, type AnyQuestion, type Question } from './question'

/** Calls a route of the contract or the app by id; the same code runs over IPC and HTTP. */
export function call<K extends RouteId>(id: K, options: CallOptions<K> = {}): Promise<RouteResponse<K>> {
  const key = JSON.stringify([id, options])
  const ahead = askedAhead.get(key)
  if (ahead) {
    // taken by every view that asks it now (a picker and its page mount together), then gone:
    // a later call (a Retry) asks the server again
    queueMicrotask(() => askedAhead.delete(key))
    if (Date.now() - ahead.at < AHEAD_KEPT_MS) return ahead.answer as Promise<RouteResponse<K>>
  }
  if (routeMeta[id].method !== 'GET') return send(id, options)
  // one request for the same question asked twice at once (a picker and its page both list the regions)
  const pending = inFlight.get(key)
  if (pending) return pending as Promise<RouteResponse<K>>
  const answer: Promise<RouteResponse<K>> = send(id, options).finally(() => {
    if (inFlight.get(key) === answer) inFlight.delete(key)
  })
  inFlight.set(key, answer)
  return answer
}

/** GET requests under way, by route and options. */
const inFlight = new Map<string, Promise<unknown>>()

/** The requests under way and the answers asked ahead are not given to later calls (they may be older than the store). */
export function forgetRequestsUnderWay(): void {
  inFlight.clear()
  askedAhead.clear()
}

async function send<K extends RouteId>(id: K, options: CallOptions<K>): Promise<RouteResponse<K>> {
  const def = routeMeta[id]
  const query: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    query[name] = Array.isArray(value) ? value : String(value)
  }
  for (let attempt = 0; ; attempt++) {
    let response
    try {
      response = await bridge.request({ method: def.method, path: fillPath(def.path, options.params as Record<string, string> | undefined), query, body: options.body })
    } catch {
      // the server or the main process did not answer (fetch's "Failed to fetch", an IPC that ended)
      throw new ApiClientError(0, null)
    }
    // the store still computing (its index being built after a start): the view keeps loading and asks again when told
    if (response.status === 503 && def.method === 'GET' && isComputing(response.body) && attempt < MAX_COMPUTING_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response.headers)))
      continue
    }
    if (response.status >= 400) throw new ApiClientError(response.status, response.body)
    return response.body as RouteResponse<K>
  }
}

/** How many times a view asks again while the store computes (about two minutes at 5 s). */
const MAX_COMPUTING_RETRIES = 24

const isComputing = (body: unknown) => (body as { detail?: { code?: string } } | null)?.detail?.code === 'computing'

function retryAfterMs(headers: Record<string, string> | undefined): number {
  const seconds = Number(headers?.['retry-after'] ?? headers?.['Retry-After'] ?? 2)
  return Math.min(30, Math.max(1, Number.isFinite(seconds) ? seconds : 2)) * 1000
}

/**
 * Every page of a paged list (for exports): calls the route with growing offsets until
 * `total` rows are read. `pageSize` is the route's largest limit.
 */
export async function allPages<K extends RouteId, Row>(id: K, options: CallOptions<K>, rowsOf: (answer: RouteResponse<K>) => readonly Row[], pageSize: number): Promise<Row[]> {
  const rows: Row[] = []
  for (;;) {
    const answer = await call(id, { ...options, query: { ...options.query, limit: pageSize, offset: rows.length } } as unknown as CallOptions<K>)
    const page = rowsOf(answer)
    rows.push(...page)
    const total = (answer as { total?: number }).total ?? rows.length
    if (page.length === 0 || rows.length >= total) return rows
  }
}
