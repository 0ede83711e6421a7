import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { importFile } from '../../electron/core/ingest/importer'
import { openTestStore, tempDir } from '../helpers/core'
import { seedFixture } from '../helpers/fixture'

// The CLI as users run it: the built bundle through bin/feedlens.js (npm test builds first).
const BIN = path.resolve(__dirname, '../../bin/feedlens.js')

function feedlens(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env } })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** Starts `feedlens serve`, resolves with the URL it announces and the lines before it. */
function serve(args: string[]): Promise<{ url: string; lines: string[]; errors: string[]; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    const lines: string[] = []
    const errors: string[] = []
    child.stderr.on('data', (chunk: Buffer) => errors.push(...chunk.toString().split('\n').filter(Boolean)))
    let buffer = ''
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${lines.join('\n')}`)), 90_000)
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      const parts = buffer.split('\n')
      buffer = parts.pop() ?? ''
      for (const line of parts) {
        lines.push(line)
        const match = /^Feedlens listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)
        if (match) {
          clearTimeout(timer)
          const exited = new Promise<void>((done) => child.once('exit', () => done()))
          resolve({
            url: match[1]!,
            lines,
            errors,
            stop: () => {
              child.kill('SIGTERM')
              return exited
            },
          })
        }
      }
    })
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)))
  })
}

describe('feedlens CLI', () => {
  it('prints help for every command', () => {
    for (const args of [['--help'], ['serve', '--help'], ['keys', '--help'], ['keys', 'create', '--help'], ['keys', 'list', '--help'], ['keys', 'revoke', '--help'], ['lists', '--help'], ['lists', 'create', '--help'], ['lists', 'add', '--help'], ['lists', 'show', '--help']]) {
      const r = feedlens(args)
      expect(r.code, args.join(' ')).toBe(0)
      expect(r.stdout).toMatch(/Usage: feedlens/)
    }
  })

  it('declares its commands without loading the core: help and a mistyped option answer before any store code loads', () => {
    // the packages the core loads (the store's driver and ORM, the HTTP framework) stay unloaded until a command runs
    const probe = (args: string[]) =>
      [
        `const { createRequire } = await import('node:module')`,
        `const cache = createRequire(import.meta.url).cache`,
        // a command's mistake ends the process (commander exits): what was loaded is told on the way out
        `process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(cache).filter((f) => /better-sqlite3|drizzle-orm|@hono/.test(f)))))`,
        `const { runCli } = await import(${JSON.stringify(path.resolve(__dirname, '../../out/main/cli.js'))})`,
        `process.exitCode = await runCli(${JSON.stringify(args)})`,
      ].join(';')
    const run = (args: string[]) => {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe(args)], { encoding: 'utf8' })
      return { code: r.status, stdout: r.stdout, loaded: JSON.parse(r.stderr.slice(r.stderr.lastIndexOf('['))) as string[] }
    }
    const help = run(['--help'])
    expect([help.code, help.loaded]).toEqual([0, []])
    const mistyped = run(['import', 'feed.ndjson', '--no-such-option'])
    expect([mistyped.code, mistyped.loaded]).toEqual([1, []])
    expect(help.stdout).toMatch(/Commands:[\s\S]*serve[\s\S]*demo[\s\S]*import[\s\S]*keys[\s\S]*lists[\s\S]*link[\s\S]*sync/)
  })

  it('serves on a free port with --port 0, builds the demo world and project once and prints its key', { timeout: 120_000 }, async () => {
    const dir = tempDir()
    const first = await serve(['--data-dir', dir, '--demo'])
    try {
      const keyLine = first.lines.find((l) => l.includes('API key'))
      const key = /(fl_[A-Za-z0-9_-]+)/.exec(keyLine ?? '')?.[1]
      expect(key).toBeDefined()
      const res = await fetch(`${first.url}/v1/tracking/lists`, { headers: { 'X-API-Key': key! } })
      expect(res.status).toBe(200)
      // the example lists follow once trends are computed, their mention lists scanned
      type ListIndex = { total: number; lists: Array<{ kind: string; scan_status?: string }> }
      const index = await vi.waitFor(
        async () => {
          const now = (await (await fetch(`${first.url}/v1/tracking/lists`, { headers: { 'X-API-Key': key! } })).json()) as ListIndex
          if (!(now.total === 6 && now.lists.every((l) => l.kind !== 'mention' || l.scan_status === 'ready'))) throw new Error('the example lists are not all there and scanned yet')
          return now
        },
        { timeout: 60_000, interval: 500 },
      )
      expect(index.lists.map((l) => l.kind).sort()).toEqual(['category', 'entity', 'mention', 'mention', 'publisher', 'trend'])
      expect(index.lists.filter((l) => l.kind === 'mention').map((l) => l.scan_status)).toEqual(['ready', 'ready'])
      const articles = (await (await fetch(`${first.url}/v1/articles?limit=1`, { headers: { 'X-API-Key': key! } })).json()) as { total: number }
      expect(articles.total).toBeGreaterThan(15_000)
      const page = await fetch(`${first.url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root">')
    } finally {
      // the next serve starts once this one has stopped and let go of the store
      await first.stop()
    }
    const second = await serve(['--data-dir', dir, '--demo'])
    await second.stop()
    expect(second.lines.join('\n')).not.toMatch(/fl_/)
  })

  it('creates, lists and revokes keys; create prints only the key', () => {
    const dir = tempDir()
    const none = feedlens(['keys', 'create', '--name', 'x', '--data-dir', dir])
    expect(none.code).toBe(1)
    expect(none.stderr).toMatch(/no project yet/)
    const internal = feedlens(['keys', 'create', '--name', 'ops', '--internal', '--countries', 'us,de', '--data-dir', dir])
    expect(internal.code).toBe(0)
    expect(internal.stdout).toMatch(/^fl_[A-Za-z0-9_-]{43}\n$/)
    const listed = feedlens(['keys', 'list', '--json', '--data-dir', dir])
    const keys = JSON.parse(listed.stdout) as Array<{ id: string; name: string; internal: boolean; countries: string[] }>
    expect(keys).toEqual([expect.objectContaining({ name: 'ops', internal: true, countries: ['US', 'DE'] })])
    expect(listed.stdout).not.toContain(internal.stdout.trim())
    const table = feedlens(['keys', 'list', '--data-dir', dir])
    expect(table.stdout).toContain('ops')
    expect(table.stdout).not.toContain(internal.stdout.trim())
    const revoked = feedlens(['keys', 'revoke', keys[0]!.id, '--data-dir', dir])
    expect(revoked.code).toBe(0)
    expect(JSON.parse(feedlens(['keys', 'list', '--json', '--data-dir', dir]).stdout)[0].revoked_at).not.toBeNull()
  })

  it('creates, fills, shows and deletes tracking lists with the app\'s rules', () => {
    const dir = tempDir()
    const store = openTestStore(path.join(dir, 'feedlens.db'))
    const project = store.projects.create({ id: randomUUID(), name: 'P', planId: 'start', createdAt: new Date().toISOString() })
    seedFixture(store, project.id)
    store.close()
    const run = (...args: string[]) => feedlens(['lists', ...args, '--data-dir', dir])

    const created = run('create', '--kind', 'publisher', '--name', 'Rivals')
    expect(created.code).toBe(0)
    const listId = created.stdout.trim()
    expect(listId).toMatch(/^[0-9a-f-]{36}$/)
    const added = run('add', listId, 'https://www.Example.com/a', 'zeitung.de')
    expect(added.stdout).toBe('zeitung.de\tDie Zeitung\nexample.com\tExample News\n')
    const shown = JSON.parse(run('show', listId, '--json').stdout) as { items: Array<{ key: string }> }
    expect(shown.items.map((i) => i.key)).toEqual(['zeitung.de', 'example.com'])
    expect(run('remove', listId, 'zeitung.de').stdout).toBe('Rivals: 1 items left\n')

    const mention = run('create', '--kind', 'mention', '--name', 'Words', '--countries', 'US', '--scope', 'title').stdout.trim()
    const keyword = run('add', mention, 'rates', '--match-type', 'broad')
    expect(keyword.stdout).toMatch(/^[0-9a-f-]{36}\trates\tbroad\n$/)
    const scanned = JSON.parse(run('show', mention, '--json').stdout) as { scan_status: string; matches_count: number }
    expect(scanned).toMatchObject({ scan_status: 'ready', matches_count: 1 })

    // the Start plan tracks 10 categories at most: the 11th is refused and nothing is added
    const categories = run('create', '--kind', 'category', '--name', 'C').stdout.trim()
    const tooMany = run('add', categories, ...Array.from({ length: 11 }, (_, i) => `/C/${i}`))
    expect(tooMany.code).toBe(1)
    expect(tooMany.stderr).toMatch(/Start plan tracks at most 10 categories/)
    expect(run('show').stdout).toMatch(/usage: entity 2\/25, category 1\/10, publisher 1\/25, trend 1\/∞, mention 3\/10/)

    const badKind = run('create', '--kind', 'people', '--name', 'x')
    expect(badKind.code).not.toBe(0)
    expect(badKind.stderr).toMatch(/Allowed choices are entity, category, publisher, trend, mention/)
    expect(run('add', listId, 'not a domain').stderr).toMatch(/is not a publisher domain/)
    expect(run('delete', listId).stdout).toBe(`Deleted ${listId}\n`)
    expect(run('show', listId).stderr).toMatch(/not found/)
  })

  it('imports on a parse worker with the same reports and store as an import on one thread', { timeout: 120_000 }, async () => {
    const work = tempDir()
    const url = (n: number) => `https://www.news.example/story-${n}`
    const articles = path.join(work, 'articles.ndjson')
    fs.writeFileSync(articles, [1, 2, 3].map((n) => JSON.stringify({ url: url(n), title: `Story ${n}`, region: 'US', lang: 'en', category: '/News', entities: [{ id: `/m/e${n}`, name: `Entity ${n}` }] })).join('\n'))
    // 15,000 plain rows (several 1 MiB chunks) of stored articles, an article introduced mid-file
    // with its first observation, a bad row and a row of an unknown article
    const rows: string[] = []
    const at = (h: number) => new Date(Date.UTC(2026, 5, 1) + h * 3_600_000).toISOString()
    for (let h = 0; h < 2500; h++) {
      for (const country of ['US', 'DE']) {
        for (const n of [1, 2, 3]) rows.push(JSON.stringify({ observed_at: at(h), country, position: n, estimated_impressions: 1000 * n + h, url: url(n) }))
      }
      if (h === 1200) rows.push(JSON.stringify({ observed_at: at(h), country: 'US', position: 4, estimated_impressions: 5, url: url(4), title: 'Story 4', lang: 'en' }))
      if (h > 1200 && h < 1300) rows.push(JSON.stringify({ observed_at: at(h), country: 'US', position: 4, estimated_impressions: 7, url: url(4) }))
      if (h === 1500) rows.push(JSON.stringify({ observed_at: at(h), country: 'US', position: 0, estimated_impressions: 5, url: url(1) }))
      if (h === 1600) rows.push(JSON.stringify({ observed_at: at(h), country: 'US', position: 9, estimated_impressions: 5, url: url(99) }))
    }
    const observations = path.join(work, 'observations.ndjson')
    fs.writeFileSync(observations, rows.join('\n') + '\n')
    expect(fs.statSync(observations).size).toBeGreaterThan(2 * 1024 * 1024)

    const dir = tempDir()
    const cli = feedlens(['import', articles, observations, '--data-dir', dir, '--json', '--no-refresh'])
    expect(cli.code, cli.stderr).toBe(0)
    const viaWorker = (JSON.parse(cli.stdout) as Array<Record<string, unknown>>)[1]!

    const store = openTestStore(path.join(tempDir(), 'feedlens.db'))
    await importFile(store, articles, { parseWorker: false })
    const inProcess = await importFile(store, observations, { parseWorker: false })
    expect(viaWorker.parsedOnWorker).toBe(true)
    expect(inProcess.parsedOnWorker).toBe(false)
    expect(viaWorker).toEqual({ ...inProcess, parsedOnWorker: true })
    expect(inProcess).toMatchObject({ rows: 15_000 + 1 + 99 + 2, articles: 1, observationsInserted: 15_100, skipped: 2 })
    expect(inProcess.problems.map((p) => p.line)).toEqual([rows.findIndex((r) => r.includes('"position":0')) + 1, rows.findIndex((r) => r.includes('story-99')) + 1])

    const cliStore = openTestStore(path.join(dir, 'feedlens.db'))
    // the stores' reference regions and cities differ (the CLI's data folder is seeded with
    // them): compared apart from those, every table the import writes
    const written = (s: typeof store) => s.reference.checksum().split('|').slice(2)
    expect(written(cliStore)).toEqual(written(store))
    // --no-refresh: trends and signals wait for the next start of the app or server
    expect(cliStore.settings.get('signals_through')).toBeUndefined()
    expect(cliStore.counts().trends).toBe(0)
    for (const code of ['US', 'DE']) expect(cliStore.geo.region(code)?.firstDataAt).toBe(store.geo.region(code)?.firstDataAt)
    cliStore.close()
    store.close()
  })

  it('honours FEEDLENS_DATA_DIR', () => {
    const dir = tempDir()
    expect(feedlens(['keys', 'create', '--name', 'a', '--internal'], { FEEDLENS_DATA_DIR: dir }).code).toBe(0)
    expect(JSON.parse(feedlens(['keys', 'list', '--json', '--data-dir', dir]).stdout)).toHaveLength(1)
  })

  it('reports bad input on stderr with a non-zero status', () => {
    const dir = tempDir()
    const badCountries = feedlens(['keys', 'create', '--name', 'x', '--internal', '--countries', 'USA', '--data-dir', dir])
    expect(badCountries.code).not.toBe(0)
    expect(badCountries.stderr).toMatch(/two-letter codes/)
    const unknown = feedlens(['keys', 'revoke', 'nope', '--data-dir', dir])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/No API key with id nope/)
    const badPort = feedlens(['serve', '--port', '70000', '--data-dir', dir])
    expect(badPort.code).not.toBe(0)
    expect(badPort.stderr).toMatch(/--port takes 0 to 65535/)
    const badRate = feedlens(['serve', '--public-requests-per-minute', '0', '--data-dir', dir])
    expect(badRate.code).not.toBe(0)
    expect(badRate.stderr).toMatch(/--public-requests-per-minute takes a whole number of at least 1, not 0/)
    const badRest = feedlens(['serve', '--rest-after', '0', '--data-dir', dir])
    expect(badRest.code).not.toBe(0)
    expect(badRest.stderr).toMatch(/--rest-after takes a whole number of seconds of at least 1, not 0/)
    const missing = feedlens(['keys', 'create', '--data-dir', dir])
    expect(missing.code).not.toBe(0)
    expect(missing.stderr).toMatch(/--name/)
  })

  it('holds keyless methods to the limit serve is given (1,200 a minute unless told)', { timeout: 60_000 }, async () => {
    const server = await serve(['--data-dir', tempDir(), '--public-requests-per-minute', '2'])
    try {
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/public/discover/categories`)).status)
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await server.stop()
    }
  })

  it('rests after --rest-after seconds without a request, and says with --log what it gave back', { timeout: 60_000 }, async () => {
    const server = await serve(['--data-dir', tempDir(), '--rest-after', '1', '--log'])
    try {
      expect((await fetch(`${server.url}/public/discover/categories`)).status).toBe(200)
      await vi.waitFor(() => expect(server.errors.some((l) => /at rest: let go of [1-9]\d* kept answers, [\d.]+ MiB of working arrays and \d+ hourly cells \(memory \d+ MiB before\)/.test(l))).toBe(true), { timeout: 20_000, interval: 200 })
    } finally {
      await server.stop()
    }
  })

  it('refuses a store from another version with a clear message and exit status 3', () => {
    const dir = tempDir()
    expect(feedlens(['keys', 'list', '--data-dir', dir]).code).toBe(0)
    const Database = require('better-sqlite3') as typeof import('better-sqlite3')
    const db = new Database(path.join(dir, 'feedlens.db'))
    db.prepare(`UPDATE __drizzle_migrations SET hash = 'other'`).run()
    db.close()
    const r = feedlens(['keys', 'list', '--data-dir', dir])
    expect(r.code).toBe(3)
    expect(r.stderr).toMatch(/does not match this version of Feedlens/)
  })
})
