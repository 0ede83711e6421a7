/** A period as the API's window parameters name it: a preset, or custom with ISO dates (both ends included). */
export interface PeriodValue {
  period: string
  date_from: string
  date_to: string
}

const PRESET_LABELS: Record<string, string> = { '24h': '24 h', '7d': '7 days', '30d': '30 days', '90d': '90 days', all: 'All', custom: 'Custom' }

/** Today's date and the date `days` before it, ISO (UTC, as the store counts days). */
export function lastDays(days: number, today = new Date()): { date_from: string; date_to: string } {
  const to = today.toISOString().slice(0, 10)
  const from = new Date(Date.parse(to) - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return { date_from: from, date_to: to }
}

/** The ISO date after a date: the exclusive end of a range of whole days. */
export const dayAfter = (date: string) => new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10)

/** A custom range is usable when both dates are there and in order. */
export const customRangeProblem = (v: PeriodValue): string | null =>
  v.period !== 'custom' ? null : !v.date_from || !v.date_to ? 'Choose both dates of the period.' : v.date_from > v.date_to ? 'The period ends before it starts.' : null

/** One period control: preset buttons (a radio group) and, for Custom, two calendar dates. */
export function PeriodControl({ value, onChange, presets }: { value: PeriodValue; onChange(v: PeriodValue): void; presets: readonly string[] }) {
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
      {problem && <span className="error-text">{problem}</span>}
    </div>
  )
}
