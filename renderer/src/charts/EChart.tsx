import { BarChart, LineChart, ScatterChart, TreemapChart } from 'echarts/charts'
import { DataZoomComponent, GridComponent, LegendComponent, MarkPointComponent, TooltipComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'
import { useEffect, useRef } from 'react'

echarts.use([
  LineChart,
  BarChart,
  ScatterChart,
  TreemapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkPointComponent,
  DataZoomComponent,
  CanvasRenderer,
])

export type ChartOption = echarts.EChartsCoreOption

/** One echarts instance bound to a div; resizes with it and is disposed with the component. */
export function EChart({
  option,
  height = 280,
  onPointClick,
  onItemClick,
  label,
  busy = false,
}: {
  option: ChartOption
  height?: number
  onPointClick?: (dataIndex: number) => void
  /** the clicked item's data object (e.g. a treemap node with its id) */
  onItemClick?: (data: unknown) => void
  label?: string
  /** what it shows is still loading (aria-busy) */
  busy?: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  const chart = useRef<echarts.ECharts | null>(null)
  useEffect(() => {
    if (!ref.current) return
    const instance = echarts.init(ref.current, undefined, { renderer: 'canvas' })
    chart.current = instance
    const observer = new ResizeObserver(() => instance.resize())
    observer.observe(ref.current)
    return () => {
      observer.disconnect()
      instance.dispose()
      chart.current = null
    }
  }, [])
  useEffect(() => {
    chart.current?.setOption(option, true)
  }, [option])
  useEffect(() => {
    const instance = chart.current
    if (!instance || !onPointClick) return
    const handler = (params: { dataIndex: number }) => onPointClick(params.dataIndex)
    instance.on('click', handler)
    return () => {
      instance.off('click', handler)
    }
  }, [onPointClick])
  useEffect(() => {
    const instance = chart.current
    if (!instance || !onItemClick) return
    const handler = (params: { data?: unknown }) => onItemClick(params.data)
    instance.on('click', handler)
    return () => {
      instance.off('click', handler)
    }
  }, [onItemClick])
  return <div ref={ref} className="chart" style={{ height }} role={label ? 'img' : undefined} aria-label={label} aria-busy={busy} />
}
