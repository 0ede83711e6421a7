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
})
