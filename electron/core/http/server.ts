import { getRequestListener } from '@hono/node-server'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Core } from '../core'
import { createHttpApp, type HttpAppOptions } from './app'
import { isLoopbackHost } from './host-guard'

export interface ServeOptions extends HttpAppOptions {
  host?: string
  port?: number
}

export interface RunningServer {
  url: string
  port: number
  close(): Promise<void>
}

export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 8737

/** Listens on the loopback interface (port 0 takes any free port) and resolves once ready. */
export function startHttpServer(core: Core, options: ServeOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST
  const allowedHosts = [...(options.allowedHosts ?? []), ...(host === DEFAULT_HOST || host === 'localhost' ? [] : [host])]
  const app = createHttpApp(core, { ...options, allowedHosts })
  const listener = getRequestListener(app.fetch)
  const extraHosts = new Set(allowedHosts.map((h) => h.toLowerCase()))
  const publicRule = [{ window: 'minute' as const, limit: core.publicRequestsPerMinute }]

  // Fast path: a keyless GET whose exact answer the app produced for the current data is sent
  // again as it is; the host guard and the keyless rate limit apply as in the app.
  const fast = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (req.method !== 'GET' || !req.url?.startsWith('/public/') || options.log) return false
    const cached = core.publicResponses.get(req.url)
    const now = core.now()
    if (!cached || cached.version !== core.store.version || cached.hour !== Math.floor(now.getTime() / 3_600_000)) return false
    const rawHost = req.headers.host ?? ''
    const colon = rawHost.lastIndexOf(':')
    const hostname = (colon > rawHost.lastIndexOf(']') ? rawHost.slice(0, colon) : rawHost).toLowerCase()
    if (!isLoopbackHost(hostname) && !extraHosts.has(hostname)) return false
    if (!core.rateLimiter.check('public', publicRule, now).allowed) return false
    res.writeHead(200, cached.headers)
    res.end(cached.body)
    return true
  }

  return new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      if (!fast(req, res)) void listener(req, res)
    })
    server.on('error', reject)
    // Responses go out at once (no Nagle delay waiting for the client's acknowledgement).
    server.on('connection', (socket) => socket.setNoDelay(true))
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      const info = server.address() as AddressInfo
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address
      const url = `http://${shownHost}:${info.port}`
      core.appUrl = url
      resolve({ url, port: info.port, close: () => new Promise<void>((done) => server.close(() => done())) })
    })
  })
}
