import { useMemo } from 'react'
import { call } from '../../api/client'
import { useLoaded } from '../../api/use-api'
import { EChart } from '../../charts/EChart'
import { Card, ErrorBanner } from '../../components/common'
import { exportFileName } from '../../components/DataTable'
import { granularityOf, isStoredPeriod, signalsQuestions, type SignalsView } from './questions'
import { asSeries, periodTitle, type Point } from './signal-series'
import { overlayOption } from './volatility-chart'

/** A country's series over the view's period: the stored one for the usual 30 days, computed for any other. */
async function countrySeries(view: SignalsView, country: string): Promise<Point[]> {
  const granularity = granularityOf(view)
  if (isStoredPeriod(view)) return (await call('getVolatility', { query: { country, granularity } })).series
  const history = signalsQuestions.history(view, country)
  return history ? asSeries((await call('appVolatilityHistory', history.options)).points, granularity) : []
}

/** The volatility of several countries on one chart over the view's period (the first is the one chosen above). */
export function CountryOverlay({ view, countries, names }: { view: SignalsView; countries: string[]; names: Map<string, string> }) {
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
        <EChart option={option} height={280} label={`Volatility of ${countries.map((c) => names.get(c) ?? (c === 'all' ? 'all countries' : c)).join(', ')}`} fileName={exportFileName('volatility', ...countries, granularity)} report={{ title: 'Volatility by country', period: periodTitle(view), market: countries.join(', '), comparison: null }} />
      ) : (
        !loaded.error && <p className="muted" aria-busy="true">Loading the countries' series…</p>
      )}
    </Card>
  )
}
