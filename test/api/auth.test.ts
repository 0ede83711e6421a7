import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../electron/core/http/security-headers'
import { createApiKey } from '../../electron/core/service/keys'
import { makeWorld, tempDir } from '../helpers/core'

describe('API key authentication', () => {
  it('accepts the key in X-API-Key', async () => {
    const w = makeWorld()
    const res = await w.get('/v1/trends', { 'X-API-Key': w.key })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ trends: [], total: 0, limit: 50, offset: 0 })
  })

  it('accepts the key as Authorization: Bearer', async () => {
    const w = makeWorld()
    const res = await w.get('/v1/trends', { Authorization: `Bearer ${w.key}` })
    expect(res.status).toBe(200)
  })

  it('answers 400 with a clear detail when both headers are sent', async () => {
    const w = makeWorld()
    const res = await w.get('/v1/trends', { 'X-API-Key': w.key, Authorization: `Bearer ${w.key}` })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { detail: string }
    expect(body.detail).toMatch(/one header only/)
  })

  it('answers 401 when no key is sent', async () => {
    const w = makeWorld()
    const res = await w.get('/v1/trends', {})
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ detail: 'Missing API key. Send it in the X-API-Key header (or Authorization: Bearer).' })
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
  })

  it('does not accept a key in the query string, and says so', async () => {
    const w = makeWorld()
    for (const name of ['api_key', 'key', 'apikey', 'token']) {
      const res = await w.get(`/v1/trends?${name}=${w.key}`, {})
      expect(res.status).toBe(401)
      const body = (await res.json()) as { detail: string }
      expect(body.detail).toMatch(/not accepted in the URL/)
      expect(body.detail).not.toContain(w.key)
    }
  })

  it('never logs the query string (a key put there stays out of the log)', async () => {
    const lines: string[] = []
    const w = makeWorld({ http: { log: (l) => lines.push(l) } })
    await w.get(`/v1/trends?api_key=${w.key}`, {})
    expect(lines).toEqual(['GET /v1/trends'])
  })

  it('answers 401 for a wrong key and for a revoked key', async () => {
    const w = makeWorld()
    expect((await w.get('/v1/trends', { 'X-API-Key': 'fl_not-a-real-key' })).status).toBe(401)
    const extra = createApiKey(w.store, { name: 'to revoke', projectId: w.projectId }, w.now())
    expect((await w.get('/v1/trends', { 'X-API-Key': extra.value })).status).toBe(200)
    w.store.apiKeys.revoke(extra.key.id, w.now().toISOString())
    const res = await w.get('/v1/trends', { 'X-API-Key': extra.value })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ detail: 'This API key has been revoked.' })
  })

  it('answers 401 for an Authorization header that is not Bearer', async () => {
    const w = makeWorld()
    const res = await w.get('/v1/trends', { Authorization: `Basic ${w.key}` })
    expect(res.status).toBe(401)
  })

  it('stores keys hashed: the value appears nowhere in the store', () => {
    const w = makeWorld()
    const dump = JSON.stringify(w.store.sqlite.prepare('SELECT * FROM api_keys').all())
    expect(dump).not.toContain(w.key)
    expect(dump).toContain(w.key.slice(0, 9))
  })

  it('needs no key for /public methods', async () => {
    const w = makeWorld()
    const res = await w.get('/public/discover/categories', {})
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ country: 'all', window_hours: 24, generated_at: expect.any(String), categories: [] })
  })

  it('gives tracking methods 403 project_key_required for an internal key', async () => {
    const w = makeWorld()
    const internal = createApiKey(w.store, { name: 'internal', internal: true }, w.now())
    const res = await w.get('/v1/tracking/lists', { 'X-API-Key': internal.value })
    expect(res.status).toBe(403)
    const body = (await res.json()) as { detail: { code: string; message: string } }
    expect(body.detail.code).toBe('project_key_required')
    expect(typeof body.detail.message).toBe('string')
  })

  it('honours project_id on the list index for internal keys only', async () => {
    const w = makeWorld()
    const internal = createApiKey(w.store, { name: 'internal', internal: true }, w.now())
    const ok = await w.get(`/v1/tracking/lists?project_id=${w.projectId}`, { 'X-API-Key': internal.value })
    expect(ok.status).toBe(200)
    const other = '00000000-0000-4000-8000-000000000000'
    const ignored = await w.get(`/v1/tracking/lists?project_id=${other}`, { 'X-API-Key': w.key })
    expect(ignored.status).toBe(200)
    const body = (await ignored.json()) as { usage: { entity: { limit: number } } }
    expect(body.usage.entity.limit).toBe(500)
  })

  it('limits a key to its countries: a closed market gives 403', async () => {
    const w = makeWorld({ regions: ['US', 'DE'] })
    const usOnly = createApiKey(w.store, { name: 'US only', projectId: w.projectId, countries: ['US'] }, w.now())
    const open = await w.get('/v1/geo/regions/us', { 'X-API-Key': usOnly.value })
    expect(open.status).toBe(200)
    const closed = await w.get('/v1/geo/regions/DE', { 'X-API-Key': usOnly.value })
    expect(closed.status).toBe(403)
    expect(((await closed.json()) as { detail: string }).detail).toMatch(/DE/)
    const list = (await (await w.get('/v1/geo/regions', { 'X-API-Key': usOnly.value })).json()) as { regions: Array<{ alpha_2: string }> }
    expect(list.regions.map((r) => r.alpha_2)).toEqual(['US'])
  })

  it('gives a key whose countries are all unavailable 403 market_not_entitled on tracking methods', async () => {
    const w = makeWorld({ regions: ['US'] })
    w.store.sqlite.prepare(`INSERT INTO regions (alpha_2, alpha_3, name, languages) VALUES ('FR', 'FRA', 'France', '[]')`).run()
    const frOnly = createApiKey(w.store, { name: 'FR', projectId: w.projectId, countries: ['FR'] }, w.now())
    w.store.sqlite.prepare(`DELETE FROM regions WHERE alpha_2 = 'FR'`).run()
    const listId = '11111111-1111-4111-8111-111111111111'
    w.store.sqlite
      .prepare(`INSERT INTO tracking_lists (id, project_id, kind, name, updated_at) VALUES (?, ?, 'entity', 'L', ?)`)
      .run(listId, w.projectId, w.now().toISOString())
    const res = await w.get(`/v1/tracking/lists/${listId}/metrics`, { 'X-API-Key': frOnly.value })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { detail: { code: string } }).detail.code).toBe('market_not_entitled')
  })

  it('refuses keyed methods for a project on the Start plan (API access is part of Pro)', async () => {
    const w = makeWorld()
    const internal = createApiKey(w.store, { name: 'x', projectId: w.projectId }, w.now())
    w.store.sqlite.prepare(`UPDATE projects SET plan_id = 'start'`).run()
    const res = await w.get('/v1/trends', { 'X-API-Key': internal.value })
    expect(res.status).toBe(403)
    expect(((await res.json()) as { detail: string }).detail).toMatch(/Pro plan/)
  })
})

describe('the app session', () => {
  it('reaches /app methods with the session cookie and /v1 methods as the project', async () => {
    const w = makeWorld()
    const status = await w.get('/app/status', w.session)
    expect(status.status).toBe(200)
    expect(((await status.json()) as { project: { name: string } }).project.name).toBe('Test project')
    expect((await w.get('/v1/tracking/lists', w.session)).status).toBe(200)
  })

  it('refuses /app methods to API keys and to requests without the session', async () => {
    const w = makeWorld()
    expect((await w.get('/app/keys', { 'X-API-Key': w.key })).status).toBe(401)
    expect((await w.get('/app/keys', {})).status).toBe(401)
    expect((await w.get('/app/keys', { cookie: 'feedlens_session=guess' })).status).toBe(401)
    // the session is not a header any more: the page carries no secret to copy into one
    expect((await w.get('/app/keys', { 'x-feedlens-session': 'guess' })).status).toBe(401)
  })

  it('refuses /app requests from another origin', async () => {
    const w = makeWorld()
    const res = await w.get('/app/keys', { ...w.session, Origin: 'http://evil.example' })
    expect(res.status).toBe(403)
  })

  it('creates a key whose value is returned once and never listed', async () => {
    const w = makeWorld()
    const created = await w.post('/app/keys', { name: 'script', countries: ['us'] }, w.session)
    expect(created.status).toBe(200)
    const body = (await created.json()) as { value: string; key: { id: string; countries: string[]; prefix: string } }
    expect(body.value).toMatch(/^fl_[A-Za-z0-9_-]{43}$/)
    expect(body.key.countries).toEqual(['US'])
    expect(body.value.startsWith(body.key.prefix)).toBe(true)
    const listed = await (await w.get('/app/keys', w.session)).text()
    expect(listed).not.toContain(body.value)
    expect((await w.get('/v1/trends', { 'X-API-Key': body.value })).status).toBe(200)
    const revoked = await w.post(`/app/keys/${body.key.id}/revoke`, {}, w.session)
    expect(revoked.status).toBe(200)
    expect((await w.get('/v1/trends', { 'X-API-Key': body.value })).status).toBe(401)
  })

  it('enforces 10 active keys per project on the Pro plan', async () => {
    const w = makeWorld()
    for (let i = 0; i < 9; i++) createApiKey(w.store, { name: `k${i}`, projectId: w.projectId }, w.now())
    const res = await w.post('/app/keys', { name: 'eleventh' }, w.session)
    expect(res.status).toBe(409)
    expect(((await res.json()) as { detail: string }).detail).toMatch(/10 active keys/)
  })
})

describe('web sign-in (item 3 of the trust issue)', () => {
  const renderer = tempDir()
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><html><head><title>Feedlens</title></head><body></body></html>')

  it('serves a page that carries no secret, and /v1 and /app refuse a process that only reaches the port', async () => {
    const w = makeWorld({ http: { rendererDir: renderer } })
    const page = await w.get('/', {})
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toMatch(/session|token/i)
    expect(page.headers.get('set-cookie')).toBeNull()
    expect((await w.get('/v1/trends', {})).status).toBe(401)
    expect((await w.get('/app/keys', {})).status).toBe(401)
    expect((await w.post('/app/keys', { name: 'stolen' }, {})).status).toBe(401)
  })

  it('trades a one-time link for an HttpOnly SameSite=Strict cookie and redirects to the clean URL', async () => {
    const w = makeWorld({ http: { rendererDir: renderer } })
    const token = w.core.sessions.createLoginToken()
    const res = await w.get(`/trends?token=${token}&sort_by=article_count`, {})
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/trends?sort_by=article_count')
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^feedlens_session=[A-Za-z0-9_-]{43};/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\//)
    const session = { cookie: cookie.split(';')[0]! }
    expect((await w.get('/app/status', session)).status).toBe(200)
    expect((await w.get('/v1/trends', session)).status).toBe(200)
    // the link works once
    const again = await w.get(`/?token=${token}`, {})
    expect(again.status).toBe(401)
    expect(again.headers.get('set-cookie')).toBeNull()
    expect(await again.text()).toMatch(/feedlens link/)
  })

  it('keeps sign-in tokens and sessions in the store as hashes only, so a session outlives a restart', async () => {
    const file = path.join(tempDir(), 'feedlens.db')
    const first = makeWorld({ file })
    const token = first.core.sessions.createLoginToken()
    const session = first.core.sessions.redeem(token)!.session
    const dump = JSON.stringify(first.store.sqlite.prepare('SELECT * FROM app_sessions').all())
    expect(dump).not.toContain(token)
    expect(dump).not.toContain(session)
    first.core.close()
    const second = makeWorld({ file })
    expect((await second.get('/app/status', { cookie: `feedlens_session=${session}` })).status).toBe(200)
    second.store.close()
  })

  it('refuses an expired sign-in link', async () => {
    const w = makeWorld({ http: { rendererDir: renderer } })
    const token = w.core.sessions.createLoginToken()
    w.setNow(new Date(w.now().getTime() + 25 * 3_600_000))
    expect((await w.get(`/?token=${token}`, {})).status).toBe(401)
  })

  it('never honours the session from another origin, with --cors too', async () => {
    const w = makeWorld({ http: { cors: true } })
    const res = await w.get('/v1/trends', { ...w.session, Origin: 'https://evil.example' })
    expect(res.status).toBe(401)
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect((await w.get('/v1/trends', { ...w.session, Origin: 'http://127.0.0.1' })).status).toBe(200)
  })

  it('answers a malformed Origin with 400, not 500', async () => {
    const w = makeWorld()
    for (const origin of ['null', 'not a url', '%']) {
      const res = await w.get('/app/status', { ...w.session, Origin: origin })
      expect(res.status, origin).toBe(400)
      expect(await res.json()).toEqual({ detail: 'The Origin header is not a valid origin.' })
    }
  })
})

describe('framing and sniffing (item 4 of the trust issue)', () => {
  const expectHeaders = (res: Response, what: string) => {
    expect(res.headers.get('content-security-policy'), what).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-frame-options'), what).toBe('DENY')
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff')
  }

  it('sends CSP with frame-ancestors none, X-Frame-Options DENY and nosniff on every answer', async () => {
    const renderer = tempDir()
    fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    const w = makeWorld({ http: { rendererDir: renderer } })
    expectHeaders(await w.get('/', {}), 'page')
    expectHeaders(await w.get('/v1/trends'), 'keyed 200')
    expectHeaders(await w.get('/v1/trends', {}), '401')
    expectHeaders(await w.get('/public/discover/volatility', {}), 'keyless')
    expectHeaders(await w.get('/v1/trends?limit=0'), '422')
    expectHeaders(await w.get('/nowhere', {}), '404')
    expectHeaders(await w.app.request('http://attacker.example/public/discover/volatility'), 'host guard 403')
  })

  it('keeps the page\'s meta policy the same as the header, less frame-ancestors', () => {
    const html = fs.readFileSync(path.resolve(__dirname, '../../renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1]
    expect(meta).toBe(CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", ''))
  })
})

describe('malformed URLs (item 13 of the trust issue)', () => {
  it('answers bad percent-escapes with 400 {detail}', async () => {
    const renderer = tempDir()
    fs.writeFileSync(path.join(renderer, 'index.html'), '<html><head></head></html>')
    const w = makeWorld({ http: { rendererDir: renderer } })
    for (const url of ['/assets/%', '/assets/%E0%A4%A', '/v1/trends/%zz']) {
      const res = await w.get(url)
      expect(res.status, url).toBeLessThan(500)
      expect(typeof ((await res.json()) as { detail: unknown }).detail, url).not.toBe('undefined')
    }
    const bad = await w.get('/assets/%')
    expect(bad.status).toBe(400)
  })

  it('serves the window\'s code compressed where the browser takes it (brotli, else gzip), as it is otherwise', async () => {
    const renderer = tempDir()
    fs.mkdirSync(path.join(renderer, 'assets'))
    fs.writeFileSync(path.join(renderer, 'index.html'), '<html><head></head></html>')
    const code = `export const answer = ${JSON.stringify('the window '.repeat(2000))}\n`
    fs.writeFileSync(path.join(renderer, 'assets', 'index-abc123.js'), code)
    fs.writeFileSync(path.join(renderer, 'assets', 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    const w = makeWorld({ http: { rendererDir: renderer } })
    const asset = (name: string, encoding?: string) => w.app.request(`http://127.0.0.1/assets/${name}`, { headers: encoding ? { 'accept-encoding': encoding } : {} })
    const br = await asset('index-abc123.js', 'gzip, deflate, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(code.length / 10)
    expect(zlib.brotliDecompressSync(brBytes).toString('utf8')).toBe(code)
    const gz = await asset('index-abc123.js', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(code)
    const plain = await asset('index-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(code)
    // an image goes as it is
    expect((await asset('icon.png', 'br')).headers.get('content-encoding')).toBeNull()
  })
})
