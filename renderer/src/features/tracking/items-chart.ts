/** Rows drawn together on the list's chart, at most. */
export const ITEMS_DRAWN = 5

/**
 * The impressions of a list's items over the window on one chart: each row's sparkline (equal
 * parts of the window, as the API folds them) as a line, each point labelled by its part's start.
 */
export function itemsOverlayOption(rows: ReadonlyArray<{ name: string; impressions_spark: number[] }>, from: string, to: string) {
  const drawn = rows.slice(0, ITEMS_DRAWN)
  const points = Math.max(0, ...drawn.map((r) => r.impressions_spark.length))
  const start = Date.parse(from)
  const step = points > 0 ? (Date.parse(to) - start) / points : 0
  const labels = Array.from({ length: points }, (_, i) => new Date(start + i * step).toISOString().slice(0, 16).replace('T', ' '))
  return {
    grid: { left: 64, right: 16, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value' },
    series: drawn.map((r) => ({ name: r.name, type: 'line', smooth: false, symbolSize: 4, data: r.impressions_spark })),
  }
}
