import { useEffect, useMemo, useState } from 'react'
import { call } from '../../api/client'
import { useApi } from '../../api/use-api'
import { bridge } from '../../api/transport'
import { EChart } from '../../charts/EChart'
import { Card, ErrorBanner, formatTime } from '../../components/common'
import { Markdown } from '../../components/Markdown'
import { NotFound } from '../../app/NotFound'
import { useAppStore } from '../../stores/app-store'
import { TrackButton } from '../tracking/TrackButton'

/** One article: its text, entities and the impressions and position it had over time. */
export function ArticleDetail({ id, onLoaded }: { id: string; onLoaded?(title: string | null): void }) {
  const navigate = useAppStore((s) => s.navigate)
  const article = useApi('getArticle', { params: { article_id: id }, query: { include_markdown: true } })
  const observations = useApi('listArticleObservations', { params: { article_id: id }, query: { limit: 1000 } })
  const option = useMemo(() => {
    const rows = observations.data?.observations ?? []
    // Every observation a visible point: an article seen once (the newest ones) is one point, not an empty chart.
    const points = { showSymbol: true, symbolSize: rows.length > 48 ? 4 : 8 }
    return {
      // A detail panel changes with every click: draw at once.
      animation: false,
      grid: { left: 48, right: 40, top: 24, bottom: 28 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: rows.map((o) => o.observed_at.slice(0, 16).replace('T', ' ')) },
      yAxis: [
        { type: 'value', name: 'impressions', nameLocation: 'end', nameGap: 8 },
        // positions are whole places, 1 at the top
        { type: 'value', name: 'position', nameLocation: 'start', nameGap: 8, inverse: true, min: 1, minInterval: 1 },
      ],
      series: [
        { name: 'impressions', type: 'line', ...points, data: rows.map((o) => o.estimated_impressions) },
        { name: 'position', type: 'line', yAxisIndex: 1, ...points, data: rows.map((o) => o.position) },
      ],
    }
  }, [observations.data])
  const loadedTitle = article.data?.id === id ? article.data.title : null
  useEffect(() => onLoaded?.(loadedTitle), [loadedTitle, onLoaded])
  if (article.notFound) return <NotFound what="This article" backTo="/articles" backLabel="Go to Articles" />
  if (article.error) return <ErrorBanner message={article.error} onRetry={article.reload} />
  const a = article.data
  if (!a) return null
  return (
    <Card title={a.title}>
      <p className="muted">
        {a.domain} · {a.region} · {a.lang} · {a.category ?? 'no category'} · {a.content_type ?? 'no format'} · first seen {formatTime(a.first_seen_at)}{' '}
        <button className="link" onClick={() => void bridge.openExternal(a.url)}>
          open original ↗
        </button>
      </p>
      {a.summary && <p>{a.summary}</p>}
      {(observations.data?.observations.length ?? 0) > 0 && <EChart option={option} height={220} label={`Impressions and position of ${a.title}`} fileName={`article_${a.id}`} report={{ title: `${a.title}: impressions and position`, period: 'its time in the feed', market: 'every market it was seen in', comparison: null }} />}
      {a.entities && a.entities.length > 0 && (
        <ul className="plain entity-rows" aria-label="Entities">
          {a.entities.map((e) => (
            <li key={e.name}>
              <button type="button" className="link" title={`${e.entity_types.join(', ')} · score ${e.unified_score} · its articles`} onClick={() => navigate(`/articles?entity=${encodeURIComponent(e.name)}`)}>
                {e.name}
              </button>{' '}
              <span className="muted small">{e.entity_types.join(', ')}</span> <TrackButton kind="entity" itemKey={e.name} name={e.name} />
            </li>
          ))}
        </ul>
      )}
      {a.images && a.images.length > 0 && (
        // Remote images are not loaded: a local-first app makes no requests the analyst did not ask for.
        <ul className="images" aria-label="Images">
          {a.images.map((img) => (
            <li key={img.url}>
              <button className="link mono" onClick={() => void bridge.openExternal(img.url)}>
                {img.url}
              </button>{' '}
              {img.width && img.height ? <span className="muted">{img.width}×{img.height}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {a.markdown && <Markdown source={a.markdown} />}
      <RemoveArticle id={a.id} title={a.title} />
    </Card>
  )
}

/** Removes the article from this store with everything derived from it, after a confirmation; trends and signals follow. */
function RemoveArticle({ id, title }: { id: string; title: string }) {
  const navigate = useAppStore((s) => s.navigate)
  const loadStatus = useAppStore((s) => s.loadStatus)
  const [error, setError] = useState<string | null>(null)
  const remove = async () => {
    if (!window.confirm(`Remove “${title.slice(0, 120)}” from this store, with its sightings in every feed snapshot? Trends and signals are recomputed without it.`)) return
    try {
      await call('appRemoveArticles', { body: { ids: [id] } })
      void loadStatus()
      navigate('/articles', { replace: true })
    } catch (e) {
      setError((e as Error).message)
    }
  }
  return (
    <p className="muted small">
      <button type="button" className="link danger-text" onClick={() => void remove()}>
        Remove this article from the store
      </button>
      {error && <span className="error-text"> {error}</span>}
    </p>
  )
}
