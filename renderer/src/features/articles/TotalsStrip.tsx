import type { RouteResponse } from '../../../../shared/contract/routes'
import type { ApiState } from '../../api/use-api'
import { Change } from '../../components/Change'
import { formatNumber } from '../../components/common'
import { changePct } from '../../components/period'

type Totals = RouteResponse<'appArticleTotals'>

/**
 * The totals of every article the filters hold (not the page's), in the period: impressions,
 * articles, publishers, best and mean position, each with its change against the period compared.
 * A position's change is told as a change of place: lower is better, so its sign is turned.
 */
export function TotalsStrip({ totals }: { totals: ApiState<Totals> }) {
  const t = totals.data?.totals
  if (!t) return null
  const c = totals.data?.compared ?? null
  const place = (now: number | null, before: number | null | undefined) => (now === null || before == null ? null : changePct(before, now))
  const figures: Array<[string, string, number | null, string]> = [
    ['Impressions', formatNumber(t.impressions), c ? changePct(t.impressions, c.impressions) : null, 'the estimated impressions of all these articles in the period'],
    ['Articles', formatNumber(t.articles), c ? changePct(t.articles, c.articles) : null, 'the articles seen in the period'],
    ['Publishers', formatNumber(t.publishers), c ? changePct(t.publishers, c.publishers) : null, 'the publishers of those articles'],
    ['Best position', formatNumber(t.best_position), c ? place(t.best_position, c.best_position) : null, 'the highest place any of them reached (1 is the top); ▲ is a better place'],
    ['Mean position', t.avg_position === null ? '—' : t.avg_position.toFixed(1), c ? place(t.avg_position, c.avg_position) : null, 'the mean place over their sightings; ▲ is a better place'],
  ]
  return (
    <dl className="totals" aria-label="Totals of these articles">
      {figures.map(([name, value, delta, title]) => (
        <div key={name} title={title}>
          <dt>{name}</dt>
          <dd>
            {value} {c && <Change pct={delta} />}
          </dd>
        </div>
      ))}
    </dl>
  )
}
