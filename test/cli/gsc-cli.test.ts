import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, feedlens } from '../helpers/cli'
import { tempDir } from '../helpers/core'
import { startFakeSearchConsole, type FakeSearchConsole } from '../helpers/fake-search-console'

/** `feedlens gsc`: an export from a file; a connection by consent and a pull, against a fake Google on loopback. */

let fake: FakeSearchConsole
beforeAll(async () => {
  fake = await startFakeSearchConsole()
})
afterAll(() => fake.close())

const dayBefore = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

/** `feedlens gsc connect --no-browser`: the person opens the address it prints (here: fetch follows Google's redirect back). */
function connect(dataDir: string, clientFile: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'gsc', 'connect', '--no-browser', '--client-file', clientFile, '--data-dir', dataDir], {
      env: { ...process.env, HOME: tempDir(), FEEDLENS_GSC_API_ROOT: `${fake.url}/` },
    })
    let stdout = ''
    let stderr = ''
    let opened = false
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString()
      const address = /(http:\/\/127\.0\.0\.1:\d+\/o\/oauth2\/auth\?\S+)/.exec(stderr)
      if (address && !opened) {
        opened = true
        void fetch(address[1]!).then((r) => r.text())
      }
    })
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The CLI run without blocking this process, which answers as Google meanwhile. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, HOME: tempDir(), ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('feedlens gsc', () => {
  it('imports an API answer file, lists the property, and says nothing changed the second time', () => {
    const dir = tempDir()
    const file = path.join(dir, 'answers.json')
    fs.writeFileSync(file, JSON.stringify({ siteUrl: 'sc-domain:site.example', request: { type: 'discover', dimensions: ['date', 'page', 'country'] }, response: { rows: [{ keys: ['2026-11-18', 'https://site.example/a', 'usa'], clicks: 5, impressions: 100 }] } }))
    const first = feedlens(['gsc', 'import', file, '--data-dir', dir])
    expect(first.code).toBe(0)
    expect(first.stderr).toBe(`${file}: sc-domain:site.example (Discover), 2026-11-18 to 2026-11-18: 1 row (by date, page, country), 1 pages, 0 of them articles of the feed.\n`)
    expect(feedlens(['gsc', 'import', file, '--data-dir', dir]).stderr).toMatch(/imported before; nothing changed/)
    expect(feedlens(['gsc', 'sites', '--data-dir', dir]).stdout).toBe('sc-domain:site.example\tdiscover\t2026-11-18 to 2026-11-18\t1 import\n')
    const bad = feedlens(['gsc', 'import', path.join(dir, 'nothing.csv'), '--data-dir', dir])
    expect(bad.code).not.toBe(0)
  })

  it('connects by consent, keeps the token in the data folder only, pulls the property by day, and says what to do once access is revoked', { timeout: 60_000 }, async () => {
    const dir = tempDir()
    const clientFile = path.join(dir, 'client_secret_test.json')
    fs.writeFileSync(clientFile, fake.clientFile())
    const connected = await connect(dir, clientFile)
    expect(connected.code).toBe(0)
    expect(connected.stdout).toBe('sc-domain:site.example\tsiteOwner\n')
    expect(connected.stderr).toContain('Connected. The account may read 1 property')
    const token = [...fake.refreshTokens].at(-1)!
    expect(connected.stderr + connected.stdout).not.toContain(token)
    expect(fs.readFileSync(path.join(dir, 'search-console-connection.json'), 'utf8')).toContain(Buffer.from(token).toString('base64'))

    fake.rows.set(dayBefore(2), [{ keys: [dayBefore(2), 'https://site.example/a', 'deu'], clicks: 7, impressions: 140, ctr: 0.05, position: 0 }])
    const env = { FEEDLENS_GSC_API_ROOT: `${fake.url}/` }
    const pulled = await run(['gsc', 'pull', '--site', 'sc-domain:site.example', '--since', dayBefore(3), '--json', '--data-dir', dir], env)
    expect(pulled.code).toBe(0)
    expect(JSON.parse(pulled.stdout)).toEqual({ property: 'sc-domain:site.example', search_type: 'discover', day_from: dayBefore(3), day_to: dayBefore(1), days: 3, days_with_rows: 1, rows: 1, days_imported: 1, requests: 3 })
    expect(fs.readFileSync(path.join(dir, 'feedlens.db')).includes(token)).toBe(false)
    expect(feedlens(['gsc', 'sites', '--data-dir', dir]).stdout).toContain(`sc-domain:site.example\tdiscover\t${dayBefore(2)} to ${dayBefore(2)}`)

    fake.revokeAll()
    const revoked = await run(['gsc', 'pull', '--site', 'sc-domain:site.example', '--data-dir', dir], env)
    expect(revoked.code).toBe(5)
    expect(revoked.stderr).toBe('feedlens: Google no longer accepts this connection (the access was revoked or has expired): run feedlens gsc connect again. What was pulled is kept.\n')
    expect(feedlens(['gsc', 'disconnect', '--data-dir', dir]).stderr).toMatch(/^Disconnected/)
    const after = await run(['gsc', 'pull', '--site', 'sc-domain:site.example', '--data-dir', dir], env)
    expect(after.code).toBe(5)
    expect(after.stderr).toMatch(/Not connected to Search Console yet: run feedlens gsc connect first/)
  })
})
