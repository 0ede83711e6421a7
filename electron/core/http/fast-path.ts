import type http from 'node:http'
import type { Core } from '../core'
import type { Principal } from '../auth/principal'
import { admitRequest } from '../limits/request-limits'
import type { PublicBytes } from './app'
import { isLoopbackHost } from './host-guard'

/**
 * The loopback server's fast path: a GET whose exact answer the app produced for the current
 * data (and, for a keyed method, for the same key) in this hour is sent again as it is, with the
 * same checks the app makes: the host guard, the key (a revoked key is refused at once: see
 * KeyPrincipals), and the caller's request limits. Anything else (a missing or malformed key, a
 * refusal, an answer not kept) goes to the app, which answers it in full. Tracking answers are
 * never sent again this way: they carry the exact time of the request.
 */
export class FastPath {
  constructor(
    private readonly core: Core,
    private readonly extraHosts: ReadonlySet<string>,
  ) {}

  /** The limits every request is held to (limits/request-limits.ts), asked as the app asks them. */
  private admitted(principal: Principal): boolean {
    return admitRequest(this.core.rateLimiter, principal, this.core.publicRequestsPerMinute, this.core.now()).allowed
  }

  /** Answers the request from kept bytes; false when the app has to answer it. */
  answer(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const url = req.url
    if (req.method !== 'GET' || url === undefined || !this.hostAllowed(req.headers.host)) return false
    if (url.startsWith('/public/')) return this.keyless(url, res)
    if (url.startsWith('/v1/') && !url.startsWith('/v1/tracking/')) return this.keyed(url, req, res)
    return false
  }

  private keyless(url: string, res: http.ServerResponse): boolean {
    const core = this.core
    const kept = core.answers.get<PublicBytes>(core.publicBytesKey(url))
    if (!kept || !this.admitted({ kind: 'anonymous' })) return false
    return send(res, kept)
  }

  private keyed(url: string, req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const h = req.headers
    // one key, in X-API-Key alone, from no other origin: every other case has its answer in the app
    const value = typeof h['x-api-key'] === 'string' ? h['x-api-key'].trim() : ''
    if (!value || h.authorization !== undefined || h.origin !== undefined) return false
    const core = this.core
    let principal: Principal
    try {
      principal = core.keys.principal(value)
    } catch {
      return false
    }
    if (principal.kind !== 'project-key' && principal.kind !== 'internal-key') return false
    const kept = core.answers.get<PublicBytes>(core.keyedBytesKey(principal.keyId, url))
    if (!kept || !this.admitted(principal)) return false
    return send(res, kept)
  }

  private hostAllowed(rawHost: string | undefined): boolean {
    const host = rawHost ?? ''
    const colon = host.lastIndexOf(':')
    const hostname = (colon > host.lastIndexOf(']') ? host.slice(0, colon) : host).toLowerCase()
    return isLoopbackHost(hostname) || this.extraHosts.has(hostname)
  }
}

function send(res: http.ServerResponse, kept: PublicBytes): true {
  res.writeHead(200, kept.headers)
  res.end(kept.body)
  return true
}
