import { customRangeProblem, lastDays, type Comparison, type PeriodValue } from './period'

/** The presets of the exploring screens: from the last 24 hours to the whole history, or chosen days. */
export const EXPLORE_PRESETS = ['all', '24h', '7d', '30d', '90d', 'custom'] as const

const PRESET_LABELS: Record<string, string> = { '24h': '24 h', '7d': '7 days', '30d': '30 days', '90d': '90 days', all: 'All', custom: 'Custom' }

export { changePct, comparisonBounds, comparisonOf, customRangeProblem, dayAfter, lastDays, periodBounds, periodOf, periodWords, previousPeriod, type Comparison, type PeriodValue } from './period'

/**
 * One period control: preset buttons (a radio group) and, for Custom, two calendar dates; with
 * `compare`, what to compare it with: the period of the same length before, the same period a
 * year before, or chosen days.
 */
export function PeriodControl({
  value,
  onChange,
  presets,
  compare,
}: {
  value: PeriodValue
  onChange(v: PeriodValue): void
  presets: readonly string[]
  compare?: { value: Comparison; onChange(c: Comparison): void }
}) {
  const problem = customRangeProblem(value)
  const choose = (period: string) => {
    if (period !== 'custom') return onChange({ period, date_from: '', date_to: '' })
    // a custom period starts as the last 7 days, to be changed
    onChange({ period, ...(value.date_from && value.date_to ? { date_from: value.date_from, date_to: value.date_to } : lastDays(7)) })
  }
  return (
    <div className="period-control">
      <div className="segmented" role="radiogroup" aria-label="Period">
        {presets.map((p) => (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={value.period === p}
            tabIndex={value.period === p ? 0 : -1}
            className={value.period === p ? 'on' : ''}
            onClick={() => choose(p)}
            onKeyDown={(e) => {
              const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0
              if (!step) return
              e.preventDefault()
              const next = presets[(presets.indexOf(value.period) + step + presets.length) % presets.length]!
              choose(next)
              const group = e.currentTarget.parentElement
              requestAnimationFrame(() => group?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus())
            }}
          >
            {PRESET_LABELS[p] ?? p}
          </button>
        ))}
      </div>
      {value.period === 'custom' && (
        <>
          <label>
            From
            <input type="date" value={value.date_from} max={value.date_to || undefined} onChange={(e) => onChange({ ...value, date_from: e.target.value })} aria-label="Period from" />
          </label>
          <label>
            To
            <input type="date" value={value.date_to} min={value.date_from || undefined} onChange={(e) => onChange({ ...value, date_to: e.target.value })} aria-label="Period to" />
          </label>
        </>
      )}
      {compare && (
        <label>
          Compare with
          <select value={compare.value.compare} onChange={(e) => compare.onChange({ ...compare.value, compare: e.target.value })}>
            <option value="">nothing</option>
            <option value="previous" disabled={value.period === 'all'}>
              the period before
            </option>
            <option value="year" disabled={value.period === 'all'}>
              the same period a year before
            </option>
            <option value="custom">chosen days</option>
          </select>
        </label>
      )}
      {compare?.value.compare === 'custom' && (
        <>
          <label>
            From
            <input type="date" value={compare.value.compare_from} onChange={(e) => compare.onChange({ ...compare.value, compare_from: e.target.value })} aria-label="Compared from" />
          </label>
          <label>
            To
            <input type="date" value={compare.value.compare_to} onChange={(e) => compare.onChange({ ...compare.value, compare_to: e.target.value })} aria-label="Compared to" />
          </label>
        </>
      )}
      {problem && <span className="error-text">{problem}</span>}
    </div>
  )
}
