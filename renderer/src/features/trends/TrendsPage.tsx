import { useCallback, useMemo, useState } from 'react'
import { semanticTypes, structuralTypes, trendRoles, trendSortFields, trendStates } from '../../../../shared/contract/values'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { allPages, call } from '../../api/client'
import { useApi, useLoaded } from '../../api/use-api'
import { TreemapChart } from 'echarts/charts'
import { MarkPointComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { drawnTreemapBoxes, EChart, type EChartProps } from '../../charts/EChart'
import { crampedLabels, hierarchyOption } from './treemap'
import { Card, EmptyState, ErrorBanner, formatNumber, formatTime, PageHeader, Pager, TimeText } from '../../components/common'
import { CountrySelect } from '../../components/Pickers'
import { EXPLORE_PRESETS, PeriodControl, periodOf, periodWords } from '../../components/PeriodControl'
import { TrackButton } from '../tracking/TrackButton'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { useDocumentTitle, useDraft, useQueryState } from '../../stores/url-state'
import { filtersTrends, listOffset, minArticlesOf, ROLE_PAGE, TRENDS_PAGE, TRENDS_VIEW, trendsQuestions } from './questions'
import { NotFound } from '../../app/NotFound'
import { useTheme } from '../../app/theme'

// the hierarchy's treemap (the line and bar charts are registered with EChart)
echarts.use([TreemapChart, MarkPointComponent])

/** The sizes the list can be cut at: trends of at least this many articles (a link may carry any other). */
const MIN_ARTICLE_CHOICES = [1, 2, 5, 10, 50]
/** The contract's sorts, and the period's figures: impressions and peak (best) position. */
const TREND_LIST_SORTS = [...trendSortFields, 'impressions', 'best_position'] as const

/** Trends drawn together in a comparison, at most (as Google Trends compares five terms). */
const MAX_COMPARED = 5
const DAY_MS = 86_400_000
type TrendCard = RouteResponse<'getTrend'>

type TrendRow = RouteResponse<'appListTrends'>['trends'][number]

const trendColumns: Array<Column<TrendRow>> = [
  { id: 'label', header: 'Trend', value: (t) => t.label, cell: (t) => <>{t.label} <span className="muted small">{t.country_scope.join(' ')}</span></> },
  { id: 'country_scope', header: 'Countries', value: (t) => t.country_scope },
  { id: 'state', header: 'State', value: (t) => t.state, cell: (t) => <span className={`badge state-${t.state}`}>{t.state.replace('_', ' ')}</span> },
  { id: 'structural_type', header: 'Type', value: (t) => t.structural_type, cell: (t) => t.structural_type.replace('_', ' ') },
  { id: 'article_count', header: 'Articles', numeric: true, cell: (t) => t.article_count },
  { id: 'impressions', header: 'Impressions', numeric: true, value: (t) => t.impressions, cell: (t) => formatNumber(t.impressions) },
  { id: 'best_position', header: 'Peak position', numeric: true, value: (t) => t.best_position, cell: (t) => formatNumber(t.best_position) },
  { id: 'last_article_at', header: 'Last article', value: (t) => t.last_article_at, cell: (t) => <TimeText iso={t.last_article_at} /> },
  { id: 'id', header: 'Id', value: (t) => t.id },
]

const ROLE_LABELS: Record<string, string> = {
  F1_trigger: 'Triggers',
  F2_pile_on: 'Pile-on',
  F3_long_tail: 'Long tail',
  F5_one_off: 'One-off',
}

type TrendFigures = RouteResponse<'appTrendFigures'>

/** The 180-day counts with the forecast drawn ahead (the expected articles of the next 30 days), and the impressions per day beside them. */
function cardChart(card: TrendCard, figures: TrendFigures | null, now = Date.now()) {
  const counts = card.daily_counts_180d
  const start = card.first_seen_at ? Date.parse(card.first_seen_at.slice(0, 10)) : Date.now()
  const day = (i: number) => new Date(start + i * 86_400_000).toISOString().slice(0, 10)
  const f = card.forecast
  const total = counts.reduce((s, c) => s + c, 0)
  const ahead: number[] = []
  if (f?.pct_next7d !== null && f?.pct_next7d !== undefined && f.pct_next24h !== null) {
    // Daily expectations from the cumulative percentages: next day, the rest of the week, then the month.
    const next1 = ((f.pct_next24h ?? 0) / 100) * total
    const next7 = (f.pct_next7d / 100) * total
    const next30 = ((f.pct_next30d ?? f.pct_next7d) / 100) * total
    ahead.push(next1, ...new Array(6).fill((next7 - next1) / 6), ...new Array(23).fill(Math.max(0, next30 - next7) / 23))
    // drawn up to the day the card says it ends, no further
    if (f.predicted_end_at) {
      const daysToEnd = Math.floor((Date.parse(f.predicted_end_at.slice(0, 10)) - start) / 86_400_000) - (counts.length - 1)
      ahead.length = Math.max(0, Math.min(ahead.length, daysToEnd))
    }
  }
  const days = [...counts.map((_, i) => day(i)), ...ahead.map((_, i) => day(counts.length + i))]
  // today has only begun: its bar and point are drawn pale and said to be so far, never a drop
  const today = new Date(now).toISOString().slice(0, 10)
  const labels = days.map((d) => (d === today ? `${d} (so far)` : d))
  const soFar = (value: number | null, d: string) => (d === today && value !== null ? { value, itemStyle: { opacity: 0.45 } } : value)
  const daily = figures?.daily_impressions
  const impressionsOn = new Map((daily?.values ?? []).map((v, i) => [new Date(Date.parse(daily!.from!) + i * 86_400_000).toISOString().slice(0, 10), v]))
  return {
    grid: { left: 36, right: 56, top: 24, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['articles', 'forecast', 'impressions'] },
    xAxis: { type: 'category', data: labels },
    yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', splitLine: { show: false }, axisLabel: { formatter: (v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v)) } }],
    series: [
      {
        name: 'impressions',
        type: 'line',
        yAxisIndex: 1,
        symbol: 'none',
        lineStyle: { width: 1.5, color: '#23845a' },
        itemStyle: { color: '#23845a' },
        // up to the last whole day: the day so far is a pale point alone
        data: days.map((d) => (d === today ? null : (impressionsOn.get(d) ?? null))),
        markPoint: impressionsOn.has(today) ? { symbol: 'circle', symbolSize: 6, itemStyle: { color: '#23845a', opacity: 0.45 }, label: { show: false }, data: [{ coord: [labels[days.indexOf(today)], impressionsOn.get(today)] }] } : undefined,
      },
      { name: 'articles', type: 'bar', data: [...counts.map((c, i) => soFar(c, days[i]!)), ...ahead.map(() => null)], itemStyle: { color: '#3b6fd8' } },
      {
        name: 'forecast',
        type: 'line',
        smooth: true,
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#e0703b' },
        data: [...counts.map((_, i) => (i === counts.length - 1 ? counts[i] : null)), ...ahead.map((v) => Math.round(v * 10) / 10)],
      },
    ],
  }
}

/** The compared trends' articles per day on one time axis (each trend's counts start at its first day). */
export function comparisonOption(cards: TrendCard[]) {
  const startOf = (c: TrendCard) => Date.parse((c.first_seen_at ?? new Date().toISOString()).slice(0, 10))
  const first = Math.min(...cards.map(startOf))
  const last = Math.max(...cards.map((c) => startOf(c) + (c.daily_counts_180d.length - 1) * DAY_MS))
  const days = Math.max(1, Math.round((last - first) / DAY_MS) + 1)
  const labels = Array.from({ length: days }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10))
  return {
    grid: { left: 40, right: 12, top: 40, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', minInterval: 1, name: 'articles a day' },
    series: cards.map((c) => {
      const offset = Math.round((startOf(c) - first) / DAY_MS)
      const data: Array<number | null> = new Array(days).fill(null)
      c.daily_counts_180d.forEach((n, i) => (data[offset + i] = n))
      return { name: c.label, type: 'line', symbol: 'none', connectNulls: false, data }
    }),
  }
}

/** Two to five trends drawn together; each can be taken out, or opened. */
function Comparison({ ids, onChange, onOpen }: { ids: string[]; onChange(ids: string[]): void; onOpen(id: string): void }) {
  // a trend that no longer exists is left out of the chart (and said so beside it)
  const loaded = useLoaded(ids.join(','), async () => ({
    found: (await Promise.allSettled(ids.map((id) => call('getTrend', { params: { trend_id: id } })))).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
  }))
  const current = loaded.data
  const option = useMemo(() => (current && current.found.length > 0 ? comparisonOption(current.found) : null), [current])
  return (
    <Card title="Comparison" extra={<button type="button" onClick={() => onChange([])}>Clear the comparison</button>}>
      <div className="links" aria-label="Compared trends">
        {ids.map((id) => {
          const card = current?.found.find((c) => c.id === id)
          const label = card?.label ?? (current ? 'This trend no longer exists' : 'Loading…')
          return (
            <span key={id} className="chip">
              {card ? (
                <button type="button" className="link" onClick={() => onOpen(id)}>
                  {label}
                </button>
              ) : (
                label
              )}
              <button type="button" className="link" aria-label={`Take ${card?.label ?? 'it'} out of the comparison`} onClick={() => onChange(ids.filter((x) => x !== id))}>
                ×
              </button>
            </span>
          )
        })}
      </div>
      {ids.length === 1 && <p className="muted small">Open another trend and choose Compare to draw it beside this one (up to {MAX_COMPARED}).</p>}
      {option ? (
        <EChart option={option} height={260} label={`Articles per day of ${current!.found.map((c) => c.label).join(', ')}`} fileName={exportFileName('comparison', ...current!.found.map((c) => c.label))} />
      ) : (
        !current && <p className="muted" aria-busy="true">Loading the compared trends…</p>
      )}
    </Card>
  )
}

/** Trends: the hierarchy, a filterable list, and the card of the chosen trend. */
export function TrendsPage() {
  const navigate = useAppStore((s) => s.navigate)
  const search = useAppStore((s) => s.search)
  const rest = useAppStore((s) => s.rest)
  // the chosen trend is in the path (/trends/<id>), the list's filters and page in the query
  const selected = rest[0] ?? null
  const [view, setView] = useQueryState(TRENDS_VIEW)
  const { state, structural_type: structural, semantic_type: semantic, sort_by: sortBy } = view
  const minArticles = minArticlesOf(view)
  const filtered = filtersTrends(view)
  const [q, setQ] = useDraft(view.q)
  const compared = view.compare ? view.compare.split(',') : []
  const setCompared = (ids: string[]) => setView({ compare: ids.join(',') })
  const topicId = view.topic || null
  const setTopic = (id: string | null) => setView({ topic: id ?? '', page: '1' })
  const offset = listOffset(view)
  const setOffset = (next: number) => setView({ page: String(next / TRENDS_PAGE + 1) })
  const setSelected = (id: string) => navigate(`/trends/${encodeURIComponent(id)}${search ? `?${search}` : ''}`)
  const hierarchy = useApi('appHierarchy', trendsQuestions.hierarchy(view).options)
  const trends = useApi('appListTrends', trendsQuestions.list(view)?.options ?? null)
  const card = useApi('getTrend', selected ? trendsQuestions.card(selected).options : null)
  const figures = useApi('appTrendFigures', selected ? (trendsQuestions.figures(selected, view)?.options ?? null) : null)
  const parents = useApi('listTrendParents', selected ? trendsQuestions.parents(selected).options : null)
  const children = useApi('listTrendChildren', selected ? trendsQuestions.children(selected).options : null)
  // the first page of each role's articles is asked with the card, not once the card is drawn
  const rolePages = useLoaded(`roles:${selected ?? ''}`, () =>
    selected ? Promise.all(trendRoles.map((role) => call('listTrendArticles', trendsQuestions.roleArticles(selected, role).options))) : Promise.resolve(null),
  )

  const themeList = hierarchy.data?.themes
  // the boxes drawn too small for their label (known once the treemap is drawn at its size)
  const [cramped, setCramped] = useState('')
  const { effective: colourTheme } = useTheme()
  const treemap = useMemo(() => (themeList ? hierarchyOption(themeList, new Set(cramped.split('\n')), colourTheme) : null), [themeList, cramped, colourTheme])
  const onTreemapDrawn = useCallback((chart: Parameters<NonNullable<EChartProps['onDrawn']>>[0]) => setCramped(crampedLabels(drawnTreemapBoxes(chart)).join('\n')), [])
  const openFromTreemap = useCallback(
    (data: unknown) => {
      const id = (data as { id?: string } | undefined)?.id
      if (id?.startsWith('trend:')) setSelected(id.slice('trend:'.length))
      else if (id?.startsWith('topic:')) {
        setTopic(id.slice('topic:'.length))
      }
    },
    // setSelected and setTopic write the URL; they change with it
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search],
  )
  useDocumentTitle(selected && card.data?.id === selected && card.data.label, 'Trends')
  const cardFigures = figures.data?.trend_id === selected ? figures.data : null
  const chart = useMemo(() => (card.data ? cardChart(card.data, cardFigures) : null), [card.data, cardFigures])
  const allTopics = useMemo(() => (themeList ?? []).flatMap((t) => t.topics), [themeList])
  // the URL names the topic by id; its label comes from the loaded hierarchy
  const topic = topicId ? { id: topicId, label: allTopics.find((t) => t.id === topicId)?.label ?? 'topic' } : null

  const select = (label: string, name: 'state' | 'structural_type' | 'semantic_type' | 'sort_by' | 'sort_order', values: readonly string[], anyLabel: string | null = 'any') => (
    <label>
      {label}
      <select value={view[name]} onChange={(e) => setView({ [name]: e.target.value, page: '1' })}>
        {anyLabel !== null && <option value="">{anyLabel}</option>}
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
      {treemap && themeList && themeList.length > 0 && (
        <Card title={`Themes and topics, ${view.period === 'all' ? 'the whole history' : view.period === 'custom' ? `${view.date_from} to ${view.date_to}` : `last ${view.period === '24h' ? '24 hours' : view.period.replace('d', ' days')}`}`} extra={topic && <button onClick={() => setTopic(null)}>Clear topic: {topic.label} ×</button>}>
          <EChart
            option={treemap}
            height={300}
            onItemClick={openFromTreemap}
            onDrawn={onTreemapDrawn}
            label="Themes, topics and their largest trends"
          />
          <div className="chips" aria-label="Topics">
            {allTopics
              .slice()
              .sort((a, b) => b.n_articles - a.n_articles)
              .map((t) => (
                <button
                  key={t.id}
                  className={`chip topic ${topic?.id === t.id ? 'on' : ''}`}
                  onClick={() => setTopic(t.id)}
                >
                  {t.label} · {t.n_trends}
                </button>
              ))}
          </div>
        </Card>
      )}
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          setView({ q: q.trim(), page: '1' })
        }}
      >
        <label className="grow">
          Search
          <input value={q} onChange={(e) => setQ(e.target.value)} placeholder="words of the name or a key entity" data-search />
        </label>
        <CountrySelect value={view.country} onChange={(country) => setView({ country, page: '1' })} anyValue="" anyLabel="any" />
        <label>
          In theme
          <select value={view.theme} onChange={(e) => setView({ theme: e.target.value, page: '1' })}>
            <option value="">any</option>
            {(themeList ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="primary">
          Search
        </button>
      </form>
      <div className="filters">
        <PeriodControl value={periodOf(view)} onChange={(p) => setView({ ...p, page: '1' })} presets={EXPLORE_PRESETS} />
      </div>
      <div className="filters">
        {select('State', 'state', trendStates)}
        {select('Structure', 'structural_type', structuralTypes)}
        {select('Meaning', 'semantic_type', semanticTypes)}
        <label>
          At least
          <select value={String(minArticles)} onChange={(e) => setView({ min_articles: e.target.value, page: '1' })}>
            {[...new Set([...MIN_ARTICLE_CHOICES, minArticles])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={String(n)}>
                  {n <= 1 ? 'any size' : `${formatNumber(n)} articles`}
                </option>
              ))}
          </select>
        </label>
        {select('Sort by', 'sort_by', TREND_LIST_SORTS, null)}
        {select('Order', 'sort_order', ['desc', 'asc'], null)}
      </div>
      <p className="muted small">
        {view.period === 'all'
          ? 'Articles, impressions and peak position over the whole history.'
          : 'The trends with an article seen in the feed in the period; their articles, impressions and peak position are the period\'s.'}
      </p>
      {compared.length > 0 && <Comparison ids={compared} onChange={setCompared} onOpen={setSelected} />}
      <ErrorBanner message={trends.error} onRetry={trends.reload} />
      <div className="split">
        <Card>
          {trends.data && trends.data.total === 0 && (filtered || view.period !== 'all') ? (
            <EmptyState title={filtered ? 'No trend matches these filters' : 'No trend was active in this period'}>
              {view.period !== 'all' && 'Widen the period'}
              {view.period !== 'all' && filtered && ' or '}
              {filtered && (
                <button
                  type="button"
                  className="link"
                  onClick={() => setView({ ...TRENDS_VIEW, period: view.period, date_from: view.date_from, date_to: view.date_to, sort_by: view.sort_by, sort_order: view.sort_order, compare: view.compare })}
                >
                  {view.period !== 'all' ? 'clear the filters' : 'Clear the filters'}
                </button>
              )}
              .
            </EmptyState>
          ) : trends.data && trends.data.total === 0 ? (
            <EmptyState title="No trends yet">Trends appear once the store has articles and the clustering has run.</EmptyState>
          ) : (
            <DataTable
              label="Trends"
              columns={trendColumns}
              rows={trends.data?.trends ?? []}
              rowKey={(t) => t.id}
              selectedKey={selected}
              loading={trends.loading}
              onOpen={(t) => setSelected(t.id)}
              exportAs={{
                fileName: exportFileName('trends', periodWords(view), view.q, view.country, themeList?.find((t) => t.id === view.theme)?.label, state, structural, semantic, topic?.label, minArticles > 1 && `${minArticles}+ articles`, sortBy),
                allRows: () => allPages('appListTrends', { query: trendsQuestions.list(view)?.options.query ?? {} }, (a) => a.trends, 200),
              }}
            />
          )}
          {trends.data && <Pager total={trends.data.total} limit={TRENDS_PAGE} offset={offset} onChange={setOffset} />}
        </Card>
        {selected && card.notFound && <NotFound what="This trend" backTo="/trends" backLabel="Back to the trend list" />}
        {selected && card.error && !card.notFound && <ErrorBanner message={card.error} onRetry={card.reload} />}
        {card.data && chart && (
          <Card title={card.data.label}>
            <p className="muted">
              {card.data.state.replace('_', ' ')} · {card.data.structural_type.replace('_', ' ')} · {card.data.semantic_type.replace('_', ' ')}
            </p>
            <div className="actions card-actions">
              <button type="button" onClick={() => navigate(`/articles?trend_id=${card.data!.id}`)}>
                All articles
              </button>
              <button
                type="button"
                disabled={compared.includes(card.data.id) || compared.length >= MAX_COMPARED}
                title={compared.length >= MAX_COMPARED ? `At most ${MAX_COMPARED} trends are compared at once` : undefined}
                onClick={() => setCompared([...compared, card.data!.id])}
              >
                {compared.includes(card.data.id) ? 'In the comparison' : 'Compare'}
              </button>
              <TrackButton kind="trend" itemKey={card.data.id} name={card.data.label} />
            </div>
            <div className="links" aria-label="Key entities">
              {card.data.key_entities.map((e) => (
                <button key={e} className="chip" title={`Articles naming ${e}`} onClick={() => navigate(`/articles?entity=${encodeURIComponent(e)}`)}>
                  {e}
                </button>
              ))}
            </div>
            <EChart option={chart} height={220} label={`Articles per day of ${card.data.label}, with the forecast`} fileName={exportFileName('trend', card.data.label)} />
            <dl className="facts">
              <dt>Impressions{view.period === 'all' ? '' : ' in the period'}</dt>
              <dd>{formatNumber(cardFigures?.impressions)}</dd>
              <dt>Peak position</dt>
              <dd>{formatNumber(cardFigures?.best_position)}</dd>
              <dt>Days active</dt>
              <dd>{card.data.features.days_active ?? '—'}</dd>
              <dt>Slope (14 d)</dt>
              <dd>{card.data.features.slope_14d ?? '—'} articles/day</dd>
              <dt>Share of last 7 d</dt>
              <dd>{card.data.features.current_share_7d === null ? '—' : `${Math.round(card.data.features.current_share_7d * 100)}%`}</dd>
              <dt>Forecast</dt>
              <dd>
                {card.data.forecast
                  ? `+${card.data.forecast.pct_next7d}% in 7 days, about ${card.data.forecast.predicted_total_reach} articles in all, ends ${formatTime(card.data.forecast.predicted_end_at).slice(0, 10)} (confidence ${card.data.forecast.confidence})`
                  : '—'}
                {card.data.forecast && cardFigures?.forecast_error?.median_ape != null && (
                  <span className="muted">
                    {` · typical miss ±${Math.round(cardFigures.forecast_error.median_ape)}% (median of ${formatNumber(cardFigures.forecast_error.cuts)} backtests on ${cardFigures.forecast_error.structural_type.replace('_', '-')} trends)`}
                  </span>
                )}
              </dd>
            </dl>
            {((parents.data?.parents.length ?? 0) > 0 || (children.data?.children.length ?? 0) > 0) && (
              <div className="links">
                {parents.data?.parents.map((p) => (
                  <button key={p.parent_id} className="chip" onClick={() => setSelected(p.parent_id)}>
                    ↑ parent: {p.parent_label} ({p.strength})
                  </button>
                ))}
                {children.data?.children.map((c) => (
                  <button key={c.child_id} className="chip" onClick={() => setSelected(c.child_id)}>
                    ↓ {c.relation_type}: {c.child_label} ({c.strength})
                  </button>
                ))}
              </div>
            )}
            <ErrorBanner message={rolePages.error} onRetry={rolePages.reload} />
            {rolePages.data?.map((firstPage, i) => (
              <RoleGroup key={`${selected}:${trendRoles[i]}`} trendId={card.data!.id} role={trendRoles[i]!} firstPage={firstPage} />
            ))}
          </Card>
        )}
      </div>
    </div>
  )
}


/** The trend's articles of one role, paged to the end; hidden when the role has none. */
function RoleGroup({ trendId, role, firstPage }: { trendId: string; role: (typeof trendRoles)[number]; firstPage: RouteResponse<'listTrendArticles'> }) {
  const navigate = useAppStore((s) => s.navigate)
  const [offset, setOffset] = useState(0)
  const later = useApi('listTrendArticles', offset > 0 ? trendsQuestions.roleArticles(trendId, role, offset).options : null)
  const data = offset === 0 ? firstPage : later.data
  if (later.error) return <ErrorBanner message={later.error} onRetry={later.reload} />
  if (!data || data.total === 0) return null
  return (
    <div className="role-group" aria-label={`${ROLE_LABELS[role]} articles`} role="region">
      <h3>
        {ROLE_LABELS[role]} <span className="muted">({formatNumber(data.total)})</span>
      </h3>
      <ul className="plain">
        {data.articles.map((a) => (
          <li key={a.id}>
            <button className="link" onClick={() => navigate(`/article/${a.id}`)}>
              {a.title}
            </button>{' '}
            <span className="muted small">
              {a.domain} · {a.country_code}
            </span>
          </li>
        ))}
      </ul>
      {data.total > ROLE_PAGE && <Pager total={data.total} limit={ROLE_PAGE} offset={offset} onChange={setOffset} />}
    </div>
  )
}
