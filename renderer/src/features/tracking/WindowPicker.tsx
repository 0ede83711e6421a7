import { useApi } from '../../api/use-api'

export interface TrackingWindow {
  period: '24h' | '7d' | '30d'
  country: string
  lang: string
}

export const defaultWindow: TrackingWindow = { period: '7d', country: 'all', lang: 'all' }

/** Period, market and language of the metrics and roll-up (the markets are the project's). */
export function WindowPicker({ value, onChange, periods = true }: { value: TrackingWindow; onChange(w: TrackingWindow): void; periods?: boolean }) {
  const regions = useApi('listRegions', {})
  const languages = useApi('listLanguages', {})
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
      <label>
        Country
        <select aria-label="Country" value={value.country} onChange={(e) => onChange({ ...value, country: e.target.value })}>
          <option value="all">All markets</option>
          {(regions.data?.regions ?? []).map((r) => (
            <option key={r.alpha_2} value={r.alpha_2}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Language
        <select aria-label="Language" value={value.lang} onChange={(e) => onChange({ ...value, lang: e.target.value })}>
          <option value="all">All languages</option>
          {(languages.data?.languages ?? []).map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
