import { openCore } from '../bootstrap'
import { importSearchConsoleFiles, type GscImportReport, type GscSearchType } from '../ingest/search-console/gsc-import'

export interface GscImportCliOptions {
  site?: string
  type?: GscSearchType
  json?: boolean
  dataDir?: string
}

const count = (n: number) => n.toLocaleString('en-US')

function describe(r: GscImportReport): string {
  const what = `${r.property} (${r.searchType === 'googleNews' ? 'Google News' : 'Discover'}), ${r.dayFrom} to ${r.dayTo}${r.filters ? `, exported with the filters ${r.filters}` : ''}`
  if (r.alreadyImported) return `${r.files.join(', ')}: imported before; nothing changed. ${what}.`
  return `${r.files.join(', ')}: ${what}: ${count(r.rows)} rows (${r.tables.join(', ')}), ${count(r.pages)} pages, ${count(r.pagesInStore)} of them articles of the feed.`
}

/** `feedlens gsc import`: one export (or API answer file) into the store, checked whole before a row is written. */
export function gscImport(files: string[], opts: GscImportCliOptions): void {
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const report = importSearchConsoleFiles(core.store, files, { property: opts.site, searchType: opts.type })
    if (opts.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    else process.stderr.write(`${describe(report)}\n`)
  } finally {
    core.store.close()
  }
}

/** `feedlens gsc sites`: what the store holds of each property. */
export function gscSites(opts: { json?: boolean; dataDir?: string }): void {
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const sites = core.store.searchConsole.properties()
    if (opts.json) process.stdout.write(`${JSON.stringify(sites, null, 2)}\n`)
    else if (sites.length === 0) process.stdout.write('No Search Console data yet: feedlens gsc import EXPORT.zip\n')
    else for (const s of sites) process.stdout.write(`${s.property}\t${s.searchType}\t${s.dayFrom} to ${s.dayTo}\t${s.imports} import${s.imports === 1 ? '' : 's'}\n`)
  } finally {
    core.store.close()
  }
}
