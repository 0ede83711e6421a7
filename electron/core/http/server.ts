import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import type { Core } from '../core'
import { createHttpApp, type HttpAppOptions } from './app'

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
  return new Promise((resolve, reject) => {
    let server: ServerType
    try {
      server = serve({ fetch: app.fetch, hostname: host, port: options.port ?? DEFAULT_PORT }, (info: AddressInfo) => {
        const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address
        const url = `http://${shownHost}:${info.port}`
        core.appUrl = url
        resolve({
          url,
          port: info.port,
          close: () => new Promise<void>((done) => server.close(() => done())),
        })
      })
      server.on('error', reject)
    } catch (error) {
      reject(error)
    }
  })
}
