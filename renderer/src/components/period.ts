/** Periods as the window names them (presets, custom days) and as the API's instants: pure, tested without a browser. */
import { addDays, dayOfMs, HOUR_MS, hourEnd, isoSeconds } from '../time/days'

/** A period as the API's window parameters name it: a preset, or custom with ISO dates (both ends included). */
export interface PeriodValue {
  period: string
  date_from: string
  date_to: string
}

/** Today's date and the date `days` before it, ISO (UTC, as the store counts days). */
export function lastDays(days: number, today = new Date()): { date_from: string; date_to: string } {
  const to = dayOfMs(today.getTime())
  return { date_from: addDays(to, -(days - 1)), date_to: to }
}

/** The ISO date after a date: the exclusive end of a range of whole days. */
export const dayAfter = (date: string) => addDays(date, 1)

/** The hours of a preset: 24 h, or N days of 24 hours each. */
const presetHours = (period: string): number | null => {
  if (period === '24h') return 24
  const days = /^(\d+)d$/.exec(period)
  return days ? Number(days[1]) * 24 : null
}

/**
 * A period as the API's instants: `date_from` and an exclusive `date_to` (none: open); null while a
 * custom range is incomplete. One window everywhere (docs/contract-decisions.md): a preset of N
 * days is the last N x 24 hourly buckets, the current hour included, the very hours the tracking
 * methods' 24h, 7d and 30d count; custom days are whole UTC days, both included. Both ends are
 * hours, so the query holds within an hour.
 */
export function periodBounds(v: PeriodValue, now = new Date()): { date_from?: string; date_to?: string } | null {
  if (customRangeProblem(v)) return null
  if (v.period === 'custom') return { date_from: v.date_from, date_to: dayAfter(v.date_to) }
  const hours = presetHours(v.period)
  if (hours === null) return {}
  // the hourly buckets that start before now: the tracking methods' window [now - N days, now) holds the same
  const end = hourEnd(now)
  return { date_from: isoSeconds(end - hours * HOUR_MS), date_to: isoSeconds(end) }
}

/** The period before one of the same length (for a comparison); null for all of the history. */
export function previousPeriod(v: PeriodValue, now = new Date()): { date_from: string; date_to: string } | null {
  const b = periodBounds(v, now)
  if (!b?.date_from) return null
  const from = Date.parse(b.date_from)
  const to = b.date_to ? Date.parse(b.date_to) : hourEnd(now)
  return { date_from: new Date(from - (to - from)).toISOString(), date_to: new Date(from).toISOString() }
}

/** A period in a file name or title: "all", "7d" or "2026-11-01-2026-11-07". */
export const periodWords = (v: PeriodValue) => (v.period === 'custom' ? `${v.date_from}-${v.date_to}` : v.period)

/** A custom range is usable when both dates are there and in order. */
export const customRangeProblem = (v: PeriodValue): string | null =>
  v.period !== 'custom' ? null : !v.date_from || !v.date_to ? 'Choose both dates of the period.' : v.date_from > v.date_to ? 'The period ends before it starts.' : null

/** The change from a figure before to now, in percent (one decimal); null when there was nothing before. */
export const changePct = (now: number, before: number | undefined): number | null =>
  before === undefined || before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10

/** What a period is compared with, as the URL names it: nothing, the period before, the same period a year before, or chosen days (both included). */
export interface Comparison {
  compare: string
  compare_from: string
  compare_to: string
}

/** The period of a view that keeps more in its URL: what the period control shows and hands back. */
export const periodOf = (v: PeriodValue): PeriodValue => ({ period: v.period, date_from: v.date_from, date_to: v.date_to })
/** The comparison of such a view. */
export const comparisonOf = (c: Comparison): Comparison => ({ compare: c.compare, compare_from: c.compare_from, compare_to: c.compare_to })

/** The same period a year before (the same calendar days and hours; 29 February is 1 March); null for all of the history. */
export function yearBefore(v: PeriodValue, now = new Date()): { date_from: string; date_to: string } | null {
  const b = periodBounds(v, now)
  if (!b?.date_from) return null
  const back = (iso: string) => {
    const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)
    d.setUTCFullYear(d.getUTCFullYear() - 1)
    return d.toISOString()
  }
  return { date_from: back(b.date_from), date_to: back(b.date_to ?? new Date(hourEnd(now)).toISOString()) }
}

/** The compared period as the API's instants; null when nothing (or an incomplete range) is chosen. */
export function comparisonBounds(period: PeriodValue, c: Comparison, now = new Date()): { date_from: string; date_to: string } | null {
  if (c.compare === 'previous') return previousPeriod(period, now)
  if (c.compare === 'year') return yearBefore(period, now)
  if (c.compare === 'custom') return c.compare_from && c.compare_to && c.compare_from <= c.compare_to ? { date_from: c.compare_from, date_to: dayAfter(c.compare_to) } : null
  return null
}

/** A period in a heading or a report: "last 30 days", "the whole history", "2026-11-01 to 2026-11-07". */
export function periodPhrase(view: PeriodValue): string {
  if (view.period === 'all') return 'the whole history'
  if (view.period === 'custom') return `${view.date_from} to ${view.date_to}`
  if (view.period === '24h') return 'last 24 hours'
  return `last ${view.period.replace('d', ' days')}`
}

/** What a period is compared with, in words; null for nothing. */
export function comparisonPhrase(c: Comparison): string | null {
  if (c.compare === 'previous') return 'the period before'
  if (c.compare === 'year') return 'the same period a year before'
  if (c.compare === 'custom') return c.compare_from && c.compare_to ? `${c.compare_from} to ${c.compare_to}` : null
  return null
}

/** A view whose comparison of periods is `versus` (Trends and Signals: their `compare` names what is drawn together). */
export interface VersusValue {
  versus: string
  versus_from: string
  versus_to: string
}

/** Such a view's comparison, as the period control and the strips name it. */
export const versusComparison = (v: VersusValue): Comparison => ({ compare: v.versus, compare_from: v.versus_from, compare_to: v.versus_to })

/** A comparison chosen in the period control, as such a view keeps it. */
export const versusPatch = (c: Comparison): VersusValue => ({ versus: c.compare, versus_from: c.compare_from, versus_to: c.compare_to })

/** Whether a comparison still holds for a period chosen: the whole history has no period before it, nor a year before. */
export const comparisonHolds = (period: string, compare: string): boolean => !(period === 'all' && (compare === 'previous' || compare === 'year'))
