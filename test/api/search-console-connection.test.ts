import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataFolderVault } from '../../electron/core/sync/key-vault'
import { connectSearchConsole } from '../../electron/core/sync/search-console/connect'
import { ConnectionProblem, credentialsPath, loadConnection, saveConnection, type SearchConsoleConnection } from '../../electron/core/sync/search-console/credentials'
import { clientConfigOfFile, type ApiOptions } from '../../electron/core/sync/search-console/google-client'
import { PullProblem, pullSearchConsole, ROW_LIMIT } from '../../electron/core/sync/search-console/pull'
import { openTestStore, tempDir } from '../helpers/core'
import { startFakeSearchConsole, type FakeRow, type FakeSearchConsole } from '../helpers/fake-search-console'

let fake: FakeSearchConsole
let api: ApiOptions
beforeAll(async () => {
  fake = await startFakeSearchConsole()
  api = { apiRoot: `${fake.url}/`, retryDelayMs: 5, retries: 3 }
})
afterAll(() => fake.close())

/** The person's browser: it opens the consent page and follows Google's redirect back to Feedlens. */
const browser = async (url: string) => {
  const res = await fetch(url)
  await res.text()
}

const row = (day: string, page: string, clicks: number, impressions: number): FakeRow => ({ keys: [day, page, 'usa'], clicks, impressions, ctr: clicks / impressions, position: 0 })

async function connected(): Promise<SearchConsoleConnection> {
  fake.consent = 'grant'
  const { connection } = await connectSearchConsole({ client: clientConfigOfFile(fake.clientFile())!, openUrl: browser, api })
  return connection
}

describe('connecting to Search Console (Google\'s OAuth for installed apps, against a fake Google)', () => {
  it('reads the client file Google Cloud Console gives, and refuses what is not one', () => {
    expect(clientConfigOfFile(fake.clientFile())).toEqual({
      clientId: 'feedlens-test.apps.googleusercontent.com',
      clientSecret: 'not-a-secret-for-installed-apps',
      authUri: `${fake.url}/o/oauth2/auth`,
      tokenUri: `${fake.url}/token`,
    })
    expect(clientConfigOfFile('{"installed": {}}')).toBeNull()
    expect(clientConfigOfFile('not json')).toBeNull()
  })

  it('runs the consent by a loopback redirect with PKCE and keeps the refresh token in the data folder, never in the store', async () => {
    const dir = tempDir()
    const store = openTestStore(`${dir}/feedlens.db`)
    fake.consent = 'grant'
    const result = await connectSearchConsole({ client: clientConfigOfFile(fake.clientFile())!, openUrl: browser, api, now: () => new Date('2026-11-21T10:00:00Z') })
    // the fake token endpoint gives a token only for the verifier of the challenge sent
    expect([...fake.refreshTokens]).toContain(result.connection.refreshToken)
    expect(result.sites).toEqual([{ siteUrl: 'sc-domain:site.example', permissionLevel: 'siteOwner' }])
    saveConnection(dir, dataFolderVault, result.connection)
    expect(fs.statSync(credentialsPath(dir)).mode & 0o777).toBe(0o600)
    expect(loadConnection(dir, dataFolderVault)).toEqual({ ...result.connection, connectedAt: '2026-11-21T10:00:00.000Z' })
    store.close()
    expect(fs.readFileSync(`${dir}/feedlens.db`).includes(result.connection.refreshToken)).toBe(false)
  })

  it('says so when the consent is declined, and when a stored connection was sealed by another vault', async () => {
    fake.consent = 'deny'
    await expect(connectSearchConsole({ client: clientConfigOfFile(fake.clientFile())!, openUrl: browser, api })).rejects.toThrow('Access was not given (the consent was declined)')
    const dir = tempDir()
    saveConnection(dir, { storage: 'os-keychain', seal: (k) => Buffer.from([...Buffer.from(k)].reverse()), open: () => '' }, await connected())
    expect(() => loadConnection(dir, dataFolderVault)).toThrow(/made in the desktop app and its token is sealed by the OS keychain/)
  })

  it('refuses an answer whose state is not the one sent', async () => {
    const forged = async (url: string) => {
      const redirect = new URL(url).searchParams.get('redirect_uri')!
      await (await fetch(`${redirect}/?code=stolen&state=forged`)).text()
    }
    await expect(connectSearchConsole({ client: clientConfigOfFile(fake.clientFile())!, openUrl: forged, api })).rejects.toThrow(/its state differs/)
  })
})

describe('pulling a property by day (`feedlens gsc pull`)', () => {
  const now = new Date('2026-11-21T08:00:00Z')

  it('pages through each day, retries 429 and 5xx, imports each day once and starts the next pull where this one ended', async () => {
    const connection = await connected()
    const store = openTestStore()
    fake.rows.clear()
    fake.queries.length = 0
    // a day of more rows than one query gives: two pages
    const big = Array.from({ length: ROW_LIMIT + 1200 }, (_, i) => row('2026-11-18', `https://site.example/p${i}`, i % 3, 10))
    fake.rows.set('2026-11-18', big)
    fake.rows.set('2026-11-19', [row('2026-11-19', 'https://site.example/a', 40, 800), row('2026-11-19', 'https://site.example/b', 10, 200)])
    // 2026-11-20: no data yet
    fake.failNext.push(429, 429, 503)
    const progress: string[] = []
    const report = await pullSearchConsole(store, { connection, property: 'sc-domain:site.example', searchType: 'discover', since: '2026-11-18', now, api, pacingMs: 0, onProgress: (done, total, day) => progress.push(`${done}/${total} ${day}`) })
    expect(report).toEqual({ property: 'sc-domain:site.example', searchType: 'discover', dayFrom: '2026-11-18', dayTo: '2026-11-20', days: 3, daysWithRows: 2, rows: ROW_LIMIT + 1200 + 2, daysImported: 2, requests: 4 })
    expect(progress).toEqual(['1/3 2026-11-18', '2/3 2026-11-19', '3/3 2026-11-20'])
    // each query: one day, by date, page and country, the API's row limit, the next page from where the last ended; the failed ones asked again
    expect(fake.queries.map((q) => [q.startDate, q.endDate, q.startRow, q.rowLimit, q.type, q.dimensions?.join()])).toEqual([
      ['2026-11-18', '2026-11-18', 0, ROW_LIMIT, 'discover', 'date,page,country'],
      ['2026-11-18', '2026-11-18', 0, ROW_LIMIT, 'discover', 'date,page,country'],
      ['2026-11-18', '2026-11-18', 0, ROW_LIMIT, 'discover', 'date,page,country'],
      ['2026-11-18', '2026-11-18', 0, ROW_LIMIT, 'discover', 'date,page,country'],
      ['2026-11-18', '2026-11-18', ROW_LIMIT, ROW_LIMIT, 'discover', 'date,page,country'],
      ['2026-11-19', '2026-11-19', 0, ROW_LIMIT, 'discover', 'date,page,country'],
      ['2026-11-20', '2026-11-20', 0, ROW_LIMIT, 'discover', 'date,page,country'],
    ])
    const clicks18 = big.reduce((n, r) => n + r.clicks, 0)
    expect(store.searchConsole.daily('sc-domain:site.example', 'discover', '2026-11-18', '2026-11-20', '')).toEqual([
      { day: '2026-11-18', clicks: clicks18, impressions: big.length * 10, fromPages: true },
      { day: '2026-11-19', clicks: 50, impressions: 1000, fromPages: true },
    ])
    // the next pull, without --since: from three days before the last day with rows; nothing new, nothing written again
    fake.queries.length = 0
    const again = await pullSearchConsole(store, { connection, property: 'sc-domain:site.example', searchType: 'discover', now, api, pacingMs: 0 })
    expect(again).toMatchObject({ dayFrom: '2026-11-16', dayTo: '2026-11-20', daysWithRows: 2, daysImported: 0 })
    expect(store.searchConsole.imports()).toHaveLength(2)
  })

  it('stops with a sentence when Google no longer accepts the connection, keeps the store as it was, and never shows the token', async () => {
    const connection = await connected()
    const store = openTestStore()
    fake.rows.set('2026-11-20', [row('2026-11-20', 'https://site.example/a', 4, 80)])
    fake.revokeAll()
    const failed = await pullSearchConsole(store, { connection, property: 'sc-domain:site.example', searchType: 'discover', since: '2026-11-20', now, api, pacingMs: 0 }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(PullProblem)
    expect((failed as Error).message).toBe('Google no longer accepts this connection (the access was revoked or has expired): run feedlens gsc connect again. What was pulled is kept.')
    expect((failed as Error).message).not.toContain(connection.refreshToken)
    expect(store.searchConsole.imports()).toHaveLength(0)
  })

  it('says which property the account may not read, that the quota is used up after the retries, and follows no redirect', async () => {
    const connection = await connected()
    const store = openTestStore()
    const pull = (property: string) => pullSearchConsole(store, { connection, property, searchType: 'discover', since: '2026-11-20', now, api, pacingMs: 0 }).catch((e: unknown) => (e as Error).message)
    expect(await pull('sc-domain:other.example')).toMatch(/^Google refused this account access to sc-domain:other\.example \(403 User does not have sufficient permission/)
    fake.failNext.push(429, 429, 429, 429)
    expect(await pull('sc-domain:site.example')).toBe('Search Console\'s quota is used up for now (429, 4 tries): pull again later. What was pulled is kept.')
    fake.redirectQueries = true
    try {
      expect(await pull('sc-domain:site.example')).toMatch(/redirect|could not be reached/)
    } finally {
      fake.redirectQueries = false
    }
    expect(await pull('not a property')).toMatch(/is not a Search Console property/)
    await expect(pullSearchConsole(store, { connection, property: 'sc-domain:site.example', searchType: 'discover', since: '2026-11-25', now, api })).rejects.toThrow(ConnectionProblem)
    expect(store.searchConsole.imports()).toHaveLength(0)
  })
})
