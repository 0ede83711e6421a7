import { countryCodeOf, ExportProblem } from './export-tables'

/**
 * Answers of the Search Analytics API (`searchanalytics.query`), as a script saves them: one
 * answer `{rows, responseAggregationType}`, several (its pages) in an array, or the request beside
 * them (`{request, response}` or `{siteUrl, request, responses}`). Each row's `keys` follow the
 * request's dimensions; without the request they are told by their values (a date, a page's URL,
 * a country's ISO alpha-3 code, a device, a search appearance).
 */

export type Dimension = 'date' | 'page' | 'country' | 'device' | 'searchAppearance' | 'query'

export interface ApiRow {
  day: string
  page: string
  country: string
  appearance: string
  clicks: number
  impressions: number
}

export interface ApiFile {
  siteUrl: string | null
  searchType: string | null
  dimensions: Dimension[]
  /** the request's filters, in one canonical string ('' for none) */
  filters: string
  rows: ApiRow[]
}

const DIMENSIONS = new Set<Dimension>(['date', 'page', 'country', 'device', 'searchAppearance', 'query'])

/** The dimension a key's values tell, when no request says. */
function dimensionOfValues(values: string[]): Dimension | null {
  if (values.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v))) return 'date'
  if (values.every((v) => /^https?:\/\//i.test(v))) return 'page'
  if (values.every((v) => /^[a-z]{3}$/.test(v))) return 'country'
  if (values.every((v) => /^(MOBILE|DESKTOP|TABLET)$/i.test(v))) return 'device'
  if (values.every((v) => /^[A-Z][A-Z_]+$/.test(v))) return 'searchAppearance'
  return null
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The canonical string of a request's dimension filter groups: sorted, each 'dimension operator expression'. */
function filtersOf(request: Record<string, unknown> | null): string {
  const groups = Array.isArray(request?.dimensionFilterGroups) ? request.dimensionFilterGroups : []
  const parts: string[] = []
  for (const g of groups) {
    for (const f of isObject(g) && Array.isArray(g.filters) ? g.filters : []) {
      if (isObject(f)) parts.push(`${String(f.dimension)} ${String(f.operator ?? 'equals')} ${String(f.expression)}`)
    }
  }
  return parts.sort().join(';')
}

/** Reads an API answer file; refuses, with a sentence, what is no such answer. */
export function readApiAnswers(file: string, text: string): ApiFile {
  let json: unknown
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new ExportProblem(file, null, `not JSON (${(error as Error).message})`)
  }
  let request: Record<string, unknown> | null = null
  let answers: unknown[]
  let siteUrl: string | null = null
  if (Array.isArray(json)) answers = json
  else if (isObject(json) && Array.isArray(json.responses)) answers = json.responses
  else if (isObject(json) && isObject(json.response)) answers = [json.response]
  else answers = [json]
  if (isObject(json) && isObject(json.request)) request = json.request
  if (isObject(json) && typeof json.siteUrl === 'string') siteUrl = json.siteUrl
  if (request && typeof request.siteUrl === 'string') siteUrl = request.siteUrl
  const rawRows: Array<Record<string, unknown>> = []
  for (const a of answers) {
    if (!isObject(a) || (a.rows !== undefined && !Array.isArray(a.rows)) || !('rows' in a || 'responseAggregationType' in a)) {
      throw new ExportProblem(file, null, 'not an answer of the Search Analytics API (no "rows")')
    }
    for (const r of (a.rows as unknown[] | undefined) ?? []) {
      if (!isObject(r)) throw new ExportProblem(file, null, 'a row of the answer is not an object')
      rawRows.push(r)
    }
  }
  const width = rawRows[0] && Array.isArray(rawRows[0].keys) ? rawRows[0].keys.length : 0
  let dimensions: Dimension[]
  if (request && Array.isArray(request.dimensions)) {
    dimensions = request.dimensions.map(String) as Dimension[]
    const unknown = dimensions.find((d) => !DIMENSIONS.has(d))
    if (unknown) throw new ExportProblem(file, null, `the request's dimension ${JSON.stringify(unknown)} is none Search Console has`)
  } else {
    dimensions = []
    for (let k = 0; k < width; k++) {
      const d = dimensionOfValues(rawRows.map((r) => String((r.keys as unknown[])[k] ?? '')))
      if (!d) throw new ExportProblem(file, null, `the rows' key ${k + 1} is neither a date, a page, a country, a device nor a search appearance; save the request with the answer ({"request": ..., "response": ...})`)
      dimensions.push(d)
    }
  }
  if (dimensions.includes('query')) throw new ExportProblem(file, null, 'these are rows by query: Discover and Google News have no queries (search type web is not imported)')
  if (!dimensions.includes('date')) throw new ExportProblem(file, null, 'the rows have no date: ask the API with the date dimension (rows by date, page and country)')
  const searchType = request && typeof request.type === 'string' ? request.type : request && typeof request.searchType === 'string' ? request.searchType : null
  const rows: ApiRow[] = []
  rawRows.forEach((r, i) => {
    const keys = Array.isArray(r.keys) ? r.keys.map(String) : []
    if (keys.length !== dimensions.length) throw new ExportProblem(file, null, `row ${i + 1} has ${keys.length} keys, not ${dimensions.length}`)
    const of = (d: Dimension) => keys[dimensions.indexOf(d)] ?? ''
    const clicks = r.clicks
    const impressions = r.impressions
    if (typeof clicks !== 'number' || typeof impressions !== 'number' || !Number.isInteger(clicks) || !Number.isInteger(impressions) || clicks < 0 || clicks > impressions) {
      throw new ExportProblem(file, null, `row ${i + 1}: clicks and impressions should be whole numbers, clicks at most impressions`)
    }
    const day = of('date')
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) throw new ExportProblem(file, null, `row ${i + 1}: ${JSON.stringify(day)} is not a date`)
    let country = ''
    if (dimensions.includes('country')) {
      const code = countryCodeOf(of('country'))
      if (!code) throw new ExportProblem(file, null, `row ${i + 1}: ${JSON.stringify(of('country'))} is not a country Feedlens knows`)
      country = code
    }
    rows.push({ day, page: dimensions.includes('page') ? of('page') : '', country, appearance: dimensions.includes('searchAppearance') ? of('searchAppearance') : '', clicks, impressions })
  })
  return { siteUrl, searchType, dimensions, filters: filtersOf(request), rows }
}
