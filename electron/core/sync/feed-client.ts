import { setTimeout as sleep } from 'node:timers/promises'
import { feedResponse, type FeedResponse } from '../../../shared/contract/feed'
import { printable } from '../ingest/field-rules'

/** Why an upstream could not be read, in words a user can act on. */
export class FeedSourceError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'refused' | 'not-a-feed' | 'cursor' | 'failing',
    message: string,
  ) {
    super(message)
    this.name = 'FeedSourceError'
  }
}

export interface FeedPageQuery {
  cursor?: string
  region?: string
  since?: string
  limit: number
}

/** Answers of 5xx, or a reset connection, tried again this many times before giving up. */
const RETRIES = 3
const TIMEOUT_MS = 120_000
/** The most a page of the feed may hold, decoded (gzip included): a page of 1,000 elements of the largest articles. */
export const MAX_PAGE_BYTES = 64 * 1024 * 1024
/** Request limits (429) waited out for one page, at most this many times and this long in all. */
const MAX_LIMIT_WAITS = 20
const MAX_LIMIT_WAIT_MS = 10 * 60_000
/** Redirects within the upstream's own origin followed for one request. */
const MAX_REDIRECTS = 5

/**
 * Reads an upstream's `/v2/feed` with an API key: the public contract and nothing else, so any
 * service that implements the feed method can be synced from. Request limits are waited out
 * (Retry-After); a passing failure is tried again; anything else is a FeedSourceError.
 */
export class FeedClient {
  readonly baseUrl: string

  constructor(
    baseUrl: string,
    private readonly key: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.baseUrl = normalizeUpstreamUrl(baseUrl)
  }

  async page(query: FeedPageQuery): Promise<FeedResponse> {
    const params = new URLSearchParams({ limit: String(query.limit) })
    if (query.cursor) params.set('cursor', query.cursor)
    if (query.region) params.set('region', query.region)
    if (query.since) params.set('since', query.since)
    const url = `${this.baseUrl}/v2/feed?${params}`
    let limitWaits = 0
    let limitWaited = 0
    for (let attempt = 0; ; attempt++) {
      let res: Response
      try {
        res = await this.fetchWithinOrigin(url)
      } catch (error) {
        if (error instanceof FeedSourceError) throw error
        if (attempt < RETRIES && isPassing(error)) {
          await sleep(500 * 2 ** attempt)
          continue
        }
        throw new FeedSourceError('unreachable', `Cannot reach ${this.baseUrl}: ${printable(causeOf(error), 200)}. Is the upstream running, and is the address right?`)
      }
      if (res.status === 429) {
        // the seconds it asks (0 included), else one; a minute at most
        const asked = Number(res.headers.get('retry-after') ?? Number.NaN)
        const wait = (Number.isFinite(asked) && asked >= 0 ? Math.min(60, asked) : 1) * 1000
        await res.body?.cancel()
        if (++limitWaits > MAX_LIMIT_WAITS || limitWaited + wait > MAX_LIMIT_WAIT_MS) {
          throw new FeedSourceError('failing', `${this.baseUrl} kept refusing with "too many requests" (${limitWaits} times, ${Math.round(limitWaited / 1000)} s waited): try again later.`)
        }
        limitWaited += wait
        await sleep(wait)
        attempt--
        continue
      }
      if (res.status >= 500 && attempt < RETRIES) {
        await res.body?.cancel()
        await sleep(500 * 2 ** attempt)
        continue
      }
      const text = await this.bodyOf(res)
      const detail = res.status === 200 ? null : detailOf(text)
      if (res.status === 401) throw new FeedSourceError('refused', `${this.baseUrl} refused the key: ${detail ?? 'unauthorised'}`)
      if (res.status === 403) throw new FeedSourceError('refused', `${this.baseUrl} refused the request: ${detail ?? 'forbidden'}`)
      if (res.status === 404) {
        throw new FeedSourceError('not-a-feed', `${this.baseUrl} has no /v2/feed: it does not speak the feed method this version of Feedlens syncs from.`)
      }
      if (res.status === 422 && /cursor/.test(text)) throw new FeedSourceError('cursor', `${this.baseUrl} no longer accepts where the last sync stopped: ${detail}`)
      if (res.status !== 200) throw new FeedSourceError('failing', `${this.baseUrl} answered ${res.status}${detail ? `: ${detail}` : ''}`)
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        throw new FeedSourceError('not-a-feed', `${this.baseUrl}/v2/feed did not answer JSON: it is not a feed this version of Feedlens can read.`)
      }
      const parsed = feedResponse.safeParse(body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        throw new FeedSourceError(
          'not-a-feed',
          `${this.baseUrl}/v2/feed answers in another shape (another version of the contract?): ${printable(issue.path.join('.'), 100) || 'the body'}: ${printable(issue.message, 200)}`,
        )
      }
      return parsed.data
    }
  }

  /**
   * A request with the key, following redirects only within the upstream's own origin: the key
   * is never sent to another host (fetch would carry the header along a redirect anywhere).
   */
  private async fetchWithinOrigin(url: string): Promise<Response> {
    const origin = new URL(this.baseUrl).origin
    let next = url
    for (let hops = 0; ; hops++) {
      const res = await this.fetchImpl(next, { headers: { 'X-API-Key': this.key, accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) })
      if (res.status < 300 || res.status >= 400 || res.status === 304) return res
      await res.body?.cancel()
      const location = res.headers.get('location')
      const target = location ? new URL(location, next) : null
      if (!target || target.origin !== origin) {
        throw new FeedSourceError(
          'refused',
          `${this.baseUrl} redirects to ${target ? printable(target.origin, 200) : 'nowhere'}: Feedlens does not send the upstream's key to another address. If you trust it, sync from that address itself.`,
        )
      }
      if (hops >= MAX_REDIRECTS) throw new FeedSourceError('failing', `${this.baseUrl} redirects more than ${MAX_REDIRECTS} times.`)
      next = target.href
    }
  }

  /** An answer's body as text, read as it streams, refused past MAX_PAGE_BYTES decoded (a gzip page counts what it unpacks to). */
  private async bodyOf(res: Response): Promise<string> {
    if (!res.body) return ''
    const declared = Number(res.headers.get('content-length'))
    if (declared > MAX_PAGE_BYTES && !res.headers.get('content-encoding')) {
      await res.body.cancel()
      throw tooLarge(this.baseUrl, declared)
    }
    const chunks: Uint8Array[] = []
    let size = 0
    const reader = res.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > MAX_PAGE_BYTES) {
        await reader.cancel()
        throw tooLarge(this.baseUrl, size)
      }
      chunks.push(value)
    }
    return Buffer.concat(chunks).toString('utf8')
  }
}

const tooLarge = (base: string, bytes: number) =>
  new FeedSourceError(
    'not-a-feed',
    `A page of ${base}/v2/feed is larger than ${MAX_PAGE_BYTES / 1024 / 1024} MB${bytes > MAX_PAGE_BYTES ? ` (${Math.round(bytes / 1024 / 1024)} MB and more)` : ''}: no page of a feed is that large. Is it a feed? A smaller --page-size may help.`,
  )

/** An upstream's address as kept: no trailing slash. */
export function normalizeUpstreamUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new FeedSourceError('unreachable', `${url} is not an address: give the upstream's URL, e.g. http://192.168.1.20:4711`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FeedSourceError('unreachable', `${url} is not an http or https address.`)
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  if (cause?.code === 'ECONNREFUSED') return 'connection refused'
  if (cause?.code === 'ENOTFOUND') return 'no such host'
  if ((error as Error).name === 'TimeoutError') return `no answer in ${TIMEOUT_MS / 1000} s`
  return cause?.code ?? cause?.message ?? (error as Error).message
}

const isPassing = (error: unknown) => ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes((error as { cause?: { code?: string } }).cause?.code ?? '')

/** The upstream's own words of an error, as a person may read them: control characters (escape sequences) removed, a sentence's length. */
function detailOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { detail?: unknown }
    if (typeof body.detail === 'string') return printable(body.detail)
    if (Array.isArray(body.detail)) return printable(body.detail.map((d: { msg?: string }) => d.msg).join('; '))
    if (body.detail && typeof body.detail === 'object') {
      const message = (body.detail as { message?: unknown }).message
      return typeof message === 'string' ? printable(message) : null
    }
  } catch {
    // not JSON: no detail
  }
  return null
}
