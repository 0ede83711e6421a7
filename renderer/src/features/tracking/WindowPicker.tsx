import { CountrySelect, LanguageSelect } from '../../components/Pickers'

export interface TrackingWindow {
  period: '24h' | '7d' | '30d'
  country: string
  lang: string
}

export const defaultWindow: TrackingWindow = { period: '7d', country: 'all', lang: 'all' }

/** Period, market and language of the metrics and roll-up (the markets are the project's). */
export function WindowPicker({ value, onChange, periods = true }: { value: TrackingWindow; onChange(w: TrackingWindow): void; periods?: boolean }) {
  return (
    <div className="filters">
      {periods && (
        <div className="segmented" role="group" aria-label="Period">
          {(['24h', '7d', '30d'] as const).map((p) => (
            <button key={p} type="button" className={value.period === p ? 'on' : ''} aria-pressed={value.period === p} onClick={() => onChange({ ...value, period: p })}>
              {p}
            </button>
          ))}
        </div>
      )}
      <CountrySelect value={value.country} onChange={(country) => onChange({ ...value, country })} anyValue="all" anyLabel="All markets" />
      <LanguageSelect value={value.lang} onChange={(lang) => onChange({ ...value, lang })} anyValue="all" anyLabel="All languages" />
    </div>
  )
}
