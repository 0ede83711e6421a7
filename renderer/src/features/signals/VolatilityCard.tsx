import { useMemo } from 'react'
import { ChartLoading, EChart } from '../../charts/EChart'
import { Card, EmptyState } from '../../components/common'
import { exportFileName } from '../../components/DataTable'
import { granularityOf, type SignalsView } from './questions'
import { bucketOf, periodTitle, type Selection } from './signal-series'
import type { useVolatility } from './use-volatility'
import { pointLabel, volatilityOption } from './volatility-chart'
import { Change } from '../../components/Change'
import { changePct } from '../../components/period'
import type { RouteResponse } from '../../../../shared/contract/routes'
import type { ApiState } from '../../api/use-api'
import { AnnotationsList } from './AnnotationsList'
import { marksOf } from '../../charts/timeline-marks'

/** The feed's volatility over the period, its spikes as chips; a point or a spike is explained beside it. */
export function VolatilityCard({
  view,
  volatility,
  selection,
  onSelect,
  annotations,
}: {
  view: SignalsView
  volatility: ReturnType<typeof useVolatility>
  selection: Selection | null
  onSelect(s: Selection): void
  annotations: ApiState<RouteResponse<'appAnnotations'>>
}) {
  const { series, headline, shown, longer, earlier } = volatility
  const selectedIndex = selection && !selection.category ? series.findIndex((p) => bucketOf(p) === selection.bucket) : -1
  const marks = useMemo(() => marksOf(annotations.data), [annotations.data])
  const option = useMemo(() => volatilityOption(series, selectedIndex, marks, earlier), [series, selectedIndex, marks, earlier])
  return (
    <Card
      title={`Volatility, ${periodTitle(view)}`}
      extra={
        headline && (
          <span className="muted" data-testid="volatility-summary" title="the index at the end of the period, and its mean over the period">
            {longer ? 'at the end' : 'now'} {headline.now ?? '—'} · mean {headline.mean ?? '—'}
            {headline.trend ? ` · ${headline.trend}` : ''}
            {earlier && ` · ${earlier.words}: mean ${earlier.mean ?? '—'}`}
            {earlier && <> <Change pct={headline.mean !== null && earlier.mean !== null ? changePct(headline.mean, earlier.mean) : null} /></>}
          </span>
        )
      }
    >
      {shown.data === null ? (
        !shown.error && <ChartLoading>Loading the volatility index…</ChartLoading>
      ) : series.length === 0 ? (
        <EmptyState title="No volatility yet">The index is computed from the feed snapshots in the store.</EmptyState>
      ) : (
        <>
          <EChart option={option} label="Volatility of the feed" fileName={exportFileName('volatility', view.country, granularityOf(view))} report={{ title: 'Volatility of the feed', period: periodTitle(view), market: view.country === 'all' ? 'all markets' : view.country, comparison: earlier?.words ?? null }} onPointClick={(i) => series[i] && onSelect({ bucket: bucketOf(series[i]!) })} />
          <p className="muted small">Click a point to see what moved. Red marks: spikes (7 or more); shaded: Google's announced updates (orange), your notes (blue), new data in the store (grey).</p>
          {series.some((p) => p.is_spike) && (
            <div className="chips" aria-label="Spikes">
              {series
                .filter((p) => p.is_spike)
                .map((p) => (
                  <button key={bucketOf(p)} className="chip spike" onClick={() => onSelect({ bucket: bucketOf(p) })}>
                    {pointLabel(p)}: {p.volatility_index}
                  </button>
                ))}
            </div>
          )}
        </>
      )}
      <AnnotationsList annotations={annotations} country={view.country} />
    </Card>
  )
}
