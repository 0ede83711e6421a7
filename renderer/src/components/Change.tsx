import { changePct } from './period'
import type { Column } from './table-data'

/** A change in percent with its direction: ▲ up, ▼ down, — when there was nothing to compare with. */
export function Change({ pct }: { pct: number | null | undefined }) {
  if (pct === null || pct === undefined) return <span className="muted">—</span>
  const dir = pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat'
  return (
    <span className={`delta ${dir}`} aria-label={`${dir} ${Math.abs(pct)} percent`}>
      {dir === 'up' ? '▲' : dir === 'down' ? '▼' : '■'} {`${pct > 0 ? '+' : ''}${pct.toFixed(1)} %`}
    </span>
  )
}

/** The column of a figure's change against the period before (shown while comparing). */
export function changeColumn<Row>(now: (r: Row) => number | undefined, before: (r: Row) => number | undefined, visible: boolean): Column<Row> {
  const pct = (r: Row) => {
    const value = now(r)
    return value === undefined ? null : changePct(value, before(r))
  }
  return {
    id: 'impressions_change_pct',
    header: 'Δ',
    title: 'change of impressions against the period of the same length before',
    numeric: true,
    visible,
    value: pct,
    cell: (r) => <Change pct={pct(r)} />,
  }
}
