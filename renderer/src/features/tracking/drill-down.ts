import type { ListKind } from '../../../../shared/contract/values'
import { customRangeProblem, dayAfter } from '../../components/period'

/** The window of a tracking view: its period (custom: both dates), market and language. */
export type TrackingWindow = {
  period: string
  date_from: string
  date_to: string
  country: string
  lang: string
  /** what the list's totals are compared with ('': the window before, as the metrics' Δ) */
  compare?: string
  compare_from?: string
  compare_to?: string
}

/** A window's comparison for the period control (none: the window before). */
export const windowComparison = (w: TrackingWindow) => ({ compare: w.compare ?? '', compare_from: w.compare_from ?? '', compare_to: w.compare_to ?? '' })

export const defaultWindow: TrackingWindow = { period: '7d', date_from: '', date_to: '', country: 'all', lang: 'all', compare: '', compare_from: '', compare_to: '' }

/**
 * The API query of a window: the dates only with a custom period; null while a custom range is
 * incomplete. The window's dates are whole days, both included; the API's end is an instant, so
 * it is asked up to midnight after the last day.
 */
export function windowQuery(w: TrackingWindow): Record<string, string> | null {
  if (customRangeProblem(w)) return null
  if (w.period !== 'custom') return { period: w.period, country: w.country, lang: w.lang }
  return { period: w.period, date_from: w.date_from, date_to: dayAfter(w.date_to), country: w.country, lang: w.lang }
}

/** A window's words for a file name or a title: "7d_US_all" or "2026-11-01-2026-11-07_all_de". */
export const windowWords = (w: TrackingWindow) => [w.period === 'custom' ? `${w.date_from}-${w.date_to}` : w.period, w.country, w.lang]

/** What a row or slice stands for: the articles filter it opens (or a trend, opened itself). */
export type DrillTarget =
  | { kind: 'entity'; name: string; id?: string }
  | { kind: 'category'; path: string; exact?: boolean }
  | { kind: 'publisher'; domain: string }
  | { kind: 'format'; name: string }
  | { kind: 'keyword'; words: string }
  | { kind: 'trend'; id: string }

/**
 * A metrics row's target: by the list's kind, the item's key or name. Its articles are the ones
 * the row counts: an entity by its id (resolved), a category alone (not the ones below it).
 */
export function rowTarget(kind: ListKind, row: { key: string; name: string; resolved_id?: string }): DrillTarget {
  switch (kind) {
    case 'entity':
      return row.resolved_id ? { kind: 'entity', name: row.name, id: row.resolved_id } : { kind: 'entity', name: row.name }
    case 'category':
      return { kind: 'category', path: row.key, exact: true }
    case 'publisher':
      return { kind: 'publisher', domain: row.key }
    case 'trend':
      return { kind: 'trend', id: row.key }
    case 'mention':
      return { kind: 'keyword', words: row.name }
  }
}

/**
 * The window's link for a target seen in a tracking window: the articles seen in the same period,
 * in the same market's feed and language, filtered to it (the Articles screen's query names), or
 * the trend's card: the articles the row counts, so its figure and the list agree.
 */
export function drillDownPath(target: DrillTarget, window: TrackingWindow): string {
  if (target.kind === 'trend') return `/trends/${encodeURIComponent(target.id)}`
  const q = new URLSearchParams()
  if (target.kind === 'entity') {
    q.set('entity', target.id ?? target.name)
    if (target.id) q.set('entity_name', target.name)
  }
  if (target.kind === 'category') {
    q.set('category', target.path)
    if (target.exact) q.set('exact_category', 'true')
  }
  if (target.kind === 'publisher') q.set('domain', target.domain)
  if (target.kind === 'format') q.set('content_type', target.name)
  if (target.kind === 'keyword') q.set('search', target.words)
  if (window.country !== 'all') q.set('market', window.country)
  if (window.lang !== 'all') q.set('lang', window.lang)
  q.set('period', window.period)
  if (window.period === 'custom') {
    q.set('date_from', window.date_from)
    q.set('date_to', window.date_to)
  }
  q.set('sort_by', 'impressions')
  return `/articles?${q.toString()}`
}
