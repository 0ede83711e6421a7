import { setTimeout as sleep } from 'node:timers/promises'
import { importSearchConsole, normalizeProperty, type GscSearchType } from '../../ingest/search-console/gsc-import'
import type { Store } from '../../store/store'
import { dayIndex, dayKeyOfIndex } from '../../time/buckets'
import { googleReason } from './connect'
import { ConnectionProblem, type SearchConsoleConnection } from './credentials'
import { oauthClient, searchConsoleApi, type ApiOptions } from './google-client'

/**
 * `feedlens gsc pull`: a property's Search Analytics rows by day, page and country, a day at a
 * time, each day's pages of 25,000 rows read through, then imported as an API answer (the one
 * checked path every Search Console file takes). Incremental per property: the next pull starts
 * three days before the last day it brought (Search Console revises its last days). Queries are
 * spaced to stay inside the API's per-site quota; 429 and 5xx are retried by Google's client with
 * a growing wait.
 */

/** Rows a query returns at most (the API's own limit). */
export const ROW_LIMIT = 25_000
/** Pages read of one day at most: a million rows (a day of a large site is far fewer). */
const MAX_PAGES_A_DAY = 40
/** Days pulled when nothing was pulled before and no --since is given. */
export const FIRST_PULL_DAYS = 90
/** Days read again before the last one pulled: Search Console's last days change as they settle. */
const REVISED_DAYS = 3
/** Search Console keeps 16 months. */
const KEPT_DAYS = 16 * 31

export interface PullOptions {
  connection: SearchConsoleConnection
  property: string
  searchType: GscSearchType
  /** the first day (YYYY-MM-DD); default: where the last pull ended, or the last 90 days */
  since?: string
  now: Date
  api: ApiOptions
  /** at least this long between two queries (default 100 ms: 600 a minute, half the per-site quota) */
  pacingMs?: number
  onProgress?(done: number, total: number, day: string): void
}

export interface PullReport {
  property: string
  searchType: GscSearchType
  dayFrom: string
  dayTo: string
  days: number
  /** days Search Console had rows of, and how many rows */
  daysWithRows: number
  rows: number
  /** days whose rows were new or changed (the others were imported before as they are) */
  daysImported: number
  requests: number
}

export class PullProblem extends ConnectionProblem {
  constructor(
    message: string,
    /** what was pulled (and kept) before the problem */
    readonly partial: PullReport,
  ) {
    super(message)
  }
}

const markerKey = (property: string, searchType: string) => `gsc_pulled:${searchType}:${property}`

/** The days a pull reads: from --since, else from three days before the last pulled, else the last 90; to yesterday. */
export function pullDays(store: Store, property: string, searchType: GscSearchType, since: string | undefined, now: Date): { from: number; to: number } {
  const to = dayIndex(now) - 1
  let from: number
  if (since) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(`${since}T00:00:00Z`))) throw new ConnectionProblem(`--since ${since} is not a day (YYYY-MM-DD)`)
    from = dayIndex(new Date(`${since}T00:00:00Z`))
  } else {
    const marker = store.settings.get(markerKey(property, searchType))
    from = marker ? dayIndex(new Date(`${marker}T00:00:00Z`)) - REVISED_DAYS : to - FIRST_PULL_DAYS + 1
  }
  if (from > to) throw new ConnectionProblem(`--since ${dayKeyOfIndex(from)} is after yesterday (${dayKeyOfIndex(to)}): Search Console has no day after it`)
  return { from: Math.max(from, to - KEPT_DAYS), to }
}

/** Pulls the property's days into the store; a problem keeps what was pulled before it and says so. */
export async function pullSearchConsole(store: Store, options: PullOptions): Promise<PullReport> {
  const property = normalizeProperty(options.property)
  if (!property) throw new ConnectionProblem(`${options.property} is not a Search Console property (sc-domain:example.com or https://www.example.com/)`)
  const { from, to } = pullDays(store, property, options.searchType, options.since, options.now)
  const client = oauthClient(options.connection.client)
  client.setCredentials({ refresh_token: options.connection.refreshToken })
  const api = searchConsoleApi(client, options.api)
  const pacing = options.pacingMs ?? 100
  const report: PullReport = { property, searchType: options.searchType, dayFrom: dayKeyOfIndex(from), dayTo: dayKeyOfIndex(to), days: to - from + 1, daysWithRows: 0, rows: 0, daysImported: 0, requests: 0 }
  let lastRequest = 0
  for (let day = from; day <= to; day++) {
    const key = dayKeyOfIndex(day)
    const responses: Array<{ rows: unknown[] }> = []
    for (let page = 0, startRow = 0; ; page++, startRow += ROW_LIMIT) {
      if (page === MAX_PAGES_A_DAY) throw new PullProblem(`Search Console kept giving rows of ${key} past ${(MAX_PAGES_A_DAY * ROW_LIMIT).toLocaleString('en-US')}: stopped there`, report)
      const wait = lastRequest + pacing - Date.now()
      if (wait > 0) await sleep(wait)
      lastRequest = Date.now()
      report.requests++
      let rows: unknown[]
      try {
        const answer = await api.searchanalytics.query({
          siteUrl: property,
          requestBody: { startDate: key, endDate: key, type: options.searchType, dimensions: ['date', 'page', 'country'], rowLimit: ROW_LIMIT, startRow },
        })
        rows = Array.isArray(answer.data.rows) ? answer.data.rows : []
      } catch (error) {
        throw new PullProblem(problemSentence(error, property, options.api.retries), report)
      }
      // an answer is not trusted: more rows than asked for is not Search Console's
      if (rows.length > ROW_LIMIT) throw new PullProblem(`Search Console answered ${rows.length} rows for ${key} where ${ROW_LIMIT} were asked: not read`, report)
      if (rows.length > 0) responses.push({ rows })
      if (rows.length < ROW_LIMIT) break
    }
    const rowCount = responses.reduce((n, r) => n + r.rows.length, 0)
    if (rowCount > 0) {
      const answer = {
        siteUrl: property,
        request: { startDate: key, endDate: key, type: options.searchType, dimensions: ['date', 'page', 'country'], rowLimit: ROW_LIMIT },
        responses,
      }
      const imported = importSearchConsole(store, [{ name: `${property} ${key} (Search Analytics API)`, bytes: Buffer.from(JSON.stringify(answer)) }], { property, searchType: options.searchType })
      report.daysWithRows++
      report.rows += rowCount
      if (!imported.alreadyImported) report.daysImported++
      store.settings.set(markerKey(property, options.searchType), key)
    }
    options.onProgress?.(day - from + 1, to - from + 1, key)
  }
  return report
}

function problemSentence(error: unknown, property: string, retries: number): string {
  const e = error as { response?: { status?: number; data?: { error?: unknown } } }
  const status = e.response?.status
  const reason = googleReason(error)
  if (reason.startsWith('invalid_grant')) return 'Google no longer accepts this connection (the access was revoked or has expired): run feedlens gsc connect again. What was pulled is kept.'
  if (status === 401) return `Google refused the connection's token (401): run feedlens gsc connect again. What was pulled is kept.`
  if (status === 403) return `Google refused this account access to ${property} (${reason}): feedlens gsc connect lists the properties it may read. What was pulled is kept.`
  if (status === 404) return `Search Console has no property ${property} for this account (404). What was pulled is kept.`
  if (status === 429) return `Search Console's quota is used up for now (429, ${retries + 1} tries): pull again later. What was pulled is kept.`
  if (status && status >= 500) return `Search Console answered ${status} ${retries + 1} times: pull again later. What was pulled is kept.`
  if (status && status >= 300 && status < 400) return `Search Console answered with a redirect (${status}), which Feedlens does not follow. What was pulled is kept.`
  return `Search Console could not be reached (${reason}). What was pulled is kept.`
}

/** The report as the window's job and `gsc pull --json` give it (the contract's field names). */
export function pullReportFields(r: PullReport) {
  return { property: r.property, search_type: r.searchType, day_from: r.dayFrom, day_to: r.dayTo, days: r.days, days_with_rows: r.daysWithRows, rows: r.rows, days_imported: r.daysImported, requests: r.requests }
}
