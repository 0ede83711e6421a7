import Database from 'better-sqlite3'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { feedPage, type FeedPage } from '../../electron/core/service/feed'
import { openTestStore, tempDir } from '../helpers/core'
import { BIN, committedObservations, feedlens as run, serveFolder } from '../helpers/cli'

/**
 * `feedlens sync` as users run it, through the built CLI against `feedlens serve` of another data
 * folder: the whole feed comes over, a sync killed with -9 resumes without loss or doubles, and
 * the feed read while an import writes has every observation exactly once.
 */


/** The CLI, without a sync key from the environment. */
const feedlens = (args: string[]) => run(args, { env: { FEEDLENS_SYNC_KEY: '' } })

const serve = serveFolder

/** `articles` articles in US and GB snapshots every hour for `hours` hours from an offset. */
function observationFile(articles: number, hours: number, offset = 0): string {
  const lines: string[] = []
  for (let h = 0; h < hours; h++) {
    const at = new Date(Date.UTC(2026, 10, 1, h + offset)).toISOString()
    for (const country of ['US', 'GB']) {
      for (let a = 0; a < articles; a++) {
        const row: Record<string, unknown> = { observed_at: at, country, position: a + 1, estimated_impressions: 1000 - a, url: `https://example.com/${country}/story-${a + offset}` }
        if (h === 0) Object.assign(row, { title: `Story ${a + offset} ${country}`, lang: 'en' })
        lines.push(JSON.stringify(row))
      }
    }
  }
  const file = path.join(tempDir(), 'feed.ndjson')
  fs.writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** What a store holds of the feed: every observation as one line, sorted. */
function observationsOf(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, 'feedlens.db'), { readonly: true })
  const rows = db.prepare('SELECT id, seq FROM articles').raw().all() as Array<[string, number]>
  const ids = new Map(rows.map(([id, seq]) => [seq, id]))
  const out: string[] = []
  for (const [country, at, entries] of db.prepare('SELECT country, observed_at, entries FROM feed_snapshots').raw().all() as Array<[string, number, Buffer]>) {
    for (let o = 0; o < entries.length; o += 12) out.push(`${country} ${at} ${ids.get(entries.readUInt32BE(o))} ${entries.readUInt32BE(o + 4)} ${entries.readUInt32BE(o + 8)}`)
  }
  db.close()
  return out.sort()
}

let upstream: { url: string; child: ChildProcess }
let upstreamDir: string
let key: string

beforeAll(async () => {
  upstreamDir = tempDir()
  expect(feedlens(['import', observationFile(100, 100), '--data-dir', upstreamDir, '--no-refresh']).code).toBe(0)
  key = feedlens(['keys', 'create', '--name', 'sync', '--internal', '--data-dir', upstreamDir]).stdout.trim()
  upstream = await serve(upstreamDir)
}, 60_000)

afterAll(() => {
  upstream?.child.kill('SIGTERM')
})

describe('feedlens sync', () => {
  it('brings the whole feed over, says what came in, and brings nothing the second time', { timeout: 60_000 }, () => {
    const dir = tempDir()
    const first = feedlens(['sync', '--from', upstream.url, '--key', key, '--data-dir', dir, '--no-refresh'])
    expect(first.stderr).toMatch(new RegExp(`^${upstream.url}: [\\d,]+ elements, 200 articles, 20,000 new observations in [\\d.]+ s \\([\\d,]+ observations/s\\)\\.$`, 'm'))
    expect(first.code).toBe(0)
    expect(observationsOf(dir)).toEqual(observationsOf(upstreamDir))
    const second = feedlens(['sync', '--from', upstream.url, '--key', key, '--data-dir', dir, '--no-refresh', '--json'])
    expect(second.code).toBe(0)
    expect(JSON.parse(second.stdout)).toMatchObject({ articles: 0, observations: 0, elements: 0 })
  })

  it('recomputes trends and signals on a re-run that brings nothing new, when an earlier run did not (killed, or --no-refresh)', { timeout: 120_000 }, () => {
    const dir = tempDir()
    expect(feedlens(['sync', '--from', upstream.url, '--key', key, '--data-dir', dir, '--no-refresh']).code).toBe(0)
    const trends = () => {
      const db = new Database(path.join(dir, 'feedlens.db'), { readonly: true })
      const n = db.prepare('SELECT count(*) FROM trends').pluck().get() as number
      db.close()
      return n
    }
    expect(trends()).toBe(0)
    const again = feedlens(['sync', '--from', upstream.url, '--key', key, '--data-dir', dir, '--json'])
    expect(again.code).toBe(0)
    expect(JSON.parse(again.stdout)).toMatchObject({ articles: 0, observations: 0 })
    expect(trends()).toBeGreaterThan(0)
    // and an article removed from the command line goes with everything derived from it
    const db = new Database(path.join(dir, 'feedlens.db'), { readonly: true })
    const id = db.prepare(`SELECT id FROM articles WHERE title = 'Story 0 US'`).pluck().get() as string
    db.close()
    const removed = feedlens(['articles', 'remove', id, 'a0000000-0000-4000-8000-00000000dead', '--data-dir', dir])
    expect(removed.code).toBe(0)
    expect(removed.stderr).toMatch(/^Removed 1 article; 1 not in this store\.$/m)
    expect(observationsOf(dir)).toHaveLength(20_000 - 100)
    expect(observationsOf(dir).some((o) => o.includes(id))).toBe(false)
    const unknown = feedlens(['articles', 'remove', 'a0000000-0000-4000-8000-00000000dead', '--data-dir', dir])
    expect(unknown.code).toBe(1)
    expect(feedlens(['articles', 'remove', 'not-an-id', '--data-dir', dir]).stderr).toMatch(/Not article ids: not-an-id/)
  })

  it('tells why it cannot sync, with exit code 5', () => {
    const refused = feedlens(['sync', '--from', upstream.url, '--key', 'fl_not_a_key', '--data-dir', tempDir()])
    expect(refused.code).toBe(5)
    expect(refused.stderr).toMatch(/^feedlens: http:\/\/127\.0\.0\.1:\d+ refused the key: /)
    const noKey = feedlens(['sync', '--from', upstream.url, '--data-dir', tempDir()])
    expect(noKey.code).toBe(1)
    expect(noKey.stderr).toMatch(/An API key of the upstream is needed/)
  })

  it('killed with -9 halfway, resumes where it stopped: nothing lost, nothing twice', { timeout: 120_000 }, async () => {
    const dir = tempDir()
    const storeFile = path.join(dir, 'feedlens.db')
    const child = spawn(process.execPath, [BIN, 'sync', '--from', upstream.url, '--key', key, '--data-dir', dir, '--no-refresh', '--page-size', '3', '--batch-size', '500'], { stdio: 'ignore' })
    const committed = () => committedObservations(storeFile)
    await vi.waitFor(() => expect(committed()).toBeGreaterThanOrEqual(2_000), { timeout: 60_000, interval: 10 })
    child.kill('SIGKILL')
    await new Promise((resolve) => child.on('exit', resolve))
    const killedAt = committed()
    expect(killedAt).toBeLessThan(20_000)
    const resumed = feedlens(['sync', '--from', upstream.url, '--key', key, '--data-dir', dir, '--no-refresh', '--json'])
    expect(resumed.code).toBe(0)
    // it read on from the last page it stored (the whole feed is 400 elements: 200 articles, 200 snapshots)
    const report = JSON.parse(resumed.stdout)
    expect(report.elements).toBeLessThan(400)
    expect(report.observations).toBe(20_000 - killedAt)
    expect(observationsOf(dir)).toEqual(observationsOf(upstreamDir))
  })
})

describe('the feed read while another process imports', () => {
  it('has every observation exactly once, read alongside the import and after it', { timeout: 120_000 }, async () => {
    const dir = tempDir()
    expect(feedlens(['import', observationFile(100, 20), '--data-dir', dir, '--no-refresh']).code).toBe(0)
    // read in this process, on a connection of its own (as a server's would be), with no request limits between
    const reader = openTestStore(path.join(dir, 'feedlens.db'))
    const seen: string[] = []
    const articles: string[] = []
    let after = 0
    const take = (page: FeedPage) => {
      for (const e of page.elements) {
        if (e.type === 'snapshot') for (const x of e.snapshot.entries) seen.push(`${e.snapshot.country} ${Date.parse(e.snapshot.observed_at) / 1000} ${x.article_id} ${x.position} ${x.impressions}`)
        else articles.push(e.article.id)
      }
      after = page.last
    }
    // small batches: many commits for the reads to fall between
    const importing = spawn(process.execPath, [BIN, 'import', observationFile(100, 60, 90), '--data-dir', dir, '--no-refresh', '--batch-size', '100'], { stdio: 'ignore' })
    let finished = false
    const done = new Promise<number | null>((resolve) => importing.on('exit', (code) => resolve(code)))
    void done.then(() => (finished = true))
    // times the reader had read everything there was, and then more arrived: the reads did fall between commits
    let caughtUpThenMore = 0
    let caughtUp = false
    while (!finished) {
      const page = feedPage(reader, after, { countries: null }, 20)
      if (caughtUp && page.elements.length > 0) caughtUpThenMore++
      caughtUp = !page.hasMore
      take(page)
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await done).toBe(0)
    for (;;) {
      const page = feedPage(reader, after, { countries: null }, 1000)
      take(page)
      if (!page.hasMore) break
    }
    reader.close()
    expect(caughtUpThenMore).toBeGreaterThan(0)
    expect(new Set(articles).size).toBe(articles.length)
    expect(articles).toHaveLength(2 * 100 + 2 * 90) // the second file names 10 stories of each country again
    expect(seen.length).toBe(2 * 100 * 20 + 2 * 100 * 60)
    expect(seen.sort()).toEqual(observationsOf(dir))
  })
})
