import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'
import { useTheme } from '../app/theme'

// What every screen's charts use is registered here; a screen registers its own extras where it
// builds their options (the treemap, the world map, zoom and marks), so that a page opened as a
// link parses only its own. A part left out is silently not drawn.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer])

export type ChartOption = echarts.EChartsCoreOption

/** Colours of the dark theme: the page's panel and text, so a chart sits in it. */
const DARK = { backgroundColor: 'transparent', textStyle: { color: '#cfd6e4' } }

/**
 * Charts are drawn at once, without echarts' growing animation: an analyst reads the figures,
 * and on a slow laptop the animation's second of redrawing held the window busy.
 */
const STILL = { animation: false }

/**
 * The nearest data index to a click in x: a click anywhere over the plot selects the point
 * under it (echarts' own click fires only on the symbol itself).
 */
function nearestIndex(instance: echarts.ECharts, offsetX: number, offsetY: number): number | null {
  if (!instance.containPixel('grid', [offsetX, offsetY])) return null
  const value = instance.convertFromPixel({ seriesIndex: 0 }, [offsetX, offsetY]) as number[] | number | undefined
  const x = Array.isArray(value) ? value[0] : value
  return typeof x === 'number' && Number.isFinite(x) ? Math.round(x) : null
}

/** A box of a drawn treemap: its node's id, whether it has children, its size in pixels. */
type TreemapBox = { id: string; parent: boolean; width: number; height: number }

/** The boxes of a drawn treemap (the chart's first series). */
export function drawnTreemapBoxes(chart: echarts.ECharts): TreemapBox[] {
  // getModel is echarts' own (not in its typings' public face); the layout is what the treemap drew
  const model = (chart as unknown as { getModel(): { getSeriesByIndex(i: number): { getData(): TreeData } | undefined } }).getModel()
  const data = model.getSeriesByIndex(0)?.getData()
  if (!data) return []
  const boxes: TreemapBox[] = []
  for (let i = 0; i < data.count(); i++) {
    const item = data.getRawDataItem(i) as { id?: string; children?: unknown[] } | undefined
    const layout = data.getItemLayout(i) as { width?: number; height?: number } | undefined
    if (item?.id && layout) boxes.push({ id: item.id, parent: (item.children?.length ?? 0) > 0, width: layout.width ?? 0, height: layout.height ?? 0 })
  }
  return boxes
}

interface TreeData {
  count(): number
  getRawDataItem(i: number): unknown
  getItemLayout(i: number): unknown
}

export interface EChartProps {
  option: ChartOption
  height?: number
  /** a click over the plot: the index of the nearest point in x */
  onPointClick?: (dataIndex: number) => void
  /** the clicked item's data object (e.g. a treemap node with its id) */
  onItemClick?: (data: unknown) => void
  label?: string
  /** what it shows is still loading (aria-busy) */
  busy?: boolean
  /** when given, a "Save PNG" button saves the chart under this name */
  fileName?: string
  /** called each time the chart is drawn (its option set, or resized) */
  onDrawn?: (chart: echarts.ECharts) => void
}

/** One echarts instance bound to a div; resizes with it, follows the theme, saves a PNG, and is disposed with the component. */
export function EChart({
  option,
  height = 280,
  onPointClick,
  onItemClick,
  label,
  busy = false,
  fileName,
  onDrawn,
}: EChartProps) {
  const ref = useRef<HTMLDivElement>(null)
  const chart = useRef<echarts.ECharts | null>(null)
  const { effective: theme } = useTheme()
  useEffect(() => {
    if (!ref.current) return
    const instance = echarts.init(ref.current, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' })
    chart.current = instance
    // the observer also reports the size the chart was drawn at: only a change redraws it
    let drawnAt = { width: ref.current.clientWidth, height: ref.current.clientHeight }
    const observer = new ResizeObserver(([entry]) => {
      const size = { width: Math.round(entry!.contentRect.width), height: Math.round(entry!.contentRect.height) }
      if (size.width === drawnAt.width && size.height === drawnAt.height) return
      drawnAt = size
      instance.resize()
    })
    observer.observe(ref.current)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [theme])
  // before the option is set: its drawing is reported too
  useEffect(() => {
    const instance = chart.current
    if (!instance || !onDrawn) return
    const handler = () => onDrawn(instance)
    instance.on('finished', handler)
    return () => {
      instance.off('finished', handler)
    }
  }, [onDrawn, theme])
  useEffect(() => {
    chart.current?.setOption(theme === 'dark' ? { ...STILL, ...DARK, ...option } : { ...STILL, ...option }, true)
  }, [option, theme])
  useEffect(() => {
    const instance = chart.current
    if (!instance || !onPointClick) return
    const zr = instance.getZr()
    const handler = (event: { offsetX: number; offsetY: number }) => {
      const index = nearestIndex(instance, event.offsetX, event.offsetY)
      if (index !== null && index >= 0) onPointClick(index)
    }
    zr.on('click', handler)
    return () => {
      zr.off('click', handler)
    }
  }, [onPointClick, theme])
  useEffect(() => {
    const instance = chart.current
    if (!instance || !onItemClick) return
    const handler = (params: { data?: unknown }) => onItemClick(params.data)
    instance.on('click', handler)
    return () => {
      instance.off('click', handler)
    }
  }, [onItemClick, theme])
  function savePng() {
    const instance = chart.current
    if (!instance || !fileName) return
    const url = instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: theme === 'dark' ? '#161b26' : '#ffffff' })
    const a = document.createElement('a')
    a.href = url
    a.download = `${fileName}.png`
    a.click()
  }
  return (
    <div className="chart-frame">
      {fileName && (
        <button type="button" className="link chart-save" onClick={savePng} aria-label={`Save ${label ?? 'the chart'} as PNG`}>
          Save PNG
        </button>
      )}
      <div ref={ref} className="chart" style={{ height }} role={label ? 'img' : undefined} aria-label={label} aria-busy={busy} />
    </div>
  )
}
