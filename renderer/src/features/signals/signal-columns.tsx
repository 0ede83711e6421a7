import type { RouteResponse } from '../../../../shared/contract/routes'
import { formatNumber } from '../../components/common'
import type { Column } from '../../components/DataTable'
import { Change } from '../../components/Change'
import { changePct } from '../../components/period'
import { TrackButton } from '../tracking/TrackButton'

type Mover = RouteResponse<'appSignalMovers'>['articles'][number]
type FormatRow = RouteResponse<'appFormatInterest'>['formats'][number]
type CategoryRow = RouteResponse<'appTopCategories'>['categories'][number]
type TopicRow = RouteResponse<'appTopicVolatility'>['categories'][number]

/** A share as a percentage, one decimal. */
export const share = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`)

export const moverColumns: Array<Column<Mover>> = [
  { id: 'title', header: 'Article', value: (a) => a.title, cell: (a) => <>{a.title} <span className="muted">{a.domain}</span></> },
  { id: 'domain', header: 'Publisher', value: (a) => a.domain },
  { id: 'before', header: 'Before', numeric: true, value: (a) => a.before, cell: (a) => a.before ?? 'new' },
  { id: 'after', header: 'After', numeric: true, value: (a) => a.after, cell: (a) => a.after ?? 'out' },
  { id: 'share', header: 'Share', numeric: true, value: (a) => a.share, cell: (a) => share(a.share) },
]

/** A row with its figure in the period compared (the Before and Δ columns while comparing). */
export type Compared<Row> = Row & { before?: number | null }

const beforeColumns = <Row,>(now: (r: Compared<Row>) => number | null, words: string | null): Array<Column<Compared<Row>>> => [
  { id: 'before', header: 'Before', title: `in ${words ?? 'the period compared'}`, numeric: true, visible: words !== null, value: (r) => r.before ?? null, cell: (r) => r.before ?? '—' },
  {
    id: 'change',
    header: 'Δ',
    title: `change against ${words ?? 'the period compared'}`,
    numeric: true,
    visible: words !== null,
    value: (r) => (r.before == null || now(r) === null ? null : changePct(now(r)!, r.before)),
    cell: (r) => <Change pct={r.before == null || now(r) === null ? null : changePct(now(r)!, r.before)} />,
  },
]

export const formatColumns = (words: string | null = null): Array<Column<Compared<FormatRow>>> => [
  { id: 'format', header: 'Format', cell: (f) => f.format_type },
  { id: 'index', header: 'Index', title: 'interest in the period: 100 × (share of impressions + share of publications) / 2', numeric: true, value: (f) => f.interest_index, cell: (f) => f.interest_index },
  ...beforeColumns<FormatRow>((f) => f.interest_index, words),
  { id: 'share_of_impressions', header: 'Impressions share', numeric: true, value: (f) => f.share_of_impressions, cell: (f) => share(f.share_of_impressions) },
  { id: 'share_of_publications', header: 'Publications share', numeric: true, value: (f) => f.share_of_publications, cell: (f) => share(f.share_of_publications) },
  { id: 'trend', header: 'Trend', title: 'the daily index over the period', cell: (f) => f.trend },
]

export const categoryColumns = (words: string | null = null): Array<Column<CategoryRow>> => [
  { id: 'category', header: 'Category', cell: (c) => c.category },
  { id: 'impressions', header: 'Impressions', numeric: true, value: (c) => c.impressions, cell: (c) => formatNumber(c.impressions) },
  {
    id: 'delta_pct',
    header: 'Δ',
    title: `change against ${words ?? 'the period of the same length before'}`,
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

export const topicColumns = (words: string | null = null): Array<Column<Compared<TopicRow>>> => [
  { id: 'topic', header: 'Topic', cell: (t) => t.category },
  { id: 'index', header: 'Index', title: 'at the end of the period', numeric: true, value: (t) => t.summary.current_index, cell: (t) => t.summary.current_index ?? '—' },
  { id: 'mean', header: 'Mean', title: 'over the period', numeric: true, value: (t) => t.summary.mean_index, cell: (t) => t.summary.mean_index ?? '—' },
  ...beforeColumns<TopicRow>((t) => t.summary.mean_index, words).map((c) => ({ ...c, header: c.id === 'before' ? 'Mean before' : c.header })),
  { id: 'state', header: 'State', cell: (t) => t.summary.current_state ?? '—' },
  { id: 'trend', header: 'Trend', cell: (t) => t.summary.trend },
]
