import type { RouteResponse } from '../../../../shared/contract/routes'
import type { ApiState } from '../../api/use-api'
import { Card, ErrorBanner } from '../../components/common'
import { useAppStore } from '../../stores/app-store'

const VERDICT_LABELS: Record<RouteResponse<'appSiteExplain'>['verdict'], string> = {
  market: 'The market',
  site: 'Your site',
  clicks: 'Your site (clicks)',
  no_change: 'No move',
  unknown: 'Cannot tell',
}

const share = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`)

/** "Is it us or the market?": the sentence for the chosen day (or the period), and the evidence it rests on. */
export function ExplainCard({ explain, day, onClearDay }: { explain: ApiState<RouteResponse<'appSiteExplain'>>; day: string; onClearDay(): void }) {
  const navigate = useAppStore((s) => s.navigate)
  const e = explain.data
  return (
    <Card title="Is it us or the market?" extra={day && <button type="button" onClick={onClearDay}>The whole period ×</button>}>
      <ErrorBanner message={explain.error} onRetry={explain.reload} />
      {!e ? (
        <p className="muted" aria-busy="true">
          Comparing the site with the feed…
        </p>
      ) : (
        <div aria-label="Explanation">
          <p>
            <span className={`badge verdict-${e.verdict}`}>{VERDICT_LABELS[e.verdict]}</span>
          </p>
          <p className="sentence" data-testid="explanation">
            {e.sentence}
          </p>
          <dl className="facts">
            <dt>Compared</dt>
            <dd>
              {e.day_from === e.day_to ? e.day_from : `${e.day_from} to ${e.day_to}`} against {e.compared_from} to {e.compared_to}
            </dd>
            <dt>Clicks a day</dt>
            <dd>
              {e.evidence.clicks_per_day.before ?? '—'} → {e.evidence.clicks_per_day.after ?? '—'}
            </dd>
            <dt>Share of the feed</dt>
            <dd>
              {share(e.evidence.share.before)} → {share(e.evidence.share.after)}
            </dd>
            <dt title={e.evidence.peers.join(', ')}>Peers' share</dt>
            <dd>
              {share(e.evidence.peers_share.before)} → {share(e.evidence.peers_share.after)} <span className="muted small">({e.evidence.peers.length} publishers)</span>
            </dd>
            <dt>Feed volatility</dt>
            <dd>
              {e.evidence.volatility.max === null ? '—' : `${e.evidence.volatility.max.toFixed(1)}${e.evidence.volatility.spike ? ` (spike on ${e.evidence.volatility.day})` : ''}`}
            </dd>
          </dl>
          {e.evidence.stories_left.length > 0 && (
            <>
              <h3>Stories that left the feed</h3>
              <ul className="plain">
                {e.evidence.stories_left.map((s) => (
                  <li key={s.id}>
                    <button type="button" className="link" onClick={() => navigate(`/article/${s.id}`)}>
                      {s.title}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Card>
  )
}
