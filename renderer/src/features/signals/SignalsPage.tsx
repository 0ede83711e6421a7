import { useMemo, useState } from 'react'
import { useApi } from '../../api/use-api'
import { EChart } from '../../charts/EChart'
import { Card, EmptyState, ErrorBanner, PageHeader } from '../../components/common'

/** Signals: is the whole feed moving? The volatility index of a country, day or 3-hour view. */
export function SignalsPage() {
  const [country, setCountry] = useState('all')
  const [granularity, setGranularity] = useState<'day' | '3h'>('day')
  const regions = useApi('listRegions', {})
  const volatility = useApi('getVolatility', { query: { country, granularity } })
  const option = useMemo(() => {
    const series = volatility.data?.series ?? []
    const labels = series.map((p) => p.date ?? p.bucket ?? '')
    return {
      grid: { left: 36, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels },
      yAxis: { type: 'value', min: 0, max: 10 },
      series: [
        {
          type: 'line',
          smooth: true,
          data: series.map((p) => p.volatility_index),
          markPoint: {
            data: series.flatMap((p, i) => (p.is_spike ? [{ coord: [i, p.volatility_index], value: p.volatility_index }] : [])),
          },
        },
      ],
    }
  }, [volatility.data])
  return (
    <div className="page">
      <PageHeader title="Signals" subtitle="How much the feed changed: 0 calm, about 3 a usual day, 7 and more a shake-up" />
      <div className="filters">
        <label>
          Country
          <select value={country} onChange={(e) => setCountry(e.target.value)}>
            <option value="all">All countries</option>
            {(regions.data?.regions ?? []).map((r) => (
              <option key={r.alpha_2} value={r.alpha_2}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="Granularity">
          <button className={granularity === 'day' ? 'on' : ''} onClick={() => setGranularity('day')}>
            Daily
          </button>
          <button className={granularity === '3h' ? 'on' : ''} onClick={() => setGranularity('3h')}>
            3 hours
          </button>
        </div>
      </div>
      <ErrorBanner message={volatility.error} />
      <Card
        title="Volatility, last 30 days"
        extra={
          volatility.data && (
            <span className="muted">
              now {volatility.data.current_index ?? '—'} · {volatility.data.trend}
            </span>
          )
        }
      >
        {volatility.data && volatility.data.series.length === 0 ? (
          <EmptyState title="No volatility yet">The index is computed from the feed snapshots in the store.</EmptyState>
        ) : (
          <EChart option={option} />
        )}
      </Card>
    </div>
  )
}
