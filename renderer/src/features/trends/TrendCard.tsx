import { MarkAreaComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { useEffect, useMemo, useRef } from 'react'
import { useApi } from '../../api/use-api'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { trendRoles } from '../../../../shared/contract/values'
import { EChart } from '../../charts/EChart'
import { Card, ErrorBanner, formatNumber, formatTime } from '../../components/common'
import { exportFileName } from '../../components/DataTable'
import { TotalsStrip } from '../../components/TotalsStrip'
import { useAppStore } from '../../stores/app-store'
import { TrackButton } from '../tracking/TrackButton'
import { MAX_COMPARED } from './Comparison'
import { RoleGroup } from './RoleGroup'
import { cardChart } from './trend-charts'
import type { TrendCardData } from './use-trend-card'
import { marksOf } from '../../charts/timeline-marks'

type TrendFigures = RouteResponse<'appTrendFigures'>

echarts.use([MarkAreaComponent])

/** The chosen trend's card: its lifecycle, chart and forecast, the period's figures, its relatives and its articles by role. */
export function TrendCard({ card, data, wholeHistory, compared, onCompare, onOpen }: { card: RouteResponse<'getTrend'>; data: TrendCardData; wholeHistory: boolean; compared: string[]; onCompare(ids: string[]): void; onOpen(id: string): void }) {
  const navigate = useAppStore((s) => s.navigate)
  const cardFigures = data.figures
  // the timeline over the trend's days: the one market it lives in, or every note
  const annotations = useApi('appAnnotations', card.first_seen_at ? { query: { date_from: `${card.first_seen_at.slice(0, 10)}T00:00:00Z`, ...(card.country_scope.length === 1 ? { country: card.country_scope[0] } : {}) } } : null)
  const marks = useMemo(() => marksOf(annotations.data), [annotations.data])
  const chart = useMemo(() => cardChart(card, cardFigures, undefined, marks), [card, cardFigures, marks])
  // the card opens in view whatever row was clicked: beside the list it stays on screen (sticky);
  // under it (a narrow window) the page scrolls to it when another trend is opened
  const side = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = side.current
    if (!el) return
    const top = el.getBoundingClientRect().top
    if (top < 0 || top > window.innerHeight - 120) el.scrollIntoView({ block: 'start' })
  }, [card.id])
  return (
    <div className="split-side" ref={side}>
    <Card title={card.label}>
      <p className="muted">
        {card.state.replace('_', ' ')} · {card.structural_type.replace('_', ' ')} · {card.semantic_type.replace('_', ' ')}
      </p>
      <div className="actions card-actions">
        <button type="button" onClick={() => navigate(`/articles?trend_id=${card.id}`)}>
          All articles
        </button>
        <button
          type="button"
          disabled={compared.includes(card.id) || compared.length >= MAX_COMPARED}
          title={compared.length >= MAX_COMPARED ? `At most ${MAX_COMPARED} trends are compared at once` : undefined}
          onClick={() => onCompare([...compared, card.id])}
        >
          {compared.includes(card.id) ? 'In the comparison' : 'Compare'}
        </button>
        <TrackButton kind="trend" itemKey={card.id} name={card.label} />
      </div>
      <div className="links" aria-label="Key entities">
        {card.key_entities.map((e) => (
          <button key={e} className="chip" title={`Articles naming ${e}`} onClick={() => navigate(`/articles?entity=${encodeURIComponent(e)}`)}>
            {e}
          </button>
        ))}
      </div>
      <TotalsStrip totals={data.totals} label="Totals of this trend" />
      <EChart option={chart} height={220} label={`Articles per day of ${card.label}, with the forecast`} fileName={exportFileName('trend', card.label)} report={{ title: `${card.label}: articles per day, with the forecast`, period: 'the trend\'s life', market: card.country_scope.join(', ') || 'all markets', comparison: null }} />
      <TrendFacts card={card} figures={cardFigures} wholeHistory={wholeHistory} />
      <Relatives parents={data.parents.data?.parents ?? []} children={data.children.data?.children ?? []} onOpen={onOpen} />
      <ErrorBanner message={data.rolePages.error} onRetry={data.rolePages.reload} />
      {data.rolePages.data?.map((firstPage, i) => <RoleGroup key={`${card.id}:${trendRoles[i]}`} trendId={card.id} role={trendRoles[i]!} firstPage={firstPage} />)}
    </Card>
    </div>
  )
}

/** The card's figures: the period's impressions and peak position, its lifecycle's features, its forecast and how far such forecasts miss. */
function TrendFacts({ card, figures, wholeHistory }: { card: RouteResponse<'getTrend'>; figures: TrendFigures | null; wholeHistory: boolean }) {
  return (
    <dl className="facts">
      <dt>Impressions{wholeHistory ? '' : ' in the period'}</dt>
      <dd>{formatNumber(figures?.impressions)}</dd>
      <dt>Peak position</dt>
      <dd>{formatNumber(figures?.best_position)}</dd>
      <dt>Days active</dt>
      <dd>{card.features.days_active ?? '—'}</dd>
      <dt>Slope (14 d)</dt>
      <dd>{card.features.slope_14d ?? '—'} articles/day</dd>
      <dt>Share of last 7 d</dt>
      <dd>{card.features.current_share_7d === null ? '—' : `${Math.round(card.features.current_share_7d * 100)}%`}</dd>
      <dt>Forecast</dt>
      <dd>
        {card.forecast
          ? `+${card.forecast.pct_next7d}% in 7 days, about ${card.forecast.predicted_total_reach} articles in all, ends ${formatTime(card.forecast.predicted_end_at).slice(0, 10)} (confidence ${card.forecast.confidence})`
          : '—'}
        {card.forecast && figures?.forecast_error?.median_ape != null && (
          <span className="muted">
            {` · typical miss ±${Math.round(figures.forecast_error.median_ape)}% (median of ${formatNumber(figures.forecast_error.cuts)} backtests on ${figures.forecast_error.structural_type.replace('_', '-')} trends)`}
          </span>
        )}
      </dd>
    </dl>
  )
}

/** The trend's parents and children, each a link to its card. */
function Relatives({ parents, children, onOpen }: { parents: RouteResponse<'listTrendParents'>['parents']; children: RouteResponse<'listTrendChildren'>['children']; onOpen(id: string): void }) {
  if (parents.length === 0 && children.length === 0) return null
  return (
    <div className="links">
      {parents.map((p) => (
        <button key={p.parent_id} className="chip" onClick={() => onOpen(p.parent_id)}>
          ↑ parent: {p.parent_label} ({p.strength})
        </button>
      ))}
      {children.map((c) => (
        <button key={c.child_id} className="chip" onClick={() => onOpen(c.child_id)}>
          ↓ {c.relation_type}: {c.child_label} ({c.strength})
        </button>
      ))}
    </div>
  )
}
