import { Presets, SingleBar } from 'cli-progress'
import { openCore } from '../bootstrap'
import { analyticsStale, refreshAnalyticsAndWait, reportSkipped } from '../jobs/refresh'
import { acquireImportLock } from '../store/import-lock'
import { syncFrom } from '../sync/sync'
import { FeedSourceError } from '../sync/feed-client'

const count = (n: number) => n.toLocaleString('en-US')

export interface SyncOptions {
  from: string
  key?: string
  pageSize?: number
  batchSize?: number
  countries?: string[]
  since?: Date
  restart?: boolean
  refresh: boolean
  json?: boolean
  dataDir?: string
}

/** `feedlens sync`: what arrived at the upstream since the last sync, into the store, then trends and signals recomputed. */
export async function syncStore(opts: SyncOptions): Promise<void> {
  if (!opts.key) throw new Error('An API key of the upstream is needed: --key KEY, or FEEDLENS_SYNC_KEY in the environment.')
  const core = openCore({ dataDir: opts.dataDir })
  try {
    // one writer of this store at a time, across processes, as for an import
    const release = await acquireImportLock(core.store.file, { file: `sync from ${opts.from}` }, (other) =>
      process.stderr.write(`Another import (process ${other.pid}, ${other.file}, since ${other.startedAt}) is writing to this store; the sync starts when it is done.\n`),
    )
    try {
      const bar = process.stderr.isTTY
        ? new SingleBar({ format: `${opts.from} |{bar}| {percentage}% {elements} elements, {observations} observations, {rate}/s, ETA {eta_formatted}`, hideCursor: true }, Presets.shades_classic)
        : null
      const started = Date.now()
      let barStarted = false
      const result = await syncFrom(core.store, {
        url: opts.from,
        key: opts.key,
        countries: opts.countries,
        since: opts.since,
        restart: opts.restart,
        pageSize: opts.pageSize,
        batchObservations: opts.batchSize,
        onNotice: (message) => process.stderr.write(`${message}\n`),
        onProgress: (p) => {
          if (!bar) return
          const total = p.elements + p.remaining
          if (!barStarted) bar.start(total, 0, { elements: 0, observations: 0, rate: 0 })
          barStarted = true
          bar.setTotal(total)
          bar.update(p.elements, { elements: count(p.elements), observations: count(p.observations), rate: count(Math.round(p.observations / Math.max(0.001, (Date.now() - started) / 1000))) })
        },
      })
      bar?.stop()
      const seconds = (Date.now() - started) / 1000
      if (opts.json) process.stdout.write(`${JSON.stringify({ ...result, seconds }, null, 2)}\n`)
      else {
        process.stderr.write(
          `${opts.from}: ${count(result.elements)} elements, ${count(result.articles)} articles, ${count(result.observations)} new observations` +
            (result.refused ? `, ${count(result.refused)} elements left out (said above)` : '') +
            ` in ${seconds.toFixed(1)} s` +
            (result.observations > 0 ? ` (${count(Math.round(result.observations / Math.max(seconds, 0.001)))} observations/s).\n` : '.\n'),
        )
      }
      // new data, or a refresh an earlier run left undone (killed during it): trends and signals follow
      if (opts.refresh && (result.articles > 0 || result.observations > 0 || analyticsStale(core.store))) {
        await refreshAnalyticsAndWait(core.store, core.now())
        // the alerts see the new data: what fired is in the inbox, and said here
        for (const alert of await core.evaluateAlerts()) process.stderr.write(`Alert: ${alert.title}\n`)
        reportSkipped(core.store, (m) => process.stderr.write(`${m}\n`))
      }
    } finally {
      release()
    }
  } catch (error) {
    if (error instanceof FeedSourceError) {
      process.stderr.write(`feedlens: ${error.message}\n`)
      process.exitCode = 5
      return
    }
    throw error
  } finally {
    core.store.close()
  }
}
