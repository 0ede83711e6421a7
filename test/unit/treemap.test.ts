import { describe, expect, it } from 'vitest'
import { crampedLabels, hierarchyOption, MIN_LABEL_WIDTH, type Hierarchy } from '../../renderer/src/features/trends/treemap'

const uuid = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const trend = (n: number, label: string, article_count: number) => ({ id: uuid(n), label, article_count })
const node = (n: number, label: string, n_articles: number) => ({ id: uuid(n), label, label_ru: label, n_trends: 1, n_articles })

const themes: Hierarchy = [
  { ...node(1, 'Business', 30), topics: [{ ...node(2, 'Economy', 20), trends: [trend(10, 'Rate cut', 12), trend(11, 'Tariffs', 8)] }, { ...node(3, 'Jobs', 10), trends: [trend(12, 'Strike', 10)] }] },
  { ...node(4, 'Weather', 4), topics: [{ ...node(5, 'Storms', 4), trends: [trend(13, 'Storm Ada', 4)] }] },
]

type Item = { name: string; id: string; value: number; label?: { show: boolean }; upperLabel?: { show: boolean }; children?: Item[] }
const data = (option: ReturnType<typeof hierarchyOption>) => option.series[0]!.data as unknown as Item[]

describe('the trends treemap', () => {
  it('names the boxes whose label does not fit: narrow trends, and headers that would leave their content a sliver', () => {
    expect(
      crampedLabels([
        { id: 'trend:wide', parent: false, width: 80, height: 20 },
        { id: 'trend:narrow', parent: false, width: MIN_LABEL_WIDTH - 1, height: 60 },
        { id: 'trend:flat', parent: false, width: 80, height: 12 },
        { id: 'topic:roomy', parent: true, width: 120, height: 60 },
        { id: 'topic:sliver', parent: true, width: 120, height: 22 },
        // a box echarts did not draw (inside a topic drawn whole) has no label to hide
        { id: 'trend:undrawn', parent: false, width: 0, height: 0 },
      ]),
    ).toEqual(['trend:narrow', 'trend:flat', 'topic:sliver'])
  })

  it('draws themes > topics > trends, with the named boxes\' labels hidden', () => {
    const items = data(hierarchyOption(themes, new Set([`trend:${uuid(11)}`, `topic:${uuid(3)}`])))
    const business = items[0]!
    expect(business).toMatchObject({ name: 'Business', id: `theme:${uuid(1)}`, value: 30 })
    expect(business.children!.map((t) => [t.name, t.upperLabel?.show ?? true])).toEqual([['Economy', true], ['Jobs', false]])
    expect(business.children![0]!.children!.map((t) => [t.name, t.id, t.label!.show])).toEqual([
      ['Rate cut', `trend:${uuid(10)}`, true],
      ['Tariffs', `trend:${uuid(11)}`, false],
    ])
  })

  it('draws a theme of one topic as that topic (a click filters it), not two headers over a sliver', () => {
    const weather = data(hierarchyOption(themes))[1]!
    expect(weather).toMatchObject({ name: 'Weather · Storms', id: `topic:${uuid(5)}`, value: 4 })
    expect(weather.children!.map((t) => t.name)).toEqual(['Storm Ada'])
  })

  it('draws its gaps and headers in the card\'s colours of the theme', () => {
    const levels = (theme: 'light' | 'dark') => JSON.stringify(hierarchyOption(themes, new Set(), theme).series[0]!.levels)
    expect(levels('light')).toContain('#ffffff')
    expect(levels('dark')).toContain('#161b26')
    expect(levels('dark')).not.toContain('#ffffff')
  })

  it('redraws at once: the treemap\'s own animation (0.9 s of moving boxes after labels are hidden) is off', () => {
    // echarts' treemap turns its animation on by default, whatever the option's top level says
    expect(hierarchyOption(themes).series[0]!.animation).toBe(false)
  })
})
