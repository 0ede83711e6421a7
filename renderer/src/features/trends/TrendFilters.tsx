import { semanticTypes, structuralTypes, trendSortFields, trendStates } from '../../../../shared/contract/values'
import { formatNumber } from '../../components/common'
import { ChoiceSelect, CountrySelect, SORT_ORDERS } from '../../components/Pickers'
import { EXPLORE_PRESETS, PeriodControl, periodOf } from '../../components/PeriodControl'
import { comparisonHolds, versusPatch } from '../../components/period'
import { useDraft } from '../../stores/url-state'
import { minArticlesOf, trendsComparison, type TrendsView } from './questions'

/** The sizes the list can be cut at: trends of at least this many articles (a link may carry any other). */
const MIN_ARTICLE_CHOICES = [1, 2, 5, 10, 50]
/** The contract's sorts, and the period's figures: impressions and peak (best) position. */
const TREND_LIST_SORTS = [...trendSortFields, 'impressions', 'best_position'] as const

/** The trend list's filters: a search with its country and theme, the period, the lifecycle's kinds, the size, the sort. Each change goes back to page 1. */
export function TrendFilters({ view, setView, themes }: { view: TrendsView; setView(patch: Partial<TrendsView>): void; themes: Array<{ id: string; label: string }> }) {
  const [q, setQ] = useDraft(view.q)
  const minArticles = minArticlesOf(view)
  const pick = (name: keyof TrendsView) => (value: string) => setView({ [name]: value, page: '1' })
  return (
    <>
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
        <CountrySelect value={view.country} onChange={pick('country')} anyValue="" anyLabel="any" />
        <ChoiceSelect label="In theme" value={view.theme} onChange={pick('theme')} choices={themes.map((t) => ({ value: t.id, label: t.label }))} anyLabel="any" />
        <button type="submit" className="primary">
          Search
        </button>
      </form>
      <div className="filters">
        <PeriodControl
          value={periodOf(view)}
          onChange={(p) => setView({ ...p, page: '1', ...(comparisonHolds(p.period, view.versus) ? {} : { versus: '' }) })}
          presets={EXPLORE_PRESETS}
          compare={{ value: trendsComparison(view), onChange: (c) => setView(versusPatch(c)) }}
        />
      </div>
      <div className="filters">
        <ChoiceSelect label="State" value={view.state} onChange={pick('state')} choices={trendStates} anyLabel="any" />
        <ChoiceSelect label="Structure" value={view.structural_type} onChange={pick('structural_type')} choices={structuralTypes} anyLabel="any" />
        <ChoiceSelect label="Meaning" value={view.semantic_type} onChange={pick('semantic_type')} choices={semanticTypes} anyLabel="any" />
        <ChoiceSelect
          label="At least"
          value={String(minArticles)}
          onChange={pick('min_articles')}
          choices={[...new Set([...MIN_ARTICLE_CHOICES, minArticles])].sort((a, b) => a - b).map((n) => ({ value: String(n), label: n <= 1 ? 'any size' : `${formatNumber(n)} articles` }))}
        />
        <ChoiceSelect label="Sort by" value={view.sort_by} onChange={pick('sort_by')} choices={TREND_LIST_SORTS} />
        <ChoiceSelect label="Order" value={view.sort_order} onChange={pick('sort_order')} choices={SORT_ORDERS} />
      </div>
    </>
  )
}
