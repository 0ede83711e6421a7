import type { RouteResponse } from '../../../../shared/contract/routes'

export type Hierarchy = RouteResponse<'appHierarchy'>['themes']

/** A box narrower than this holds no readable label (echarts would cut "Quill-Tamsin Case" to "Q"). */
export const MIN_LABEL_WIDTH = 32
/** A trend's box lower than this holds no line of its 10 px label. */
const MIN_LABEL_HEIGHT = 14
/** A theme's or topic's header is 18 px; below this height it would leave its content a sliver. */
const UPPER_LABEL_HEIGHT = 18
const MIN_HEADED_HEIGHT = UPPER_LABEL_HEIGHT + 12

/** One box as echarts drew it: its node's id, whether it has boxes inside (and so a header), its size in pixels. */
export interface DrawnBox {
  id: string
  parent: boolean
  width: number
  height: number
}

/**
 * The ids of the boxes whose label does not fit: a trend's name, or a theme's or topic's header
 * (whose box then gives its content the whole height instead of a sliver under the header). The
 * tooltip still names every box. Hiding a header only enlarges the boxes inside it, so drawing
 * again with these hidden settles after at most one pass per level.
 */
export function crampedLabels(boxes: readonly DrawnBox[]): string[] {
  return boxes
    .filter((b) => b.width > 0 && (b.width < MIN_LABEL_WIDTH || b.height < (b.parent ? MIN_HEADED_HEIGHT : MIN_LABEL_HEIGHT)))
    .map((b) => b.id)
}

/**
 * Themes > topics > their largest trends; a trend leaf opens the trend, a topic filters the list.
 * A theme of one topic is drawn as that topic (two headers over one box left the box a sliver).
 * `hidden` names the boxes drawn without a label (see crampedLabels).
 */
/** The card's colours (the page's --panel and --text) in each theme: the treemap's gaps and headers are drawn in them. */
const SURFACES = { light: { panel: '#ffffff', text: '#1d2330' }, dark: { panel: '#161b26', text: '#e2e7f0' } } as const

export function hierarchyOption(themes: Hierarchy, hidden: ReadonlySet<string> = new Set(), theme: 'light' | 'dark' = 'light') {
  const { panel, text } = SURFACES[theme]
  const trendNode = (tr: Hierarchy[number]['topics'][number]['trends'][number]) => {
    const id = `trend:${tr.id}`
    // the trends' style is set on them, not by level: a folded theme puts them a level higher
    return { name: tr.label, value: tr.article_count, id, label: { show: !hidden.has(id), fontSize: 10 }, itemStyle: { borderColor: 'rgba(255,255,255,0.6)' } }
  }
  const header = (id: string) => (hidden.has(id) ? { upperLabel: { show: false } } : {})
  return {
    tooltip: { formatter: (p: { name: string; value: number }) => `${p.name}: ${p.value} articles` },
    series: [
      {
        type: 'treemap',
        // the treemap reads its own switch: the option's animation: false left each redraw
        // (labels hidden once the boxes are known) moving its boxes for 0.9 s
        animation: false,
        top: 0,
        left: 0,
        right: 0,
        bottom: 0,
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        label: { show: true, formatter: '{b}', overflow: 'truncate', ellipsis: '…' },
        upperLabel: { show: true, height: UPPER_LABEL_HEIGHT, overflow: 'truncate', ellipsis: '…', color: text, textBorderWidth: 0 },
        // levels[0] is the root echarts adds above the themes
        levels: [
          { itemStyle: { borderColor: panel, borderWidth: 0 }, upperLabel: { show: false } },
          { itemStyle: { borderColor: panel, borderWidth: 2, gapWidth: 2 } },
          // a topic too small to hold its own label and a row of trends is drawn whole, its trends not split out
          { itemStyle: { borderColor: panel, borderWidth: 1, gapWidth: 1 }, childrenVisibleMin: 2400 },
          { itemStyle: { borderWidth: 1, gapWidth: 0 } },
        ],
        data: themes.map((t) => {
          const only = t.topics.length === 1 ? t.topics[0]! : null
          if (only) {
            // the theme's box is its one topic's: a click on it filters the topic
            const id = `topic:${only.id}`
            const name = only.label === t.label ? t.label : `${t.label} · ${only.label}`
            return { name, value: only.n_articles, id, ...header(id), children: only.trends.map(trendNode) }
          }
          const id = `theme:${t.id}`
          return {
            name: t.label,
            value: t.n_articles,
            id,
            ...header(id),
            // each topic is filled by its largest trends (their areas relative to one another)
            children: t.topics.map((tp) => {
              const topicId = `topic:${tp.id}`
              return { name: tp.label, value: tp.n_articles, id: topicId, ...header(topicId), children: tp.trends.map(trendNode) }
            }),
          }
        }),
      },
    ],
  }
}
