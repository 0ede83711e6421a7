import { TreemapChart } from 'echarts/charts'
import { MarkPointComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { useCallback, useMemo, useState } from 'react'
import type { RouteResponse } from '../../../../shared/contract/routes'
import { useTheme } from '../../app/theme'
import { drawnTreemapBoxes, EChart, type EChartProps } from '../../charts/EChart'
import { Card } from '../../components/common'
import { crampedLabels, hierarchyOption } from './treemap'
import type { TrendsView } from './questions'

// the hierarchy's treemap (the line and bar charts are registered with EChart)
echarts.use([TreemapChart, MarkPointComponent])

type Theme = RouteResponse<'appHierarchy'>['themes'][number]

/** The period a view covers, in words: the hierarchy's title says it. */
const periodTitle = (view: TrendsView) =>
  view.period === 'all' ? 'the whole history' : view.period === 'custom' ? `${view.date_from} to ${view.date_to}` : `last ${view.period === '24h' ? '24 hours' : view.period.replace('d', ' days')}`

/** Themes, topics and their largest trends as a treemap, and the topics as chips: a topic filters the list, a trend opens its card. */
export function TopicMap({
  themes,
  view,
  topic,
  onTopic,
  onTrend,
}: {
  themes: Theme[]
  view: TrendsView
  topic: { id: string; label: string } | null
  onTopic(id: string | null): void
  onTrend(id: string): void
}) {
  // the boxes drawn too small for their label (known once the treemap is drawn at its size)
  const [cramped, setCramped] = useState('')
  const { effective: colourTheme } = useTheme()
  const treemap = useMemo(() => hierarchyOption(themes, new Set(cramped.split('\n')), colourTheme), [themes, cramped, colourTheme])
  const onDrawn = useCallback((chart: Parameters<NonNullable<EChartProps['onDrawn']>>[0]) => setCramped(crampedLabels(drawnTreemapBoxes(chart)).join('\n')), [])
  const open = useCallback(
    (data: unknown) => {
      const id = (data as { id?: string } | undefined)?.id
      if (id?.startsWith('trend:')) onTrend(id.slice('trend:'.length))
      else if (id?.startsWith('topic:')) onTopic(id.slice('topic:'.length))
    },
    [onTrend, onTopic],
  )
  const topics = themes.flatMap((t) => t.topics).sort((a, b) => b.n_articles - a.n_articles)
  return (
    <Card title={`Themes and topics, ${periodTitle(view)}`} extra={topic && <button onClick={() => onTopic(null)}>Clear topic: {topic.label} ×</button>}>
      <EChart option={treemap} height={300} onItemClick={open} onDrawn={onDrawn} label="Themes, topics and their largest trends" />
      <div className="chips" aria-label="Topics">
        {topics.map((t) => (
          <button key={t.id} className={`chip topic ${topic?.id === t.id ? 'on' : ''}`} onClick={() => onTopic(t.id)}>
            {t.label} · {t.n_trends}
          </button>
        ))}
      </div>
    </Card>
  )
}
