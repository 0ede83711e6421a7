import { useMemo } from 'react'
import { useApi } from '../../api/use-api'
import { comparedBoundsOf, comparedWords, granularityOf, isStoredPeriod, signalsQuestions, type SignalsView } from './questions'
import { asSeries, mean1 } from './signal-series'

/**
 * The feed's volatility over the view's period: the stored 30 days answer the usual view, any
 * other period is computed from the snapshots. With the heading's figures (the period's last
 * point and its mean) and the answer the chart shows.
 */
export function useVolatility(view: SignalsView) {
  const longer = !isStoredPeriod(view)
  const granularity = granularityOf(view)
  const volatility = useApi('getVolatility', longer ? null : signalsQuestions.volatility(view).options)
  const history = useApi('appVolatilityHistory', longer ? (signalsQuestions.history(view, view.country)?.options ?? null) : null)
  const series = useMemo(() => (longer ? asSeries(history.data?.points ?? [], granularity) : (volatility.data?.series ?? [])), [longer, history.data, volatility.data, granularity])
  const headline = useMemo(() => {
    if (!longer) return volatility.data ? { now: volatility.data.summary.current_index, mean: volatility.data.summary.mean_index, trend: volatility.data.trend } : null
    if (!history.data) return null
    const counted = history.data.points.filter((p) => !p.note)
    return { now: counted.at(-1)?.volatility_index ?? null, mean: mean1(counted.map((p) => p.volatility_index)), trend: null }
  }, [longer, volatility.data, history.data])
  // the period compared: its series laid under this one point by point, and its mean
  const before = useApi('appVolatilityHistory', signalsQuestions.history(view, view.country, undefined, comparedBoundsOf(view))?.options ?? null)
  const earlier = useMemo(() => {
    if (!before.data) return null
    const counted = before.data.points.filter((p) => !p.note)
    return { values: before.data.points.map((p) => (p.note ? null : p.volatility_index)), mean: mean1(counted.map((p) => p.volatility_index)), words: comparedWords(view) }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [before.data, view.versus, view.versus_from, view.versus_to])
  return { longer, series, headline, earlier, shown: longer ? history : volatility, error: volatility.error ?? history.error, reload: longer ? history.reload : volatility.reload, computing: longer && history.loading }
}
