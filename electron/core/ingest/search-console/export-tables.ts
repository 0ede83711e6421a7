import countryCodes from 'i18n-iso-countries'
import de from 'i18n-iso-countries/langs/de.json'
import en from 'i18n-iso-countries/langs/en.json'
import es from 'i18n-iso-countries/langs/es.json'
import fr from 'i18n-iso-countries/langs/fr.json'
import it from 'i18n-iso-countries/langs/it.json'
import nl from 'i18n-iso-countries/langs/nl.json'
import pl from 'i18n-iso-countries/langs/pl.json'
import pt from 'i18n-iso-countries/langs/pt.json'
import { parse as parseCsv } from 'csv-parse/sync'

/**
 * The tables of a Search Console Performance export (Discover or Google News), as the report's
 * download writes them and as Google Sheets or Excel save them again as CSV: each file is one
 * table, known by its first column (dates, pages, countries, search appearance, or the filters it
 * was exported with), in the language of the Search Console interface that exported it.
 */

for (const locale of [en, de, fr, es, it, pt, nl, pl]) countryCodes.registerLocale(locale)
const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl']

export type TableKind = 'dates' | 'pages' | 'countries' | 'appearance' | 'filters'

/** A header as compared: lower case, no accents, no punctuation, single spaces. */
export const headerKey = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** The first column's header of each table, in the interface's languages (and the older and newer names). */
const FIRST_COLUMN: Record<TableKind, string[]> = {
  dates: ['Date', 'Dates', 'Day', 'Datum', 'Fecha', 'Data', 'Jour', 'Dag', 'Tag', '日付', 'Дата'],
  pages: [
    'Top pages', 'Page', 'Pages', 'URL', 'Top-Seiten', 'Seite', 'Seiten', 'Pages les plus populaires', 'Principales pages', 'Page',
    'Páginas principales', 'Página', 'Pagine principali', 'Pagina', 'Páginas principais', 'Populaire pagina\'s', 'Pagina', 'Najpopularniejsze strony', 'Strona', '上位のページ', 'Популярные страницы',
  ],
  countries: ['Country', 'Countries', 'Land', 'Länder', 'Pays', 'País', 'Países', 'Paese', 'Paesi', 'Kraj', '国', 'Страна'],
  appearance: [
    'Search appearance', 'Search Appearance', 'Appearance', 'Darstellung in der Suche', 'Darstellung', 'Apparence dans les résultats de recherche', 'Apparence',
    'Aspecto en la búsqueda', 'Aspecto en búsqueda', 'Aspetto nella ricerca', 'Aparência na pesquisa', 'Weergave in zoekresultaten', 'Wygląd w wynikach wyszukiwania',
  ],
  filters: ['Filter', 'Filters', 'Filtre', 'Filtro', 'Filtros', 'Filtry'],
}
const CLICKS = ['Clicks', 'Klicks', 'Clics', 'Clic', 'Cliques', 'Klikken', 'Kliknięcia', 'クリック数', 'Клики']
const IMPRESSIONS = ['Impressions', 'Impressionen', 'Impresiones', 'Impressioni', 'Impressões', 'Vertoningen', 'Wyświetlenia', '表示回数', 'Показы']

const keyed = (names: string[]) => new Set(names.map(headerKey))
const FIRST = Object.fromEntries(Object.entries(FIRST_COLUMN).map(([kind, names]) => [kind, keyed(names)])) as Record<TableKind, Set<string>>
const CLICK_KEYS = keyed(CLICKS)
const IMPRESSION_KEYS = keyed(IMPRESSIONS)

/** The interface languages whose headers read as day first in a date like 03/04/2026. */
const DAY_FIRST_HEADERS = keyed(['Datum', 'Fecha', 'Data', 'Jour', 'Dag', 'Tag', 'Дата'])

/** A problem of one line of one table: the import is refused with it (a Search Console export is small and whole or nothing). */
export class ExportProblem extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    reason: string,
  ) {
    super(`${file}${line === null ? '' : `: line ${line}`}: ${reason}`)
    this.name = 'ExportProblem'
  }
}

/** One row of a table: the first column's value (a day, a page, a country, an appearance) and its clicks and impressions. */
export interface TableRow {
  line: number
  key: string
  clicks: number
  impressions: number
}

export interface ExportTable {
  file: string
  kind: TableKind
  rows: TableRow[]
  /** the filters table's rows as written (name, value) */
  filters: Array<{ name: string; value: string }>
}

/** The separator of a CSV saved by a spreadsheet: a comma, a semicolon (Excel in much of Europe) or a tab. */
function separatorOf(firstLine: string): string {
  const counts = [',', ';', '\t'].map((s) => [s, firstLine.split(s).length - 1] as const)
  return counts.sort((a, b) => b[1] - a[1])[0]![1] > 0 ? counts[0]![0] : ','
}

/**
 * A count as a spreadsheet may write it: "1234", "1,234", "1.234", "1 234" (a thin or no-break
 * space), "1'234"; never negative, never a fraction.
 */
export function countOf(text: string): number | null {
  const digits = text.trim().replace(/[\s,.'’\u00a0\u202f]/g, '')
  if (!/^\d{1,15}$/.test(digits)) return null
  return Number(digits)
}

/** The day of a date as the export or a spreadsheet writes it: 2026-11-20, 20.11.2026, 11/20/2026 or 20/11/2026 (the order decided for the whole table). */
function dayParser(values: string[], dayFirstByLanguage: boolean): (text: string) => string | null {
  const slashed = values.map((v) => /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v.trim())).filter((m): m is RegExpExecArray => m !== null)
  // 13/11/2026 can only be day first; 11/13/2026 only month first; otherwise the interface's language decides
  const dayFirst = slashed.some((m) => Number(m[1]) > 12) || (!slashed.some((m) => Number(m[2]) > 12) && (dayFirstByLanguage || values.some((v) => /^\d{1,2}\.\d{1,2}\.\d{4}$/.test(v.trim()))))
  return (text) => {
    const t = text.trim()
    let y: number, m: number, d: number
    const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(t)
    const other = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t)
    if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    else if (other) [y, m, d] = dayFirst ? [Number(other[3]), Number(other[2]), Number(other[1])] : [Number(other[3]), Number(other[1]), Number(other[2])]
    else return null
    const date = new Date(Date.UTC(y, m - 1, d))
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 2000 || y > 2099) return null
    return date.toISOString().slice(0, 10)
  }
}

/** A country as the export names it (in the interface's language) or as the API does (ISO alpha-3, lower case): its ISO alpha-2. */
export function countryCodeOf(text: string): string | null {
  const t = text.trim()
  if (/^[A-Za-z]{3}$/.test(t)) return countryCodes.alpha3ToAlpha2(t.toUpperCase()) ?? null
  if (/^[A-Za-z]{2}$/.test(t) && countryCodes.isValid(t.toUpperCase())) return t.toUpperCase()
  for (const lang of LOCALES) {
    const code = countryCodes.getAlpha2Code(t, lang)
    if (code) return code
  }
  return null
}

/**
 * One CSV table of an export (or of a spreadsheet's copy of it), known by its first column:
 * its rows checked (a count that is no count, a day that is no day, a country Feedlens does not
 * know is refused with its line); null when the file is no table of a Search Console export.
 */
export function readExportTable(file: string, text: string): ExportTable | null {
  const body = text.replace(/^\uFEFF/, '')
  const firstLine = body.split(/\r?\n/, 1)[0] ?? ''
  let records: string[][]
  try {
    records = parseCsv(body, { delimiter: separatorOf(firstLine), relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as string[][]
  } catch (error) {
    throw new ExportProblem(file, null, `not a CSV file Feedlens can read (${(error as Error).message})`)
  }
  const header = records[0]?.map(headerKey) ?? []
  const kind = (Object.keys(FIRST) as TableKind[]).find((k) => FIRST[k].has(header[0] ?? ''))
  if (!kind) return null
  if (kind === 'filters') {
    return { file, kind, rows: [], filters: records.slice(1).map((r) => ({ name: r[0] ?? '', value: r[1] ?? '' })) }
  }
  const clicksAt = header.findIndex((h) => CLICK_KEYS.has(h))
  const impressionsAt = header.findIndex((h) => IMPRESSION_KEYS.has(h))
  if (clicksAt < 0 || impressionsAt < 0) throw new ExportProblem(file, 1, `the ${kind} table has no ${clicksAt < 0 ? 'clicks' : 'impressions'} column (its header: ${records[0]!.join(', ')})`)
  const day = kind === 'dates' ? dayParser(records.slice(1).map((r) => r[0] ?? ''), DAY_FIRST_HEADERS.has(header[0]!)) : null
  const rows: TableRow[] = []
  records.slice(1).forEach((r, i) => {
    const line = i + 2
    const clicks = countOf(r[clicksAt] ?? '')
    const impressions = countOf(r[impressionsAt] ?? '')
    if (clicks === null || impressions === null) throw new ExportProblem(file, line, `${clicks === null ? 'clicks' : 'impressions'} should be a whole number, not ${JSON.stringify((clicks === null ? r[clicksAt] : r[impressionsAt]) ?? '')}`)
    if (clicks > impressions) throw new ExportProblem(file, line, `${clicks} clicks is more than its ${impressions} impressions`)
    let key = (r[0] ?? '').trim()
    if (kind === 'dates') {
      const d = day!(key)
      if (!d) throw new ExportProblem(file, line, `${JSON.stringify(key)} is not a date`)
      key = d
    } else if (kind === 'countries') {
      const code = countryCodeOf(key)
      if (!code) throw new ExportProblem(file, line, `${JSON.stringify(key)} is not a country Feedlens knows`)
      key = code
    } else if (kind === 'pages' && !/^https?:\/\/\S+$/i.test(key)) {
      throw new ExportProblem(file, line, `${JSON.stringify(key.slice(0, 80))} is not a page's URL`)
    }
    rows.push({ line, key, clicks, impressions })
  })
  return { file, kind, rows, filters: [] }
}

/** What a filter of the Filters table says, by its name in the interface's languages. */
const FILTER_NAMES: Record<'searchType' | 'date' | 'country' | 'page' | 'appearance', string[]> = {
  searchType: ['Search type', 'Suchtyp', 'Type de recherche', 'Tipo de búsqueda', 'Tipo di ricerca', 'Tipo de pesquisa', 'Zoektype', 'Typ wyszukiwania'],
  date: ['Date', 'Datum', 'Fecha', 'Data', 'Zeitraum', 'Période', 'Periodo', 'Período', 'Periode', 'Okres'],
  country: FIRST_COLUMN.countries,
  page: FIRST_COLUMN.pages,
  appearance: FIRST_COLUMN.appearance,
}
const FILTER_KEYS = Object.fromEntries(Object.entries(FILTER_NAMES).map(([k, names]) => [k, keyed(names)])) as Record<keyof typeof FILTER_NAMES, Set<string>>

export interface ExportFilters {
  /** 'discover' or 'googleNews' (or another type, refused), when the file says */
  searchType: string | null
  /** a country filter, as ISO alpha-2 */
  country: string | null
  /** a page filter, as written ("URLs containing: /sport") */
  page: string | null
  appearance: string | null
  /** the date filter as written ("Last 3 months", "2026-08-01 - 2026-10-31") */
  date: string | null
}

/** The filters an export was made with, from its Filters table. */
export function exportFilters(filters: Array<{ name: string; value: string }>): ExportFilters {
  const found: ExportFilters = { searchType: null, country: null, page: null, appearance: null, date: null }
  for (const { name, value } of filters) {
    const key = headerKey(name)
    const kind = (Object.keys(FILTER_KEYS) as Array<keyof typeof FILTER_NAMES>).find((k) => FILTER_KEYS[k].has(key))
    if (!kind) continue
    if (kind === 'searchType') {
      const v = headerKey(value)
      found.searchType = v === 'discover' ? 'discover' : v === 'google news' || v === 'news' || v === 'googlenews' ? 'googleNews' : v
    } else if (kind === 'country') {
      // "+United States", "= United States", "United States"
      found.country = countryCodeOf(value.replace(/^[+=!-]\s*/, '')) ?? value
    } else found[kind] = value.trim()
  }
  return found
}
