/**
 * The window's dates and hours, as the store counts them (UTC): every conversion of an instant to
 * a day or an hour bucket the screens make is here. Pure: tested without a browser.
 */

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS

/** The UTC date ('YYYY-MM-DD') of an instant in milliseconds. */
export const dayOfMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** The date `days` after a date (before it when negative). */
export const addDays = (date: string, days: number): string => dayOfMs(Date.parse(date) + days * DAY_MS)

/** Whole days from the day of instant `from` to the day of `to` (milliseconds, or ISO dates and times). */
export const daysBetween = (from: number | string, to: number | string): number => {
  const start = Date.parse(dayOfMs(typeof from === 'string' ? Date.parse(from) : from))
  const end = Date.parse(dayOfMs(typeof to === 'string' ? Date.parse(to) : to))
  return Math.round((end - start) / DAY_MS)
}

/** The end of the hourly bucket under way (the next hour's start): the window's presets end there. */
export const hourEnd = (now: Date): number => Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS

/** An instant as the API's parameters take it: ISO 8601 UTC to the second. */
export const isoSeconds = (ms: number): string => new Date(ms).toISOString().slice(0, 19) + 'Z'
