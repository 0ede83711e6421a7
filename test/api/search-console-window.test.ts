import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Core } from '../../electron/core/core'
import { createHttpApp } from '../../electron/core/http/app'
import { WebSessions } from '../../electron/core/auth/web-sessions'
import type { KeyVault } from '../../electron/core/sync/key-vault'
import { FIXED_NOW, openTestStore, tempDir } from '../helpers/core'
import { startFakeSearchConsole, type FakeSearchConsole } from '../helpers/fake-search-console'

/**
 * The window's live connection (Settings > Search Console) over the app's methods: the consent
 * started and answered, the token sealed by the app's vault (the OS keychain on desktop, here a
 * stand-in), a pull as a background job, against a fake Google on loopback.
 */

/** A stand-in for the OS keychain: what it seals cannot be read without it. */
const keychain: KeyVault = {
  storage: 'os-keychain',
  seal: (key) => Buffer.from(Buffer.from(key, 'utf8').map((b) => b ^ 0x5a)),
  open: (sealed) => Buffer.from(sealed.map((b) => b ^ 0x5a)).toString('utf8'),
}

let fake: FakeSearchConsole
let dir: string
let app: ReturnType<typeof createHttpApp>
let cookie: Record<string, string>
let core: Core
const previousRoot = process.env.FEEDLENS_GSC_API_ROOT

beforeAll(async () => {
  fake = await startFakeSearchConsole()
  process.env.FEEDLENS_GSC_API_ROOT = `${fake.url}/`
  dir = tempDir()
  core = new Core({ store: openTestStore(path.join(dir, 'feedlens.db')), clock: () => FIXED_NOW, keyVault: keychain })
  app = createHttpApp(core)
  cookie = { cookie: WebSessions.cookie(core.sessions.signIn()) }
})
afterAll(async () => {
  if (previousRoot === undefined) delete process.env.FEEDLENS_GSC_API_ROOT
  else process.env.FEEDLENS_GSC_API_ROOT = previousRoot
  core.store.close()
  await fake.close()
})

const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await app.request(`http://127.0.0.1${url}`, { method, headers: { ...cookie, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as any }
}

describe('Settings > Search Console: the live connection over the app\'s methods', () => {
  it('is not connected at first, and refuses a file that is not an OAuth client with the contract\'s 422', async () => {
    expect(await call('GET', '/app/site/connection')).toEqual({
      status: 200,
      body: { connected: false, storage: null, connected_at: null, client_id: null, sites: [], consent_url: null, problem: null },
    })
    const bad = await call('POST', '/app/site/connection', { client_file: '{"web": {}}' })
    expect(bad.status).toBe(422)
    expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'client_file'], type: 'value_error' })
    expect((await call('POST', '/app/site/pull', { property: 'sc-domain:site.example' })).status).toBe(409)
  })

  it('starts the consent, is connected once Google answers, and keeps the token sealed by the app\'s vault outside the store', async () => {
    const started = await call('POST', '/app/site/connection', { client_file: fake.clientFile() })
    expect(started.status).toBe(200)
    expect(started.body.consent_url).toMatch(new RegExp(`^${fake.url}/o/oauth2/auth\\?`))
    expect((await call('GET', '/app/site/connection')).body.consent_url).toBe(started.body.consent_url)
    // the person consents in their browser
    await (await fetch(started.body.consent_url)).text()
    await expect.poll(async () => (await call('GET', '/app/site/connection')).body.connected).toBe(true)
    const state = (await call('GET', '/app/site/connection')).body
    expect(state).toMatchObject({ storage: 'os-keychain', client_id: 'feedlens-test.apps.googleusercontent.com', sites: [{ site_url: 'sc-domain:site.example', permission_level: 'siteOwner' }], consent_url: null, problem: null })
    const token = [...fake.refreshTokens].at(-1)!
    const file = fs.readFileSync(path.join(dir, 'search-console-connection.json'), 'utf8')
    expect(file).not.toContain(token)
    expect(file).not.toContain(Buffer.from(token).toString('base64'))
    expect(JSON.stringify(state)).not.toContain(token)
  })

  it('pulls a property as a job, its days then in My site; disconnecting forgets the token', async () => {
    fake.rows.set('2026-11-18', [{ keys: ['2026-11-18', 'https://site.example/a', 'usa'], clicks: 12, impressions: 300, ctr: 0.04, position: 0 }])
    const started = await call('POST', '/app/site/pull', { property: 'sc-domain:site.example', since: '2026-11-17' })
    expect(started.status).toBe(200)
    expect(started.body.job).toMatchObject({ kind: 'gsc-pull', status: 'running' })
    await expect.poll(async () => (await call('GET', `/app/jobs/${started.body.job.id}`)).body.job.status).toBe('done')
    expect((await call('GET', `/app/jobs/${started.body.job.id}`)).body.job.result).toEqual({
      property: 'sc-domain:site.example', search_type: 'discover', day_from: '2026-11-17', day_to: '2026-11-19', days: 3, days_with_rows: 1, rows: 1, days_imported: 1, requests: 3,
    })
    expect((await call('GET', '/app/site/properties')).body.properties).toEqual([
      { property: 'sc-domain:site.example', search_type: 'discover', domain: 'site.example', day_from: '2026-11-18', day_to: '2026-11-18', imports: 1, countries: ['US'] },
    ])
    // a pull Google refuses ends as a failed job with its sentence
    fake.revokeAll()
    const refused = await call('POST', '/app/site/pull', { property: 'sc-domain:site.example' })
    await expect.poll(async () => (await call('GET', `/app/jobs/${refused.body.job.id}`)).body.job.status).toBe('failed')
    expect((await call('GET', `/app/jobs/${refused.body.job.id}`)).body.job.error).toMatch(/^Google no longer accepts this connection/)
    expect((await call('POST', '/app/site/connection/remove')).body).toMatchObject({ connected: false, storage: null })
    expect(fs.existsSync(path.join(dir, 'search-console-connection.json'))).toBe(false)
    expect((await call('POST', '/app/site/pull', { property: 'sc-domain:site.example' })).status).toBe(409)
  })

  it('says why a consent failed: declined in the browser', async () => {
    fake.consent = 'deny'
    try {
      const started = await call('POST', '/app/site/connection', { client_file: fake.clientFile() })
      await (await fetch(started.body.consent_url)).text()
      await expect.poll(async () => (await call('GET', '/app/site/connection')).body.problem).toBe('Access was not given (the consent was declined)')
      expect((await call('GET', '/app/site/connection')).body).toMatchObject({ connected: false, consent_url: null })
    } finally {
      fake.consent = 'grant'
    }
  })
})
