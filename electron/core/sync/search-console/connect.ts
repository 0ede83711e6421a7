import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { ConnectionProblem, type SearchConsoleConnection } from './credentials'
import { oauthClient, searchConsoleApi, SEARCH_CONSOLE_SCOPE, type ApiOptions, type OAuthClientConfig } from './google-client'

/**
 * Google's OAuth flow for installed apps: a loopback redirect (a server on 127.0.0.1 for one
 * answer), PKCE (S256) and a state that must come back, the read-only Search Console scope, and
 * offline access (a refresh token). The person consents in their browser; nothing else is asked.
 */

export interface ConnectOptions {
  client: OAuthClientConfig
  /** opens the consent page (the browser; a test follows it itself) */
  openUrl(url: string): void | Promise<void>
  api: ApiOptions
  /** how long to wait for the consent (default 5 minutes) */
  timeoutMs?: number
  now?: () => Date
}

export interface ConnectResult {
  connection: SearchConsoleConnection
  /** the properties the account may read, as Search Console lists them (the connection keeps them too) */
  sites: SearchConsoleConnection['sites']
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:system-ui;margin:3em"><h1>${title}</h1><p>${text}</p></body>`

/** Waits for the browser's one redirect to the loopback address: the code, or Google's refusal. */
function awaitRedirect(state: string, timeoutMs: number): Promise<{ server: http.Server; redirectUri: string; code: Promise<string> }> {
  return new Promise((resolveServer, rejectServer) => {
    let settle: { resolve(code: string): void; reject(error: Error): void } | null = null
    const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }))
    // nobody waits on it until the server is up; a refusal then is still reported
    code.catch(() => undefined)
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      if (url.pathname !== '/' || req.method !== 'GET') {
        res.writeHead(404).end()
        return
      }
      const error = url.searchParams.get('error')
      const given = url.searchParams.get('code')
      if (url.searchParams.get('state') !== state) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE('Not connected', 'This answer was not for the connection Feedlens asked for. Run feedlens gsc connect again.'))
        settle!.reject(new ConnectionProblem('The answer that came back was not for this request (its state differs): run feedlens gsc connect again'))
        return
      }
      if (error || !given) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE('Not connected', 'Feedlens was not given access. You can close this tab.'))
        settle!.reject(new ConnectionProblem(error === 'access_denied' ? 'Access was not given (the consent was declined)' : `Google did not connect: ${error ?? 'no code came back'}`))
        return
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE('Connected', 'Feedlens can now read this account\'s Search Console data. You can close this tab.'))
      settle!.resolve(given)
    })
    const timer = setTimeout(() => settle!.reject(new ConnectionProblem(`No answer came from the browser in ${Math.round(timeoutMs / 60_000)} minutes: run feedlens gsc connect again`)), timeoutMs)
    timer.unref()
    void code.finally(() => clearTimeout(timer)).catch(() => undefined)
    server.on('error', rejectServer)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolveServer({ server, redirectUri: `http://127.0.0.1:${port}`, code })
    })
  })
}

/** Runs the consent flow and returns the connection (the caller keeps it) with the sites it may read. */
export async function connectSearchConsole(options: ConnectOptions): Promise<ConnectResult> {
  const state = randomBytes(16).toString('base64url')
  const { server, redirectUri, code } = await awaitRedirect(state, options.timeoutMs ?? 5 * 60_000)
  try {
    const client = oauthClient(options.client, redirectUri)
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync()
    const url = client.generateAuthUrl({
      access_type: 'offline',
      // consent every time: Google gives a refresh token only then
      prompt: 'consent',
      scope: [SEARCH_CONSOLE_SCOPE],
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
    })
    await options.openUrl(url)
    const given = await code
    let tokens
    try {
      ;({ tokens } = await client.getToken({ code: given, codeVerifier, redirect_uri: redirectUri }))
    } catch (error) {
      throw new ConnectionProblem(`Google did not exchange the consent for a token: ${googleReason(error)}`)
    }
    if (!tokens.refresh_token) {
      throw new ConnectionProblem('Google gave no refresh token: remove Feedlens at myaccount.google.com/permissions and run feedlens gsc connect again')
    }
    client.setCredentials(tokens)
    let sites: SearchConsoleConnection['sites']
    try {
      const listed = await searchConsoleApi(client, options.api).sites.list()
      // what an upstream says is not trusted: strings only, a bounded list
      sites = (Array.isArray(listed.data.siteEntry) ? listed.data.siteEntry : [])
        .filter((s) => typeof s?.siteUrl === 'string' && s.siteUrl.length <= 300)
        .slice(0, 1000)
        .map((s) => ({ siteUrl: s.siteUrl!, permissionLevel: String(s.permissionLevel ?? '').slice(0, 40) }))
    } catch (error) {
      throw new ConnectionProblem(`Connected, but Search Console did not list the account's properties: ${googleReason(error)}`)
    }
    const connection: SearchConsoleConnection = {
      client: options.client,
      refreshToken: tokens.refresh_token,
      scope: tokens.scope ?? SEARCH_CONSOLE_SCOPE,
      connectedAt: (options.now?.() ?? new Date()).toISOString(),
      sites,
    }
    return { connection, sites }
  } finally {
    server.close()
    server.closeAllConnections()
  }
}

/**
 * What Google said, in words that hold no secret: the OAuth error and its description, or the
 * status (the request itself, which carries the token, is never shown).
 */
export function googleReason(error: unknown): string {
  const e = error as { response?: { status?: number; data?: unknown }; status?: number; code?: string | number }
  const data = e.response?.data as { error?: string | { message?: string; status?: string }; error_description?: string } | undefined
  if (data && typeof data.error === 'string') return `${data.error}${data.error_description ? ` (${String(data.error_description).slice(0, 200)})` : ''}`
  if (data && typeof data.error === 'object' && data.error?.message) return `${e.response?.status ?? ''} ${String(data.error.message).slice(0, 200)}`.trim()
  const status = e.response?.status ?? e.status
  if (status) return `HTTP ${status}`
  if (typeof e.code === 'string') return e.code
  return 'no answer'
}
