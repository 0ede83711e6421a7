import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie, setCookie } from 'hono/cookie'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { routes, type RouteDef, type RouteId } from '../../../shared/contract/routes'
import { cabinetRoute } from '../../../shared/bridge'
import { pagePaths } from '../../../shared/sections'
import type { Principal } from '../auth/principal'
import { principalOf } from '../auth/principal-of'
import { SESSION_COOKIE } from '../auth/web-sessions'
import type { Core } from '../core'
import { admitRequest } from '../limits/request-limits'
import { ApiError, errorBody } from '../errors'
import { isBusyError } from '../store/busy'
import { isLoopbackHost } from './host-guard'
import { buildOpenApiDocument } from './openapi'
import { SECURITY_HEADERS } from './security-headers'
import { parseInput } from './validation'

const MAX_BODY_BYTES = 1024 * 1024

/** The bytes of a keyless answer, sent again by the loopback server's fast path (http/server.ts). */
export interface PublicBytes {
  body: Buffer
  headers: Record<string, string | number>
}

/** Marks a request handed over in process by the desktop window's IPC wire; a socket can never carry it. */
const inProcessMark = Object.freeze({})
export function inProcessEnv(): Record<string, unknown> {
  return { feedlensInProcess: inProcessMark }
}
const isInProcess = (c: Context<Env>) => (c.env as Record<string, unknown> | undefined)?.feedlensInProcess === inProcessMark

export interface HttpAppOptions {
  /** Extra Host names to accept (for a non-loopback --host). */
  allowedHosts?: string[]
  /** Adds CORS headers (off by default); never opens the app's session to other origins. */
  cors?: boolean
  /** The built renderer, served at / in web mode. */
  rendererDir?: string | null
  /** Called with method and path (never the query string) of each request. */
  log?: (line: string) => void
  /**
   * The desktop app: an article's cabinet_url (`/article/<id>`) opened in a browser shows the
   * article in the app's window (this is called with the window's route) instead of a page.
   */
  openInWindow?: (route: string) => void
}

const toHonoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1')

/**
 * Whether a request for a cabinet link is a person opening it (Fetch Metadata): a top-level
 * navigation, and either typed, bookmarked or opened from another program (`Sec-Fetch-Site: none`),
 * from Feedlens's own pages, or a click on a link in another site (`Sec-Fetch-User: ?1`). An image,
 * script, frame or a script's navigation of any page in the browser is not. A client that sends no
 * such headers (not a browser) is a person's command.
 */
export function openedByAPerson(headers: Headers): boolean {
  const dest = headers.get('sec-fetch-dest')
  const site = headers.get('sec-fetch-site')
  if (dest !== null && dest !== 'document') return false
  if (site === null || site === 'none' || site === 'same-origin') return true
  return headers.get('sec-fetch-user') === '?1'
}

/**
 * The loopback HTTP transport: the contract's /v1 and /public methods, the app's /app
 * methods, /openapi.json and the web UI. No domain logic here: every route calls the core.
 */
/** What a request carries between the route and the middleware that keeps its answer. */
type Env = { Variables: { principal?: Principal } }

export function createHttpApp(core: Core, options: HttpAppOptions = {}) {
  const app = new Hono<Env>()
  const extraHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()))

  app.use('*', async (c, next) => {
    // Headers go on before the handler builds its response: changing a built response would
    // push @hono/node-server off its fast path (a full Response object, a streamed body).
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value)
    const hostname = new URL(c.req.url).hostname
    if (!isLoopbackHost(hostname) && !extraHosts.has(hostname.toLowerCase())) {
      return c.json({ detail: `Host "${hostname}" is not allowed: Feedlens answers loopback names only.` }, 403)
    }
    options.log?.(`${c.req.method} ${c.req.path}`)
    if (options.cors) {
      c.header('Access-Control-Allow-Origin', '*')
      c.header('Access-Control-Allow-Headers', 'X-API-Key, Authorization, Content-Type')
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    }
    await next()
  })

  if (options.cors) app.options('*', (c) => c.body(null, 204))

  // Keep the bytes of successful GET answers for the server's fast path (http/fast-path.ts):
  // keyless ones, and keyed ones per key (not tracking answers, which carry the request's time).
  const keepBytes = async (c: Context<Env>, next: () => Promise<void>) => {
    const version = core.store.version
    await next()
    if (c.req.method !== 'GET' || c.res.status !== 200) return
    const url = new URL(c.req.url)
    const principal = c.get('principal')
    const bytesKey =
      url.pathname.startsWith('/public/')
        ? core.publicBytesKey(url.pathname + url.search)
        : principal?.kind === 'project-key' || principal?.kind === 'internal-key'
          ? core.keyedBytesKey(principal.keyId, url.pathname + url.search)
          : null
    if (!bytesKey) return
    const body = Buffer.from(await c.res.clone().arrayBuffer())
    const answer: PublicBytes = { body, headers: { ...Object.fromEntries(c.res.headers.entries()), 'content-length': body.length } }
    core.answers.set(bytesKey, answer, version)
  }
  app.use('/public/*', keepBytes)
  app.use('/v1/*', async (c, next) => (c.req.path.startsWith('/v1/tracking/') ? next() : keepBytes(c, next)))

  const principalFor = (c: Context<Env>, def: RouteDef): Principal =>
    principalOf(core.store, core.keys, core.sessions, def.access, {
      apiKey: c.req.header('x-api-key') ?? null,
      authorization: c.req.header('authorization') ?? null,
      sessionCookie: getCookie(c, SESSION_COOKIE),
      inProcess: isInProcess(c),
      origin: c.req.header('origin') ?? null,
      ownOrigin: new URL(c.req.url).origin,
      queryNames: Object.keys(c.req.queries()),
    })

  const enforceLimits = (principal: Principal) => {
    const admission = admitRequest(core.rateLimiter, principal, core.publicRequestsPerMinute, core.now())
    if (!admission.allowed) throw new ApiError(429, admission.detail, { 'Retry-After': String(admission.retryAfterSeconds) })
  }

  const byPath = new Map<string, string[]>()
  for (const [id, def] of Object.entries(routes) as Array<[RouteId, RouteDef]>) {
    const honoPath = toHonoPath(def.path)
    byPath.set(honoPath, [...(byPath.get(honoPath) ?? []), def.method])
    if (def.body) {
      const maxSize = def.maxBodyBytes ?? MAX_BODY_BYTES
      app.use(
        honoPath,
        bodyLimit({ maxSize, onError: (c) => c.json({ detail: `Request body too large (at most ${Math.round(maxSize / 1024 / 1024)} MiB).` }, 413) }),
      )
    }
    app.on(def.method, honoPath, async (c) => {
      const principal = principalFor(c, def)
      c.set('principal', principal)
      enforceLimits(principal)
      const input = await parseInput(def, c.req.queries(), c.req.param() as Record<string, string>, () => c.req.text())
      // The handler map is keyed by route id; the input was validated by that route's own schemas.
      const result = await core.call(id, principal, input as never)
      return c.json(result as object)
    })
  }
  for (const [honoPath, methods] of byPath) {
    app.all(honoPath, (c) => c.json({ detail: 'Method Not Allowed' }, 405, { Allow: methods.join(', ') }))
  }

  app.get('/openapi.json', (c) => c.json(buildOpenApiDocument()))

  if (options.openInWindow) {
    const open = options.openInWindow
    app.get('/article/:id', (c) => {
      const route = cabinetRoute(c.req.url)
      if (!route) return c.json({ detail: 'Not Found' }, 404)
      // only a person opening the link moves the window: a page's image, script or frame cannot
      if (!openedByAPerson(c.req.raw.headers)) return c.json({ detail: 'The article opens in the Feedlens window when its link is opened by a person, not from within another page.' }, 403)
      open(route)
      return c.html(openedInWindowPage, 200, { 'Cache-Control': 'no-store' })
    })
  }
  const webUi = options.rendererDir ? mountWebUi(app, core, options.rendererDir) : null

  // A browser asking for a page that is not there sees the window's own "not found" page; everything else gets the contract's JSON.
  app.notFound((c) => (webUi && wantsPage(c) ? webUi.notFoundPage(c) : c.json({ detail: 'Not Found' }, 404)))
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
      return c.json(errorBody(error) as object, error.status as 400)
    }
    if (error instanceof URIError) return c.json({ detail: 'The request URL has a malformed percent-escape.' }, 400)
    if ((error as { code?: unknown }).code === 'SQLITE_FULL') {
      // SQLite rolled the write back: nothing changed
      return c.json({ detail: 'The disk that holds the data folder is full: nothing was changed. Free some space and try again.' }, 507)
    }
    if (isBusyError(error)) {
      // a write met another writer's lock (an import in a terminal, the refresh thread) for too long: nothing was changed
      c.header('Retry-After', '2')
      return c.json({ detail: 'The store is busy: another writer (an import, or trends being recomputed) is holding it. Nothing was changed; retry in a moment.' }, 503)
    }
    console.error('Unexpected failure on', c.req.method, c.req.path, error)
    return c.json({ detail: 'Internal server error' }, 500)
  })
  return app
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/** The assets worth compressing (the code and its styles; images and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json'])

/** Each asset compressed once per encoding: their names carry their content's hash, so a copy never goes stale. */
const compressedAssets = new Map<string, Buffer>()

function compressedAsset(file: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${file}`
  let bytes = compressedAssets.get(key)
  if (!bytes) {
    const raw = fs.readFileSync(file)
    bytes = encoding === 'br' ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : zlib.gzipSync(raw, { level: 9 })
    compressedAssets.set(key, bytes)
  }
  return bytes
}

const signInFailedPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Feedlens</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>This sign-in link no longer works</h1>
<p>A sign-in link opens Feedlens once, within a day of being made. Run <code>feedlens link</code>
(with the same <code>--data-dir</code> as the server) for a new one, and open it here.</p></body></html>`

/**
 * Serves the built renderer. The page carries no secret: the web UI's session is a cookie that
 * only the sign-in link sets (`?token=` on any page path: traded once, then the clean URL).
 */
function mountWebUi(app: Hono<Env>, core: Core, rendererDir: string) {
  const root = path.resolve(rendererDir)
  // The page is built for file:// (relative asset paths); served at any depth of path, its assets
  // are named from the root (a <base> tag would need base-uri, which the policy forbids).
  const indexHtml = () => fs.readFileSync(path.join(root, 'index.html'), 'utf8').replaceAll('="./assets/', '="/assets/')
  app.get('/assets/*', (c) => {
    const file = path.resolve(root, `.${decodeURIComponent(c.req.path)}`)
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return c.json({ detail: 'Not Found' }, 404)
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    }
    if (!COMPRESSIBLE.has(path.extname(file))) return c.body(fs.readFileSync(file), 200, headers)
    // the window's code goes compressed where the browser takes it (its first screen: about a third of the bytes)
    const accepted = c.req.header('accept-encoding') ?? ''
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null
    headers.Vary = 'Accept-Encoding'
    if (!encoding) return c.body(fs.readFileSync(file), 200, headers)
    return c.body(new Uint8Array(compressedAsset(file, encoding)), 200, { ...headers, 'Content-Encoding': encoding })
  })
  const page = (c: Context<Env>) => {
    const token = c.req.query('token')
    if (token !== undefined) {
      const signedIn = core.sessions.redeem(token)
      if (!signedIn) return c.html(signInFailedPage, 401, { 'Cache-Control': 'no-store' })
      setCookie(c, SESSION_COOKIE, signedIn.session, { httpOnly: true, sameSite: 'Strict', path: '/', maxAge: signedIn.maxAgeSeconds })
      const clean = new URL(c.req.url)
      clean.searchParams.delete('token')
      c.header('Cache-Control', 'no-store')
      return c.redirect(`${clean.pathname}${clean.search}`, 303)
    }
    return c.html(indexHtml(), 200, { 'Cache-Control': 'no-store' })
  }
  app.get('/', page)
  for (const section of pagePaths) {
    app.get(`/${section}`, page)
    app.get(`/${section}/*`, page)
  }
  return { notFoundPage: (c: Context<Env>) => c.html(indexHtml(), 404, { 'Cache-Control': 'no-store' }) }
}

/** Paths of the API and the assets: never answered with the page. */
const API_PREFIXES = ['/v1/', '/v2/', '/public/', '/app/', '/assets/', '/openapi.json']

/** A browser's GET of a page path (it accepts HTML, and the path is not the API's). */
const openedInWindowPage =
  '<!doctype html><meta charset="utf-8"><title>Opened in Feedlens</title><body style="font-family:system-ui;margin:3em"><p>The article is open in the Feedlens window. You can close this tab.</p></body>'

function wantsPage(c: Context<Env>): boolean {
  if (c.req.method !== 'GET') return false
  if (API_PREFIXES.some((prefix) => c.req.path === prefix.replace(/\/$/, '') || c.req.path.startsWith(prefix))) return false
  return (c.req.header('accept') ?? '').includes('text/html')
}
