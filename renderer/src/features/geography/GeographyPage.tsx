import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, formatNumber, PageHeader } from '../../components/common'

/** Geography: the markets of the store with their languages and activity. */
export function GeographyPage() {
  const regions = useApi('listRegions', { query: { with_stats: true } })
  const languages = useApi('listLanguages', { query: { with_article_counts: true } })
  return (
    <div className="page">
      <PageHeader title="Geography" subtitle="Countries, cities and languages of the feed" />
      <ErrorBanner message={regions.error ?? languages.error} />
      <div className="grid-2">
        <Card title="Regions">
          {regions.data && regions.data.total === 0 ? (
            <EmptyState title="No regions yet">Regions arrive with the demo world or an import.</EmptyState>
          ) : (
            <table className="table" aria-label="Regions">
              <thead>
                <tr>
                  <th>Country</th>
                  <th>Languages</th>
                  <th className="num">Cities</th>
                  <th className="num">Population</th>
                  <th>Active</th>
                </tr>
              </thead>
              <tbody>
                {(regions.data?.regions ?? []).map((r) => (
                  <tr key={r.alpha_2}>
                    <td>
                      {r.name} <span className="muted">{r.alpha_2}</span>
                    </td>
                    <td>{r.languages.join(', ')}</td>
                    <td className="num">{r.cities_count}</td>
                    <td className="num">{formatNumber(r.stats?.population)}</td>
                    <td>{r.is_active ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        <Card title="Languages">
          <table className="table" aria-label="Languages">
            <thead>
              <tr>
                <th>Language</th>
                <th>Countries</th>
                <th className="num">Articles</th>
              </tr>
            </thead>
            <tbody>
              {(languages.data?.languages ?? []).map((l) => (
                <tr key={l.code}>
                  <td>
                    {l.name} <span className="muted">{l.code}</span>
                  </td>
                  <td>{l.regions.join(', ')}</td>
                  <td className="num">{formatNumber(l.article_count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </div>
  )
}
