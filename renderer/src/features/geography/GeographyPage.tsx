import { useState } from 'react'
import { geoWindows } from '../../../../shared/contract/values'
import { useApi } from '../../api/use-api'
import { Card, EmptyState, ErrorBanner, formatNumber, formatTime, PageHeader } from '../../components/common'

/** Geography: markets with stats, where an entity is active, a country's cities, languages. */
export function GeographyPage() {
  const [entity, setEntity] = useState('')
  const [query, setQuery] = useState<{ entity: string; window: string; entity_only: boolean }>({ entity: '', window: '24h', entity_only: false })
  const [selected, setSelected] = useState<string | null>(null)
  const [activeCities, setActiveCities] = useState(false)
  const regions = useApi('listRegions', { query: { with_stats: true, ...(query.entity ? query : {}) } })
  const languages = useApi('listLanguages', { query: { with_article_counts: true } })
  const region = useApi('getRegion', selected ? { params: { alpha_2: selected } } : null)
  const cities = useApi('listRegionCities', selected ? { params: { alpha_2: selected }, query: { active_only: activeCities } } : null)
  const withEntity = Boolean(query.entity)
  return (
    <div className="page">
      <PageHeader title="Geography" subtitle="Countries, cities and languages of the feed" />
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault()
          setQuery({ ...query, entity: entity.trim() })
        }}
      >
        <label className="grow">
          Entity activity
          <input value={entity} onChange={(e) => setEntity(e.target.value)} placeholder="an entity name or knowledge-graph id, e.g. /m/0..." />
        </label>
        <label>
          Window
          <select value={query.window} onChange={(e) => setQuery({ ...query, window: e.target.value })}>
            {geoWindows.map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={query.entity_only} onChange={(e) => setQuery({ ...query, entity_only: e.target.checked })} />
          Only where it occurred
        </label>
        <button className="primary" type="submit">
          Show
        </button>
      </form>
      <ErrorBanner message={regions.error ?? languages.error} />
      <div className="split">
        <Card title="Regions">
          {regions.data && regions.data.total === 0 ? (
            <EmptyState title="No regions">{withEntity ? 'The entity did not occur in this window.' : 'Regions arrive with the demo world or an import.'}</EmptyState>
          ) : (
            <table className="table clickable" aria-label="Regions">
              <thead>
                <tr>
                  <th>Country</th>
                  <th>Languages</th>
                  <th className="num">Cities</th>
                  <th className="num">Profiles</th>
                  <th className="num">Population</th>
                  {withEntity && <th className="num">Publications</th>}
                  {withEntity && <th className="num">Impressions</th>}
                </tr>
              </thead>
              <tbody>
                {(regions.data?.regions ?? []).map((r) => (
                  <tr key={r.alpha_2} onClick={() => setSelected(r.alpha_2)} className={selected === r.alpha_2 ? 'selected' : ''}>
                    <td>
                      {r.name} <span className="muted">{r.alpha_2}</span> {!r.is_active && <span className="badge">no data</span>}
                    </td>
                    <td>{r.languages.join(', ')}</td>
                    <td className="num">{formatNumber(r.cities_count)}</td>
                    <td className="num">{formatNumber(r.profiles_count)}</td>
                    <td className="num">{formatNumber(r.stats?.population)}</td>
                    {withEntity && <td className="num">{formatNumber(r.entity_publications)}</td>}
                    {withEntity && <td className="num">{formatNumber(r.entity_impressions)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        {selected && region.data && (
          <Card
            title={`${region.data.name} (${region.data.alpha_3})`}
            extra={
              <label className="checkbox">
                <input type="checkbox" checked={activeCities} onChange={(e) => setActiveCities(e.target.checked)} />
                active only
              </label>
            }
          >
            <p className="muted">First data: {formatTime(region.data.first_data_at)} (local offset)</p>
            <div className="scroll">
              <table className="table" aria-label="Cities">
                <thead>
                  <tr>
                    <th>City</th>
                    <th>Active</th>
                  </tr>
                </thead>
                <tbody>
                  {(cities.data?.cities ?? []).slice(0, 500).map((c) => (
                    <tr key={c.id}>
                      <td>{c.name}</td>
                      <td>{c.is_active ? 'yes' : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {(cities.data?.cities.length ?? 0) > 500 && <p className="muted">First 500 of {cities.data!.cities.length} cities.</p>}
          </Card>
        )}
      </div>
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
  )
}
