import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Core } from '../../electron/core/core'
import { createHttpApp } from '../../electron/core/http/app'
import { startHttpServer, type RunningServer } from '../../electron/core/http/server'
import { WebSessions } from '../../electron/core/auth/web-sessions'
import { isSyncDue, type KeyVault } from '../../electron/core/sync/key-vault'
import { FIXED_NOW, makeWorld, openTestStore, type TestWorld } from '../helpers/core'
import { seedFixture } from '../helpers/fixture'

/** Settings > Sources: upstreams the app syncs from, their keys kept out of sight, a sync as a job, a schedule. */

/** A stand-in for the OS keychain: what it seals does not show the key. */
const reversingVault: KeyVault = {
  storage: 'os-keychain',
  seal: (key) => Buffer.from([...key].reverse().join('')),
  open: (sealed) => [...sealed.toString()].reverse().join(''),
}

let upstream: TestWorld
let server: RunningServer
let core: Core
let app: ReturnType<typeof createHttpApp>
let session: Record<string, string>

beforeAll(async () => {
  upstream = makeWorld()
  seedFixture(upstream.store, upstream.projectId)
  server = await startHttpServer(upstream.core, { port: 0 })
  core = new Core({ store: openTestStore(), clock: () => FIXED_NOW, keyVault: reversingVault })
  app = createHttpApp(core)
  session = { cookie: WebSessions.cookie(core.sessions.signIn()), 'content-type': 'application/json' }
})

afterAll(async () => {
  await server.close()
})

const post = async (path: string, body: unknown) => {
  const res = await app.request(`http://127.0.0.1${path}`, { method: 'POST', headers: session, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as any }
}
const get = async (path: string) => {
  const res = await app.request(`http://127.0.0.1${path}`, { headers: session })
  return { status: res.status, text: await res.text() }
}

describe('Settings > Sources', () => {
  it('adds an upstream, keeps its key sealed and never shows it', async () => {
    const added = await post('/app/sources', { url: `${server.url}/`, key: upstream.key, schedule_minutes: 60 })
    expect(added.status).toBe(200)
    expect(added.body).toEqual({
      source: { url: server.url, countries: null, key_storage: 'os-keychain', schedule_minutes: 60, last_synced_at: null, last_result: null, job_id: null },
    })
    const listed = await get('/app/sources')
    expect(JSON.parse(listed.text)).toEqual({ sources: [added.body.source] })
    expect(listed.text).not.toContain(upstream.key)
    const stored = core.store.sqlite.prepare('SELECT key_secret FROM sync_upstreams').pluck().get() as Buffer
    expect(stored.toString()).not.toContain(upstream.key)
  })

  it('syncs as a job with progress, and shows what came in', async () => {
    const started = await post('/app/sources/sync', { url: server.url })
    expect(started.status).toBe(200)
    expect(started.body.job).toMatchObject({ kind: 'sync', status: 'running' })
    await vi.waitFor(async () => expect(JSON.parse((await get(`/app/jobs/${started.body.job.id}`)).text).job.status).toBe('done'), { timeout: 20_000, interval: 20 })
    const job = JSON.parse((await get(`/app/jobs/${started.body.job.id}`)).text).job
    expect(job.result).toEqual({ articles: 3, observations: 5, elements: 7 })
    const source = JSON.parse((await get('/app/sources')).text).sources[0]
    expect(source).toMatchObject({ last_synced_at: expect.any(String), last_result: { articles: 3, observations: 5, elements: 7 }, job_id: null })
    expect(core.store.counts()).toMatchObject({ articles: 3, observations: 5 })
  })

  it('syncs a source whose schedule has come, and not before', () => {
    expect(core.syncDueSources()).toEqual([])
    const sources = core.store.upstreams.all()
    expect(isSyncDue({ scheduleMinutes: 60, hasKey: true, lastSyncedAt: sources[0]!.lastSyncedAt }, new Date(Date.parse(sources[0]!.lastSyncedAt!) + 59 * 60_000))).toBe(false)
    expect(isSyncDue({ scheduleMinutes: 60, hasKey: true, lastSyncedAt: sources[0]!.lastSyncedAt }, new Date(Date.parse(sources[0]!.lastSyncedAt!) + 60 * 60_000))).toBe(true)
    expect(isSyncDue({ scheduleMinutes: 60, hasKey: true, lastSyncedAt: null }, FIXED_NOW)).toBe(true)
    expect(isSyncDue({ scheduleMinutes: null, hasKey: true, lastSyncedAt: null }, FIXED_NOW)).toBe(false)
    expect(isSyncDue({ scheduleMinutes: 60, hasKey: false, lastSyncedAt: null }, FIXED_NOW)).toBe(false)
    core.store.sqlite.prepare('UPDATE sync_upstreams SET last_synced_at = ?').run('2026-11-20T10:00:00.000Z')
    const due = core.syncDueSources()
    expect(due).toHaveLength(1)
    expect(due[0]).toMatchObject({ kind: 'sync', status: 'running' })
    // asked again while it runs: the same job
    expect(core.syncDueSources()[0]!.id).toBe(due[0]!.id)
  })

  it('refuses what it cannot do, in the contract shapes', async () => {
    const missingKey = await post('/app/sources', { url: 'http://10.0.0.9:4711' })
    expect(missingKey.status).toBe(422)
    expect(missingKey.body.detail[0].loc).toEqual(['body', 'key'])
    const badUrl = await post('/app/sources', { url: 'ftp://example.com', key: 'x' })
    expect(badUrl.status).toBe(422)
    expect(badUrl.body.detail[0].loc).toEqual(['body', 'url'])
    const tooOften = await post('/app/sources', { url: 'http://10.0.0.9:4711', key: 'x', schedule_minutes: 1 })
    expect(tooOften.status).toBe(422)
    expect((await post('/app/sources/sync', { url: 'http://10.0.0.10:1' })).status).toBe(404)
    // a failed sync is shown with its reason
    await post('/app/sources', { url: 'http://127.0.0.1:9', key: 'x' })
    const failing = await post('/app/sources/sync', { url: 'http://127.0.0.1:9' })
    await vi.waitFor(async () => expect(JSON.parse((await get(`/app/jobs/${failing.body.job.id}`)).text).job.status).toBe('failed'), { timeout: 20_000, interval: 20 })
    const shown = JSON.parse((await get('/app/sources')).text).sources.find((s: any) => s.url === 'http://127.0.0.1:9')
    expect(shown.last_result.error).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:9/)
    expect((await post('/app/sources/remove', { url: 'http://127.0.0.1:9' })).body).toEqual({ removed: true })
    expect((await post('/app/sources/remove', { url: 'http://127.0.0.1:9' })).status).toBe(404)
    // an API key is no way in
    const keyed = await app.request('http://127.0.0.1/app/sources', { headers: { 'X-API-Key': upstream.key } })
    expect(keyed.status).toBe(401)
  })
})
