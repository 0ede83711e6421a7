import type { ListKind } from '../../../../shared/contract/values'

/** The window of a tracking view: its period (custom: both dates), market and language. */
export type TrackingWindow = {
  period: string
  date_from: string
  date_to: string
  country: string
  lang: string
}

/** What a row or slice stands for: the articles filter it opens (or a trend, opened itself). */
export type DrillTarget =
  | { kind: 'entity'; name: string }
  | { kind: 'category'; path: string }
  | { kind: 'publisher'; domain: string }
  | { kind: 'format'; name: string }
  | { kind: 'keyword'; words: string }
  | { kind: 'trend'; id: string }

/** A metrics row's target: by the list's kind, the item's key or name. */
export function rowTarget(kind: ListKind, row: { key: string; name: string }): DrillTarget {
  switch (kind) {
    case 'entity':
      return { kind: 'entity', name: row.name }
    case 'category':
      return { kind: 'category', path: row.key }
    case 'publisher':
      return { kind: 'publisher', domain: row.key }
    case 'trend':
      return { kind: 'trend', id: row.key }
    case 'mention':
      return { kind: 'keyword', words: row.name }
  }
}

/**
 * The window's link for a target seen in a tracking window: the articles of the same period,
 * market and language filtered to it (the Articles screen's query names), or the trend's card.
 */
export function drillDownPath(target: DrillTarget, window: TrackingWindow): string {
  if (target.kind === 'trend') return `/trends/${encodeURIComponent(target.id)}`
  const q = new URLSearchParams()
  if (target.kind === 'entity') q.set('entity', target.name)
  if (target.kind === 'category') q.set('category', target.path)
  if (target.kind === 'publisher') q.set('domain', target.domain)
  if (target.kind === 'format') q.set('content_type', target.name)
  if (target.kind === 'keyword') q.set('search', target.words)
  if (window.country !== 'all') q.set('region', window.country)
  if (window.lang !== 'all') q.set('lang', window.lang)
  q.set('period', window.period)
  if (window.period === 'custom') {
    q.set('date_from', window.date_from)
    q.set('date_to', window.date_to)
  }
  q.set('sort_by', 'impressions')
  return `/articles?${q.toString()}`
}
