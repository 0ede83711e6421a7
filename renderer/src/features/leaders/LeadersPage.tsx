import { PageHeader } from '../../components/common'
import { EXPLORE_PRESETS, PeriodControl, comparisonOf, periodOf } from '../../components/PeriodControl'
import { CountrySelect } from '../../components/Pickers'
import { comparisonHolds } from '../../components/period'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'
import { LeadersCard } from '../signals/LeadersCard'
import { periodTitle } from '../signals/signal-series'

/** The view's state in its URL: market, period, what it is compared with, and the board's kind and order. */
const LEADERS_VIEW = { country: 'all', period: '7d', date_from: '', date_to: '', compare: 'previous', compare_from: '', compare_to: '', leaders: 'publisher', leaders_by: 'gain' }

const KIND_WORDS: Record<string, string> = { publisher: 'Publishers', trend: 'Trends', entity: 'Entities', category: 'Categories' }

/**
 * Winners and losers on their own screen: who holds the feed of a market in a period, and who
 * gained or lost most against the period compared (the one before, the same a year before, chosen
 * days); up to 100 rows, each drilled into or tracked.
 */
export function LeadersPage() {
  const [view, setView] = useQueryState(LEADERS_VIEW)
  const kindWords = KIND_WORDS[view.leaders] ?? 'Publishers'
  useDocumentTitle(kindWords, view.country !== 'all' && view.country, 'Winners and losers')
  const comparison = comparisonOf(view)
  return (
    <div className="page">
      <PageHeader title="Winners and losers" subtitle="Who holds the feed, and who gained or lost most against the period compared" />
      <div className="filters">
        <CountrySelect value={view.country} onChange={(country) => setView({ country })} anyValue="all" anyLabel="All markets" />
        <PeriodControl
          value={periodOf(view)}
          onChange={(p) => setView({ ...p, ...(comparisonHolds(p.period, view.compare) ? {} : { compare: '' }) })}
          presets={EXPLORE_PRESETS}
          compare={{ value: comparison, onChange: (c) => setView(c) }}
        />
      </div>
      <LeadersCard
        country={view.country}
        period={view}
        kind={view.leaders}
        order={view.leaders_by}
        onChange={setView}
        comparison={comparison.compare ? comparison : { compare: 'previous', compare_from: '', compare_to: '' }}
        limit={100}
        title={`${kindWords}${view.country !== 'all' ? ` in ${view.country}` : ''}, ${periodTitle(view)}`}
      />
    </div>
  )
}
