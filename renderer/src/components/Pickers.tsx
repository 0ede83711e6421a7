import type { ReactNode } from 'react'
import { useApi } from '../api/use-api'

/** A choice of a select: a value, and how it reads (by default the value with its underscores as spaces). */
export type Choice = string | { value: string; label: string }

const choiceValue = (c: Choice) => (typeof c === 'string' ? c : c.value)
const choiceLabel = (c: Choice) => (typeof c === 'string' ? c.replace(/_/g, ' ') : c.label)

/**
 * A labelled select of choices (an enumeration of the contract, a list's values), led by the "no
 * restriction" choice when `anyLabel` is given: the one picker every screen's filters use.
 */
export function ChoiceSelect({
  label,
  value,
  onChange,
  choices,
  anyLabel = null,
  anyValue = '',
  disabled,
  className,
}: {
  label: ReactNode
  value: string
  onChange(value: string): void
  choices: readonly Choice[]
  /** the "no restriction" choice, and the value it stands for (default '') */
  anyLabel?: string | null
  anyValue?: string
  disabled?: boolean
  className?: string
}) {
  return (
    <label className={className}>
      {label}
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {anyLabel !== null && <option value={anyValue}>{anyLabel}</option>}
        {choices.map((c) => (
          <option key={choiceValue(c)} value={choiceValue(c)}>
            {choiceLabel(c)}
          </option>
        ))}
      </select>
    </label>
  )
}

interface PickerProps {
  value: string
  onChange(value: string): void
  /** the value meaning "no restriction", and how it reads */
  anyValue: string
  anyLabel: string
}

/** The markets of the key, by name. */
export function CountrySelect(props: PickerProps) {
  const regions = useApi('listRegions', {})
  return <ChoiceSelect label="Country" choices={(regions.data?.regions ?? []).map((r) => ({ value: r.alpha_2, label: r.name }))} {...props} />
}

/** The languages of the feed, by name. */
export function LanguageSelect(props: PickerProps) {
  const languages = useApi('listLanguages', {})
  return <ChoiceSelect label="Language" choices={(languages.data?.languages ?? []).map((l) => ({ value: l.code, label: l.name }))} {...props} />
}

/** The two directions of a sort, as every list's "Order" reads them. */
export const SORT_ORDERS: readonly Choice[] = [
  { value: 'desc', label: 'descending' },
  { value: 'asc', label: 'ascending' },
]
