import { useCallback, useMemo } from 'react'
import { call } from '../../api/client'
import { TrackButton } from '../tracking/TrackButton'
import { formatGroups, type FormatGroup } from '../../../../shared/contract/values'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'

const isFormatGroup = (v: string): v is FormatGroup => (formatGroups as readonly string[]).includes(v)
import type { RouteResponse } from '../../../../shared/contract/routes'
import { useApi, useLoaded } from '../../api/use-api'
import { categoryArticlesPath, granularityOf, isStoredPeriod, SIGNALS_VIEW, signalsQuestions, type SignalsView } from './questions'
import { CountrySelect } from '../../components/Pickers'
import { DataZoomComponent, MarkLineComponent, MarkPointComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { ChartLoading, EChart } from '../../charts/EChart'
import { overlayOption, pointLabel, volatilityOption } from './volatility-chart'
import { VolatilityStrip } from './VolatilityStrip'
import { PeriodControl, periodOf } from '../../components/PeriodControl'
import { Card, EmptyState, ErrorBanner, formatNumber, PageHeader } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'

// the volatility chart's zoom, spike markers and 7-day line (volatility-chart.ts)
echarts.use([DataZoomComponent, MarkPointComponent, MarkLineComponent])

type Point = RouteResponse<'getVolatility'>['series'][number]
interface Selection {
  bucket: string
  category?: FormatGroup
}

const labelOf = pointLabel
const bucketOf = (p: Point) => p.date ?? p.bucket ?? ''

type Mover = RouteResponse<'appSignalMovers'>['articles'][number]
type FormatRow = RouteResponse<'appFormatInterest'>['formats'][number]
type CategoryRow = RouteResponse<'appTopCategories'>['categories'][number]
type TopicRow = RouteResponse<'appTopicVolatility'>['categories'][number]
type HistoryPoint = RouteResponse<'appVolatilityHistory'>['points'][number]

/** A history's points as a series of the public method (what the charts draw). */
const asSeries = (points: readonly HistoryPoint[], granularity: 'day' | '3h'): Point[] =>
  points.map((p) => ({
    ...(granularity === 'day' ? { date: p.bucket } : { bucket: `${p.bucket}:00:00Z` }),
    volatility_index: p.volatility_index,
    is_spike: p.is_spike,
    state: p.state,
    confidence: p.confidence,
  }))

/** The view's period in a heading: "last 30 days", "the whole history", "2026-11-01 to 2026-11-07". */
export function periodTitle(view: SignalsView): string {
  if (view.period === 'all') return 'the whole history'
  if (view.period === 'custom') return `${view.date_from} to ${view.date_to}`
  return `last ${view.period.replace('d', ' days')}`
}

const mean1 = (values: number[]) => (values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10)

const share = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`)

const moverColumns: Array<Column<Mover>> = [
  { id: 'title', header: 'Article', value: (a) => a.title, cell: (a) => <>{a.title} <span className="muted">{a.domain}</span></> },
  { id: 'domain', header: 'Publisher', value: (a) => a.domain },
  { id: 'before', header: 'Before', numeric: true, value: (a) => a.before, cell: (a) => a.before ?? 'new' },
  { id: 'after', header: 'After', numeric: true, value: (a) => a.after, cell: (a) => a.after ?? 'out' },
  { id: 'share', header: 'Share', numeric: true, value: (a) => a.share, cell: (a) => share(a.share) },
]

const formatColumns: Array<Column<FormatRow>> = [
  { id: 'format', header: 'Format', cell: (f) => f.format_type },
  { id: 'index', header: 'Index', title: 'interest in the period: 100 × (share of impressions + share of publications) / 2', numeric: true, value: (f) => f.interest_index, cell: (f) => f.interest_index },
  { id: 'share_of_impressions', header: 'Impressions share', numeric: true, value: (f) => f.share_of_impressions, cell: (f) => share(f.share_of_impressions) },
  { id: 'share_of_publications', header: 'Publications share', numeric: true, value: (f) => f.share_of_publications, cell: (f) => share(f.share_of_publications) },
  { id: 'trend', header: 'Trend', title: 'the daily index over the period', cell: (f) => f.trend },
]

const categoryColumns: Array<Column<CategoryRow>> = [
  { id: 'category', header: 'Category', cell: (c) => c.category },
  { id: 'impressions', header: 'Impressions', numeric: true, value: (c) => c.impressions, cell: (c) => formatNumber(c.impressions) },
  {
    id: 'delta_pct',
    header: 'Δ',
    title: 'change against the period of the same length before',
    numeric: true,
    value: (c) => c.delta_pct,
    cell: (c) => (
      <span className={c.delta_pct !== null && c.delta_pct < 0 ? 'down' : 'up'}>
        {c.delta_pct === null ? '—' : `${c.delta_pct > 0 ? '▲' : c.delta_pct < 0 ? '▼' : ''} ${Math.abs(c.delta_pct)}%`}
      </span>
    ),
  },
  { id: 'share_of_impressions', header: 'Share', numeric: true, value: (c) => c.share_of_impressions, cell: (c) => share(c.share_of_impressions) },
  { id: 'publications', header: 'Pubs', title: 'publications', numeric: true, cell: (c) => c.publications },
  { id: 'track', header: '', value: null, sortable: false, cell: (c) => <TrackButton kind="category" itemKey={c.category} name={c.category} /> },
]

const topicColumns: Array<Column<TopicRow>> = [
  { id: 'topic', header: 'Topic', cell: (t) => t.category },
  { id: 'index', header: 'Index', title: 'at the end of the period', numeric: true, value: (t) => t.summary.current_index, cell: (t) => t.summary.current_index ?? '—' },
  { id: 'mean', header: 'Mean', title: 'over the period', numeric: true, value: (t) => t.summary.mean_index, cell: (t) => t.summary.mean_index ?? '—' },
  { id: 'state', header: 'State', cell: (t) => t.summary.current_state ?? '—' },
  { id: 'trend', header: 'Trend', cell: (t) => t.summary.trend },
]

/** Signals: is it just us, or is the whole feed moving? */
export function SignalsPage() {
  const navigate = useAppStore((s) => s.navigate)
  const [view, setView] = useQueryState(SIGNALS_VIEW)
  const period = periodOf(view)
  // the stored 30 days answer the usual view; any other period is computed from the snapshots
  const longer = !isStoredPeriod(view)
  const compared = view.compare ? view.compare.split(',') : []
  const regions = useApi('listRegions', signalsQuestions.regions().options)
  const country = view.country
  const granularity = granularityOf(view)
  const selection: Selection | null = view.bucket ? { bucket: view.bucket, ...(isFormatGroup(view.category) ? { category: view.category } : {}) } : null
  const setSelection = useCallback(
    (next: Selection | null) => setView({ bucket: next?.bucket ?? '', category: next?.category ?? '' }),
    [setView],
  )
  useDocumentTitle(selection && `What moved ${selection.bucket}`, country !== 'all' && country, 'Signals')
  const volatility = useApi('getVolatility', longer ? null : signalsQuestions.volatility(view).options)
  const history = useApi('appVolatilityHistory', longer ? (signalsQuestions.history(view, country)?.options ?? null) : null)
  const storedTopics = useApi('getTopicVolatility', longer ? null : signalsQuestions.topics(view).options)
  const topicsOver = useApi('appTopicVolatility', longer ? (signalsQuestions.topicsOver(view)?.options ?? null) : null)
  const topics = longer ? topicsOver : storedTopics
  const interest = useApi('appFormatInterest', signalsQuestions.interest(view)?.options ?? null)
  const categories = useApi('appTopCategories', signalsQuestions.categories(view)?.options ?? null)
  const movers = useApi(
    'appSignalMovers',
    selection ? { query: { country, granularity, bucket: selection.bucket, ...(selection.category ? { category: selection.category } : {}) } } : null,
  )
  const series = useMemo(() => (longer ? asSeries(history.data?.points ?? [], granularity) : (volatility.data?.series ?? [])), [longer, history.data, volatility.data, granularity])
  // the heading's figures are the period's: its last point, and its mean
  const headline = useMemo(() => {
    if (!longer) return volatility.data ? { now: volatility.data.summary.current_index, mean: volatility.data.summary.mean_index, trend: volatility.data.trend } : null
    if (!history.data) return null
    const counted = history.data.points.filter((p) => !p.note)
    return { now: counted.at(-1)?.volatility_index ?? null, mean: mean1(counted.map((p) => p.volatility_index)), trend: null }
  }, [longer, volatility.data, history.data])
  // the answer the chart shows: the stored 30 days, or the period computed from the snapshots
  const shown = longer ? history : volatility
  const selectedIndex = selection && !selection.category ? series.findIndex((p) => bucketOf(p) === selection.bucket) : -1
  const option = useMemo(() => volatilityOption(series, selectedIndex), [series, selectedIndex])

  return (
    <div className="page">
      <PageHeader title="Signals" subtitle="How much the feed changed: about 3 is a usual day, 7 and more a noticeable change" />
      <div className="filters">
        <CountrySelect
          value={country}
          onChange={(c) => setView({ country: c, bucket: '', category: '' })}
          anyValue="all"
          anyLabel="All countries"
        />
        <div className="segmented" role="group" aria-label="Granularity">
          {(['day', '3h'] as const).map((g) => (
            <button
              key={g}
              className={granularity === g ? 'on' : ''}
              aria-pressed={granularity === g}
              onClick={() => setView({ granularity: g, bucket: '', category: '' })}
            >
              {g === 'day' ? 'Daily' : '3 hours'}
            </button>
          ))}
        </div>
      </div>
      <div className="filters">
        <div className="chips" role="group" aria-label="Compare countries">
          <span className="muted small">Compare with:</span>
          {(regions.data?.regions ?? [])
            .filter((r) => r.alpha_2 !== country)
            .map((r) => {
              const on = compared.includes(r.alpha_2)
              return (
                <button
                  key={r.alpha_2}
                  type="button"
                  className={`chip topic ${on ? 'on' : ''}`}
                  aria-pressed={on}
                  onClick={() => setView({ compare: (on ? compared.filter((c) => c !== r.alpha_2) : [...compared, r.alpha_2]).join(',') })}
                >
                  {r.name}
                </button>
              )
            })}
        </div>
      </div>
      <div className="filters">
        <PeriodControl value={period} onChange={(p) => setView({ ...p, bucket: '', category: '' })} presets={['30d', '90d', 'all', 'custom']} />
        {longer && history.loading && <span className="muted small">Computing the index over the period…</span>}
      </div>
      <ErrorBanner message={volatility.error ?? history.error} onRetry={longer ? history.reload : volatility.reload} />
      {compared.length > 0 && (
        <CountryOverlay view={view} countries={[country, ...compared.filter((c) => c !== country)]} names={new Map((regions.data?.regions ?? []).map((r) => [r.alpha_2, r.name]))} />
      )}
      <div className="split">
        <Card
          title={`Volatility, ${periodTitle(view)}`}
          extra={
            headline && (
              <span className="muted" data-testid="volatility-summary" title="the index at the end of the period, and its mean over the period">
                {longer ? 'at the end' : 'now'} {headline.now ?? '—'} · mean {headline.mean ?? '—'}
                {headline.trend ? ` · ${headline.trend}` : ''}
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
              <EChart
                option={option}
                label="Volatility of the feed"
                fileName={exportFileName('volatility', country, granularity)}
                onPointClick={(i) => series[i] && setSelection({ bucket: bucketOf(series[i]!) })}
              />
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
          {movers.error && <ErrorBanner message={movers.error} onRetry={movers.reload} />}
          {selection && movers.data && (
            <div className="movers" aria-label="Movers">
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
      </div>

      <Card
        title={`By format group, ${periodTitle(view)}`}
        extra={
          <div className="segmented" role="group" aria-label="Format groups shown">
            {([['', 'Small multiples'], ['overlay', 'One chart']] as const).map(([v, label]) => (
              <button key={v} type="button" className={view.groups === v ? 'on' : ''} aria-pressed={view.groups === v} onClick={() => setView({ groups: v })}>
                {label}
              </button>
            ))}
          </div>
        }
      >
        {view.groups === 'overlay' ? (
          <GroupOverlay view={view} />
        ) : (
          <div className="multiples">
            {formatGroups.map((category) => (
              <GroupMultiple
                key={category}
                view={view}
                category={category}
                selectedBucket={selection?.category === category ? selection.bucket : null}
                onSelect={setSelection}
              />
            ))}
          </div>
        )}
      </Card>

      <div className="grid-2">
        <Card title={`Format interest, ${periodTitle(view)}`}>
          <ErrorBanner message={interest.error} onRetry={interest.reload} />
          <DataTable
            label="Format interest"
            columns={formatColumns}
            rows={interest.data?.formats ?? []}
            rowKey={(f) => f.format_type}
            loading={interest.loading}
            exportAs={{ fileName: exportFileName('format-interest', country, view.period) }}
          />
        </Card>
        <Card title={`Top categories, ${periodTitle(view)}`}>
          <ErrorBanner message={categories.error} onRetry={categories.reload} />
          <DataTable
            label="Top categories"
            columns={categoryColumns}
            rows={categories.data?.categories ?? []}
            rowKey={(c) => c.category}
            loading={categories.loading}
            onOpen={(c) => navigate(categoryArticlesPath(c.category, view))}
            openLabel="Open its articles seen in the period"
            exportAs={{ fileName: exportFileName('top-categories', country, view.period) }}
          />
        </Card>
      </div>
      <Card title={`By topic, ${periodTitle(view)}`}>
        <DataTable
          label="Topic volatility"
          columns={topicColumns}
          rows={topics.data?.categories ?? []}
          rowKey={(t) => t.category}
          loading={topics.loading}
          empty={<p className="muted">Topic series appear once trends and their topics have been computed.</p>}
          exportAs={{ fileName: exportFileName('topic-volatility', country) }}
        />
      </Card>
    </div>
  )
}

/** A format group's series over the view's period: the stored one for the usual 30 days, computed for any other. */
function useGroupSeries(view: SignalsView, category: FormatGroup): { series: Point[]; current: number | null; loading: boolean } {
  const longer = !isStoredPeriod(view)
  const stored = useApi('getCategoryVolatility', longer ? null : signalsQuestions.group(view, category).options)
  const computed = useApi('appVolatilityHistory', longer ? (signalsQuestions.history(view, view.country, category)?.options ?? null) : null)
  const granularity = granularityOf(view)
  return useMemo(() => {
    if (!longer) {
      const group = stored.data?.categories[0]
      return { series: group?.series ?? [], current: group?.summary.current_index ?? null, loading: stored.loading }
    }
    const series = asSeries(computed.data?.points ?? [], granularity)
    return { series, current: series.at(-1)?.volatility_index ?? null, loading: computed.loading }
  }, [longer, stored.data, stored.loading, computed.data, computed.loading, granularity])
}

/** One format group's volatility, small; a click on a point explains it. */
function GroupMultiple(props: { view: SignalsView; category: FormatGroup; selectedBucket: string | null; onSelect(s: Selection): void }) {
  const { series, current, loading } = useGroupSeries(props.view, props.category)
  const selectedIndex = props.selectedBucket === null ? -1 : series.findIndex((p) => bucketOf(p) === props.selectedBucket)
  return (
    <div className="multiple" aria-label={`${props.category} volatility`}>
      <div className="multiple-head">
        <strong>{props.category}</strong>
        <span className="muted">{current ?? '—'}</span>
      </div>
      {series.length > 0 ? (
        <VolatilityStrip series={series} selectedIndex={selectedIndex} label={`${props.category} volatility`} onSelect={(i) => series[i] && props.onSelect({ bucket: bucketOf(series[i]!), category: props.category })} />
      ) : (
        <div className="muted small" aria-busy={loading}>{loading ? 'Loading…' : 'no data'}</div>
      )}
    </div>
  )
}

/** A country's series over the view's period: the stored one for the usual 30 days, computed for any other. */
async function countrySeries(view: SignalsView, country: string): Promise<Point[]> {
  const granularity = granularityOf(view)
  if (isStoredPeriod(view)) return (await call('getVolatility', { query: { country, granularity } })).series
  const history = signalsQuestions.history(view, country)
  return history ? asSeries((await call('appVolatilityHistory', history.options)).points, granularity) : []
}

/** The volatility of several countries on one chart over the view's period (the first is the one chosen above). */
function CountryOverlay({ view, countries, names }: { view: SignalsView; countries: string[]; names: Map<string, string> }) {
  const granularity = granularityOf(view)
  const loaded = useLoaded(`${countries.join(',')}|${granularity}|${view.period}|${view.date_from}|${view.date_to}`, () => Promise.all(countries.map((c) => countrySeries(view, c))))
  const option = useMemo(
    () => (loaded.data ? overlayOption(loaded.data.map((series, i) => ({ name: countries[i] === 'all' ? 'All countries' : (names.get(countries[i]!) ?? countries[i]!), series }))) : null),
    // names only label the lines
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded.data],
  )
  return (
    <Card title={`Volatility by country, ${periodTitle(view)}`}>
      <ErrorBanner message={loaded.error} />
      {option ? (
        <EChart option={option} height={280} label={`Volatility of ${countries.map((c) => names.get(c) ?? (c === 'all' ? 'all countries' : c)).join(', ')}`} fileName={exportFileName('volatility', ...countries, granularity)} />
      ) : (
        !loaded.error && <p className="muted" aria-busy="true">Loading the countries' series…</p>
      )}
    </Card>
  )
}

/** The five format groups' volatility on one chart. */
function GroupOverlay({ view }: { view: SignalsView }) {
  const { country } = view
  const granularity = granularityOf(view)
  const loaded = useLoaded(`${country}|${granularity}|${view.period}|${view.date_from}|${view.date_to}`, () =>
    Promise.all(
      formatGroups.map(async (category) => {
        if (isStoredPeriod(view)) return (await call('getCategoryVolatility', signalsQuestions.group(view, category).options)).categories[0]?.series ?? []
        const history = signalsQuestions.history(view, country, category)
        return history ? asSeries((await call('appVolatilityHistory', history.options)).points, granularity) : []
      }),
    ),
  )
  const option = useMemo(() => (loaded.data ? overlayOption(loaded.data.map((series, i) => ({ name: formatGroups[i]!, series }))) : null), [loaded.data])
  return (
    <>
      <ErrorBanner message={loaded.error} />
      {option ? (
        <EChart option={option} height={260} label="Volatility of the five format groups" fileName={exportFileName('format-volatility', country, granularity)} />
      ) : (
        !loaded.error && <p className="muted" aria-busy="true">Loading the format groups…</p>
      )}
    </>
  )
}
