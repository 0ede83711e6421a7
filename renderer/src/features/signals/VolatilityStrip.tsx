import { useEffect, useRef, useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { earlierStripPath, nearestStripIndex, pointLabel, spacedLabels, SPIKE_LEVEL, spikePeaks, stripPath, stripX, stripY, type StripPlot } from './volatility-chart'

type Point = RouteResponse<'getVolatility'>['series'][number]

const HEIGHT = 110
/** the least room between two spike values' centres (a value is up to four characters of 10 px) */
const LABEL_GAP = 26
/** room for the 0 / 5 / 10 labels on the left and the spike values above */
const MARGIN = { left: 20, right: 6, top: 12, bottom: 8 }

/**
 * A format group's volatility as a small SVG strip: the line, the spike level, the spike peaks
 * and the selected point. Five of them sit side by side, so each is drawn by the page itself
 * rather than by a charting instance of its own (five canvases cost a slow laptop ~0.2 s).
 * A click anywhere over it selects the point nearest in x; hovering reads the point out.
 */
export function VolatilityStrip({ series, selectedIndex, label, onSelect, earlier = null }: { series: readonly Point[]; selectedIndex: number; label: string; onSelect(index: number): void; earlier?: ReadonlyArray<number | null> | null }) {
  const ref = useRef<SVGSVGElement>(null)
  const [width, setWidth] = useState(0)
  const [hovered, setHovered] = useState<number | null>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const plot: StripPlot = { left: MARGIN.left, top: MARGIN.top, width: Math.max(1, width - MARGIN.left - MARGIN.right), height: HEIGHT - MARGIN.top - MARGIN.bottom }
  const values = series.map((p) => p.volatility_index)
  const indexAt = (event: React.MouseEvent<SVGSVGElement>) => nearestStripIndex(plot, event.clientX - event.currentTarget.getBoundingClientRect().left, series.length)
  const readout = hovered ?? (selectedIndex >= 0 ? selectedIndex : null)
  // spike values that would overlap (3-hour points a few pixels apart): the highest keeps its label, hovering reads the others
  const labelled = new Set(spacedLabels(spikePeaks(series), (i) => stripX(plot, i, values.length), (i) => values[i] ?? 0, LABEL_GAP))
  return (
    <>
      <div className="strip-readout muted small" aria-live="polite">
        {readout !== null && series[readout] ? `${pointLabel(series[readout]!)}: ${series[readout]!.volatility_index}` : ''}
      </div>
      <svg
        ref={ref}
        className="strip"
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={label}
        onClick={(e) => onSelect(indexAt(e))}
        onMouseMove={(e) => setHovered(indexAt(e))}
        onMouseLeave={() => setHovered(null)}
      >
        {width > 0 && (
          <>
            {[0, 5, 10].map((v) => (
              <g key={v}>
                <line className="strip-grid" x1={plot.left} x2={plot.left + plot.width} y1={stripY(plot, v)} y2={stripY(plot, v)} />
                <text className="strip-axis" x={plot.left - 4} y={stripY(plot, v) + 3} textAnchor="end">
                  {v}
                </text>
              </g>
            ))}
            <line className="strip-level" x1={plot.left} x2={plot.left + plot.width} y1={stripY(plot, SPIKE_LEVEL)} y2={stripY(plot, SPIKE_LEVEL)} />
            {earlier && <path className="strip-earlier" d={earlierStripPath(plot, earlier, values.length)} />}
            <path className="strip-line" d={stripPath(plot, values)} />
            {hovered !== null && <line className="strip-hover" x1={stripX(plot, hovered, values.length)} x2={stripX(plot, hovered, values.length)} y1={plot.top} y2={plot.top + plot.height} />}
            {selectedIndex >= 0 && selectedIndex < values.length && (
              <g className="strip-selected" data-index={selectedIndex}>
                <line x1={stripX(plot, selectedIndex, values.length)} x2={stripX(plot, selectedIndex, values.length)} y1={plot.top} y2={plot.top + plot.height} />
                <circle cx={stripX(plot, selectedIndex, values.length)} cy={stripY(plot, values[selectedIndex]!)} r={3.5} />
              </g>
            )}
            {spikePeaks(series).map((i) => (
              <g key={i} className="strip-spike">
                <circle cx={stripX(plot, i, values.length)} cy={stripY(plot, values[i]!)} r={3} />
                {labelled.has(i) && (
                  <text x={stripX(plot, i, values.length)} y={stripY(plot, values[i]!) - 5} textAnchor="middle">
                    {values[i]}
                  </text>
                )}
              </g>
            ))}
          </>
        )}
      </svg>
    </>
  )
}
