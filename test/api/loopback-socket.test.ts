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

describe('the keyed fast path of the loopback server', () => {
  it('sends a key its own kept answer again, and still refuses a revoked key, a foreign host and a spent limit', async () => {
    const { vi } = await import('vitest')
    const { seedFixture } = await import('../helpers/fixture')
    const { createApiKey } = await import('../../electron/core/service/keys')
    const w = makeWorld()
    seedFixture(w.store, w.projectId)
    const germanOnly = createApiKey(w.store, { name: 'DE only', countries: ['DE'] }, w.now()).value
    const server = await startHttpServer(w.core, { port: 0 })
    const calls = vi.spyOn(w.core, 'call')
    const get = (path: string, key: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers: { 'X-API-Key': key, ...headers } })
    try {
      const first = await get('/v1/trends?limit=5', w.key)
      const again = await get('/v1/trends?limit=5', w.key)
      expect(again.status).toBe(200)
      expect(await again.text()).toBe(await first.text())
      expect(calls).toHaveBeenCalledTimes(1)
      // another key's markets make another answer: never the first key's bytes
      const german = (await (await get('/v1/trends?limit=5', germanOnly)).json()) as { total: number }
      expect(german.total).toBe(0)
      expect(calls).toHaveBeenCalledTimes(2)
      // tracking answers carry the request's time: always made anew
      await get(`/v1/tracking/lists/${'e1000000-0000-4000-8000-000000000001'}/metrics`, w.key)
      await get(`/v1/tracking/lists/${'e1000000-0000-4000-8000-000000000001'}/metrics`, w.key)
      expect(calls).toHaveBeenCalledTimes(4)

      const { request } = await import('node:http')
      const foreign = await new Promise<number>((resolve, reject) => {
        const req = request(`${server.url}/v1/trends?limit=5`, { headers: { Host: 'rebind.example', 'X-API-Key': w.key } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end()
      })
      expect(foreign).toBe(403)

      // a limit of the plan counts the requests the fast path answers too
      w.store.sqlite.prepare(`UPDATE plans SET requests_per_minute = 6 WHERE id = 'pro'`).run()
      w.store.changed()
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) statuses.push((await get('/v1/trends?limit=5', w.key)).status)
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
      expect(statuses.slice(-1)).toEqual([429])
      w.store.sqlite.prepare(`UPDATE plans SET requests_per_minute = NULL WHERE id = 'pro'`).run()
      w.store.changed()

      const keyId = w.store.apiKeys.all().find((k) => k.name === 'test key')!.id
      expect((await get('/v1/trends?limit=5', w.key)).status).toBe(200)
      w.store.apiKeys.revoke(keyId, w.now().toISOString())
      const revoked = await get('/v1/trends?limit=5', w.key)
      expect(revoked.status).toBe(401)
      expect(await revoked.json()).toEqual({ detail: 'This API key has been revoked.' })
    } finally {
      await server.close()
      w.core.close()
    }
  })
})

describe('a server bound to every interface (serve --host 0.0.0.0)', () => {
  /** GET with a Host header of the caller's choosing (fetch will not send one). */
  const getWithHost = async (url: string, host: string, cookie = '') => {
    const { request } = await import('node:http')
    return new Promise<{ status: number; location: string | undefined; cookie: string | undefined }>((resolve, reject) => {
      const req = request(url, { headers: { Host: host, ...(cookie ? { Cookie: cookie } : {}) } }, (res) => {
        res.resume()
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] })
      })
      req.on('error', reject)
      req.end()
    })
  }

  it('prints a sign-in link a browser on this machine can open, answers the machine\'s own names and no other', async () => {
    const { signInLink } = await import('../../electron/core/cli/link')
    const { hostsOfThisMachine, networkAddresses } = await import('../../electron/core/http/host-guard')
    const w = makeWorld()
    const { resolve } = await import('node:path')
    // the web UI as `npm test` builds it (the sign-in link opens a page of it)
    const server = await startHttpServer(w.core, { host: '0.0.0.0', port: 0, rendererDir: resolve(__dirname, '../../out/renderer') })
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
      expect(server.networkUrls).toEqual(networkAddresses().map((a) => `http://${a}:${server.port}`))
      // the link opens: its token signs in, and the session it sets opens the app's methods
      const link = new URL(signInLink(w.core, server.url))
      const signIn = await getWithHost(link.href, link.host)
      expect(signIn.status).toBe(303)
      expect(signIn.cookie).toMatch(/^feedlens_session=/)
      expect((await getWithHost(`${server.url}/app/status`, link.host, signIn.cookie)).status).toBe(200)
      // other machines reach it by this machine's addresses and name
      for (const name of hostsOfThisMachine()) expect((await getWithHost(`${server.url}/public/discover/volatility`, `${name}:${server.port}`)).status, name).toBe(200)
      // a name that is not this machine's may be a DNS-rebinding page
      expect((await getWithHost(`${server.url}/public/discover/volatility`, `rebind.example:${server.port}`)).status).toBe(403)
    } finally {
      await server.close()
      w.store.close()
    }
  })

  it('knows the machine by each interface\'s address (IPv6 in brackets) and its name, and offers the non-loopback IPv4 ones to others', async () => {
    const { hostsOfThisMachine, networkAddresses } = await import('../../electron/core/http/host-guard')
    const base = { netmask: '', mac: '00:00:00:00:00:00', cidr: null }
    const interfaces = {
      lo: [{ ...base, address: '127.0.0.1', family: 'IPv4' as const, internal: true }, { ...base, address: '::1', family: 'IPv6' as const, internal: true, scopeid: 0 }],
      eth0: [{ ...base, address: '192.168.1.20', family: 'IPv4' as const, internal: false }, { ...base, address: 'FE80::1C2', family: 'IPv6' as const, internal: false, scopeid: 2 }],
    }
    expect(hostsOfThisMachine(interfaces, 'Analyst-Laptop')).toEqual(['127.0.0.1', '[::1]', '192.168.1.20', '[fe80::1c2]', 'analyst-laptop', 'analyst-laptop.local'])
    expect(networkAddresses(interfaces)).toEqual(['192.168.1.20'])
  })
})
