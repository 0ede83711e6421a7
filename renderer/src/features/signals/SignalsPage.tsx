import { useMemo, useState } from 'react'
import { formatGroups, type FormatGroup } from '../../../../shared/contract/values'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { useApi } from '../../api/use-api'
import { CountrySelect } from '../../components/Pickers'
import { EChart } from '../../charts/EChart'
import { Card, EmptyState, ErrorBanner, formatNumber, PageHeader } from '../../components/common'
import { useAppStore } from '../../stores/app-store'

type Point = RouteResponse<'getVolatility'>['series'][number]
interface Selection {
  bucket: string
  category?: FormatGroup
}

const labelOf = (p: Point) => (p.date ? p.date : (p.bucket ?? '').slice(5, 13).replace('T', ' ') + 'h')
const bucketOf = (p: Point) => p.date ?? p.bucket ?? ''

function volatilityOption(series: Point[], compact = false) {
  return {
    grid: compact ? { left: 24, right: 6, top: 8, bottom: 18 } : { left: 36, right: 16, top: 16, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: series.map(labelOf), axisLabel: { show: !compact } },
    yAxis: { type: 'value', min: 0, max: 10, splitNumber: compact ? 2 : 5 },
    visualMap: undefined,
    series: [
      {
        type: 'line',
        smooth: true,
        symbolSize: compact ? 3 : 5,
        data: series.map((p) => p.volatility_index),
        markLine: { silent: true, symbol: 'none', lineStyle: { type: 'dashed', color: '#c83a3a' }, data: [{ yAxis: 7 }] },
        markPoint: {
          symbolSize: compact ? 24 : 36,
          itemStyle: { color: '#c83a3a' },
          data: series.flatMap((p, i) => (p.is_spike ? [{ coord: [i, p.volatility_index], value: p.volatility_index }] : [])),
        },
      },
    ],
  }
}

/** Signals: is it just us, or is the whole feed moving? */
export function SignalsPage() {
  const navigate = useAppStore((s) => s.navigate)
  const [country, setCountry] = useState('all')
  const [granularity, setGranularity] = useState<'day' | '3h'>('day')
  const [selection, setSelection] = useState<Selection | null>(null)
  const volatility = useApi('getVolatility', { query: { country, granularity } })
  const topics = useApi('getTopicVolatility', { query: { country } })
  const interest = useApi('getFormatInterest', { query: { country } })
  const categories = useApi('getTopCategories', { query: { country, limit: 15 } })
  const movers = useApi(
    'appSignalMovers',
    selection ? { query: { country, granularity, bucket: selection.bucket, ...(selection.category ? { category: selection.category } : {}) } } : null,
  )
  const series = useMemo(() => volatility.data?.series ?? [], [volatility.data])
  const option = useMemo(() => volatilityOption(series), [series])

  return (
    <div className="page">
      <PageHeader title="Signals" subtitle="How much the feed changed: about 3 is a usual day, 7 and more a noticeable change" />
      <div className="filters">
        <CountrySelect
          value={country}
          onChange={(c) => {
            setCountry(c)
            setSelection(null)
          }}
          anyValue="all"
          anyLabel="All countries"
        />
        <div className="segmented" role="group" aria-label="Granularity">
          {(['day', '3h'] as const).map((g) => (
            <button
              key={g}
              className={granularity === g ? 'on' : ''}
              onClick={() => {
                setGranularity(g)
                setSelection(null)
              }}
            >
              {g === 'day' ? 'Daily' : '3 hours'}
            </button>
          ))}
        </div>
      </div>
      <ErrorBanner message={volatility.error} />
      <div className="split">
        <Card
          title="Volatility, last 30 days"
          extra={
            volatility.data && (
              <span className="muted" data-testid="volatility-summary">
                now {volatility.data.current_index ?? '—'} · {volatility.data.trend}
              </span>
            )
          }
        >
          {volatility.data && series.length === 0 ? (
            <EmptyState title="No volatility yet">The index is computed from the feed snapshots in the store.</EmptyState>
          ) : (
            <>
              <EChart option={option} onPointClick={(i) => series[i] && setSelection({ bucket: bucketOf(series[i]!) })} />
              <p className="muted small">Click a point to see what moved. Red marks: spikes (7 or more).</p>
              {series.some((p) => p.is_spike) && (
                <div className="chips" aria-label="Spikes">
                  {series
                    .filter((p) => p.is_spike)
                    .map((p) => (
                      <button key={bucketOf(p)} className="chip spike" onClick={() => setSelection({ bucket: bucketOf(p) })}>
                        {labelOf(p)}: {p.volatility_index}
                      </button>
                    ))}
                </div>
              )}
            </>
          )}
        </Card>
        <Card title={selection ? `What moved: ${selection.bucket}${selection.category ? ` · ${selection.category}` : ''}` : 'What moved'}>
          {!selection && <p className="muted">Pick a point of a series.</p>}
          {movers.error && <ErrorBanner message={movers.error} />}
          {selection && movers.data && (
            <div className="movers" aria-label="Movers">
              <table className="table clickable" aria-label="Moving articles">
                <thead>
                  <tr>
                    <th>Article</th>
                    <th className="num">Before</th>
                    <th className="num">After</th>
                    <th className="num">Share</th>
                  </tr>
                </thead>
                <tbody>
                  {movers.data.articles.map((a) => (
                    <tr key={a.id} onClick={() => navigate(`/article/${a.id}`)}>
                      <td>
                        {a.title} <span className="muted">{a.domain}</span>
                      </td>
                      <td className="num">{a.before ?? 'new'}</td>
                      <td className="num">{a.after ?? 'out'}</td>
                      <td className="num">{(a.share * 100).toFixed(1)}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <h3>Publishers</h3>
              <ul className="plain">
                {movers.data.publishers.map((p) => (
                  <li key={p.domain}>
                    {p.name} <span className="muted">({p.articles} articles)</span> {(p.share * 100).toFixed(1)}%
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>
      </div>

      <Card title="By format group">
        <div className="multiples">
          {formatGroups.map((category) => (
            <GroupMultiple key={category} country={country} granularity={granularity} category={category} onSelect={setSelection} />
          ))}
        </div>
      </Card>

      <div className="grid-2">
        <Card title="Format interest">
          <table className="table" aria-label="Format interest">
            <thead>
              <tr>
                <th>Format</th>
                <th className="num">Index</th>
                <th className="num">Impressions share</th>
                <th className="num">Publications share</th>
                <th>Trend</th>
              </tr>
            </thead>
            <tbody>
              {(interest.data?.formats ?? []).map((f) => (
                <tr key={f.format_type}>
                  <td>{f.format_type}</td>
                  <td className="num">{f.summary.current_index ?? '—'}</td>
                  <td className="num">{f.summary.share_of_impressions === null ? '—' : `${(f.summary.share_of_impressions * 100).toFixed(1)}%`}</td>
                  <td className="num">{f.summary.share_of_publications === null ? '—' : `${(f.summary.share_of_publications * 100).toFixed(1)}%`}</td>
                  <td>{f.summary.trend}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card title="Top categories, last 24 hours">
          <table className="table" aria-label="Top categories">
            <thead>
              <tr>
                <th>Category</th>
                <th className="num">Impressions</th>
                <th className="num">Δ</th>
                <th className="num">Share</th>
                <th className="num">Pubs</th>
              </tr>
            </thead>
            <tbody>
              {(categories.data?.categories ?? []).map((c) => (
                <tr key={c.category}>
                  <td>{c.category}</td>
                  <td className="num">{formatNumber(c.impressions)}</td>
                  <td className={`num ${c.delta_pct !== null && c.delta_pct < 0 ? 'down' : 'up'}`}>
                    {c.delta_pct === null ? '—' : `${c.delta_pct > 0 ? '▲' : c.delta_pct < 0 ? '▼' : ''} ${Math.abs(c.delta_pct)}%`}
                  </td>
                  <td className="num">{(c.share_of_impressions * 100).toFixed(1)}%</td>
                  <td className="num">{c.publications}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
      <Card title="By topic">
        {topics.data && topics.data.categories.length === 0 ? (
          <p className="muted">Topic series appear once trends and their topics have been computed.</p>
        ) : (
          <table className="table" aria-label="Topic volatility">
            <thead>
              <tr>
                <th>Topic</th>
                <th className="num">Index</th>
                <th>Trend</th>
              </tr>
            </thead>
            <tbody>
              {(topics.data?.categories ?? []).map((t) => (
                <tr key={t.category}>
                  <td>{t.category}</td>
                  <td className="num">{t.summary.current_index ?? '—'}</td>
                  <td>{t.summary.trend}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  )
}

/** One format group's volatility, small; a click on a point explains it. */
function GroupMultiple(props: { country: string; granularity: 'day' | '3h'; category: FormatGroup; onSelect(s: Selection): void }) {
  const api = useApi('getCategoryVolatility', { query: { country: props.country, granularity: props.granularity, category: props.category } })
  const group = api.data?.categories[0]
  const series = useMemo(() => group?.series ?? [], [group])
  const option = useMemo(() => volatilityOption(series, true), [series])
  return (
    <div className="multiple" aria-label={`${props.category} volatility`}>
      <div className="multiple-head">
        <strong>{props.category}</strong>
        <span className="muted">{group?.summary.current_index ?? '—'}</span>
      </div>
      {series.length > 0 ? (
        <EChart option={option} height={110} onPointClick={(i) => series[i] && props.onSelect({ bucket: bucketOf(series[i]!), category: props.category })} />
      ) : (
        <div className="muted small">no data</div>
      )}
    </div>
  )
}
