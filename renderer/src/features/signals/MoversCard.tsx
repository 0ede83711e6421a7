import type { RouteResponse } from '../../../../shared/contract/routes'
import type { ApiState } from '../../api/use-api'
import { Card, ErrorBanner } from '../../components/common'
import { DataTable, exportFileName } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { moverColumns } from './signal-columns'
import type { Selection } from './signal-series'

/** What moved the feed at the chosen point: the articles whose moves account for most of the change, and their publishers. */
export function MoversCard({ movers, selection, country, granularity }: { movers: ApiState<RouteResponse<'appSignalMovers'>>; selection: Selection | null; country: string; granularity: string }) {
  const navigate = useAppStore((s) => s.navigate)
  return (
    <Card title={selection ? `What moved: ${selection.bucket}${selection.category ? ` · ${selection.category}` : ''}` : 'What moved'}>
      {!selection && <p className="muted">Pick a point of a series.</p>}
      {movers.error && <ErrorBanner message={movers.error} onRetry={movers.reload} />}
      {selection && movers.data && (
        <div className="movers" aria-label="Movers">
          <p className="sentence" aria-label="What happened">
            {movers.data.story.sentence}
          </p>
          <DataTable
            label="Moving articles"
            columns={moverColumns}
            rows={movers.data.articles}
            rowKey={(a) => a.id}
            onOpen={(a) => navigate(`/article/${a.id}`)}
            exportAs={{ fileName: exportFileName('movers', country, granularity, selection.bucket, selection.category) }}
          />
          <h3>Publishers</h3>
          <ul className="plain">
            {movers.data.publishers.map((p) => (
              <li key={p.domain}>
                <button type="button" className="link" onClick={() => navigate(`/publishers?q=${encodeURIComponent(p.domain)}`)}>
                  {p.name}
                </button>{' '}
                <span className="muted">({p.articles} articles)</span> {(p.share * 100).toFixed(1)}%
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  )
}
