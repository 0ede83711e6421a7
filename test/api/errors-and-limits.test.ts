import { describe, expect, it } from 'vitest'
import fs from 'node:fs'
import path from 'node:path'
import { validationTypes, type ValidationType } from '../../shared/contract/errors'
import { createApiKey } from '../../electron/core/service/keys'
import { makeWorld, tempDir } from '../helpers/core'

describe('error shapes', () => {
  it('answers 422 with loc ["query", name] for a wrong query value', async () => {
    const w = makeWorld()
    const cases: Array<[string, string, string]> = [
      ['/v1/trends?limit=0', 'limit', 'greater_than_equal'],
      ['/v1/trends?limit=201', 'limit', 'less_than_equal'],
      ['/v1/trends?limit=abc', 'limit', 'int_parsing'],
      ['/v1/trends?offset=-1', 'offset', 'greater_than_equal'],
      ['/v1/trends?state=boiling', 'state', 'enum'],
      ['/v1/trends?sort_order=up', 'sort_order', 'enum'],
      ['/v1/geo/regions?active_only=maybe', 'active_only', 'bool_parsing'],
      ['/v1/articles?date_from=yesterday', 'date_from', 'datetime_parsing'],
    ]
    for (const [url, name, type] of cases) {
      const res = await w.get(url)
      expect(res.status, url).toBe(422)
      const body = (await res.json()) as { detail: Array<{ loc: string[]; msg: string; type: string }> }
      expect(body.detail).toHaveLength(1)
      expect(body.detail[0]!.loc).toEqual(['query', name])
      expect(typeof body.detail[0]!.msg).toBe('string')
      expect(body.detail[0]!.type, url).toBe(type)
    }
  })

  it('sends every declared 422 type, each from a real request, and no other', async () => {
    const w = makeWorld()
    const bulk = (body: unknown) => w.post('/public/engine-profile/bulk', body)
    const app = (path: string, body: unknown) => w.post(path, body, w.session)
    const cases: Record<ValidationType, () => Promise<Response>> = {
      missing: () => w.get('/public/engine-profile', {}),
      json_invalid: () => bulk('{"domains": ['),
      int_parsing: () => w.get('/v1/trends?limit=abc'),
      bool_parsing: () => w.get('/v1/geo/regions?active_only=maybe'),
      datetime_parsing: () => w.get('/v1/articles?date_from=yesterday'),
      uuid_parsing: () => w.get('/v1/trends/not-a-uuid'),
      enum: () => w.get('/v1/trends?state=boiling'),
      string_pattern_mismatch: () => w.get('/v1/geo/regions/usa'),
      string_too_short: () => w.get('/public/engine-profile/query?q=z', {}),
      string_too_long: () => w.get(`/v1/articles?search=${'a'.repeat(501)}`),
      greater_than_equal: () => w.get('/v1/trends?limit=0'),
      less_than_equal: () => w.get('/v1/trends?limit=201'),
      too_short: () => bulk({ domains: [] }),
      too_long: () => bulk({ domains: Array.from({ length: 101 }, (_, i) => `d${i}.com`) }),
      string_type: () => bulk({ domains: [1] }),
      bool_type: () => app('/app/imports', { file_name: 'a.ndjson', content: 'x', strict: 'yes' }),
      int_type: () => app('/app/demo', { seed: 'x' }),
      list_type: () => bulk({ domains: 'example.com' }),
      dict_type: () => bulk([]),
      value_error: () => w.get('/public/engine-profile?domain=not%20a%20domain', {}),
    }
    expect(Object.keys(cases).sort()).toEqual([...validationTypes].sort())
    for (const [type, request] of Object.entries(cases)) {
      const res = await request()
      expect(res.status, type).toBe(422)
      const body = (await res.json()) as { detail: Array<{ type: string }> }
      expect(body.detail.map((d) => d.type), type).toContain(type)
      for (const d of body.detail) expect(validationTypes).toContain(d.type)
    }
  })

  it('lists in docs/contract-decisions.md exactly the 422 types the code declares', () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/contract-decisions.md'), 'utf8')
    const line = /\*\*422 `type` values\*\*:([^\n]*(?:\n {2}[^\n]*)*)/.exec(doc)?.[1] ?? ''
    const listed = [...line.matchAll(/`([a-z_]+)`/g)].map((m) => m[1])
    expect(listed.sort()).toEqual([...validationTypes].sort())
  })

  it('uses ["path", name] for path parameters and "missing" for required ones', async () => {
    const w = makeWorld()
    const res = await w.get('/v1/trends/not-a-uuid')
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({
      detail: [{ loc: ['path', 'trend_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }],
    })
    const missing = await w.get('/public/engine-profile', {})
    expect(missing.status).toBe(422)
    expect(await missing.json()).toEqual({ detail: [{ loc: ['query', 'domain'], msg: 'Field required', type: 'missing' }] })
  })

  it('uses ["body", ...] for bodies, including malformed JSON', async () => {
    const w = makeWorld()
    const tooMany = await w.post('/public/engine-profile/bulk', { domains: Array.from({ length: 101 }, (_, i) => `d${i}.com`) })
    expect(tooMany.status).toBe(422)
    expect(((await tooMany.json()) as { detail: Array<{ loc: unknown[] }> }).detail[0]!.loc).toEqual(['body', 'domains'])
    const broken = await w.post('/public/engine-profile/bulk', '{"domains": [')
    expect(broken.status).toBe(422)
    expect(await broken.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'JSON decode error: the body is not valid JSON', type: 'json_invalid' }],
    })
    const bad = await w.post('/public/engine-profile/bulk', { domains: ['ok.com', 'not a domain'] })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { detail: Array<{ loc: unknown[] }> }).detail[0]!.loc).toEqual(['body', 'domains', 1])
    // every refused item is named in the one answer
    const twoBad = await w.post('/public/engine-profile/bulk', { domains: ['not a domain', 'ok.com', 'nor this'] })
    expect(((await twoBad.json()) as { detail: Array<{ loc: unknown[] }> }).detail.map((d) => d.loc)).toEqual([
      ['body', 'domains', 0],
      ['body', 'domains', 2],
    ])
  })

  it('answers unknown paths with 404 {detail: "Not Found"} and wrong methods with 405', async () => {
    const w = makeWorld()
    const res = await w.get('/v1/does-not-exist')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ detail: 'Not Found' })
    const wrongMethod = await w.post('/v1/trends', {}, { 'X-API-Key': w.key })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('GET')
  })

  it('answers 404 {detail} for an unknown trend and 200 with [] for an unknown theme', async () => {
    const w = makeWorld()
    const id = '22222222-2222-4222-8222-222222222222'
    const trend = await w.get(`/v1/trends/${id}`)
    expect(trend.status).toBe(404)
    expect(await trend.json()).toEqual({ detail: `Trend ${id} not found` })
    const topics = await w.get(`/v1/themes/${id}/topics`)
    expect(topics.status).toBe(200)
    expect(await topics.json()).toEqual({ theme_id: id, topics: [] })
  })

  it('answers an unexpected failure with 500 {detail} and no stack trace', async () => {
    const w = makeWorld()
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      w.store.close()
      const res = await w.get('/v1/trends')
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ detail: 'Internal server error' })
      expect(text).not.toMatch(/at .*\.ts/)
      expect(errors).toHaveLength(1)
    } finally {
      console.error = original
    }
  })
})

describe('loopback hardening', () => {
  it('rejects a Host header that is not a loopback name (DNS rebinding)', async () => {
    const w = makeWorld()
    const res = await w.app.request('http://attacker.example/public/discover/volatility')
    expect(res.status).toBe(403)
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      expect((await w.app.request(`http://${host}/public/discover/volatility`)).status).toBe(200)
    }
  })

  it('sends no CORS headers unless enabled', async () => {
    const closed = makeWorld()
    const res = await closed.get('/public/discover/volatility', { Origin: 'http://example.com' })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const open = makeWorld({ http: { cors: true } })
    const res2 = await open.get('/public/discover/volatility', { Origin: 'http://example.com' })
    expect(res2.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('request limits', () => {
  it('answers 429 with Retry-After past the plan limit per minute, then lets the next minute through', async () => {
    const w = makeWorld()
    w.store.sqlite.prepare(`UPDATE plans SET requests_per_minute = 3 WHERE id = 'pro'`).run()
    const fresh = createApiKey(w.store, { name: 'limited', projectId: w.projectId }, w.now())
    const headers = { 'X-API-Key': fresh.value }
    w.setNow(new Date('2026-11-20T12:00:15Z'))
    for (let i = 0; i < 3; i++) expect((await w.get('/v1/trends', headers)).status).toBe(200)
    const limited = await w.get('/v1/trends', headers)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('45')
    expect(((await limited.json()) as { detail: string }).detail).toMatch(/3 requests per minute/)
    w.setNow(new Date('2026-11-20T12:01:00Z'))
    expect((await w.get('/v1/trends', headers)).status).toBe(200)
  })

  it('counts the plan\'s per-minute limit per project: every key of the project shares it (internal keys count alone)', async () => {
    const w = makeWorld()
    w.store.sqlite.prepare(`UPDATE plans SET requests_per_minute = 4 WHERE id = 'pro'`).run()
    const keys = [0, 1, 2].map((i) => ({ 'X-API-Key': createApiKey(w.store, { name: `k${i}`, projectId: w.projectId }, w.now()).value }))
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await w.get('/v1/trends', keys[i % 3])).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    const limited = await w.get('/v1/trends', keys[2])
    expect(((await limited.json()) as { detail: string }).detail).toBe(
      "Request limit exceeded: 4 requests per minute for the project's Pro plan. Retry after 60 seconds.",
    )
    // an internal key is not tied to the project: its own counters
    const internal = { 'X-API-Key': createApiKey(w.store, { name: 'internal', internal: true }, w.now()).value }
    expect((await w.get('/v1/trends', internal)).status).toBe(200)
  })

  it('keeps the counters across a restart', async () => {
    const file = path.join(tempDir(), 'feedlens.db')
    const first = makeWorld({ file })
    first.store.sqlite.prepare(`UPDATE plans SET requests_per_minute = 2 WHERE id = 'pro'`).run()
    expect((await first.get('/v1/trends')).status).toBe(200)
    expect((await first.get('/v1/trends')).status).toBe(200)
    first.core.close()
    const second = makeWorld({ file })
    const res = await second.get('/v1/trends', { 'X-API-Key': first.key })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    second.store.close()
  })

  it('counts the monthly quota too', async () => {
    const w = makeWorld()
    w.store.sqlite.prepare(`UPDATE plans SET requests_per_month = 2 WHERE id = 'pro'`).run()
    expect((await w.get('/v1/trends')).status).toBe(200)
    w.setNow(new Date('2026-11-20T12:05:00Z'))
    expect((await w.get('/v1/trends')).status).toBe(200)
    w.setNow(new Date('2026-11-20T12:10:00Z'))
    const res = await w.get('/v1/trends')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe(String((Date.parse('2026-12-01T00:00:00Z') - Date.parse('2026-11-20T12:10:00Z')) / 1000))
  })

  it('limits the keyless methods with one bucket for all local clients', async () => {
    const w = makeWorld()
    const { Core } = await import('../../electron/core/core')
    const { createHttpApp } = await import('../../electron/core/http/app')
    const core = new Core({ store: w.store, clock: w.now, publicRequestsPerMinute: 2 })
    const app = createHttpApp(core)
    expect((await app.request('http://127.0.0.1/public/discover/volatility')).status).toBe(200)
    expect((await app.request('http://127.0.0.1/public/discover/categories')).status).toBe(200)
    const res = await app.request('http://127.0.0.1/public/discover/volatility')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('60')
  })
})
