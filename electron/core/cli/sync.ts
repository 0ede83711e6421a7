import { Presets, SingleBar } from 'cli-progress'
import { Command, Option } from 'commander'
import { openCore } from '../bootstrap'
import { refreshAnalytics } from '../jobs/refresh'
import { acquireImportLock } from '../store/import-lock'
import { syncFrom } from '../sync/sync'
import { FeedSourceError } from '../sync/feed-client'
import { dataDirOption, parseCountries } from './options'

function parseSince(value: string): Date {
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(at.getTime())) throw new Error(`--since takes an ISO 8601 date or date-time (2026-11-01), not ${value}`)
  return at
}

function parseBatchSize(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 100) throw new Error(`--batch-size takes a whole number of observations, at least 100, not ${value}`)
  return n
}

function parsePageSize(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`--page-size takes a whole number from 1 to 1000, not ${value}`)
  return n
}

const count = (n: number) => n.toLocaleString('en-US')

export function registerSyncCommand(program: Command): void {
  program
    .command('sync')
    .description("pull what arrived at an upstream (a Feedlens, or any service with the contract's /v2/feed) into this store; see docs/sync.md")
    .requiredOption('--from <url>', "the upstream's address, e.g. http://192.168.1.20:4711")
    .addOption(new Option('--key <key>', "an API key of the upstream (or FEEDLENS_SYNC_KEY); a key limited to markets brings only those").env('FEEDLENS_SYNC_KEY'))
    .addOption(new Option('--countries <codes>', 'only these countries, e.g. US,GB (default: every market the key sees)').argParser(parseCountries))
    .addOption(new Option('--since <date>', 'only feed snapshots from this date on (articles come whatever their date)').argParser(parseSince))
    .addOption(new Option('--page-size <elements>', 'elements asked for per request (default 1,000; smaller for a slow link)').argParser(parsePageSize))
    .addOption(new Option('--batch-size <observations>', 'observations written per transaction (default 500,000; smaller uses less memory)').argParser(parseBatchSize))
    .option('--restart', 'read the upstream from the beginning instead of from where the last sync stopped')
    .option('--no-refresh', 'do not recompute trends and signals afterwards (the app and `feedlens serve` do when they next start)')
    .option('--json', 'print what came in as JSON on stdout')
    .addOption(dataDirOption())
    .action(async (opts: { from: string; key?: string; pageSize?: number; batchSize?: number; countries?: string[]; since?: Date; restart?: boolean; refresh: boolean; json?: boolean; dataDir?: string }) => {
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
              `${opts.from}: ${count(result.elements)} elements, ${count(result.articles)} articles, ${count(result.observations)} new observations in ${seconds.toFixed(1)} s` +
                (result.observations > 0 ? ` (${count(Math.round(result.observations / Math.max(seconds, 0.001)))} observations/s).\n` : '.\n'),
            )
          }
          if (opts.refresh && (result.articles > 0 || result.observations > 0)) refreshAnalytics(core.store, core.now())
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
    })
}
