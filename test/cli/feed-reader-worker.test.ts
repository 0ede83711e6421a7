import http from 'node:http'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ReaderMessage, ReaderWorkerData } from '../../electron/core/sync/feed-pages'
import { feedArticle } from '../helpers/feed'

// The built feed reader (npm test builds first), driven as a sync drives it: 'more' for each batch taken.
const WORKER = path.resolve(__dirname, '../../out/main/feed-reader-worker.js')

const PAGES = 20
const PER_PAGE = 10
let server: http.Server
let url = ''
/** The pages the upstream was asked for, in order. */
const asked: number[] = []


beforeAll(async () => {
  server = http.createServer((req, res) => {
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('cursor') ?? '0')
    asked.push(page)
    const elements = Array.from({ length: PER_PAGE }, (_, i) => feedArticle(String(page * PER_PAGE + i)))
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ elements, next_cursor: String(page + 1), has_more: page + 1 < PAGES, remaining: (PAGES - page - 1) * PER_PAGE }))
  })
  url = await new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)))
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

describe('the feed reader worker', () => {
  it('reads on while batches wait to be written: its credit counts batches, not pages', { timeout: 30_000 }, async () => {
    // five pages make a batch: a credit of pages (as before: 8) stopped the reader a few pages into the second batch
    const data: ReaderWorkerData = { input: { url, key: 'k', pageSize: PER_PAGE }, limits: { observations: 1_000_000, articles: 5 * PER_PAGE } }
    const worker = new Worker(WORKER, { workerData: data })
    const received: ReaderMessage[] = []
    let arrived: (() => void) | null = null
    let granted = 0
    let mostAhead = 0
    const writes = () => received.filter((m) => 'step' in m && m.step.write).length
    worker.on('message', (m: ReaderMessage) => {
      received.push(m)
      // batches handed over and not yet granted back: never more than its credit
      mostAhead = Math.max(mostAhead, writes() - granted)
      arrived?.()
    })
    const steps = () => received.filter((m) => 'step' in m).length
    try {
      // no batch taken yet: two handed over (its credit), and the pages of a third read, gathered and told
      // (the old reader, counting pages, stopped at 8 steps)
      await vi.waitFor(() => expect(steps()).toBe(14), { timeout: 10_000, interval: 20 })
      expect(writes()).toBe(2)
      expect(asked.length).toBeGreaterThanOrEqual(15)

      // then a batch granted for each taken, to the end
      while (!received.some((m) => 'end' in m || 'error' in m)) {
        while (granted < writes()) {
          worker.postMessage('more')
          granted++
        }
        await new Promise<void>((resolve) => (arrived = resolve))
      }
      const batches = received.flatMap((m) => ('step' in m && m.step.write ? [m.step.write] : []))
      expect(received.some((m) => 'error' in m)).toBe(false)
      expect(mostAhead).toBe(2)
      // every article once, in the upstream's order, each batch with the cursor after its last page
      expect(batches.flatMap((b) => b.batch.articles!.map((a) => a.url))).toEqual(Array.from({ length: PAGES * PER_PAGE }, (_, n) => `https://news.example/${n}`))
      expect(batches.map((b) => b.cursor)).toEqual(['5', '10', '15', '20'])
      expect(asked).toEqual(Array.from({ length: PAGES }, (_, p) => p))
    } finally {
      await worker.terminate()
    }
  })
})
