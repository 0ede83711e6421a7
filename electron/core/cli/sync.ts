import { Command, Option } from 'commander'
import { dataDirOption, parseCountries, wholeNumber } from './options'
import type { SyncOptions } from './sync-action'

function parseSince(value: string): Date {
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(at.getTime())) throw new Error(`--since takes an ISO 8601 date or date-time (2026-11-01), not ${value}`)
  return at
}

const parseBatchSize = wholeNumber('--batch-size', 'a whole number of observations, at least 100', 100)
const parsePageSize = wholeNumber('--page-size', 'a whole number from 1 to 1000', 1, 1000)

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
    .action(async (opts: SyncOptions) => {
      const { syncStore } = await import('./sync-action')
      await syncStore(opts)
    })
}
