import { useApi } from '../api/use-api'

interface PickerProps {
  value: string
  onChange(value: string): void
  /** the value meaning "no restriction", and how it reads */
  anyValue: string
  anyLabel: string
}

/** The markets of the key, by name. */
export function CountrySelect({ value, onChange, anyValue, anyLabel }: PickerProps) {
  const regions = useApi('listRegions', {})
  return (
    <label>
      Country
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={anyValue}>{anyLabel}</option>
        {(regions.data?.regions ?? []).map((r) => (
          <option key={r.alpha_2} value={r.alpha_2}>
            {r.name}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The languages of the feed, by name. */
export function LanguageSelect({ value, onChange, anyValue, anyLabel }: PickerProps) {
  const languages = useApi('listLanguages', {})
  return (
    <label>
      Language
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={anyValue}>{anyLabel}</option>
        {(languages.data?.languages ?? []).map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  )
}
