import { Command, Option } from 'commander'
import type { GscImportCliOptions } from './gsc-action'
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
    .command('sites')
    .description('the properties the store has Search Console data of, with their days and imports')
    .option('--json', 'print JSON')
    .addOption(dataDirOption())
    .action(async (opts: { json?: boolean; dataDir?: string }) => {
      const { gscSites } = await import('./gsc-action')
      gscSites(opts)
    })
}
