import { getRequestListener } from '@hono/node-server'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Core } from '../core'
import { createHttpApp, type HttpAppOptions } from './app'
import { FastPath } from './fast-path'
import { hostsOfThisMachine, isWildcardHost, networkAddresses } from './host-guard'
import { SECURITY_HEADERS } from './security-headers'
import { DEFAULT_HOST, DEFAULT_PORT } from '../serve-defaults'

export { DEFAULT_HOST, DEFAULT_PORT }

export interface ServeOptions extends HttpAppOptions {
  host?: string
  port?: number
}

export interface RunningServer {
  /** where a browser on this machine opens it (127.0.0.1 when bound to every interface: 0.0.0.0 is no address to open) */
  url: string
  port: number
  /** bound to every interface: its addresses on the machine's networks, for other machines */
  networkUrls: string[]
  close(): Promise<void>
}

/** A whole HTTP/1.1 answer with a JSON body, written straight to a socket (no request object exists). */
function rawJsonResponse(status: number, body: unknown): string {
  const text = JSON.stringify(body)
  const headers = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...SECURITY_HEADERS, Connection: 'close' }
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${text}`
}

/** Listens on the loopback interface (port 0 takes any free port) and resolves once ready. */
export function startHttpServer(core: Core, options: ServeOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST
  const wildcard = isWildcardHost(host)
  const allowedHosts = [
    ...(options.allowedHosts ?? []),
    ...(wildcard ? hostsOfThisMachine() : host === DEFAULT_HOST || host === 'localhost' ? [] : [host.includes(':') && !host.startsWith('[') ? `[${host}]` : host]),
  ]
  const app = createHttpApp(core, { ...options, allowedHosts })
  const listener = getRequestListener(app.fetch)
  const fast = options.log ? null : new FastPath(core, new Set(allowedHosts.map((h) => h.toLowerCase())))

  return new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      if (!fast?.answer(req, res)) void listener(req, res)
    })
    server.on('error', reject)
    // Answers Node gives before any route runs (a malformed request, headers too large, an
    // Expect it does not know) carry the contract's {detail} body too.
    server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy()
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
      const detail =
        status === 431
          ? 'Request headers too large.'
          : status === 408
            ? 'The request took too long to arrive.'
            : 'Bad request: it is not well-formed HTTP.'
      socket.end(rawJsonResponse(status, { detail }))
    })
    server.on('checkExpectation', (_req, res: http.ServerResponse) => {
      const body = JSON.stringify({ detail: 'Expectation failed: only "Expect: 100-continue" is understood.' })
      res.writeHead(417, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...SECURITY_HEADERS })
      res.end(body)
    })
    // Responses go out at once (no Nagle delay waiting for the client's acknowledgement).
    server.on('connection', (socket) => socket.setNoDelay(true))
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      const info = server.address() as AddressInfo
      const shownHost = wildcard ? DEFAULT_HOST : info.family === 'IPv6' ? `[${info.address}]` : info.address
      const url = `http://${shownHost}:${info.port}`
      core.appUrl = url
      const networkUrls = wildcard ? networkAddresses().map((address) => `http://${address}:${info.port}`) : []
      resolve({ url, port: info.port, networkUrls, close: () => new Promise<void>((done) => server.close(() => done())) })
    })
  })
}
