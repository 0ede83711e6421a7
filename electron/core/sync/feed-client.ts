import { setTimeout as sleep } from 'node:timers/promises'
import { feedResponse, type FeedResponse } from '../../../shared/contract/feed'

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
    for (let attempt = 0; ; attempt++) {
      let res: Response
      try {
        res = await this.fetchImpl(url, { headers: { 'X-API-Key': this.key, accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) })
      } catch (error) {
        if (attempt < RETRIES && isPassing(error)) {
          await sleep(500 * 2 ** attempt)
          continue
        }
        throw new FeedSourceError('unreachable', `Cannot reach ${this.baseUrl}: ${causeOf(error)}. Is the upstream running, and is the address right?`)
      }
      if (res.status === 429) {
        await sleep(Math.min(60, Number(res.headers.get('retry-after')) || 1) * 1000)
        attempt--
        continue
      }
      if (res.status >= 500 && attempt < RETRIES) {
        await sleep(500 * 2 ** attempt)
        continue
      }
      const text = await res.text()
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
          `${this.baseUrl}/v2/feed answers in another shape (another version of the contract?): ${issue.path.join('.') || 'the body'}: ${issue.message}`,
        )
      }
      return parsed.data
    }
  }
}

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

function detailOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { detail?: unknown }
    if (typeof body.detail === 'string') return body.detail
    if (Array.isArray(body.detail)) return body.detail.map((d: { msg?: string }) => d.msg).join('; ')
    if (body.detail && typeof body.detail === 'object') return (body.detail as { message?: string }).message ?? null
  } catch {
    // not JSON: no detail
  }
  return null
}
