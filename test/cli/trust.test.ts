import Database from 'better-sqlite3'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { setInterval as ticker } from 'node:timers/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { makeWorld, openTestStore, tempDir } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'
import { BIN, committedObservations, feedlens, serveFolder } from '../helpers/cli'

/**
 * The trust issue as users meet it, through the built CLI: a store another process holds, a
 * folder that cannot be written, two imports at once, an import killed halfway.
 */


const serve = serveFolder

/** Observation rows of `articles` articles in US snapshots every hour (each article's first row carries its title). */
function observationFile(articles: number, hours: number, offset = 0): string {
  const lines: string[] = []
  for (let h = 0; h < hours; h++) {
    const at = new Date(Date.UTC(2026, 10, 1, h + offset)).toISOString()
    for (let a = 0; a < articles; a++) {
      const row: Record<string, unknown> = { observed_at: at, country: 'US', position: a + 1, estimated_impressions: 1000 - a, url: `https://example.com/story-${a}` }
      if (h === 0 && offset === 0) Object.assign(row, { title: `Story ${a}`, lang: 'en' })
      lines.push(JSON.stringify(row))
    }
  }
  const file = path.join(tempDir(), 'feed.ndjson')
  fs.writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

describe('a store that cannot be written', () => {
  it('is refused at start with a sentence naming the folder and the cause', () => {
    const dir = tempDir()
    // make the store first, then take the right to write away
    expect(feedlens(['keys', 'list', '--data-dir', dir]).code).toBe(0)
    fs.chmodSync(path.join(dir, 'feedlens.db'), 0o444)
    fs.chmodSync(dir, 0o555)
    try {
      const r = feedlens(['serve', '--port', '0', '--data-dir', dir], { asNobody: true })
      expect(r.code).toBe(4)
      expect(r.stderr).toMatch(new RegExp(`^feedlens: Feedlens cannot write to its data folder ${dir}: `))
      expect(r.stderr).toMatch(/read-only/)
      expect(r.stderr).not.toMatch(/unable to open database file/)
      const fresh = path.join(dir, 'new')
      const none = feedlens(['keys', 'list', '--data-dir', fresh], { asNobody: true })
      expect(none.code).toBe(4)
      expect(none.stderr).toMatch(/cannot write to its data folder/)
    } finally {
      fs.chmodSync(dir, 0o755)
    }
  })
})

describe('a data folder that is a file, or under one', () => {
  it('is refused by every kind of command with exit 4 and a sentence naming the file in the way, and the file is left as it was', () => {
    const file = path.join(tempDir(), 'notes.txt')
    fs.writeFileSync(file, 'not a folder')
    const cases: Array<[string[], string, string]> = [
      [['keys', 'list', '--data-dir', file], file, 'it is a file, not a folder'],
      [['serve', '--port', '0', '--data-dir', file], file, 'it is a file, not a folder'],
      [['import', observationFile(2, 2), '--data-dir', path.join(file, 'data')], path.join(file, 'data'), `${file} is a file, not a folder`],
      [['lists', 'show', '--data-dir', path.join(file, 'a', 'b')], path.join(file, 'a', 'b'), `${file} is a file, not a folder`],
    ]
    for (const [args, folder, cause] of cases) {
      const run = feedlens(args)
      expect(run.stderr, args.join(' ')).toBe(`feedlens: Feedlens cannot use ${folder} as its data folder: ${cause}. Choose another folder with --data-dir (or FEEDLENS_DATA_DIR), or fix the folder and start again.\n`)
      expect(run.code, args.join(' ')).toBe(4)
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('not a folder')
  })
})

/** A small disk of its own, where the platform lets this process mount one (Linux, as root). */
function smallDisk(megabytes: number): { dir: string; release(): void } | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null
  const dir = tempDir('feedlens-disk-')
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir])
  if (mounted.status !== 0) return null
  return { dir, release: () => void spawnSync('umount', [dir]) }
}

describe('a full disk', () => {
  // mounted by the test itself: a disk mounted when the file is collected stayed mounted whenever the test was filtered out
  it('stops an import with a sentence and exit 4, the store whole with every batch it completed', (ctx) => {
    const disk = smallDisk(6)
    if (!disk) return ctx.skip()
    const dataDir = path.join(disk.dir, 'data')
    try {
      const rows = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ url: `https://example.com/${i}`, title: `Story ${i}`, summary: 'x'.repeat(3000), region: 'US', lang: 'en' }))
      const file = path.join(tempDir(), 'big.ndjson')
      fs.writeFileSync(file, rows.join('\n'))
      const run = feedlens(['import', file, '--data-dir', dataDir, '--batch-size', '500'])
      expect(run.code).toBe(4)
      expect(run.stderr).toMatch(/^feedlens: The disk that holds the data folder is full: the write stopped and nothing of it was kept/m)
      const db = new Database(path.join(dataDir, 'feedlens.db'), { readonly: true })
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const articles = db.prepare('SELECT count(*) FROM articles').pluck().get() as number
      db.close()
      expect(articles % 500).toBe(0)
      expect(articles).toBeLessThan(3000)
    } finally {
      disk.release()
    }
  })
})

describe('another process holding the write lock', () => {
  it('delays the server\'s request counters, never kills the server, and never stalls its answers', { timeout: 60_000 }, async () => {
    const dir = tempDir()
    const key = /fl_[A-Za-z0-9_-]+/.exec(feedlens(['keys', 'create', '--name', 'k', '--internal', '--data-dir', dir]).stdout)![0]
    const server = await serve(dir)
    try {
      const holder = new Database(path.join(dir, 'feedlens.db'))
      holder.exec('BEGIN IMMEDIATE')
      holder.prepare(`INSERT INTO settings (key, value) VALUES ('held', '1')`).run()
      // six seconds of requests while the lock is held: past SQLite's own 5 s wait
      const started = Date.now()
      let slowest = 0
      const statuses = new Set<number>()
      // a request on each tick of a 100 ms ticker (within the plan's per-minute limit) for as long as the lock is held
      for await (const _tick of ticker(100)) {
        const t = Date.now()
        const res = await fetch(`${server.url}/v1/geo/regions`, { headers: { 'X-API-Key': key } })
        await res.arrayBuffer()
        statuses.add(res.status)
        slowest = Math.max(slowest, Date.now() - t)
        if (Date.now() - started >= 6500) break
      }
      expect([...statuses]).toEqual([200])
      expect(slowest).toBeLessThan(1000)
      holder.exec('COMMIT')
      // the counters the server kept in memory reach the store once it is free again
      const counted = () => (holder.prepare(`SELECT coalesce(sum(count), 0) FROM rate_counters WHERE window = 'month'`).pluck().get() as number)
      await vi.waitFor(() => expect(counted()).toBeGreaterThan(10), { timeout: 20_000, interval: 50 })
      expect(server.child.exitCode).toBeNull()
      holder.close()
      expect(server.stderr.join('')).not.toMatch(/SQLITE_BUSY|database is locked/)
    } finally {
      server.child.kill('SIGTERM')
    }
  })

  it('lets a write of the window wait for another process\'s lock without stalling reads: done when the lock goes, else 503 with Retry-After and nothing changed', { timeout: 60_000 }, async () => {
    const dir = tempDir()
    // a store with a project, whose lists the window edits
    const store = openTestStore(path.join(dir, 'feedlens.db'))
    store.projects.create({ id: 'a0000000-0000-4000-8000-00000000000a', name: 'Desk', planId: 'pro', createdAt: new Date().toISOString() })
    store.close()
    const server = await serve(dir)
    try {
      // the window's session, as a person gets it: a one-time sign-in link
      const link = /http:\/\/\S+\?token=\S+/.exec(feedlens(['link', '--data-dir', dir, '--url', server.url]).stdout)![0]
      const signIn = await fetch(link, { redirect: 'manual' })
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
      const createList = (name: string) =>
        fetch(`${server.url}/app/lists`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ kind: 'entity', name }) })
      const holder = new Database(path.join(dir, 'feedlens.db'))
      const lists = () => holder.prepare(`SELECT count(*) FROM tracking_lists`).pluck().get() as number
      // another process holds the lock past the write's wait: 503, Retry-After, nothing changed; reads answer meanwhile
      holder.exec('BEGIN IMMEDIATE')
      const started = Date.now()
      const pending = createList('refused')
      const read = Date.now()
      expect((await fetch(`${server.url}/app/status`, { headers: { cookie } })).status).toBe(200)
      expect(Date.now() - read).toBeLessThan(1000)
      const refused = await pending
      expect(refused.status).toBe(503)
      expect(refused.headers.get('retry-after')).toBe('2')
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/^The store is busy/)
      const waited = Date.now() - started
      expect(waited).toBeGreaterThanOrEqual(9_000)
      expect(waited).toBeLessThan(14_000)
      holder.exec('ROLLBACK')
      expect(lists()).toBe(0)
      // held for a moment only: the write waits for it and goes through
      holder.exec('BEGIN IMMEDIATE')
      const waiting = createList('written')
      setTimeout(() => holder.exec('ROLLBACK'), 1500)
      expect((await waiting).status).toBe(200)
      expect(lists()).toBe(1)
      holder.close()
    } finally {
      server.child.kill('SIGTERM')
    }
  })

  it('makes a second import wait for the first and say so, then go on; a lock left by a killed import is taken over', { timeout: 60_000 }, async () => {
    const dir = tempDir()
    expect(feedlens(['keys', 'list', '--data-dir', dir]).code).toBe(0)
    // an import running in another process holds the lock: here a process that only waits
    const holder = spawn('sleep', ['30'])
    fs.writeFileSync(path.join(dir, 'import.lock'), JSON.stringify({ pid: holder.pid, file: '/data/big.ndjson', startedAt: '2026-11-22T10:00:00.000Z' }))
    const second = spawn(process.execPath, [BIN, 'import', observationFile(5, 3), '--data-dir', dir, '--no-refresh'], { stdio: 'pipe' })
    let stderr = ''
    // resolves at the first output that says it waits
    const saysItWaits = new Promise<void>((resolve) =>
      second.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        if (stderr.includes('Another import')) resolve()
      }),
    )
    const secondDone = new Promise<number | null>((resolve) => second.on('exit', resolve))
    await saysItWaits
    expect(stderr).toMatch(/^Another import \(process \d+, \/data\/big\.ndjson, since 2026-11-22T10:00:00\.000Z\) is writing to this store; this one starts when it is done\.$/m)
    expect(second.exitCode).toBeNull()
    // the first import ends (releasing its lock as it does)
    holder.kill('SIGKILL')
    fs.rmSync(path.join(dir, 'import.lock'))
    expect(await secondDone).toBe(0)
    const store = openTestStore(path.join(dir, 'feedlens.db'))
    expect(store.counts().observations).toBe(15)
    store.close()
    expect(fs.existsSync(path.join(dir, 'import.lock'))).toBe(false)

    // a lock whose process is gone (kill -9) does not hold anyone up
    fs.writeFileSync(path.join(dir, 'import.lock'), JSON.stringify({ pid: 2 ** 22 + 7, file: 'gone.ndjson', startedAt: '2026-11-22T10:00:00.000Z' }))
    const third = feedlens(['import', observationFile(5, 3, 10), '--data-dir', dir, '--no-refresh'])
    expect(third.code).toBe(0)
    expect(third.stderr).not.toMatch(/Another import/)
  })
})

describe('every line of an input file is accounted for', () => {
  it('reports a row nested 5,000 levels deep in the middle with its line, and imports every other row (on the parse worker)', { timeout: 60_000 }, () => {
    const lines: string[] = []
    for (let i = 0; i < 20_000; i++) {
      const row: Record<string, unknown> = {
        observed_at: new Date(Date.UTC(2026, 10, 1, Math.floor(i / 300))).toISOString(),
        country: 'US',
        position: (i % 300) + 1,
        estimated_impressions: 5,
        url: `https://example.com/a${i % 300}`,
      }
      if (i < 300) Object.assign(row, { title: `T${i}`, lang: 'en' })
      lines.push(JSON.stringify(row))
      if (i === 10_000) {
        lines.push(`{"observed_at":"2026-11-01T01:00:00Z","country":"US","position":1,"estimated_impressions":1,"url":"https://example.com/deep","title":"Deep","lang":"en","extra":${'['.repeat(5000)}1${']'.repeat(5000)}}`)
        lines.push('')
      }
    }
    const file = path.join(tempDir(), 'pathological.ndjson')
    fs.writeFileSync(file, `${lines.join('\n')}\n`)
    const r = feedlens(['import', file, '--data-dir', tempDir(), '--no-refresh', '--json'])
    expect(r.code).toBe(0)
    const report = JSON.parse(r.stdout)[0]
    expect(report).toMatchObject({
      rows: 20_001,
      blankLines: 1,
      articles: 300,
      observationsInserted: 20_000,
      observationsDuplicate: 0,
      skipped: 1,
      parsedOnWorker: true,
      problems: [{ line: 10_002, reason: 'a value is nested more than 32 levels deep; a row holds flat fields (and lists of entities)' }],
    })
  })
})

describe('kill -9 during an import', () => {
  it('leaves whole batches only, and importing again gives the same store as one clean import', { timeout: 120_000 }, async () => {
    const file = observationFile(200, 200)
    const cleanDir = tempDir()
    expect(feedlens(['import', file, '--data-dir', cleanDir, '--no-refresh', '--batch-size', '5000']).code).toBe(0)

    const dir = tempDir()
    const child = spawn(process.execPath, [BIN, 'import', file, '--data-dir', dir, '--no-refresh', '--batch-size', '5000'], { stdio: 'ignore' })
    const storeFile = path.join(dir, 'feedlens.db')
    // kill it once some batches are in, before the end
    const committed = () => committedObservations(storeFile)
    await vi.waitFor(() => expect(committed()).toBeGreaterThanOrEqual(10_000), { timeout: 60_000, interval: 10 })
    child.kill('SIGKILL')
    await new Promise((resolve) => child.on('exit', resolve))

    const killed = openTestStore(storeFile)
    expect(killed.sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
    const kept = killed.counts().observations
    expect(kept % 5000).toBe(0)
    expect(kept).toBeLessThan(40_000)
    // the analytics know they are behind the data the killed import wrote
    expect(killed.freshness.behind()).toBe(true)
    killed.close()
    expect(fs.existsSync(path.join(dir, 'import.lock'))).toBe(true)

    const again = feedlens(['import', file, '--data-dir', dir, '--no-refresh', '--batch-size', '5000', '--json'])
    expect(again.code).toBe(0)
    const report = JSON.parse(again.stdout)[0] as { rows: number; observationsInserted: number; observationsDuplicate: number; skipped: number }
    expect(report.observationsDuplicate).toBe(kept)
    expect(report.observationsInserted + report.observationsDuplicate).toBe(40_000)
    const resumed = openTestStore(storeFile)
    const clean = openTestStore(path.join(cleanDir, 'feedlens.db'))
    expect(resumed.reference.checksum()).toBe(clean.reference.checksum())
    resumed.close()
    clean.close()
  })
})

describe('feedlens link', () => {
  it('prints a one-time sign-in link to the server of the data folder', { timeout: 60_000 }, async () => {
    const dir = tempDir()
    const server = await serve(dir)
    try {
      const r = feedlens(['link', '--data-dir', dir])
      expect(r.code).toBe(0)
      const link = r.stdout.trim()
      expect(link).toMatch(new RegExp(`^${server.url}/\\?token=[A-Za-z0-9_-]{32}$`))
      const opened = await fetch(link, { redirect: 'manual' })
      expect(opened.status).toBe(303)
      const cookie = opened.headers.get('set-cookie')!.split(';')[0]!
      expect((await fetch(`${server.url}/app/status`, { headers: { cookie } })).status).toBe(200)
      expect((await fetch(link, { redirect: 'manual' })).status).toBe(401)
    } finally {
      server.child.kill('SIGTERM')
    }
  })
})

describe('a running server and another process writing', () => {
  it('answers from what the other process wrote at its next request (caches follow SQLite\'s data_version)', { timeout: 60_000 }, async () => {
    const dir = tempDir()
    const world = makeWorld({ file: path.join(dir, 'feedlens.db') })
    seedFixture(world.store, world.projectId)
    world.core.close()
    const server = await serve(dir)
    try {
      const url = `${server.url}/v1/tracking/lists/${IDS.entityList}/metrics?period=custom&date_from=2026-11-20&date_to=2026-11-21`
      const fed = async () => {
        const body = (await (await fetch(url, { headers: { 'X-API-Key': world.key } })).json()) as { items: Array<{ key: string; impressions: number }> }
        return body.items.find((i) => i.key === '/m/fed')!.impressions
      }
      expect(await fed()).toBe(2700)
      expect(await fed()).toBe(2700) // kept in memory now
      const file = path.join(tempDir(), 'more.ndjson')
      const row = {
        observed_at: '2026-11-20T12:00:00Z', country: 'US', position: 2, estimated_impressions: 500, url: 'https://example.com/fed-minutes',
        title: 'Fed minutes show a split', lang: 'en', entities: [{ id: '/m/fed', name: 'Federal Reserve', type: 'Organization', score: 0.9 }],
      }
      fs.writeFileSync(file, `${JSON.stringify(row)}\n`)
      expect(feedlens(['import', file, '--data-dir', dir, '--no-refresh']).code).toBe(0)
      expect(await fed()).toBe(3200)
      // a keyless answer kept in memory follows too: the categories a fresh process would answer
      const categories = `${server.url}/public/discover/categories?country=US&period=7d`
      const before = await (await fetch(categories)).text()
      expect(await (await fetch(categories)).text()).toBe(before)
      fs.writeFileSync(file, `${JSON.stringify({ ...row, url: 'https://example.com/fed-sports', title: 'Fed chair throws first pitch', category: '/Sports' })}\n`)
      expect(feedlens(['import', file, '--data-dir', dir]).code).toBe(0)
      const after = await (await fetch(categories)).text()
      const fresh = makeWorld({ file: path.join(dir, 'feedlens.db') })
      try {
        expect(after).toBe(await (await fresh.get('/public/discover/categories?country=US&period=7d', {})).text())
        expect(after).not.toBe(before)
      } finally {
        fresh.core.close()
      }
    } finally {
      server.child.kill('SIGTERM')
    }
  })
})
