import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import fs from 'node:fs'
import path from 'node:path'
import { routes, type RouteDef, type RouteId } from '../../../shared/contract/routes'
import { authenticateApiKey } from '../auth/authenticate'
import { sameSecret } from '../auth/api-keys'
import type { Core } from '../core'
import type { RateLimitRule } from '../limits/rate-limiter'
import type { Principal } from '../service/context'
import { ApiError, errorBody, ValidationApiError } from '../service/errors'
import { isLoopbackHost } from './host-guard'
import { buildOpenApiDocument } from './openapi'
import { queryRecord, toValidationIssues } from './validation'

export const SESSION_HEADER = 'x-feedlens-session'
const MAX_BODY_BYTES = 1024 * 1024

export interface HttpAppOptions {
  /** Extra Host names to accept (for a non-loopback --host). */
  allowedHosts?: string[]
  /** Adds CORS headers (off by default). */
  cors?: boolean
  /** The built renderer, served at / in web mode. */
  rendererDir?: string | null
  /** Called with method and path (never the query string) of each request. */
  log?: (line: string) => void
}

const toHonoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1')

/**
 * The loopback HTTP transport: the contract's /v1 and /public methods, the app's /app
 * methods, /openapi.json and the web UI. No domain logic here: every route calls the core.
 */
export function createHttpApp(core: Core, options: HttpAppOptions = {}) {
  const app = new Hono()
  const extraHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()))
  const touched = new Map<string, number>()

  app.use('*', async (c, next) => {
    const hostname = new URL(c.req.url).hostname
    if (!isLoopbackHost(hostname) && !extraHosts.has(hostname.toLowerCase())) {
      return c.json({ detail: `Host "${hostname}" is not allowed: Feedlens answers loopback names only.` }, 403)
    }
    options.log?.(`${c.req.method} ${c.req.path}`)
    // Headers go on before the handler builds its response: changing a built response would
    // push @hono/node-server off its fast path (a full Response object, a streamed body).
    if (options.cors) {
      c.header('Access-Control-Allow-Origin', '*')
      c.header('Access-Control-Allow-Headers', 'X-API-Key, Authorization, Content-Type')
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
    }
    c.header('X-Content-Type-Options', 'nosniff')
    await next()
  })

  if (options.cors) app.options('*', (c) => c.body(null, 204))

  // Keep the bytes of successful keyless GET answers for the server's fast path (http/server.ts).
  app.use('/public/*', async (c, next) => {
    const version = core.store.version
    await next()
    if (c.req.method !== 'GET' || c.res.status !== 200) return
    const url = new URL(c.req.url)
    const body = Buffer.from(await c.res.clone().arrayBuffer())
    if (core.publicResponses.size >= 2000) core.publicResponses.clear()
    core.publicResponses.set(url.pathname + url.search, {
      version,
      hour: Math.floor(core.now().getTime() / 3_600_000),
      body,
      headers: { ...Object.fromEntries(c.res.headers.entries()), 'content-length': body.length },
    })
  })

  const hasSession = (c: Context) => {
    const token = c.req.header(SESSION_HEADER)
    return token !== undefined && sameSecret(token, core.sessionToken)
  }

  const principalFor = (c: Context, def: RouteDef, queryNames: string[]): Principal => {
    if (def.access === 'public') return { kind: 'anonymous' }
    if (def.access === 'app') {
      if (!hasSession(c)) throw new ApiError(401, 'This method belongs to the Feedlens app and needs its session; API keys are not accepted here.')
      const origin = c.req.header('origin')
      if (origin && new URL(origin).host !== new URL(c.req.url).host) throw new ApiError(403, 'Cross-origin requests are not accepted.')
      return core.appPrincipal()
    }
    if (hasSession(c) && !c.req.header('x-api-key') && !c.req.header('authorization')) return core.appPrincipal()
    return authenticateApiKey(core.store, { apiKey: c.req.header('x-api-key') ?? null, authorization: c.req.header('authorization') ?? null }, queryNames)
  }

  const enforceLimits = (principal: Principal) => {
    const now = core.now()
    let subject: string
    let rules: RateLimitRule[]
    let what: string
    if (principal.kind === 'project-key' || principal.kind === 'internal-key') {
      subject = `key:${principal.keyId}`
      rules = [
        { window: 'minute', limit: principal.plan.requestsPerMinute },
        { window: 'month', limit: principal.plan.requestsPerMonth },
      ]
      what = `the ${principal.plan.name} plan`
      const last = touched.get(principal.keyId) ?? 0
      if (now.getTime() - last > 60_000) {
        core.store.apiKeys.touch(principal.keyId, now.toISOString())
        touched.set(principal.keyId, now.getTime())
      }
    } else if (principal.kind === 'anonymous') {
      subject = 'public'
      rules = [{ window: 'minute', limit: core.publicRequestsPerMinute }]
      what = 'the keyless methods of this Feedlens'
    } else {
      return
    }
    const decision = core.rateLimiter.check(subject, rules, now)
    if (!decision.allowed) {
      throw new ApiError(
        429,
        `Request limit exceeded: ${decision.limit} requests per ${decision.window} for ${what}. Retry after ${decision.retryAfterSeconds} seconds.`,
        { 'Retry-After': String(decision.retryAfterSeconds) },
      )
    }
  }

  const parse = async (c: Context, def: RouteDef) => {
    const issues = []
    const rawQuery = queryRecord(c.req.queries())
    const query = def.query?.safeParse(rawQuery)
    if (query && !query.success) issues.push(...toValidationIssues('query', query.error, rawQuery))
    const rawParams = c.req.param() as Record<string, string>
    const params = def.params?.safeParse(rawParams)
    if (params && !params.success) issues.push(...toValidationIssues('path', params.error, rawParams))
    let body: { success: boolean; data?: unknown } | undefined
    if (def.body) {
      let raw: unknown
      try {
        raw = JSON.parse((await c.req.text()) || 'null')
      } catch {
        throw new ValidationApiError([{ loc: ['body'], msg: 'JSON decode error: the body is not valid JSON', type: 'json_invalid' }])
      }
      if (raw === null) {
        issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' })
        body = { success: false }
      } else {
        const parsed = def.body.safeParse(raw)
        if (!parsed.success) issues.push(...toValidationIssues('body', parsed.error, raw))
        body = parsed
      }
    }
    if (issues.length > 0) throw new ValidationApiError(issues)
    return { query: query?.success ? query.data : {}, params: params?.success ? params.data : undefined, body: body?.data }
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
      const principal = principalFor(c, def, Object.keys(c.req.queries()))
      enforceLimits(principal)
      const input = await parse(c, def)
      // The handler map is keyed by route id; the input was validated by that route's own schemas.
      const result = core.call(id, principal, input as never)
      return c.json(result as object)
    })
  }
  for (const [honoPath, methods] of byPath) {
    app.all(honoPath, (c) => c.json({ detail: 'Method Not Allowed' }, 405, { Allow: methods.join(', ') }))
  }

  app.get('/openapi.json', (c) => c.json(buildOpenApiDocument()))

  if (options.rendererDir) mountWebUi(app, core, options.rendererDir)

  app.notFound((c) => c.json({ detail: 'Not Found' }, 404))
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
      return c.json(errorBody(error) as object, error.status as 400)
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

/** Serves the built renderer; the page carries the app session so the web UI can call /app. */
function mountWebUi(app: Hono, core: Core, rendererDir: string) {
  const root = path.resolve(rendererDir)
  const indexHtml = () =>
    fs
      .readFileSync(path.join(root, 'index.html'), 'utf8')
      .replace("<head>", `<head>\n    <base href="/" />\n    <meta name="feedlens-session" content="${core.sessionToken}" />`)
  app.get('/assets/*', (c) => {
    const file = path.resolve(root, `.${decodeURIComponent(c.req.path)}`)
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return c.json({ detail: 'Not Found' }, 404)
    return c.body(fs.readFileSync(file), 200, {
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  })
  const page = (c: Context) => c.html(indexHtml(), 200, { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
  app.get('/', page)
  for (const section of ['trends', 'tracking', 'signals', 'articles', 'article', 'geography', 'publishers', 'settings']) {
    app.get(`/${section}`, page)
    app.get(`/${section}/*`, page)
  }
}
