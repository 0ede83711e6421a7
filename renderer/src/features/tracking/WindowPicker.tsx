import { CountrySelect, LanguageSelect } from '../../components/Pickers'
import { PeriodControl, periodOf } from '../../components/PeriodControl'

import { windowComparison, type TrackingWindow } from './drill-down'

export { defaultWindow, windowQuery, windowWords, type TrackingWindow } from './drill-down'

/** Period, market and language of the metrics and roll-up (the markets are the project's). */
export function WindowPicker({ value, onChange, periods = true }: { value: TrackingWindow; onChange(w: TrackingWindow): void; periods?: boolean }) {
  return (
    <div className="filters">
      {periods && (
        <PeriodControl
          value={periodOf(value)}
          onChange={(p) => onChange({ ...value, ...p })}
          presets={['24h', '7d', '30d', 'custom']}
          // the totals' comparison (the metrics' Δ is the contract's: against the window before)
          compare={{ value: windowComparison(value), onChange: (c) => onChange({ ...value, ...c }) }}
        />
      )}
      <CountrySelect value={value.country} onChange={(country) => onChange({ ...value, country })} anyValue="all" anyLabel="All markets" />
      <LanguageSelect value={value.lang} onChange={(lang) => onChange({ ...value, lang })} anyValue="all" anyLabel="All languages" />
    </div>
  )
}
