import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for Google on loopback: the OAuth endpoints of an installed app (consent by
 * redirect, PKCE checked, refresh tokens that can be revoked) and the Search Console API's
 * `sites.list` and `searchanalytics.query` (rows by day, paged by startRow and rowLimit), with
 * failures to order. It speaks the documented shapes; nothing in the tests reaches Google.
 */

export interface FakeRow {
  keys: string[]
  clicks: number
  impressions: number
  ctr: number
  position: number
}

export interface FakeSearchConsole {
  url: string
  clientFile(): string
  /** what the person does on the consent page */
  consent: 'grant' | 'deny'
  /** the rows of each day (by date, page and country) */
  rows: Map<string, FakeRow[]>
  sites: Array<{ siteUrl: string; permissionLevel: string }>
  /** statuses the next queries answer with, one each, before answering again */
  failNext: number[]
  /** answer the queries with a redirect elsewhere */
  redirectQueries: boolean
  revokeAll(): void
  /** every query's body, and the tokens the token endpoint gave */
  queries: Array<{ startDate: string; endDate: string; startRow?: number; rowLimit?: number; type?: string; dimensions?: string[] }>
  refreshTokens: Set<string>
  close(): Promise<void>
}

const CLIENT_ID = 'feedlens-test.apps.googleusercontent.com'
const CLIENT_SECRET = 'not-a-secret-for-installed-apps'

const b64url = (buffer: Buffer) => buffer.toString('base64url')

export async function startFakeSearchConsole(): Promise<FakeSearchConsole> {
  const codes = new Map<string, { challenge: string; redirectUri: string }>()
  const accessTokens = new Set<string>()
  const fake = {
    consent: 'grant' as 'grant' | 'deny',
    rows: new Map<string, FakeRow[]>(),
    sites: [{ siteUrl: 'sc-domain:site.example', permissionLevel: 'siteOwner' }],
    failNext: [] as number[],
    redirectQueries: false,
    queries: [] as FakeSearchConsole['queries'],
    refreshTokens: new Set<string>(),
  }
  const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  const bodyOf = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = ''
      req.on('data', (c: Buffer) => (text += c.toString('utf8')))
      req.on('end', () => resolve(text))
    })
  const authorised = (req: http.IncomingMessage) => accessTokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'GET' && url.pathname === '/o/oauth2/auth') {
      const p = url.searchParams
      const redirect = p.get('redirect_uri') ?? ''
      const ok =
        p.get('client_id') === CLIENT_ID &&
        p.get('response_type') === 'code' &&
        p.get('code_challenge_method') === 'S256' &&
        (p.get('code_challenge') ?? '').length >= 43 &&
        p.get('access_type') === 'offline' &&
        p.get('scope') === 'https://www.googleapis.com/auth/webmasters.readonly' &&
        /^http:\/\/127\.0\.0\.1:\d+$/.test(redirect)
      if (!ok) return json(res, 400, { error: 'invalid_request', got: Object.fromEntries(p) })
      const back = new URL(redirect)
      back.searchParams.set('state', p.get('state') ?? '')
      if (fake.consent === 'deny') back.searchParams.set('error', 'access_denied')
      else {
        const code = `code-${b64url(randomBytes(12))}`
        codes.set(code, { challenge: p.get('code_challenge')!, redirectUri: redirect })
        back.searchParams.set('code', code)
      }
      return res.writeHead(302, { location: back.toString() }).end()
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await bodyOf(req))
      if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) return json(res, 401, { error: 'invalid_client' })
      if (form.get('grant_type') === 'authorization_code') {
        const asked = codes.get(form.get('code') ?? '')
        codes.delete(form.get('code') ?? '')
        const verifier = form.get('code_verifier') ?? ''
        if (!asked || asked.redirectUri !== form.get('redirect_uri') || b64url(createHash('sha256').update(verifier).digest()) !== asked.challenge) {
          return json(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' })
        }
        const refresh = `1//refresh-${b64url(randomBytes(18))}`
        const access = `ya29.${b64url(randomBytes(18))}`
        fake.refreshTokens.add(refresh)
        accessTokens.add(access)
        return json(res, 200, { access_token: access, refresh_token: refresh, expires_in: 3599, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/webmasters.readonly' })
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!fake.refreshTokens.has(form.get('refresh_token') ?? '')) return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })
        const access = `ya29.${b64url(randomBytes(18))}`
        accessTokens.add(access)
        return json(res, 200, { access_token: access, expires_in: 3599, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/webmasters.readonly' })
      }
      return json(res, 400, { error: 'unsupported_grant_type' })
    }
    if (!authorised(req)) return json(res, 401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } })
    if (req.method === 'GET' && url.pathname === '/webmasters/v3/sites') return json(res, 200, { siteEntry: fake.sites })
    const query = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(url.pathname)
    if (req.method === 'POST' && query) {
      const site = decodeURIComponent(query[1]!)
      const body = JSON.parse(await bodyOf(req)) as FakeSearchConsole['queries'][number]
      fake.queries.push(body)
      if (fake.redirectQueries) return res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end()
      const fail = fake.failNext.shift()
      if (fail) return json(res, fail, { error: { code: fail, message: fail === 429 ? 'Quota exceeded' : 'Backend Error', status: fail === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE' } })
      if (!fake.sites.some((s) => s.siteUrl === site)) return json(res, 403, { error: { code: 403, message: `User does not have sufficient permission for site '${site}'.`, status: 'PERMISSION_DENIED' } })
      const all = fake.rows.get(body.startDate) ?? []
      const start = body.startRow ?? 0
      const rows = all.slice(start, start + (body.rowLimit ?? 1000))
      return json(res, 200, rows.length > 0 ? { rows, responseAggregationType: 'byPage' } : { responseAggregationType: 'byPage' })
    }
    return json(res, 404, { error: { code: 404, message: 'Not Found' } })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return Object.assign(fake, {
    url,
    clientFile: () =>
      JSON.stringify({
        installed: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, project_id: 'feedlens-test', auth_uri: `${url}/o/oauth2/auth`, token_uri: `${url}/token`, redirect_uris: ['http://localhost'] },
      }),
    revokeAll: () => fake.refreshTokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}
