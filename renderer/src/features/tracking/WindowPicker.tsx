import { CountrySelect, LanguageSelect } from '../../components/Pickers'
import { customRangeProblem, dayAfter, PeriodControl } from '../../components/PeriodControl'

import type { TrackingWindow } from './drill-down'

export type { TrackingWindow } from './drill-down'

export const defaultWindow: TrackingWindow = { period: '7d', date_from: '', date_to: '', country: 'all', lang: 'all' }

/**
 * The API query of a window: the dates only with a custom period; null while a custom range is
 * incomplete. The window's dates are whole days, both included; the API's end is an instant, so
 * it is asked up to midnight after the last day.
 */
export function windowQuery(w: TrackingWindow): Record<string, string> | null {
  if (customRangeProblem(w)) return null
  if (w.period !== 'custom') return { period: w.period, country: w.country, lang: w.lang }
  return { ...w, date_to: dayAfter(w.date_to) }
}

/** A window's words for a file name or a title: "7d_US_all" or "2026-11-01-2026-11-07_all_de". */
export const windowWords = (w: TrackingWindow) => [w.period === 'custom' ? `${w.date_from}-${w.date_to}` : w.period, w.country, w.lang]

/** Period, market and language of the metrics and roll-up (the markets are the project's). */
export function WindowPicker({ value, onChange, periods = true }: { value: TrackingWindow; onChange(w: TrackingWindow): void; periods?: boolean }) {
  return (
    <div className="filters">
      {periods && <PeriodControl value={value} onChange={(p) => onChange({ ...value, ...p })} presets={['24h', '7d', '30d', 'custom']} />}
      <CountrySelect value={value.country} onChange={(country) => onChange({ ...value, country })} anyValue="all" anyLabel="All markets" />
      <LanguageSelect value={value.lang} onChange={(lang) => onChange({ ...value, lang })} anyValue="all" anyLabel="All languages" />
    </div>
  )
}
