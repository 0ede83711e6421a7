import { useMemo, useState } from 'react'
import { semanticTypes, structuralTypes, trendStates } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { EChart } from '../../charts/EChart'
import { Card, EmptyState, ErrorBanner, formatTime, PageHeader, Pager } from '../../components/common'

const PAGE = 50

/** Trends: a filterable, sortable list and the card of the chosen trend. */
export function TrendsPage() {
  const [state, setState] = useState('')
  const [structural, setStructural] = useState('')
  const [semantic, setSemantic] = useState('')
  const [sortBy, setSortBy] = useState('last_article_at')
  const [offset, setOffset] = useState(0)
  const [selected, setSelected] = useState<string | null>(null)
  const trends = useApi('listTrends', {
    query: { state, structural_type: structural, semantic_type: semantic, sort_by: sortBy, limit: PAGE, offset },
  })
  const card = useApi('getTrend', selected ? { params: { trend_id: selected } } : null)
  const chart = useMemo(() => {
    const counts = card.data?.daily_counts_180d ?? []
    return {
      grid: { left: 40, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: counts.map((_, i) => `${i - counts.length + 1}d`) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: counts, itemStyle: { color: '#3b6fd8' } }],
    }
  }, [card.data])

  const select = (label: string, value: string, set: (v: string) => void, values: readonly string[]) => (
    <label>
      {label}
      <select
        value={value}
        onChange={(e) => {
          set(e.target.value)
          setOffset(0)
        }}
      >
        <option value="">any</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <div className="page">
      <PageHeader title="Trends" subtitle="Storylines of the feed, with their lifecycle" />
      <div className="filters">
        {select('State', state, setState, trendStates)}
        {select('Structure', structural, setStructural, structuralTypes)}
        {select('Meaning', semantic, setSemantic, semanticTypes)}
        {select('Sort by', sortBy, setSortBy, ['last_article_at', 'first_seen_at', 'article_count'])}
      </div>
      <ErrorBanner message={trends.error} />
      <div className="split">
        <Card>
          {trends.data && trends.data.total === 0 ? (
            <EmptyState title="No trends yet">Trends appear once the store has articles and the clustering has run.</EmptyState>
          ) : (
            <table className="table clickable" aria-label="Trends">
              <thead>
                <tr>
                  <th>Trend</th>
                  <th>State</th>
                  <th>Type</th>
                  <th className="num">Articles</th>
                  <th>Last article</th>
                </tr>
              </thead>
              <tbody>
                {(trends.data?.trends ?? []).map((t) => (
                  <tr key={t.id} onClick={() => setSelected(t.id)} className={selected === t.id ? 'selected' : ''}>
                    <td>{t.label}</td>
                    <td>
                      <span className={`badge state-${t.state}`}>{t.state.replace('_', ' ')}</span>
                    </td>
                    <td>{t.structural_type.replace('_', ' ')}</td>
                    <td className="num">{t.article_count}</td>
                    <td>{formatTime(t.last_article_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {trends.data && <Pager total={trends.data.total} limit={PAGE} offset={offset} onChange={setOffset} />}
        </Card>
        {card.data && (
          <Card title={card.data.label}>
            <EChart option={chart} height={220} />
            <dl className="facts">
              <dt>Days active</dt>
              <dd>{card.data.features.days_active ?? '—'}</dd>
              <dt>Slope (14 d)</dt>
              <dd>{card.data.features.slope_14d ?? '—'}</dd>
              <dt>Share of last 7 d</dt>
              <dd>{card.data.features.current_share_7d ?? '—'}</dd>
            </dl>
          </Card>
        )}
      </div>
    </div>
  )
}
