import { useApi } from '../../api/use-api'
import { NotFound } from '../../app/NotFound'
import { ErrorBanner, PageHeader } from '../../components/common'
import { useAppStore } from '../../stores/app-store'
import { useDocumentTitle, useQueryState } from '../../stores/url-state'
import { Comparison } from './Comparison'
import { TRENDS_VIEW, trendsQuestions } from './questions'
import { TopicMap } from './TopicMap'
import { TrendCard } from './TrendCard'
import { TrendFilters } from './TrendFilters'
import { TrendList } from './TrendList'
import { useTrendCard } from './use-trend-card'

/** Trends: the hierarchy, a filterable list, and the card of the chosen trend. */
export function TrendsPage() {
  const navigate = useAppStore((s) => s.navigate)
  const search = useAppStore((s) => s.search)
  const rest = useAppStore((s) => s.rest)
  // the chosen trend is in the path (/trends/<id>), the list's filters and page in the query
  const selected = rest[0] ?? null
  const [view, setView] = useQueryState(TRENDS_VIEW)
  const compared = view.compare ? view.compare.split(',') : []
  const setCompared = (ids: string[]) => setView({ compare: ids.join(',') })
  const setTopic = (id: string | null) => setView({ topic: id ?? '', page: '1' })
  const setSelected = (id: string) => navigate(`/trends/${encodeURIComponent(id)}${search ? `?${search}` : ''}`)
  const hierarchy = useApi('appHierarchy', trendsQuestions.hierarchy(view).options)
  const trends = useApi('appListTrends', trendsQuestions.list(view)?.options ?? null)
  const chosen = useTrendCard(selected, view)
  const card = chosen.card
  const themes = hierarchy.data?.themes
  useDocumentTitle(selected && card.data?.id === selected && card.data.label, 'Trends')
  // the URL names the topic by id; its label comes from the loaded hierarchy
  const topicId = view.topic || null
  const topic = topicId ? { id: topicId, label: (themes ?? []).flatMap((t) => t.topics).find((t) => t.id === topicId)?.label ?? 'topic' } : null
  return (
    <div className="page">
      <PageHeader title="Trends" subtitle="Storylines of the feed, with their lifecycle" />
      {themes && themes.length > 0 && <TopicMap themes={themes} view={view} topic={topic} onTopic={setTopic} onTrend={setSelected} />}
      <TrendFilters view={view} setView={setView} themes={themes ?? []} />
      <p className="muted small">
        {view.period === 'all'
          ? 'Articles, impressions and peak position over the whole history.'
          : 'The trends with an article seen in the feed in the period; their articles, impressions and peak position are the period\'s.'}
      </p>
      {compared.length > 0 && <Comparison ids={compared} onChange={setCompared} onOpen={setSelected} />}
      <ErrorBanner message={trends.error} onRetry={trends.reload} />
      <div className="split">
        <TrendList trends={trends} view={view} setView={setView} selected={selected} onOpen={setSelected} names={{ theme: themes?.find((t) => t.id === view.theme)?.label, topic: topic?.label }} />
        {selected && card.notFound && <NotFound what="This trend" backTo="/trends" backLabel="Back to the trend list" />}
        {selected && card.error && !card.notFound && <ErrorBanner message={card.error} onRetry={card.reload} />}
        {card.data && <TrendCard card={card.data} data={chosen} wholeHistory={view.period === 'all'} compared={compared} onCompare={setCompared} onOpen={setSelected} />}
      </div>
    </div>
  )
}
