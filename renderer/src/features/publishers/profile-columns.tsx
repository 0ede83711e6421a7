import type { RouteResponse } from '../../../../shared/contract/routes'
import { changeColumn } from '../../components/Change'
import { formatNumber } from '../../components/common'
import type { Column } from '../../components/DataTable'
import { useAppStore } from '../../stores/app-store'

type Performance = RouteResponse<'appPublisherFigures'>['publishers'][number]
/** A checked profile with its feed figures of the period (and its impressions of the period compared). */
export type ProfileRow = RouteResponse<'checkProfile'> & { feed?: Performance; impressionsBefore?: number }

/** The results' columns; the change column while comparing with another period. */
export const profileColumns = (compared: boolean): Array<Column<ProfileRow>> => [
  {
    id: 'title',
    header: 'Publisher',
    value: (r) => r.title,
    cell: (r) => r.title ?? '—',
  },
  // the domain and the directory's ids are in the CSV; the table shows the domain under the name (below)
  { id: 'domain', header: 'Domain', value: (r) => r.domain },
  {
    id: 'exists',
    header: 'Profile',
    value: (r) => (r.ok ? r.exists : r.error),
    cell: (r) => (!r.ok ? <span className="badge danger" title={r.error}>not checked: {r.error ?? 'not a domain'}</span> : r.exists ? <span className="badge ok">exists</span> : <span className="badge">none</span>),
  },
  { id: 'knowledge_graph_id', header: 'Knowledge graph', value: (r) => r.knowledgeGraphId },
  { id: 'followers', header: 'Followers', numeric: true, value: (r) => (r.exists ? Number(r.totalFollowers) : null), cell: (r) => (r.exists ? formatNumber(Number(r.totalFollowers)) : '—') },
  { id: 'recent', header: 'Recent', title: 'recent publications', numeric: true, value: (r) => r.recentPublications.length },
  { id: 'articles', header: 'Articles', title: 'articles seen in the feed in the period', numeric: true, value: (r) => r.feed?.articles, cell: (r) => formatNumber(r.feed?.articles) },
  { id: 'impressions', header: 'Impressions', title: 'their impressions in the period', numeric: true, value: (r) => r.feed?.impressions, cell: (r) => formatNumber(r.feed?.impressions) },
  {
    id: 'share_of_voice',
    header: 'Share',
    title: 'share of voice: its impressions over all of the feed\'s in the period',
    numeric: true,
    value: (r) => r.feed?.share_of_voice,
    cell: (r) => (r.feed ? `${(r.feed.share_of_voice * 100).toFixed(2)} %` : '—'),
  },
  changeColumn<ProfileRow>((r) => r.feed?.impressions, (r) => r.impressionsBefore, compared),
  { id: 'avg_position', header: 'Avg pos', title: 'mean position in the feed in the period', numeric: true, value: (r) => r.feed?.avg_position, cell: (r) => formatNumber(r.feed?.avg_position) },
  { id: 'top_trends', header: 'Top trends', value: (r) => r.feed?.top_trends.map((t) => t.label), cell: (r) => <TopTrends trends={r.feed?.top_trends ?? []} /> },
]

/** A publisher's largest trends in the period, each opening its trend. */
function TopTrends({ trends }: { trends: Performance['top_trends'] }) {
  const navigate = useAppStore((s) => s.navigate)
  if (trends.length === 0) return <span className="muted">—</span>
  return (
    <>
      {trends.map((t) => (
        <div key={t.id}>
          <button type="button" className="link" onClick={() => navigate(`/trends/${t.id}`)}>
            {t.label}
          </button>
        </div>
      ))}
    </>
  )
}
