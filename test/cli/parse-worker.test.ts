import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { Credit } from '../../electron/core/ingest/credit'
import type { ParsedChunk } from '../../electron/core/ingest/file-segments'
import type { ParseWorkerInput } from '../../electron/core/ingest/parse-worker'
import { tempDir } from '../helpers/core'

// The built parse worker (npm test builds first), as the importer drives it: a chunk granted
// for each one taken.
const WORKER = path.resolve(__dirname, '../../out/main/parse-worker.js')

describe('the parse worker', () => {
  it('runs no more chunks ahead than it is granted, and hands over every row in order', async () => {
    const file = path.join(tempDir(), 'observations.ndjson')
    const rows: string[] = []
    for (let i = 0; i < 30_000; i++) {
      rows.push(JSON.stringify({ observed_at: '2026-06-01T00:00:00Z', country: i % 2 ? 'US' : 'DE', position: 1 + (i % 100), estimated_impressions: i, url: `https://news.example/${i % 700}` }))
    }
    fs.writeFileSync(file, rows.join('\n') + '\n')
    expect(fs.statSync(file).size).toBeGreaterThan(3 * 1024 * 1024) // several 1 MiB chunks

    const input: ParseWorkerInput = { file, kind: 'ndjson', observations: true, storeFile: null, chunksAhead: 2 }
    const worker = new Worker(WORKER, { workerData: input })
    const received: Array<ParsedChunk | null> = []
    let arrived: (() => void) | null = null
    let sent = 0
    let granted = 0
    let mostAhead = 0
    worker.on('message', (m: ParsedChunk | null) => {
      if (m !== null) mostAhead = Math.max(mostAhead, ++sent - granted)
      received.push(m)
      arrived?.()
    })
    const next = async () => {
      while (received.length === 0) await new Promise<void>((resolve) => (arrived = resolve))
      return received.shift()!
    }
    try {
      // the worker sends what its credit allows (2), then one more for each chunk taken back
      const chunks: ParsedChunk[] = []
      for (let m = await next(); m !== null; m = await next()) {
        expect(m.onWorker).toBe(true)
        chunks.push(m)
        granted++
        worker.postMessage('more')
      }
      // never more chunks in flight than its credit allows
      expect(mostAhead).toBeLessThanOrEqual(2)
      expect(chunks.length).toBeGreaterThan(3)
      const lines = chunks.flatMap((c) => c.segments.flatMap((s) => (s.kind === 'observations' ? Array.from(s.lines) : [])))
      expect(lines).toEqual(rows.map((_, i) => i + 1))
      // each article and country numbered once, in order of first appearance
      expect(chunks.flatMap((c) => c.newArticleIds).length).toBe(700)
      expect(chunks.flatMap((c) => c.newCountries)).toEqual(['DE', 'US'])
      const impressions = chunks.flatMap((c) => c.segments.flatMap((s) => (s.kind === 'observations' ? Array.from(s.impressions) : [])))
      expect(impressions).toEqual(rows.map((_, i) => i))
    } finally {
      await worker.terminate()
    }
  })
})

describe('the credit between the parse worker and the importer', () => {
  it('lets the worker take only what was given, and wakes it when more is given', async () => {
    const credit = new Credit(2)
    await credit.take()
    await credit.take()
    let third = false
    const taking = credit.take().then(() => (third = true))
    await Promise.resolve()
    expect(third).toBe(false)
    expect(credit.units).toBe(0)
    credit.give()
    await taking
    expect(third).toBe(true)
    expect(credit.units).toBe(0)
  })
})
