import fs from 'node:fs'
import path from 'node:path'
import type { ImportFormat } from '../../../shared/contract/values'
import { loadTagger } from '../analytics/entities/tagger'
import { acquireImportLock } from '../store/import-lock'
import type { Store } from '../store/store'
import { readRows } from './file-segments'
import { FileImport, type ImportOptions, type ImportReport } from './file-import'
import { whatIsWrong } from './sniff'

export { MAX_REPORTED, type ImportOptions, type ImportReport, type RowProblem } from './file-import'

/** A whole import refused before anything was written (unknown format, unreadable file). */
export class ImportError extends Error {}

/** Guesses the format from the file name and its first record. */
export async function detectFormat(file: string): Promise<ImportFormat> {
  const ext = path.extname(file).toLowerCase()
  const kind = ext === '.csv' ? 'csv' : ext === '.ndjson' || ext === '.jsonl' || ext === '.json' ? 'ndjson' : null
  if (!kind) throw new ImportError(`${file}: cannot tell the format from the extension ${ext || '(none)'}; use --format`)
  const wrong = whatIsWrong(file, kind)
  if (wrong) throw new ImportError(wrong)
  for await (const rows of readRows(file, kind, () => {})) {
    const first = rows.find((r) => r.row)
    if (!first) {
      // the first record could not be read: say why rather than "no records"
      const bad = rows.find((r) => r.error)
      if (bad) throw new ImportError(`${file}: line ${bad.line}: ${bad.error}; cannot tell the format (use --format).`)
      continue
    }
    const keys = Object.keys(first.row!)
    if (kind === 'csv' && ['ID', 'TITLE', 'URL', 'STORY'].every((k) => keys.includes(k))) return 'uci-csv'
    return keys.includes('observed_at') ? `observations-${kind}` : `articles-${kind}`
  }
  throw new ImportError(`${file}: the file has no records`)
}

/**
 * Imports one file (a FileImport, file-import.ts), holding the store's import lock unless the
 * caller does: the file is checked and its format found or confirmed first, so that a file that
 * is not what it says is refused before anything is written.
 */
export async function importFile(store: Store, file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const release = options.holdsImportLock ? () => {} : await acquireImportLock(store.file, { file }, options.onWait)
  try {
    const report = await store.bulkAsync(() => importInto(store, file, options))
    // new sightings move the feed's figures: the timeline says so (an article file alone does not)
    if (report.observationsInserted > 0) {
      store.annotations.noteEvent('import', `Imported ${path.basename(file)}: ${report.articles.toLocaleString('en-US')} articles, ${report.observationsInserted.toLocaleString('en-US')} new observations`)
    }
    return report
  } finally {
    release()
  }
}

async function importInto(store: Store, file: string, options: ImportOptions): Promise<ImportReport> {
  await loadTagger()
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (!stat?.isFile()) throw new ImportError(`${file}: no such file`)
  const format = options.format ?? (await detectFormat(file))
  if (options.format) {
    const wrong = whatIsWrong(file, format.endsWith('csv') ? 'csv' : 'ndjson')
    if (wrong) throw new ImportError(wrong)
  }
  return new FileImport(store, file, format, stat.size, options).run()
}
