import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const MODULE = path.resolve(__dirname, '../../electron/core/paths/heap-growth.ts')

/**
 * A process whose worker thread keeps a steady live set and drops batches of maps after a while
 * (a clustering's centroids): old-generation garbage, as a full pass makes. Prints the heap's
 * peak in MB, with the growth bounded first (on the main thread, before the worker starts) or not.
 */
function peakHeapMb(bounded: boolean): number {
  const script = `
    import { Worker } from 'node:worker_threads'
    ${bounded ? `import { boundHeapGrowth } from ${JSON.stringify(MODULE)}; boundHeapGrowth(); boundHeapGrowth()` : ''}
    const worker = new Worker(\`
      import v8 from 'node:v8'
      import { parentPort } from 'node:worker_threads'
      const live = []
      for (let i = 0; i < 400000; i++) live.push({ a: i, b: 'x' + i, c: [i, i + 1] })
      const ring = []
      let peak = 0
      for (let round = 0; round < 300; round++) {
        const batch = []
        for (let i = 0; i < 20000; i++) batch.push(new Map([[i, i], [i + 1, i]]))
        ring.push(batch)
        if (ring.length > 8) ring.shift()
        peak = Math.max(peak, v8.getHeapStatistics().total_heap_size)
      }
      parentPort.postMessage(Math.round(peak / 2 ** 20) + live.length * 0)
    \`, { eval: true })
    worker.on('message', (mb) => { console.log(mb); worker.terminate() })
  `
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' })
  expect(result.stderr).toBe('')
  return Number(result.stdout.trim())
}

describe('boundHeapGrowth', () => {
  it('keeps a thread started after it from doubling its heap with garbage it has dropped', () => {
    const unbounded = peakHeapMb(false)
    const bounded = peakHeapMb(true)
    // unbounded the heap grew to about 430 MB here, bounded to about 195 (the same under load)
    expect(unbounded).toBeGreaterThan(150)
    expect(bounded).toBeGreaterThan(60)
    expect(bounded).toBeLessThan(unbounded * 0.75)
  })
})
