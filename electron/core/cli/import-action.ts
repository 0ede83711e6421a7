import { Presets, SingleBar } from 'cli-progress'
import { openCore } from '../bootstrap'
import type { ImportFormat } from '../../../shared/contract/values'
import { importFile, type ImportReport } from '../ingest/importer'
import { analyticsStale, refreshAnalyticsAndWait, reportSkipped } from '../jobs/refresh'
import { acquireImportLock } from '../store/import-lock'

function describe(r: ImportReport, seconds: number): string {
  const head = r.refused
    ? `${r.file}: refused (--strict): ${r.skipped} bad rows, nothing written.`
    : `${r.file} (${r.format}): ${r.rows.toLocaleString('en-US')} rows, ${r.articles.toLocaleString('en-US')} articles, ` +
      `${r.observationsInserted.toLocaleString('en-US')} new observations` +
      (r.observationsDuplicate ? ` (${r.observationsDuplicate.toLocaleString('en-US')} already stored)` : '') +
      (r.articlesWithFoundEntities ? `, entities found in the text of ${r.articlesWithFoundEntities.toLocaleString('en-US')} articles` : '') +
      (r.skipped ? `, ${r.skipped} ${r.skipped === 1 ? 'row' : 'rows'} skipped` : '') +
      (r.warningCount ? `, ${r.warningCount} ${r.warningCount === 1 ? 'line' : 'lines'} not valid UTF-8` : '') +
      ` in ${seconds.toFixed(1)} s.`
  const lines = r.problems.map((p) => `  ${r.file}:${p.line}: ${p.reason}`)
  if (r.skipped > r.problems.length) lines.push(`  ... and ${r.skipped - r.problems.length} more`)
  const warnings = r.warnings.map((p) => `  ${r.file}:${p.line}: warning: ${p.reason}`)
  if (r.warningCount > r.warnings.length) warnings.push(`  ... and ${r.warningCount - r.warnings.length} more lines not valid UTF-8`)
  return [head, ...lines, ...warnings].join('\n')
}

export interface ImportOptions {
  format?: ImportFormat
  strict?: boolean
  country: string
  json?: boolean
  refresh: boolean
  dataDir?: string
  batchSize?: number
}

/** `feedlens import`: the files in order into the store, each with its report, then trends and signals recomputed. */
export async function importFiles(files: string[], opts: ImportOptions): Promise<void> {
  if (!/^[A-Za-z]{2}$/.test(opts.country)) throw new Error(`--country takes a two-letter code, not ${opts.country}`)
  const core = openCore({ dataDir: opts.dataDir })
  const reports: ImportReport[] = []
  try {
    // one import of this store at a time, across processes; the refresh after it inside the lock too
    const release = await acquireImportLock(core.store.file, { file: files.join(', ') }, (other) =>
      process.stderr.write(
        `Another import (process ${other.pid}, ${other.file}, since ${other.startedAt}) is writing to this store; this one starts when it is done.\n`,
      ),
    )
    try {
      for (const file of files) {
        const bar = process.stderr.isTTY ? new SingleBar({ format: `${file} |{bar}| {percentage}% {rows} rows`, hideCursor: true }, Presets.shades_classic) : null
        bar?.start(100, 0, { rows: 0 })
        const started = Date.now()
        const report = await importFile(core.store, file, {
          format: opts.format,
          strict: opts.strict,
          country: opts.country,
          holdsImportLock: true,
          batchSize: opts.batchSize,
          onProgress: (p) => bar?.update(p.totalBytes ? Math.round((p.bytesRead / p.totalBytes) * 100) : 100, { rows: p.rows }),
        })
        bar?.stop()
        reports.push(report)
        if (!opts.json) process.stderr.write(`${describe(report, (Date.now() - started) / 1000)}\n`)
      }
      // new data, or a refresh an earlier run left undone (killed, --no-refresh): trends and signals follow
      if (opts.refresh && (reports.some((r) => r.articles > 0 || r.observationsInserted > 0) || analyticsStale(core.store))) {
        await refreshAnalyticsAndWait(core.store, core.now())
        // the alerts see the new data: what fired is in the inbox, and said here
        for (const alert of await core.evaluateAlerts()) process.stderr.write(`Alert: ${alert.title}\n`)
        reportSkipped(core.store, (m) => process.stderr.write(`${m}\n`))
      }
    } finally {
      release()
    }
  } finally {
    core.store.close()
  }
  if (opts.json) process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`)
  if (reports.some((r) => r.refused)) process.exitCode = 2
}
