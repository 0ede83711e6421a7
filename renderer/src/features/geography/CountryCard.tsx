import type { RouteResponse } from '../../../../shared/contract/routes'
import { useApi, type ApiState } from '../../api/use-api'
import { Card, ErrorBanner, formatTime } from '../../components/common'
import { DataTable, exportFileName } from '../../components/DataTable'
import { cityColumns } from './geography-columns'
import { geographyQuestions, type GeographyView } from './questions'

/** The chosen country: when its data begins, and its cities (the active ones only, if asked). */
export function CountryCard({ alpha2, region, view, setView }: { alpha2: string; region: ApiState<RouteResponse<'getRegion'>>; view: GeographyView; setView(patch: Partial<GeographyView>): void }) {
  const cities = useApi('listRegionCities', geographyQuestions.cities(alpha2, view).options)
  const activeCities = view.active_cities === 'true'
  if (region.error) {
    return (
      <Card title="Country">
        <ErrorBanner message={region.notFound ? `There is no country ${alpha2} in this store.` : region.error} onRetry={region.notFound ? undefined : region.reload} />
      </Card>
    )
  }
  if (!region.data) return null
  return (
    <Card
      title={`${region.data.name} (${region.data.alpha_3})`}
      extra={
        <label className="checkbox">
          <input type="checkbox" checked={activeCities} onChange={(e) => setView({ active_cities: e.target.checked ? 'true' : '' })} />
          active only
        </label>
      }
    >
      <p className="muted">First data: {formatTime(region.data.first_data_at)} (local offset)</p>
      <div className="scroll">
        <DataTable
          label="Cities"
          columns={cityColumns}
          rows={cities.data?.cities ?? []}
          rowKey={(c) => String(c.id)}
          loading={cities.loading}
          maxRows={500}
          exportAs={{ fileName: exportFileName('cities', alpha2, activeCities && 'active') }}
        />
      </div>
    </Card>
  )
}
