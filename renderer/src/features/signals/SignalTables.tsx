import { useApi } from '../../api/use-api'
import { Card, ErrorBanner } from '../../components/common'
import { DataTable, exportFileName } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'
import { categoryArticlesPath, isStoredPeriod, signalsQuestions, type SignalsView } from './questions'
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
  const { country } = view
  return (
    <>
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
    </>
  )
}
