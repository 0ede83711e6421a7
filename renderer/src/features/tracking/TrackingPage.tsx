import { listKinds } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, formatTime, PageHeader } from '../../components/common'

/** Tracking: the project's lists with the usage badges the API reports. */
export function TrackingPage() {
  const lists = useApi('listTrackingLists', { query: { limit: 200 } })
  return (
    <div className="page">
      <PageHeader title="Tracking" subtitle="Entities, categories, publishers, trends and keywords you follow" />
      <ErrorBanner message={lists.error} />
      <div className="badges-row" aria-label="Usage">
        {listKinds.map((kind) => {
          const u = lists.data?.usage[kind]
          return (
            <div key={kind} className="usage-badge">
              <span className="kind">{kind}</span>
              <span className="count">
                {u ? u.used : '—'}
                {u?.limit !== null && u?.limit !== undefined ? ` / ${u.limit}` : ''}
              </span>
            </div>
          )
        })}
      </div>
      <Card title="Lists">
        {lists.data && lists.data.total === 0 ? (
          <EmptyState title="No lists yet">Lists of each kind appear here with their metrics.</EmptyState>
        ) : (
          <table className="table" aria-label="Tracking lists">
            <thead>
              <tr>
                <th>Name</th>
                <th>Kind</th>
                <th className="num">Items</th>
                <th>Updated</th>
              </tr>
            </thead>
            <tbody>
              {(lists.data?.lists ?? []).map((l) => (
                <tr key={l.id}>
                  <td>
                    <span className={`swatch c${l.color_index % 8}`} /> {l.name}
                  </td>
                  <td>{l.kind}</td>
                  <td className="num">{l.item_count}</td>
                  <td>{formatTime(l.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  )
}
