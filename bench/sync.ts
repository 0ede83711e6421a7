/**
 * `feedlens sync` from a Feedlens serving a copy of the world into an empty folder (start to exit),
 * against importing the same articles and observations from files into another empty folder.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DemoScale } from '../electron/core/demo/scales'
import type { Store } from '../electron/core/store/store'
import { cliImport, exportWorld } from './import'
import { BIN, CAN_PIN, copyWorld, line, median, n, serveFolder } from './lib'

export interface SyncResults {
  observations: number
  /** observations a second, each run (sync and import alternated) */
  syncRuns: number[]
  importRuns: number[]
  syncMedian: number
  importMedian: number
}

/**
 * How the machine's two CPUs are shared: the upstream (another Feedlens, as on another computer)
 * is held to one CPU; the syncing CLI and the importing CLI run free, as a user runs them.
 */
const UPSTREAM_CPUS = '1'

function cliSync(url: string, key: string, dataDir: string): Promise<{ observations: number; elements: number; seconds: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'sync', '--from', url, '--key', key, '--data-dir', dataDir, '--json', '--no-refresh'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`feedlens sync exited with ${code}`))
      else resolve({ ...(JSON.parse(out) as { observations: number; elements: number }), seconds: (performance.now() - started) / 1000 })
    })
  })
}

export async function measureSync(scale: DemoScale, source: Store, runs: number): Promise<SyncResults> {
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-sync-files-'))
  const copy = await copyWorld(scale)
  const upstream = await serveFolder(copy.dir, [], UPSTREAM_CPUS)
  line(`  the upstream \`feedlens serve\` ${CAN_PIN ? `held to CPU ${UPSTREAM_CPUS} (taskset)` : 'free (this machine cannot hold a process to a CPU)'}; sync and import run free`)
  try {
    const { articlesFile, observationsFile } = await exportWorld(source, files, { wholeArticles: true })
    const syncRuns: number[] = []
    const importRuns: number[] = []
    let observations = 0
    let elements = 0
    // alternated, so that a slower spell of the machine falls on both
    for (let run = 0; run < runs; run++) {
      const into = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-sync-into-'))
      const imported = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-sync-import-'))
      try {
        const synced = await cliSync(upstream.url, copy.key, into)
        observations = synced.observations
        elements = synced.elements
        const a = await cliImport(articlesFile, imported)
        const o = await cliImport(observationsFile, imported)
        syncRuns.push(synced.observations / synced.seconds)
        importRuns.push(o.report.observationsInserted / (a.seconds + o.seconds))
        line(
          `  run ${run + 1}: sync ${synced.seconds.toFixed(1)} s (${n(syncRuns[run]!)} observations/s); ` +
            `import of the same ${(a.seconds + o.seconds).toFixed(1)} s (${n(importRuns[run]!)}/s)`,
        )
      } finally {
        for (const dir of [into, imported]) fs.rmSync(dir, { recursive: true, force: true })
      }
    }
    const result: SyncResults = { observations, syncRuns, importRuns, syncMedian: median(syncRuns), importMedian: median(importRuns) }
    line(
      `  sync of ${n(observations)} observations and their articles (${n(elements)} feed elements, \`feedlens sync\` from a server, start to exit): ` +
        `median ${n(result.syncMedian)} observations/s over ${runs} runs; importing the same from files (whole articles, then observations): ` +
        `median ${n(result.importMedian)}/s; sync ${((result.syncMedian / result.importMedian) * 100).toFixed(0)}% of import`,
    )
    return result
  } finally {
    upstream.child.kill('SIGTERM')
    copy.remove()
    fs.rmSync(files, { recursive: true, force: true })
  }
}
