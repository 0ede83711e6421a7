import type { RouteResponse } from '../../../../shared/contract/routes'
import { useApi } from '../../api/use-api'
import { Card, ErrorBanner, formatNumber } from '../../components/common'
import { DataTable, exportFileName, type Column } from '../../components/DataTable'
import { ChoiceSelect } from '../../components/Pickers'
import { comparisonPhrase, periodBounds, periodWords, type Comparison } from '../../components/period'
import { useAppStore } from '../../stores/app-store'
import { TrackButton } from '../tracking/TrackButton'
import { leadersQuestion } from './questions'
import { periodTitle } from './signal-series'

type Leader = RouteResponse<'appLeaders'>['leaders'][number]
type Kind = RouteResponse<'appLeaders'>['kind']
type Order = RouteResponse<'appLeaders'>['sort_by']

const KINDS: Array<{ value: Kind; label: string }> = [
  { value: 'publisher', label: 'Publishers' },
  { value: 'trend', label: 'Trends' },
  { value: 'entity', label: 'Entities' },
  { value: 'category', label: 'Categories' },
]
const SINGULAR: Record<Kind, string> = { publisher: 'Publisher', trend: 'Trend', entity: 'Entity', category: 'Category' }
const ORDERS: Array<{ value: Order; label: string }> = [
  { value: 'impressions', label: 'most impressions' },
  { value: 'gain', label: 'gained most' },
  { value: 'loss', label: 'lost most' },
]

/** Where a leader's row opens: its articles in the period (a trend: its card). */
function drillDown(kind: Kind, l: Leader, period: string): string {
  const q = encodeURIComponent
  if (kind === 'trend') return `/trends/${l.key}`
  const filter = kind === 'publisher' ? `domain=${q(l.key)}` : kind === 'entity' ? `entity=${q(l.label)}` : `category=${q(l.key)}`
  return `/articles?${filter}&${period}&sort_by=impressions`
}

function columns(kind: Kind, beforeTitle: string): Array<Column<Leader>> {
  const signed = (n: number | null) => (n === null ? '—' : `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatNumber(Math.abs(n))}`)
  return [
    { id: 'label', header: SINGULAR[kind], value: (l) => l.label, cell: (l) => l.label },
    { id: 'impressions', header: 'Impressions', numeric: true, value: (l) => l.impressions, cell: (l) => formatNumber(l.impressions) },
    { id: 'before', header: 'Before', title: beforeTitle, numeric: true, value: (l) => l.before, cell: (l) => formatNumber(l.before) },
    { id: 'delta', header: 'Δ', title: 'impressions now less before', numeric: true, value: (l) => l.delta, cell: (l) => signed(l.delta) },
    { id: 'articles', header: 'Articles', numeric: true, value: (l) => l.articles, cell: (l) => formatNumber(l.articles) },
    {
      id: 'track',
      header: '',
      sortable: false,
      value: () => null,
      // every kind has lists of its own: an entity is added by its name, the others by their key
      cell: (l) => <TrackButton kind={kind} itemKey={kind === 'entity' ? l.label : l.key} name={l.label} />,
    },
  ]
}

/** What the Before column holds, in words (its header's hover): the period before unless another is compared. */
function comparedWords(comparison?: Comparison): string {
  const phrase = comparison && comparison.compare !== 'previous' ? comparisonPhrase(comparison) : null
  return `impressions of ${phrase ?? 'the period before, of the same length'}`
}

/** Winners and losers of a period and market: who holds the feed, and who gained or lost most against the period before (on Signals and Geography). */
export function LeadersCard({
  country,
  period,
  kind: kindOf,
  order: orderOf,
  onChange,
  comparison,
  limit,
  title,
}: {
  country: string
  period: { period: string; date_from: string; date_to: string }
  kind: string
  order: string
  onChange(patch: { leaders?: string; leaders_by?: string }): void
  /** what the period is compared with (none: the period before, of the same length) */
  comparison?: Comparison
  limit?: number
  title?: string
}) {
  const navigate = useAppStore((s) => s.navigate)
  const question = leadersQuestion(country, period, kindOf, orderOf, comparison, limit)
  const kind = (KINDS.find((k) => k.value === kindOf)?.value ?? 'publisher') as Kind
  const order = (ORDERS.find((o) => o.value === orderOf)?.value ?? 'gain') as Order
  const bounds = periodBounds(period)
  const leaders = useApi('appLeaders', question?.options ?? null)
  const drillPeriod = bounds ? new URLSearchParams(Object.entries(bounds).filter((e): e is [string, string] => Boolean(e[1]))).toString() : ''
  return (
    <Card title={title ?? `Winners and losers${country !== 'all' ? ` in ${country}` : ''}, ${periodTitle(period)}`}>
      <div className="filters">
        <ChoiceSelect label="Of" value={kind} onChange={(v) => onChange({ leaders: v })} choices={KINDS} />
        <ChoiceSelect label="Order" value={order} onChange={(v) => onChange({ leaders_by: v })} choices={ORDERS} />
      </div>
      {bounds && !question && <p className="muted">The whole history has no period before it: choose a period, or order by impressions.</p>}
      {!bounds && <p className="muted">Choose both days of the period.</p>}
      <ErrorBanner message={leaders.error} onRetry={leaders.reload} />
      {question && (
        <DataTable
          label="Winners and losers"
          columns={columns(kind, comparedWords(comparison))}
          rows={leaders.data?.leaders ?? []}
          rowKey={(l) => l.key}
          loading={leaders.loading}
          onOpen={(l) => navigate(drillDown(kind, l, drillPeriod))}
          openLabel="Open its articles"
          exportAs={{ fileName: exportFileName('leaders', kind, order, country, periodWords(period)) }}
        />
      )}
    </Card>
  )
}
