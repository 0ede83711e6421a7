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
import { BIN, copyWorld, line, n, serveFolder } from './lib'

export interface SyncResults {
  observations: number
  syncSeconds: number
  syncPerSecond: number
  importSeconds: number
  importPerSecond: number
}

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

export async function measureSync(scale: DemoScale, source: Store): Promise<SyncResults> {
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-sync-files-'))
  const into = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-sync-into-'))
  const imported = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-sync-import-'))
  const copy = await copyWorld(scale)
  const upstream = await serveFolder(copy.dir)
  try {
    const synced = await cliSync(upstream.url, copy.key, into)
    const { articlesFile, observationsFile } = await exportWorld(source, files, { wholeArticles: true })
    const a = await cliImport(articlesFile, imported)
    const o = await cliImport(observationsFile, imported)
    const result: SyncResults = {
      observations: synced.observations,
      syncSeconds: synced.seconds,
      syncPerSecond: synced.observations / synced.seconds,
      importSeconds: a.seconds + o.seconds,
      importPerSecond: o.report.observationsInserted / (a.seconds + o.seconds),
    }
    line(
      `  sync of ${n(synced.observations)} observations and their articles (${n(synced.elements)} feed elements, \`feedlens sync\` from a server, start to exit): ` +
        `${result.syncSeconds.toFixed(1)} s, ${n(result.syncPerSecond)} observations/s; importing the same from files (whole articles, then observations): ` +
        `${result.importSeconds.toFixed(1)} s, ${n(result.importPerSecond)}/s; sync ${((result.syncPerSecond / result.importPerSecond) * 100).toFixed(0)}% of import`,
    )
    return result
  } finally {
    upstream.child.kill('SIGTERM')
    copy.remove()
    for (const dir of [files, into, imported]) fs.rmSync(dir, { recursive: true, force: true })
  }
}
