import http from 'node:http'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { FeedSourceError } from '../../electron/core/sync/feed-client'
import { syncFrom } from '../../electron/core/sync/sync'
import { makeWorld, type TestWorld } from '../helpers/core'
import { feedArticle } from '../helpers/feed'

/**
 * An upstream that lies, on loopback, one mode per attack: what it sends never rewrites a stored
 * article, never stores what a file import would refuse, never runs the sync for ever or out of
 * memory, never gets the key sent elsewhere, and its words reach the user without escape codes.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void
const KEY = 'fl_hostile-test-key'
let handler: Handler = (_req, res) => res.end()
let upstream: http.Server
let url = ''
/** Requests a second host got, and whether they carried the key. */
const elsewhere: Array<{ path: string; key: string | undefined }> = []
let other: http.Server
let otherUrl = ''

const listen = (server: http.Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)))

beforeAll(async () => {
  upstream = http.createServer((req, res) => handler(req, res))
  url = await listen(upstream)
  other = http.createServer((req, res) => {
    elsewhere.push({ path: req.url ?? '', key: req.headers['x-api-key'] as string | undefined })
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ elements: [], next_cursor: 'x', has_more: false, remaining: 0 }))
  })
  otherUrl = await listen(other)
})

afterAll(async () => {
  await new Promise((r) => upstream.close(r))
  await new Promise((r) => other.close(r))
})

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(body))
}

/** An article as a feed sends it (a right id unless said otherwise). */
const article = feedArticle

const snapshot = (ids: Array<string | null>, fields: Record<string, unknown> = {}) => ({
  type: 'snapshot',
  snapshot: { country: 'US', observed_at: '2026-11-20T10:00:00.000Z', entries: ids.map((article_id, i) => ({ article_id, position: i + 1, impressions: 100 - i })), ...fields },
})

/** One page holding these elements, the last. */
const onePage = (elements: unknown[]): Handler => (_req, res) => json(res, 200, { elements, next_cursor: 'end', has_more: false, remaining: 0 })

async function sync(w: TestWorld, options: Partial<Parameters<typeof syncFrom>[1]> = {}) {
  const notices: string[] = []
  try {
    const result = await syncFrom(w.store, { url, key: KEY, onNotice: (m) => notices.push(m), ...options })
    return { result, notices, error: null as FeedSourceError | null }
  } catch (error) {
    if (!(error instanceof FeedSourceError)) throw error
    return { result: null, notices, error }
  }
}

describe('a sync trusts nothing it receives', () => {
  it('leaves out an article whose id is not its URL\'s: a stored article is never rewritten, no URL is stored twice', async () => {
    const w = makeWorld({ regions: ['US'] })
    const mine = 'https://local.example/mine'
    new IngestWriter(w.store).write({ articles: [{ id: articleIdForUrl(mine)!, url: mine, title: 'My own story', domain: 'local.example', region: 'US', lang: 'en' }] })
    // the upstream claims the local article's id for its own URL, title and domain
    const forged = article('forged', { id: articleIdForUrl(mine), title: 'Rewritten by the upstream' })
    // and sends an honest one beside it
    const honest = article('honest')
    handler = onePage([forged, honest, snapshot([articleIdForUrl(mine), honest.article.id])])
    const { result, notices } = await sync(w)
    expect(w.store.articles.get(articleIdForUrl(mine)!)).toMatchObject({ url: mine, title: 'My own story', domain: 'local.example' })
    expect(w.store.articles.get(honest.article.id!)?.title).toBe('Story honest')
    expect(w.store.counts().articles).toBe(2)
    // the entry naming the refused article is left out with it
    expect(result).toMatchObject({ articles: 1, observations: 1, refused: 2 })
    expect(notices[0]).toMatch(/^Left out article .* its id .* is not the one of its URL/)
  })

  it.each([
    ['a javascript: URL', { url: 'javascript:alert(1)', id: '00000000-0000-4000-8000-000000000001' }, /its url is not an http\(s\) address/],
    ['markup as its domain', { domain: '<img src=x onerror=alert(1)>' }, /its domain is not a domain name/],
    ['a title of ten megabytes', { title: 'w '.repeat(5_000_000), summary: 's'.repeat(10_000_000) }, /title is 10,000,000 characters long/],
    ['the year 9999', { published_at: '9999-01-01T00:00:00.000Z' }, /published_at should lie between 1900 and 2099/],
    ['a country code of 10,000 characters', { region: 'U'.repeat(10_000) }, /its region is not a country code/],
    ['an unknown language', { lang: 'xx' }, /its lang is not a language code/],
  ])('leaves out an article with %s, with a sentence, and stores nothing of it', async (_, fields, reason) => {
    const w = makeWorld({ regions: ['US'] })
    const bad = article('bad', fields)
    handler = onePage([bad, snapshot([bad.article.id])])
    const { result, notices } = await sync(w)
    expect(result).toMatchObject({ articles: 0, observations: 0 })
    expect(w.store.counts()).toMatchObject({ articles: 0, observations: 0 })
    expect(notices.join('\n')).toMatch(reason)
  })

  it('leaves out a snapshot of year 9999 or of no country', async () => {
    const w = makeWorld({ regions: ['US'] })
    const ok = article('ok')
    handler = onePage([ok, snapshot([ok.article.id], { observed_at: '9999-12-31T00:00:00.000Z' }), snapshot([ok.article.id], { country: 'ZZ' }), snapshot([ok.article.id])])
    const { result, notices } = await sync(w)
    expect(result).toMatchObject({ articles: 1, observations: 1, refused: 2 })
    expect(notices).toHaveLength(2)
  })
})

describe('a sync ends', () => {
  it('on a cursor that repeats, with a sentence', async () => {
    let requests = 0
    handler = (_req, res) => {
      requests++
      json(res, 200, { elements: [], next_cursor: 'again', has_more: true, remaining: 5 })
    }
    const { error } = await sync(makeWorld())
    expect(error?.message).toMatch(/sends a cursor it sent before: its feed goes round in a loop/)
    expect(requests).toBeLessThanOrEqual(3)
  })

  it('on pages that bring nothing new', async () => {
    let requests = 0
    handler = (_req, res) => json(res, 200, { elements: [], next_cursor: `c${++requests}`, has_more: true, remaining: 1000 })
    const { error } = await sync(makeWorld())
    expect(error?.message).toMatch(/pages in a row with nothing new and as much left to read/)
    expect(requests).toBeLessThanOrEqual(6)
  })

  it('on endless "too many requests", after a bounded number of waits', async () => {
    let requests = 0
    handler = (_req, res) => {
      requests++
      res.setHeader('retry-after', '0')
      json(res, 429, { detail: 'slow down' })
    }
    const { error } = await sync(makeWorld())
    expect(error?.message).toMatch(/kept refusing with "too many requests"/)
    expect(requests).toBe(21)
  })

  it('on a page larger than the limit, streamed (it is never held whole)', async () => {
    handler = (_req, res) => {
      res.setHeader('content-type', 'application/json')
      const chunk = Buffer.alloc(1024 * 1024, 32)
      let sent = 0
      const more = () => {
        while (sent < 70) {
          sent++
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        res.end()
      }
      more()
    }
    const { error } = await sync(makeWorld())
    expect(error?.message).toMatch(/is larger than 64 MB/)
  })

  it('on a gzip page that unpacks past the limit', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(100 * 1024 * 1024, 32), { level: 9 })
    expect(bomb.length).toBeLessThan(200 * 1024)
    handler = (_req, res) => {
      res.setHeader('content-type', 'application/json')
      res.setHeader('content-encoding', 'gzip')
      res.end(bomb)
    }
    const { error } = await sync(makeWorld())
    expect(error?.message).toMatch(/is larger than 64 MB/)
  })
})

describe('the key and the words of an upstream', () => {
  it('never follows a redirect to another host with the key, and imports nothing from it', async () => {
    elsewhere.length = 0
    handler = (_req, res) => {
      res.statusCode = 307
      res.setHeader('location', `${otherUrl}/v2/feed?limit=1000`)
      res.end()
    }
    const w = makeWorld()
    const { error } = await sync(w)
    expect(error?.message).toMatch(/redirects to http:\/\/127\.0\.0\.1:\d+: Feedlens does not send the upstream's key to another address/)
    expect(elsewhere).toEqual([])
    expect(w.store.counts().articles).toBe(0)
  })

  it('follows a redirect within the upstream\'s own address', async () => {
    const ok = article('moved')
    handler = (req, res) => {
      if (req.url?.startsWith('/v2/feed')) {
        res.statusCode = 308
        res.setHeader('location', `/moved${req.url}`)
        return void res.end()
      }
      json(res, 200, { elements: [ok, snapshot([ok.article.id])], next_cursor: 'end', has_more: false, remaining: 0 })
    }
    const w = makeWorld({ regions: ['US'] })
    const { result } = await sync(w)
    expect(result).toMatchObject({ articles: 1, observations: 1 })
  })

  it('shows an upstream\'s error without its control characters', async () => {
    handler = (_req, res) => json(res, 403, { detail: 'Denied\u001b[2J\u001b[31m red\u0007 text\u202e reversed' })
    const { error } = await sync(makeWorld())
    expect(error?.message).toBe(`${url} refused the request: Denied[2J[31m red text reversed`)
    // eslint-disable-next-line no-control-regex
    expect(error?.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/)
  })
})
