import { useMemo } from 'react'
import { useApi } from '../../api/use-api'
import { bridge } from '../../api/transport'
import { EChart } from '../../charts/EChart'
import { Card, ErrorBanner } from '../../components/common'

/** One article: its text, entities and the impressions and position it had over time. */
export function ArticleDetail({ id }: { id: string }) {
  const article = useApi('getArticle', { params: { article_id: id }, query: { include_markdown: true } })
  const observations = useApi('listArticleObservations', { params: { article_id: id }, query: { limit: 1000 } })
  const option = useMemo(() => {
    const rows = observations.data?.observations ?? []
    return {
      grid: { left: 48, right: 40, top: 24, bottom: 28 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: rows.map((o) => o.observed_at.slice(5, 16).replace('T', ' ')) },
      yAxis: [
        { type: 'value', name: 'impressions' },
        { type: 'value', name: 'position', inverse: true, min: 1 },
      ],
      series: [
        { name: 'impressions', type: 'line', data: rows.map((o) => o.estimated_impressions) },
        { name: 'position', type: 'line', yAxisIndex: 1, data: rows.map((o) => o.position) },
      ],
    }
  }, [observations.data])
  if (article.error) return <ErrorBanner message={article.error} />
  const a = article.data
  if (!a) return null
  return (
    <Card title={a.title}>
      <p className="muted">
        {a.domain} · {a.region} · {a.lang} · {a.category ?? 'no category'}{' '}
        <button className="link" onClick={() => void bridge.openExternal(a.url)}>
          open original ↗
        </button>
      </p>
      {a.summary && <p>{a.summary}</p>}
      {(observations.data?.observations.length ?? 0) > 0 && <EChart option={option} height={220} />}
      {a.entities && a.entities.length > 0 && (
        <div className="chips">
          {a.entities.map((e) => (
            <span key={e.name} className="chip" title={e.entity_types.join(', ')}>
              {e.name}
            </span>
          ))}
        </div>
      )}
      {a.markdown && <pre className="markdown">{a.markdown}</pre>}
    </Card>
  )
}
