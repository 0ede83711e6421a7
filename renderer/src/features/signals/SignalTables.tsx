import { useMemo } from 'react'
import { useApi } from '../../api/use-api'
import { Card, ErrorBanner } from '../../components/common'
import { DataTable, exportFileName } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { categoryArticlesPath, comparedBoundsOf, comparedWords, isStoredPeriod, signalsQuestions, type SignalsView } from './questions'
import { categoryColumns, formatColumns, topicColumns } from './signal-columns'
import { periodTitle } from './signal-series'

/** The period's format interest, top categories and topic volatility. */
export function SignalTables({ view }: { view: SignalsView }) {
  const navigate = useAppStore((s) => s.navigate)
  const longer = !isStoredPeriod(view)
  const storedTopics = useApi('getTopicVolatility', longer ? null : signalsQuestions.topics(view).options)
  const topicsOver = useApi('appTopicVolatility', longer ? (signalsQuestions.topicsOver(view)?.options ?? null) : null)
  const topics = longer ? topicsOver : storedTopics
  const interest = useApi('appFormatInterest', signalsQuestions.interest(view)?.options ?? null)
  const categories = useApi('appTopCategories', signalsQuestions.categories(view)?.options ?? null)
  // the period compared: each format's index and each topic's mean in it
  const interestBefore = useApi('appFormatInterest', signalsQuestions.interest(view, comparedBoundsOf(view))?.options ?? null)
  const topicsBefore = useApi('appTopicVolatility', signalsQuestions.topicsOver(view, comparedBoundsOf(view))?.options ?? null)
  const words = comparedBoundsOf(view) ? comparedWords(view) : null
  const formats = useMemo(() => {
    const before = new Map((interestBefore.data?.formats ?? []).map((f) => [f.format_type, f.interest_index]))
    return (interest.data?.formats ?? []).map((f) => (words ? { ...f, before: before.get(f.format_type) ?? null } : f))
  }, [interest.data, interestBefore.data, words])
  const topicRows = useMemo(() => {
    const before = new Map((topicsBefore.data?.categories ?? []).map((t) => [t.category, t.summary.mean_index]))
    return (topics.data?.categories ?? []).map((t) => (words ? { ...t, before: before.get(t.category) ?? null } : t))
  }, [topics.data, topicsBefore.data, words])
  const { country } = view
  return (
    <>
      <div className="grid-2">
        <Card title={`Format interest, ${periodTitle(view)}`}>
          <ErrorBanner message={interest.error} onRetry={interest.reload} />
          <DataTable
            label="Format interest"
            columns={formatColumns(words)}
            rows={formats}
            rowKey={(f) => f.format_type}
            loading={interest.loading}
            exportAs={{ fileName: exportFileName('format-interest', country, view.period) }}
          />
        </Card>
        <Card title={`Top categories, ${periodTitle(view)}`}>
          <ErrorBanner message={categories.error} onRetry={categories.reload} />
          <DataTable
            label="Top categories"
            columns={categoryColumns(words)}
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
          columns={topicColumns(words)}
          rows={topicRows}
          rowKey={(t) => t.category}
          loading={topics.loading}
          empty={<p className="muted">Topic series appear once trends and their topics have been computed.</p>}
          exportAs={{ fileName: exportFileName('topic-volatility', country) }}
        />
      </Card>
    </>
  )
}
