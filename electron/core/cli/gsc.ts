import { Command, Option } from 'commander'
import type { GscConnectOptions, GscImportCliOptions, GscPullOptions } from './gsc-action'
import { dataDirOption } from './options'

/** `feedlens gsc`: the analyst's own site from Google Search Console, beside the feed (docs/search-console.md). */
export function registerGscCommands(program: Command): void {
  const gsc = program.command('gsc').description('your own site\'s Search Console data (Discover, Google News) beside the feed; see docs/search-console.md')
  gsc
    .command('import')
    .description('import a Performance > Discover (or Google News) export: its zip, its CSV files together, or Search Analytics API answers (JSON)')
    .argument('<files...>', 'the export\'s zip, its CSV files (one export), or one API answer file')
    .option('--site <property>', 'the property (sc-domain:example.com or https://www.example.com/); default: told by the file name or its pages')
    .addOption(new Option('--type <type>', 'the search type (default: told by the export)').choices(['discover', 'googleNews']))
    .option('--json', 'print the report as JSON on stdout')
    .addOption(dataDirOption())
    .action(async (files: string[], opts: GscImportCliOptions) => {
      const { gscImport } = await import('./gsc-action')
      gscImport(files, opts)
    })
  gsc
    .command('connect')
    .description('connect to Google Search Console (read-only): your consent in the browser, then the properties the account may read; the token stays in the data folder, never in the store')
    .option('--client-file <file>', 'the OAuth client ("Desktop app") downloaded from Google Cloud Console (client_secret_….json); or FEEDLENS_GSC_CLIENT_ID and FEEDLENS_GSC_CLIENT_SECRET')
    .option('--no-browser', 'print the consent address only (open it yourself, on this machine)')
    .option('--json', 'print the properties as JSON on stdout')
    .addOption(dataDirOption())
    .action(async (opts: GscConnectOptions) => {
      const { gscConnect } = await import('./gsc-action')
      await gscConnect(opts)
    })
  gsc
    .command('pull')
    .description('pull a property\'s Discover (or Google News) rows by day, page and country from the Search Console API; incremental: the next pull starts where this one ended')
    .requiredOption('--site <property>', 'the property (sc-domain:example.com or https://www.example.com/)')
    .option('--since <day>', 'the first day (YYYY-MM-DD); default: three days before the last day pulled, or the last 90 days')
    .addOption(new Option('--type <type>', 'the search type').choices(['discover', 'googleNews']).default('discover'))
    .option('--json', 'print the report as JSON on stdout')
    .addOption(dataDirOption())
    .action(async (opts: GscPullOptions) => {
      const { gscPull } = await import('./gsc-action')
      await gscPull(opts)
    })
  gsc
    .command('disconnect')
    .description('forget the connection to Search Console on this machine (remove its access at Google too: myaccount.google.com/permissions)')
    .addOption(dataDirOption())
    .action(async (opts: { dataDir?: string }) => {
      const { gscDisconnect } = await import('./gsc-action')
      gscDisconnect(opts)
    })
  gsc
    .command('sites')
    .description('the properties the store has Search Console data of, with their days and imports')
    .option('--json', 'print JSON')
    .addOption(dataDirOption())
    .action(async (opts: { json?: boolean; dataDir?: string }) => {
      const { gscSites } = await import('./gsc-action')
      gscSites(opts)
    })
}
