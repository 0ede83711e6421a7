import { Command, Option } from 'commander'
import { importFormats } from '../../../shared/contract/values'
import type { ImportOptions } from './import-action'
import { dataDirOption, wholeNumber } from './options'

const parseBatchSize = wholeNumber('--batch-size', 'a whole number of rows, at least 100', 100)

export function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description('import feed observations or articles (NDJSON, CSV, the UCI News Aggregator CSV); see docs/import-format.md')
    .argument('<files...>', 'files to import, in order')
    .addOption(new Option('--format <format>', 'the files\' format (default: from the extension and the first record)').choices(importFormats))
    .option('--strict', 'check every row first and write nothing from a file with a bad row')
    .option('--country <code>', 'country of rows that carry none (UCI rows)', 'US')
    .option('--json', 'print the reports as JSON on stdout')
    .option('--no-refresh', 'do not recompute trends and signals afterwards (the app and `feedlens serve` do when they next start)')
    .addOption(new Option('--batch-size <rows>', 'rows written per transaction (default 500,000; smaller uses less memory)').argParser(parseBatchSize))
    .addOption(dataDirOption())
    .action(async (files: string[], opts: ImportOptions) => {
      const { importFiles } = await import('./import-action')
      await importFiles(files, opts)
    })
}
