import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTheme } from '../app/theme'
import { download } from '../components/download'
import { hasSeries, seriesCsv } from './series-csv'
import { withReportBand, type ChartReport } from './report-png'

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
  /** when given, a "Save PNG" button saves the chart under this name */
  fileName?: string
  /** what a saved PNG says above the chart: its title, period, market and comparison (default: the label alone) */
  report?: ChartReport
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
  fileName,
  report,
  onDrawn,
}: EChartProps) {
  const ref = useRef<HTMLDivElement>(null)
  // a theme's change disposes the instance at once and makes the next one a render later: until then
  // the effects below see the disposed one, whose renderer is gone ('on' and 'off' throw), and skip it
  const [chart, setChart] = useState<echarts.ECharts | null>(null)
  const { effective: theme } = useTheme()
  useEffect(() => {
    const element = ref.current
    if (!element) return
    let instance: echarts.ECharts | null = null
    let drawnAt = { width: -1, height: -1 }
    // The chart is made at the size of the observer's first report, which comes after the page's
    // own layout: echarts measuring the element itself forces a layout per chart, and a screen
    // with six charts paid for six. Later reports redraw it only when the size changed.
    const observer = new ResizeObserver(([entry]) => {
      const size = { width: Math.round(entry!.contentRect.width), height: Math.round(entry!.contentRect.height) }
      if (size.width === drawnAt.width && size.height === drawnAt.height) return
      // nothing is drawn in no room: a frame not laid out yet, or hidden while the next screen's
      // code loads (the map's projection fails at size 0); the next report draws it
      if (size.width === 0 || size.height === 0) return
      drawnAt = size
      if (instance) {
        instance.resize(size)
        return
      }
      instance = echarts.init(element, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas', ...size })
      setChart(instance)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      instance?.dispose()
      setChart(null)
    }
  }, [theme])
  // before the option is set: its drawing is reported too
  useEffect(() => {
    if (!chart || chart.isDisposed() || !onDrawn) return
    const handler = () => onDrawn(chart)
    chart.on('finished', handler)
    return () => {
      if (!chart.isDisposed()) chart.off('finished', handler)
    }
  }, [chart, onDrawn])
  useEffect(() => {
    if (chart && !chart.isDisposed()) chart.setOption(theme === 'dark' ? { ...STILL, ...DARK, ...option } : { ...STILL, ...option }, true)
  }, [chart, option, theme])
  useEffect(() => {
    if (!chart || chart.isDisposed() || !onPointClick) return
    const zr = chart.getZr()
    const handler = (event: { offsetX: number; offsetY: number }) => {
      const index = nearestIndex(chart, event.offsetX, event.offsetY)
      if (index !== null && index >= 0) onPointClick(index)
    }
    zr.on('click', handler)
    return () => {
      if (!chart.isDisposed()) zr.off('click', handler)
    }
  }, [chart, onPointClick])
  useEffect(() => {
    if (!chart || chart.isDisposed() || !onItemClick) return
    const handler = (params: { data?: unknown }) => onItemClick(params.data)
    chart.on('click', handler)
    return () => {
      if (!chart.isDisposed()) chart.off('click', handler)
    }
  }, [chart, onItemClick])
  /** the chart's series, a line per point (a spreadsheet draws them again); none for a map or a treemap */
  const csv = useMemo(() => fileName !== undefined && hasSeries(option), [fileName, option])
  // written when asked, not at every drawing
  function saveCsv() {
    const text = fileName ? seriesCsv(option) : null
    if (text && fileName) download(`${fileName}.csv`, text)
  }
  async function savePng() {
    if (!chart || !fileName) return
    const dark = theme === 'dark'
    const background = dark ? '#161b26' : '#ffffff'
    const plain = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background })
    const described = report ?? { title: label ?? fileName, period: 'as shown', market: 'as shown' }
    const url = await withReportBand(plain, described, { background, text: dark ? '#e6e9ef' : '#1b2230', muted: dark ? '#9aa3b2' : '#5b6578' }, 2).catch(() => plain)
    const a = document.createElement('a')
    a.href = url
    a.download = `${fileName}.png`
    a.click()
  }
  return (
    <div className="chart-frame">
      {fileName && (
        <span className="chart-save">
          {csv && (
            <>
              <button type="button" className="link" onClick={saveCsv} aria-label={`Save ${label ?? 'the chart'}'s series as CSV`}>
                CSV
              </button>{' '}
            </>
          )}
          <button type="button" className="link" onClick={() => void savePng()} aria-label={`Save ${label ?? 'the chart'} as PNG`}>
            Save PNG
          </button>
        </span>
      )}
      <div ref={ref} className="chart" style={{ height }} role={label ? 'img' : undefined} aria-label={label} />
    </div>
  )
}

/**
 * The place of a chart whose data are still loading: the chart's height and a sentence, so the
 * page does not jump and no empty chart is drawn first only to be drawn again.
 */
export function ChartLoading({ height = 280, children }: { height?: number; children: ReactNode }) {
  return (
    <div className="chart chart-loading muted small" style={{ height }} aria-busy="true">
      {children}
    </div>
  )
}
