import { useMemo } from 'react'
import { call } from '../../api/client'
import { useLoaded } from '../../api/use-api'
import { EChart } from '../../charts/EChart'
import { Card } from '../../components/common'
import { exportFileName } from '../../components/DataTable'
import { comparisonOption } from './trend-charts'

/** Trends drawn together in a comparison, at most (as Google Trends compares five terms). */
export const MAX_COMPARED = 5

/** Two to five trends drawn together; each can be taken out, or opened. */
export function Comparison({ ids, onChange, onOpen }: { ids: string[]; onChange(ids: string[]): void; onOpen(id: string): void }) {
  // a trend that no longer exists is left out of the chart (and said so beside it)
  const loaded = useLoaded(ids.join(','), async () => ({
    found: (await Promise.allSettled(ids.map((id) => call('getTrend', { params: { trend_id: id } })))).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
  }))
  const current = loaded.data
  const option = useMemo(() => (current && current.found.length > 0 ? comparisonOption(current.found) : null), [current])
  return (
    <Card title="Comparison" extra={<button type="button" onClick={() => onChange([])}>Clear the comparison</button>}>
      <div className="links" aria-label="Compared trends">
        {ids.map((id) => {
          const card = current?.found.find((c) => c.id === id)
          const label = card?.label ?? (current ? 'This trend no longer exists' : 'Loading…')
          return (
            <span key={id} className="chip">
              {card ? (
                <button type="button" className="link" onClick={() => onOpen(id)}>
                  {label}
                </button>
              ) : (
                label
              )}
              <button type="button" className="link" aria-label={`Take ${card?.label ?? 'it'} out of the comparison`} onClick={() => onChange(ids.filter((x) => x !== id))}>
                ×
              </button>
            </span>
          )
        })}
      </div>
      {ids.length === 1 && <p className="muted small">Open another trend and choose Compare to draw it beside this one (up to {MAX_COMPARED}).</p>}
      {option ? (
        <EChart option={option} height={260} label={`Articles per day of ${current!.found.map((c) => c.label).join(', ')}`} fileName={exportFileName('comparison', ...current!.found.map((c) => c.label))} report={{ title: `Articles per day: ${current!.found.map((c) => c.label).join(' vs ')}`, period: 'each trend\'s life', market: 'all markets', comparison: null }} />
      ) : (
        !current && <p className="muted" aria-busy="true">Loading the compared trends…</p>
      )}
    </Card>
  )
}
