import type { RouteResponse } from '../../../shared/contract/routes'
import type { ApiState } from '../api/use-api'
import { formatNumber } from './common'
import { FigureStrip } from './FigureStrip'
import { changePct } from './period'

type Totals = RouteResponse<'appArticleTotals'>

/**
 * The totals of every article the filters hold (not the page's), in the period: impressions,
 * articles, publishers, best and mean position, each with its change against the period compared.
 * A position's change is told as a change of place: lower is better, so its sign is turned.
 */
export function TotalsStrip({ totals, label = 'Totals of these articles' }: { totals: ApiState<Totals>; label?: string }) {
  const t = totals.data?.totals
  if (!t) return null
  const c = totals.data?.compared ?? null
  const change = (now: number, before: number | undefined) => (c ? changePct(now, before) : null)
  const place = (now: number | null, before: number | null | undefined) => (now === null || before == null ? null : changePct(before, now))
  return (
    <FigureStrip
      label={label}
      compared={c !== null}
      figures={[
        { name: 'Impressions', value: formatNumber(t.impressions), change: change(t.impressions, c?.impressions), title: 'the estimated impressions of all these articles in the period' },
        { name: 'Articles', value: formatNumber(t.articles), change: change(t.articles, c?.articles), title: 'the articles seen in the period' },
        { name: 'Publishers', value: formatNumber(t.publishers), change: change(t.publishers, c?.publishers), title: 'the publishers of those articles' },
        { name: 'Best position', value: formatNumber(t.best_position), change: place(t.best_position, c?.best_position), title: 'the highest place any of them reached (1 is the top); ▲ is a better place' },
        { name: 'Mean position', value: t.avg_position === null ? '—' : t.avg_position.toFixed(1), change: place(t.avg_position, c?.avg_position), title: 'the mean place over their sightings; ▲ is a better place' },
      ]}
    />
  )
}
