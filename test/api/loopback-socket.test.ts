import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHttpServer, type RunningServer } from '../../electron/core/http/server'
import { makeWorld, type TestWorld } from '../helpers/core'

describe('over a real loopback socket', () => {
  let world: TestWorld
  let server: RunningServer
  beforeAll(async () => {
    world = makeWorld()
    server = await startHttpServer(world.core, { port: 0 })
  })
  afterAll(async () => {
    await server.close()
    world.store.close()
  })

  it('binds 127.0.0.1 on a free port when asked for port 0', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.port).toBeGreaterThan(0)
  })

  it('serves /v1 with a key and /public without', async () => {
    const keyed = await fetch(`${server.url}/v1/trends?limit=5`, { headers: { 'X-API-Key': world.key } })
    expect(keyed.status).toBe(200)
    expect(keyed.headers.get('content-type')).toMatch(/application\/json/)
    expect(await keyed.json()).toEqual({ trends: [], total: 0, limit: 5, offset: 0 })
    const open = await fetch(`${server.url}/public/discover/volatility?country=us`)
    expect(await open.json()).toMatchObject({ country: 'US', granularity: 'day', window_days: 30, series: [] })
  })

  it('rejects a foreign Host header sent on the wire', async () => {
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/public/discover/volatility`, { headers: { Host: 'rebind.example:80' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })

  it('sets cabinet links to the address it listens on', () => {
    expect(world.core.appUrl).toBe(server.url)
  })

  /** Sends raw bytes and reads the whole answer (the server closes the connection). */
  const raw = (bytes: string) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.end(bytes))
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('error', reject)
      socket.on('close', () => {
        const [head, body] = text.split('\r\n\r\n') as [string, string]
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body })
      })
    })

  it('answers what Node refuses before any route (400, 431, 417) with a JSON {detail} body', async () => {
    const bad = await raw('GARBAGE\r\n\r\n')
    expect(bad.status).toBe(400)
    expect(bad.headers).toMatch(/Content-Type: application\/json/)
    expect(bad.headers).toMatch(/X-Content-Type-Options: nosniff/)
    expect(JSON.parse(bad.body)).toEqual({ detail: 'Bad request: it is not well-formed HTTP.' })
    const big = await raw(`GET /public/discover/volatility HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(big.status).toBe(431)
    expect(JSON.parse(big.body)).toEqual({ detail: 'Request headers too large.' })
    const expectation = await raw('GET /public/discover/volatility HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: tea\r\nConnection: close\r\n\r\n')
    expect(expectation.status).toBe(417)
    expect(JSON.parse(expectation.body)).toEqual({ detail: 'Expectation failed: only "Expect: 100-continue" is understood.' })
  })
})

describe('the keyless fast path of the loopback server', () => {
  it('sends the same answer again until the data changes, and keeps the host guard and the limit', async () => {
    const { Core } = await import('../../electron/core/core')
    const w = makeWorld()
    const core = new Core({ store: w.store, clock: w.now, publicRequestsPerMinute: 3 })
    const server = await startHttpServer(core, { port: 0 })
    try {
      const url = `${server.url}/public/discover/categories?limit=5`
      const first = await fetch(url)
      const second = await fetch(url)
      expect(second.status).toBe(200)
      expect(await second.text()).toBe(await first.text())
      expect(second.headers.get('x-content-type-options')).toBe('nosniff')
      expect(core.answers.get(core.publicBytesKey('/public/discover/categories?limit=5'))).toBeDefined()

      const { request } = await import('node:http')
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(url, { headers: { Host: 'rebind.example' } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end()
      })
      expect(status).toBe(403)

      w.store.changed()
      // the data moved: the kept bytes are stale until the app answers again
      expect(core.answers.get(core.publicBytesKey('/public/discover/categories?limit=5'))).toBeUndefined()
      expect((await fetch(url)).status).toBe(200)
      expect(core.answers.get(core.publicBytesKey('/public/discover/categories?limit=5'))).toBeDefined()
      const limited = await fetch(url)
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).not.toBeNull()
    } finally {
      await server.close()
      core.rateLimiter.close()
    }
  })
})
