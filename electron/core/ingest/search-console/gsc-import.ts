import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { normalizeDomain } from '../../domains/normalize-domain'
import type { GscImportMeta, GscRow } from '../../store/repositories/search-console'
import type { Store } from '../../store/store'
import { articleIdForUrl } from '../canonical-url'
import { readApiAnswers, type ApiFile } from './api-answers'
import { ExportProblem, exportFilters, readExportTable, type ExportFilters, type ExportTable } from './export-tables'

export { ExportProblem }

/** Search types Feedlens joins with the feed. */
export const GSC_SEARCH_TYPES = ['discover', 'googleNews'] as const
export type GscSearchType = (typeof GSC_SEARCH_TYPES)[number]

/** A file larger than this is refused before it is read (an export is kilobytes; a year of API rows by page and country some tens of megabytes). */
export const MAX_GSC_FILE_BYTES = 256 * 1024 * 1024

export interface GscImportOptions {
  /** the property ('sc-domain:example.com' or 'https://www.example.com/'); else told by the file */
  property?: string
  searchType?: GscSearchType
}

/** What an import of Search Console files did. */
export interface GscImportReport {
  files: string[]
  property: string
  searchType: GscSearchType
  source: 'export' | 'api'
  dayFrom: string
  dayTo: string
  /** the filters the export was made with ('' for none) */
  filters: string
  /** the tables read (dates, pages, countries, appearance, filters; or the API's dimensions) */
  tables: string[]
  rows: number
  pages: number
  /** pages the store has as articles (by canonical URL) */
  pagesInStore: number
  /** the same content was imported before: nothing changed */
  alreadyImported: boolean
}

/** A property as Search Console names it: a domain property, or a URL prefix (with its trailing slash). */
export function normalizeProperty(raw: string): string | null {
  const t = raw.trim()
  const domain = /^sc-domain:(.+)$/i.exec(t)
  if (domain) {
    const d = normalizeDomain(domain[1]!)
    return d ? `sc-domain:${d}` : null
  }
  try {
    const url = new URL(t)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return `${url.protocol}//${url.host.toLowerCase()}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`
  } catch {
    const d = normalizeDomain(t)
    return d ? `sc-domain:${d}` : null
  }
}

/** The publisher domain of a property (the store's articles of it are the site's). */
export function propertyDomain(property: string): string {
  return normalizeDomain(property.replace(/^sc-domain:/, '')) ?? property
}

/** The property a download's file name carries: "example.com-Performance-on-Discover-2026-11-27.zip", "https___www.example.com_-Performance-...". */
function propertyOfFileName(name: string): string | null {
  const m = /^(.+?)-Performance-on-/i.exec(path.basename(name))
  if (!m) return null
  const raw = m[1]!.replace(/^sc-domain[_:]/i, 'sc-domain:').replace(/^(https?)___/i, '$1://').replace(/_$/, '/').replace(/_/g, '/')
  return normalizeProperty(raw)
}

/** The property the pages tell: the domain their hosts share (www.a.com and news.a.com: sc-domain:a.com). */
function propertyOfPages(pages: readonly string[]): string | null {
  const hosts = [...new Set(pages.map((p) => normalizeDomain(p)).filter((h): h is string => h !== null))].map((h) => h.split('.').reverse())
  if (hosts.length === 0) return null
  const shared: string[] = []
  for (let i = 0; hosts[0]![i] !== undefined && hosts.every((h) => h[i] === hosts[0]![i]); i++) shared.push(hosts[0]![i]!)
  return shared.length >= 2 ? `sc-domain:${shared.reverse().join('.')}` : null
}

const searchTypeOf = (raw: string | null): GscSearchType | 'other' | null => {
  if (raw === null) return null
  const v = raw.replace(/[\s_-]/g, '').toLowerCase()
  if (v === 'discover') return 'discover'
  if (v === 'googlenews' || v === 'news') return 'googleNews'
  return 'other'
}

/** The canonical string of an export's filters: the ones that make it partial (not the dates, not the search type). */
function filterString(f: ExportFilters): string {
  return [f.country && `country=${f.country}`, f.page && `page=${f.page}`, f.appearance && `appearance=${f.appearance}`].filter(Boolean).join(';')
}

/** An explicit range a date filter may carry ("2026-08-01 - 2026-10-31"); relative ones ("Last 3 months") say nothing. */
function rangeOfDateFilter(value: string | null): { dayFrom: string; dayTo: string } | null {
  const days = [...(value ?? '').matchAll(/\d{4}-\d{2}-\d{2}/g)].map((m) => m[0])
  return days.length >= 2 ? { dayFrom: days[0]!, dayTo: days[days.length - 1]! } : null
}

interface Prepared {
  meta: Omit<GscImportMeta, 'fingerprint' | 'fileName'>
  rows: GscRow[]
  tables: string[]
}

/** The tables of one export (a zip's CSV files, or the CSV files a spreadsheet saved) as rows to store. */
function prepareExport(tables: ExportTable[], names: string[], options: GscImportOptions): Prepared {
  const of = (kind: ExportTable['kind']) => tables.filter((t) => t.kind === kind)
  if (of('dates').length + of('pages').length + of('countries').length + of('appearance').length === 0) {
    throw new ExportProblem(names.join(', '), null, 'no table of a Search Console export (dates, pages, countries or search appearance) in it')
  }
  const filters = exportFilters(of('filters').flatMap((t) => t.filters))
  const type = options.searchType ?? searchTypeOf(filters.searchType) ?? (names.some((n) => /news/i.test(n)) ? 'googleNews' : 'discover')
  if (type === 'other') throw new ExportProblem(names.join(', '), null, `an export of ${filters.searchType} performance: Feedlens imports Discover and Google News`)
  const dayRows = of('dates').flatMap((t) => t.rows)
  const range =
    dayRows.length > 0 ? { dayFrom: dayRows.map((r) => r.key).sort()[0]!, dayTo: dayRows.map((r) => r.key).sort().at(-1)! } : rangeOfDateFilter(filters.date)
  if (!range) {
    throw new ExportProblem(names.join(', '), null, 'the days these totals cover are in the export\'s Dates table, which is not here: import the whole zip (or its CSV files together, in one command)')
  }
  const pages = of('pages').flatMap((t) => t.rows.map((r) => r.key))
  const property = (options.property && normalizeProperty(options.property)) || names.map(propertyOfFileName).find((p) => p !== null) || propertyOfPages(pages)
  if (!property) throw new ExportProblem(names.join(', '), null, 'the export does not say whose site it is: give its property (--site sc-domain:example.com)')
  const filterKey = filterString(filters)
  const country = filters.country ?? ''
  const appearance = filters.appearance ?? ''
  const rows: GscRow[] = []
  const base = { country, appearance, filters: filterKey, articleId: null as string | null }
  for (const r of of('dates').flatMap((t) => t.rows)) rows.push({ ...base, dayFrom: r.key, dayTo: r.key, page: '', clicks: r.clicks, impressions: r.impressions })
  for (const r of of('pages').flatMap((t) => t.rows)) rows.push({ ...base, ...range, page: r.key, articleId: articleIdForUrl(r.key), clicks: r.clicks, impressions: r.impressions })
  for (const r of of('countries').flatMap((t) => t.rows)) rows.push({ ...base, ...range, page: '', country: r.key, clicks: r.clicks, impressions: r.impressions })
  for (const r of of('appearance').flatMap((t) => t.rows)) rows.push({ ...base, ...range, page: '', appearance: r.key, clicks: r.clicks, impressions: r.impressions })
  return { meta: { property, searchType: type, source: 'export', ...range, filters: filterKey }, rows, tables: [...new Set(tables.map((t) => t.kind))] }
}

/** An API answer file as rows to store (rows of several devices summed into one). */
function prepareApi(file: string, api: ApiFile, options: GscImportOptions): Prepared {
  const type = options.searchType ?? searchTypeOf(api.searchType) ?? 'discover'
  if (type === 'other') throw new ExportProblem(file, null, `answers for search type ${api.searchType}: Feedlens imports Discover and Google News`)
  if (api.rows.length === 0) throw new ExportProblem(file, null, 'the answer has no rows')
  const property = (options.property && normalizeProperty(options.property)) || (api.siteUrl && normalizeProperty(api.siteUrl)) || propertyOfPages(api.rows.map((r) => r.page).filter(Boolean))
  if (!property) throw new ExportProblem(file, null, 'the answer does not say whose site it is: give its property (--site sc-domain:example.com)')
  const byKey = new Map<string, GscRow>()
  for (const r of api.rows) {
    const key = `${r.day}\u0000${r.page}\u0000${r.country}\u0000${r.appearance}`
    const row = byKey.get(key)
    if (row) {
      row.clicks += r.clicks
      row.impressions += r.impressions
    } else {
      byKey.set(key, { dayFrom: r.day, dayTo: r.day, page: r.page, country: r.country, appearance: r.appearance, filters: api.filters, clicks: r.clicks, impressions: r.impressions, articleId: r.page ? articleIdForUrl(r.page) : null })
    }
  }
  const days = api.rows.map((r) => r.day).sort()
  return { meta: { property, searchType: type, source: 'api', dayFrom: days[0]!, dayTo: days.at(-1)!, filters: api.filters }, rows: [...byKey.values()], tables: api.dimensions }
}

/** What a file holds: the CSV tables of a zip, one CSV table, or API answers. */
function readContent(name: string, bytes: Uint8Array): { tables: ExportTable[] } | { api: ApiFile } {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    let entries: Record<string, Uint8Array>
    try {
      // only the CSV files, each at most the file's own limit unpacked
      entries = unzipSync(bytes, { filter: (f) => /\.csv$/i.test(f.name) && f.originalSize <= MAX_GSC_FILE_BYTES })
    } catch (error) {
      throw new ExportProblem(name, null, `not a zip file Feedlens can read (${(error as Error).message})`)
    }
    const tables = Object.entries(entries)
      .map(([entry, data]) => readExportTable(`${path.basename(name)}/${entry}`, new TextDecoder().decode(data)))
      .filter((t): t is ExportTable => t !== null)
    return { tables }
  }
  const text = new TextDecoder().decode(bytes)
  const start = text.replace(/^\uFEFF/, '').trimStart()[0]
  if (start === '{' || start === '[') return { api: readApiAnswers(name, text) }
  const table = readExportTable(name, text)
  if (!table) throw new ExportProblem(name, 1, 'not a table of a Search Console export (its first column is none of Date, Top pages, Country, Search appearance or Filter, in the languages Feedlens knows)')
  return { tables: [table] }
}

/**
 * Imports Search Console files: the Performance > Discover (or Google News) export's zip, its
 * CSV files (or a spreadsheet's copies of them, given together as one export), or API answers.
 * Everything is checked before a row is written; the rows are written in one transaction, each
 * once for its property, day (or range), page, country, appearance and filters. The same content
 * imported again changes nothing.
 */
export function importSearchConsole(store: Store, files: Array<{ name: string; bytes: Uint8Array }>, options: GscImportOptions = {}): GscImportReport {
  if (files.length === 0) throw new ExportProblem('(no file)', null, 'nothing to import')
  for (const f of files) {
    if (f.bytes.length > MAX_GSC_FILE_BYTES) throw new ExportProblem(f.name, null, `${(f.bytes.length / 1024 / 1024).toFixed(0)} MB is more than a Search Console file holds (at most ${MAX_GSC_FILE_BYTES / 1024 / 1024} MB)`)
  }
  const names = files.map((f) => f.name)
  const contents = files.map((f) => readContent(f.name, f.bytes))
  const api = contents.filter((c): c is { api: ApiFile } => 'api' in c)
  if (api.length > 0 && api.length < contents.length) throw new ExportProblem(names.join(', '), null, 'import API answers and export tables in separate commands')
  if (api.length > 1) throw new ExportProblem(names.join(', '), null, 'import API answers one file at a time')
  const prepared = api.length === 1 ? prepareApi(names[0]!, api[0]!.api, options) : prepareExport(contents.flatMap((c) => ('tables' in c ? c.tables : [])), names, options)
  const report: GscImportReport = {
    files: names,
    property: prepared.meta.property,
    searchType: prepared.meta.searchType as GscSearchType,
    source: prepared.meta.source,
    dayFrom: prepared.meta.dayFrom,
    dayTo: prepared.meta.dayTo,
    filters: prepared.meta.filters,
    tables: prepared.tables,
    rows: prepared.rows.length,
    pages: new Set(prepared.rows.filter((r) => r.page).map((r) => r.page)).size,
    pagesInStore: 0,
    alreadyImported: false,
  }
  // the same content for the same property and search type, however it was named or ordered
  const hash = createHash('sha256')
  for (const digest of files.map((f) => createHash('sha256').update(f.bytes).digest('hex')).sort()) hash.update(digest)
  hash.update(JSON.stringify([prepared.meta.property, prepared.meta.searchType]))
  const fingerprint = hash.digest('hex')
  const ids = [...new Set(prepared.rows.map((r) => r.articleId).filter((id): id is string => id !== null))]
  report.pagesInStore = ids.filter((id) => store.articles.get(id) !== undefined).length
  if (store.searchConsole.importOf(fingerprint)) return { ...report, alreadyImported: true }
  store.transaction(() => {
    store.searchConsole.write({ ...prepared.meta, fingerprint, fileName: names.map((n) => path.basename(n)).join(', ') }, prepared.rows)
    store.annotations.addEvent({ at: new Date().toISOString(), kind: 'search-console', title: `Search Console data of ${prepared.meta.property}, ${prepared.meta.dayFrom} to ${prepared.meta.dayTo}` })
  })
  return report
}

/** Imports Search Console files from disk (see importSearchConsole). */
export function importSearchConsoleFiles(store: Store, files: string[], options: GscImportOptions = {}): GscImportReport {
  const read = files.map((file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (!stat?.isFile()) throw new ExportProblem(file, null, 'no such file')
    if (stat.size > MAX_GSC_FILE_BYTES) throw new ExportProblem(file, null, `${(stat.size / 1024 / 1024).toFixed(0)} MB is more than a Search Console file holds (at most ${MAX_GSC_FILE_BYTES / 1024 / 1024} MB)`)
    return { name: file, bytes: fs.readFileSync(file) }
  })
  return importSearchConsole(store, read, options)
}
