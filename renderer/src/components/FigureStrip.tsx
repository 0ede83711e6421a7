import { Change } from './Change'

/** A figure of a strip: its name, its value as shown, its change in percent (null: none to tell), and what it means. */
export interface StripFigure {
  name: string
  value: string
  change: number | null
  title: string
}

/** A strip of a set's totals, each with its change against the period compared (shown only while comparing). */
export function FigureStrip({ label, figures, compared }: { label: string; figures: readonly StripFigure[]; compared: boolean }) {
  return (
    <dl className="totals" aria-label={label}>
      {figures.map((f) => (
        <div key={f.name} title={f.title}>
          <dt>{f.name}</dt>
          <dd>
            {f.value} {compared && <Change pct={f.change} />}
          </dd>
        </div>
      ))}
    </dl>
  )
}
