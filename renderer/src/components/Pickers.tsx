import { useApi } from '../api/use-api'

interface PickerProps {
  value: string
  onChange(value: string): void
  /** the value meaning "no restriction", and how it reads */
  anyValue: string
  anyLabel: string
}

/** A labelled select of named values, led by the "no restriction" choice. */
function NamedSelect({ label, options, value, onChange, anyValue, anyLabel }: PickerProps & { label: string; options: Array<{ value: string; name: string }> }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={anyValue}>{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The markets of the key, by name. */
export function CountrySelect(props: PickerProps) {
  const regions = useApi('listRegions', {})
  return <NamedSelect label="Country" options={(regions.data?.regions ?? []).map((r) => ({ value: r.alpha_2, name: r.name }))} {...props} />
}

/** The languages of the feed, by name. */
export function LanguageSelect(props: PickerProps) {
  const languages = useApi('listLanguages', {})
  return <NamedSelect label="Language" options={(languages.data?.languages ?? []).map((l) => ({ value: l.code, name: l.name }))} {...props} />
}
