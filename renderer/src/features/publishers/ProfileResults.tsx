import { useMemo } from 'react'
import { useApi } from '../../api/use-api'
import { Card, ErrorBanner } from '../../components/common'
import { DataTable, exportFileName } from '../../components/DataTable'
import { comparisonBounds, comparisonOf, EXPLORE_PRESETS, PeriodControl, periodBounds, periodOf, periodWords, type PeriodValue } from '../../components/PeriodControl'
import { TotalsStrip } from '../../components/TotalsStrip'
import { useAppStore } from '../../stores/app-store'
import { TrackButton } from '../tracking/TrackButton'
import { profileColumns } from './profile-columns'
import type { Mode, Profile } from './profile-checks'

type PublishersView = PeriodValue & { mode: string; q: string; compare: string; compare_from: string; compare_to: string }

/** One publisher's totals in the period (every article of its domain), against the period compared. */
function PublisherTotals({ domain, bounds, before }: { domain: string; bounds: { date_from?: string; date_to?: string } | null; before: { date_from: string; date_to: string } | null }) {
  const totals = useApi('appArticleTotals', bounds ? { query: { domain, ...bounds, ...(before ? { compare_from: before.date_from, compare_to: before.date_to } : {}) } } : null)
  return <TotalsStrip totals={totals} label={`Totals of ${domain}`} />
}

/** The checked profiles with each publisher's feed figures of the period (and of the period compared); each leads to its articles. */
export function ProfileResults({ profiles, view, setView, mode }: { profiles: Profile[]; view: PublishersView; setView(patch: Partial<PublishersView>): void; mode: Mode }) {
  const navigate = useAppStore((s) => s.navigate)
  const period = periodOf(view)
  const bounds = periodBounds(period)
  const comparison = comparisonOf(view)
  const before = comparisonBounds(period, comparison)
  const checked = profiles.filter((p) => p.ok).map((p) => p.domain)
  const performance = useApi('appPublisherFigures', checked.length > 0 && bounds ? { query: { domains: checked.join(','), ...bounds } } : null)
  const performanceBefore = useApi('appPublisherFigures', checked.length > 0 && before ? { query: { domains: checked.join(','), ...before } } : null)
  const columns = profileColumns(before !== null)
  const results = useMemo(() => {
    const feedOf = new Map((performance.data?.publishers ?? []).map((p) => [p.domain, p]))
    const beforeOf = new Map((performanceBefore.data?.publishers ?? []).map((p) => [p.domain, p.impressions]))
    return profiles.map((p) => ({ ...p, feed: feedOf.get(p.domain), impressionsBefore: beforeOf.get(p.domain) }))
  }, [profiles, performance.data, performanceBefore.data])
  const drillPeriod = `period=${view.period}${view.period === 'custom' ? `&date_from=${view.date_from}&date_to=${view.date_to}` : ''}`
  return (
    <>
      <ErrorBanner message={performance.error} onRetry={performance.reload} />
      <Card title={`${results.length} publisher${results.length === 1 ? '' : 's'}`}>
        <div className="filters">
          <PeriodControl value={period} onChange={(p) => setView(p)} presets={EXPLORE_PRESETS} compare={{ value: comparison, onChange: (c) => setView(c) }} />
          <span className="muted small">Feed figures of the period{performance.loading ? ' (loading…)' : ''}</span>
        </div>
        {mode === 'one' && checked.length === 1 && <PublisherTotals domain={checked[0]!} bounds={bounds} before={before} />}
        <DataTable
          label="Publisher profiles"
          columns={[
            {
              ...columns[0]!,
              cell: (r) => (
                <>
                  <div>{r.title ?? '—'}</div>
                  <div className="mono muted small">{r.domain}</div>
                  <span className="row-actions">
                    <button className="link" onClick={() => navigate(`/articles?domain=${encodeURIComponent(r.domain)}&${drillPeriod}&sort_by=impressions`)}>
                      articles →
                    </button>
                    {r.ok && <TrackButton kind="publisher" itemKey={r.domain} name={r.title ?? r.domain} />}
                  </span>
                </>
              ),
            },
            ...columns.slice(1),
          ]}
          rows={results}
          rowKey={(r) => r.domain}
          loading={performance.loading}
          exportAs={{ fileName: exportFileName('publishers', mode, mode !== 'bulk' && view.q, periodWords(period)) }}
        />
      </Card>
    </>
  )
}
