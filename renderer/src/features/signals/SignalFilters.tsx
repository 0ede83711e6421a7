import type { RouteResponse } from '../../../../shared/contract/routes'
import { CountrySelect } from '../../components/Pickers'
import { PeriodControl, periodOf } from '../../components/PeriodControl'
import { comparisonHolds, versusPatch } from '../../components/period'
import { granularityOf, signalsComparison, type SignalsView } from './questions'

/** Whose feed, at which grain, compared with which countries, over which period; each change drops the chosen point. */
export function SignalFilters({ view, setView, regions, computing }: { view: SignalsView; setView(patch: Partial<SignalsView>): void; regions: RouteResponse<'listRegions'>['regions']; computing: boolean }) {
  const { country } = view
  const granularity = granularityOf(view)
  const compared = view.compare ? view.compare.split(',') : []
  return (
    <>
      <div className="filters">
        <CountrySelect value={country} onChange={(c) => setView({ country: c, bucket: '', category: '' })} anyValue="all" anyLabel="All countries" />
        <div className="segmented" role="group" aria-label="Granularity">
          {(['day', '3h'] as const).map((g) => (
            <button key={g} className={granularity === g ? 'on' : ''} aria-pressed={granularity === g} onClick={() => setView({ granularity: g, bucket: '', category: '' })}>
              {g === 'day' ? 'Daily' : '3 hours'}
            </button>
          ))}
        </div>
      </div>
      <div className="filters">
        <div className="chips" role="group" aria-label="Compare countries">
          <span className="muted small">Compare with:</span>
          {regions
            .filter((r) => r.alpha_2 !== country)
            .map((r) => {
              const on = compared.includes(r.alpha_2)
              return (
                <button
                  key={r.alpha_2}
                  type="button"
                  className={`chip topic ${on ? 'on' : ''}`}
                  aria-pressed={on}
                  onClick={() => setView({ compare: (on ? compared.filter((c) => c !== r.alpha_2) : [...compared, r.alpha_2]).join(',') })}
                >
                  {r.name}
                </button>
              )
            })}
        </div>
      </div>
      <div className="filters">
        <PeriodControl
          value={periodOf(view)}
          onChange={(p) => setView({ ...p, bucket: '', category: '', ...(comparisonHolds(p.period, view.versus) ? {} : { versus: '' }) })}
          presets={['30d', '90d', 'all', 'custom']}
          compare={{ value: signalsComparison(view), onChange: (c) => setView(versusPatch(c)) }}
        />
        {computing && <span className="muted small">Computing the index over the period…</span>}
      </div>
    </>
  )
}
