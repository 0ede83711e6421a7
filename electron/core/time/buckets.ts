/** Bucket keys used by the aggregates: days 'YYYY-MM-DD', hours 'YYYY-MM-DDTHH', both UTC. */

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS

export const dayKey = (d: Date): string => d.toISOString().slice(0, 10)
export const hourKey = (d: Date): string => d.toISOString().slice(0, 13)

export const addHours = (d: Date, hours: number): Date => new Date(d.getTime() + hours * HOUR_MS)
export const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * DAY_MS)

export const startOfUtcDay = (d: Date): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))
export const startOfUtcHour = (d: Date): Date => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS)

/** An ISO 8601 timestamp in a fixed UTC offset, e.g. 2026-08-23T03:00:00+03:00. */
export function isoWithOffset(isoUtc: string, offsetMinutes: number): string {
  const local = new Date(new Date(isoUtc).getTime() + offsetMinutes * 60_000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  const hh = String(Math.floor(abs / 60)).padStart(2, '0')
  const mm = String(abs % 60).padStart(2, '0')
  return `${local.toISOString().slice(0, 19)}${sign}${hh}:${mm}`
}

/** Epoch seconds of an ISO timestamp or Date. */
export const epochSeconds = (t: string | Date): number => Math.floor((typeof t === 'string' ? Date.parse(t) : t.getTime()) / 1000)
/** ISO 8601 UTC with milliseconds, from epoch seconds. */
export const isoFromSeconds = (s: number): string => new Date(s * 1000).toISOString()
/** Hours since the epoch: the `hour` key of article_hourly. */
export const hourIndex = (d: Date): number => Math.floor(d.getTime() / HOUR_MS)
/** Days since the epoch: the `day` key of article_daily and subject_daily. */
export const dayIndex = (d: Date): number => Math.floor(d.getTime() / DAY_MS)
export const dayKeyOfIndex = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)
/** The day (since the epoch) of an instant in epoch seconds. */
export const dayOfSeconds = (s: number): number => Math.floor(s / 86_400)
/** The first hourly bucket (hours since the epoch) that starts at or after an instant: a window holds the buckets that start in it. */
export const hourAt = (d: Date): number => Math.ceil(d.getTime() / HOUR_MS)

/** Buckets from `from` (inclusive) to `to` (exclusive): hours or days since the epoch. */
export function bucketKeys(from: Date, to: Date, grain: 'hour' | 'day'): number[] {
  const step = grain === 'hour' ? HOUR_MS : DAY_MS
  const keys: number[] = []
  for (let b = Math.floor(from.getTime() / step); b * step < to.getTime(); b++) keys.push(b)
  return keys
}

/** The signals' bucket of an instant (epoch seconds): its day 'YYYY-MM-DD', or its 3-hour slot 'YYYY-MM-DDTHH' (keyed by the slot's first hour). */
export const dayBucket = (at: number): string => new Date(at * 1000).toISOString().slice(0, 10)
export const slotBucket = (at: number): string => new Date(Math.floor(at / 10_800) * 10_800_000).toISOString().slice(0, 13)
/** A 3-hour slot's time of day (its first hour): the season its baseline is drawn from. */
export const slotOfDay = (bucket: string): string => bucket.slice(11, 13)
/** The first instant (epoch seconds) of a signals' bucket ('YYYY-MM-DD' or 'YYYY-MM-DDTHH'); NaN when it is none. */
export const bucketStartSeconds = (bucket: string, granularity: 'day' | '3h'): number =>
  Date.parse(`${bucket.slice(0, 10)}T${granularity === '3h' ? bucket.slice(11, 13) || '00' : '00'}:00:00Z`) / 1000
/** SQL expression turning an epoch-seconds column into the API's ISO form. */
export const sqlIso = (column: string): string => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, 'unixepoch')`

/**
 * An article's first or last sighting in a feed as the API shows it (`s` its article_facets row):
 * an article never seen yet keeps the type, taking its published date, else when it was stored
 * (the facets' generated columns first_shown and last_shown, which lists also sort by).
 */
export const seenIsoSql = (which: 'first' | 'last', s = 's'): string => sqlIso(`${s}.${which}_shown`)
