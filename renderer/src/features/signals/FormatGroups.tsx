import { useMemo } from 'react'
import { call } from '../../api/client'
import { useApi, useLoaded } from '../../api/use-api'
import { EChart } from '../../charts/EChart'
import { Card, ErrorBanner } from '../../components/common'
import { exportFileName } from '../../components/DataTable'
import { formatGroups, type FormatGroup } from '../../../../shared/contract/values'
import { comparedBoundsOf, granularityOf, isStoredPeriod, signalsQuestions, type SignalsView } from './questions'
import { asSeries, bucketOf, periodTitle, type Point, type Selection } from './signal-series'
import { articlesAPoint, overlayOption } from './volatility-chart'
import { VolatilityStrip } from './VolatilityStrip'

/** The five format groups' volatility over the view's period: small multiples, or one chart; a point of a multiple is explained beside the feed's. */
export function FormatGroupsCard({ view, setView, selection, onSelect }: { view: SignalsView; setView(patch: Partial<SignalsView>): void; selection: Selection | null; onSelect(s: Selection): void }) {
  return (
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
        <GroupMultiples view={view} selection={selection} onSelect={onSelect} />
      )}
    </Card>
  )
}

/** The five groups side by side, each flagged when it holds too few articles a point to read its index. */
function GroupMultiples({ view, selection, onSelect }: { view: SignalsView; selection: Selection | null; onSelect(s: Selection): void }) {
  const interest = useApi('appFormatInterest', signalsQuestions.interest(view)?.options ?? null)
  const articles = new Map((interest.data?.formats ?? []).map((f) => [f.format_type, f.articles]))
  return (
    <div className="multiples">
      {formatGroups.map((category) => (
        <GroupMultiple key={category} view={view} category={category} articles={articles.get(category) ?? null} selectedBucket={selection?.category === category ? selection.bucket : null} onSelect={onSelect} />
      ))}
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
function GroupMultiple(props: { view: SignalsView; category: FormatGroup; articles: number | null; selectedBucket: string | null; onSelect(s: Selection): void }) {
  const { series, current, loading } = useGroupSeries(props.view, props.category)
  const thin = props.articles !== null && series.length > 0 ? articlesAPoint(props.articles, series.length) : null
  // the period compared, as a dashed line under the group's
  const before = useApi('appVolatilityHistory', signalsQuestions.history(props.view, props.view.country, props.category, comparedBoundsOf(props.view))?.options ?? null)
  const earlier = useMemo(() => before.data?.points.map((p) => (p.note ? null : p.volatility_index)) ?? null, [before.data])
  const selectedIndex = props.selectedBucket === null ? -1 : series.findIndex((p) => bucketOf(p) === props.selectedBucket)
  return (
    <div className="multiple" aria-label={`${props.category} volatility`}>
      <div className="multiple-head">
        <strong>{props.category}</strong>
        <span className="muted">{current ?? '—'}</span>
      </div>
      {series.length > 0 ? (
        <VolatilityStrip series={series} earlier={earlier} selectedIndex={selectedIndex} label={`${props.category} volatility`} onSelect={(i) => series[i] && props.onSelect({ bucket: bucketOf(series[i]!), category: props.category })} />
      ) : (
        <div className="muted small" aria-busy={loading}>{loading ? 'Loading…' : 'no data'}</div>
      )}
      {thin?.few && (
        <div className="few-articles small" title={`The group's ${props.articles} articles of the period are about ${thin.perPoint} a point: its index moves with a handful of them.`}>
          few articles ({thin.perPoint} a {granularityOf(props.view) === '3h' ? '3 h slot' : 'day'})
        </div>
      )}
    </div>
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
        <EChart option={option} height={260} label="Volatility of the five format groups" fileName={exportFileName('format-volatility', country, granularity)} report={{ title: 'Volatility of the five format groups', period: periodTitle(view), market: country === 'all' ? 'all markets' : country, comparison: null }} />
      ) : (
        !loaded.error && <p className="muted" aria-busy="true">Loading the format groups…</p>
      )}
    </>
  )
}
