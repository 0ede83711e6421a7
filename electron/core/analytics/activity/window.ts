import { hourAt } from '../../time/buckets'

/**
 * A window of a list's activity: hourly buckets [fromHour, toHour) (hours since the epoch) of
 * some markets, in one language or all. A bucket belongs to a window when it starts in it (a
 * window ending at 12:30 holds the 12:00 bucket), so a window and the one before it, which ends
 * where it starts, never count a bucket twice.
 */
export interface ActivityWindow {
  countries: string[]
  lang: string | null
  fromHour: number
  toHour: number
}

export function activityWindow(from: Date, to: Date, countries: string[], lang: string | null): ActivityWindow {
  return { countries, lang, fromHour: hourAt(from), toHour: hourAt(to) }
}
