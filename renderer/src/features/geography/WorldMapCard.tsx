import { useMemo } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import type { ApiState } from '../../api/use-api'
import { useTheme } from '../../app/theme'
import { EChart } from '../../charts/EChart'
import { worldMapOption } from '../../charts/world-map'
import { Card } from '../../components/common'
import { exportFileName } from '../../components/DataTable'
import { ChoiceSelect } from '../../components/Pickers'
import { comparisonOf, EXPLORE_PRESETS, PeriodControl, periodOf, periodWords } from '../../components/PeriodControl'
import { FIGURES, type Figure } from './geography-columns'
import type { GeographyView } from './questions'
import { comparisonPhrase, periodPhrase } from '../../components/period'

/** The feed by country over the period, on a world map coloured by the figure chosen; a country opens its card. */
export function WorldMapCard({ view, setView, figures, figure, onCountry }: { view: GeographyView; setView(patch: Partial<GeographyView>): void; figures: ApiState<RouteResponse<'appCountryFigures'>>; figure: Figure; onCountry(alpha2: string): void }) {
  const { effective: theme } = useTheme()
  const mapOption = useMemo(
    () => (figures.data ? worldMapOption(figures.data.countries.map((c) => ({ ...c, value: FIGURES[figure].of(c) })), FIGURES[figure].words, theme === 'dark') : null),
    [figures.data, figure, theme],
  )
  return (
    <Card
      title="The feed by country"
      extra={
        <ChoiceSelect
          label={<>Colour by </>}
          value={figure}
          onChange={(f) => setView({ figure: f })}
          choices={(Object.keys(FIGURES) as Figure[]).map((f) => ({ value: f, label: FIGURES[f].label }))}
        />
      }
    >
      <div className="filters">
        <PeriodControl value={periodOf(view)} onChange={(p) => setView(p)} presets={EXPLORE_PRESETS} compare={{ value: comparisonOf(view), onChange: (c) => setView(c) }} />
      </div>
      {mapOption ? (
        <EChart
          option={mapOption}
          height={360}
          label={`World map of the markets coloured by ${FIGURES[figure].words}`}
          fileName={exportFileName('world', figure, periodWords(view))}
          report={{ title: `Markets by ${FIGURES[figure].words}`, period: periodPhrase(view), market: 'all markets', comparison: comparisonPhrase(comparisonOf(view)) }}
          onItemClick={(d) => {
            const alpha2 = (d as { alpha2?: string } | undefined)?.alpha2
            if (alpha2) onCountry(alpha2)
          }}
        />
      ) : (
        <p className="muted" aria-busy="true">
          {figures.error ? 'The map could not be drawn.' : 'Loading the figures of each country…'}
        </p>
      )}
    </Card>
  )
}
