/** A small inline line of at most 24 points (the metrics' sparklines); an SVG, cheap for a table of 200 rows. */
export function Sparkline({ values, width = 96, height = 24, label }: { values: number[]; width?: number; height?: number; label?: string }) {
  if (values.length === 0) return null
  const max = Math.max(1, ...values)
  const step = values.length > 1 ? width / (values.length - 1) : 0
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`).join(' ')
  return (
    <svg className="sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label ?? `trend of ${values.length} points`}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  )
}
