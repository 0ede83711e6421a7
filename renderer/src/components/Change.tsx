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
