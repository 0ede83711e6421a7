import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
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
    worker.on('message', (m: ParsedChunk | null) => {
      received.push(m)
      arrived?.()
    })
    const next = async () => {
      while (received.length === 0) await new Promise<void>((resolve) => (arrived = resolve))
      return received.shift()!
    }
    try {
      // nothing granted yet: the worker stops after its two chunks
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(received.length).toBe(2)
      const chunks: ParsedChunk[] = []
      for (let m = await next(); m !== null; m = await next()) {
        expect(m.onWorker).toBe(true)
        chunks.push(m)
        worker.postMessage('more')
      }
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
