import { describe, expect, it } from 'vitest'
import { reportLines, wrapParts } from '../../renderer/src/charts/report-words'
import { comparisonPhrase, periodPhrase } from '../../renderer/src/components/period'
import { isWideColumn, parseUrlSort, urlSortParam, urlSortValue } from '../../renderer/src/components/table-data'
import { articlesAPoint, earlierStripPath, spacedLabels } from '../../renderer/src/features/signals/volatility-chart'
import { mapTooltip, WORLD_NAMES } from '../../renderer/src/charts/world-names'

/** What a saved PNG says above its chart, and how a table's own sort is kept in the URL. */
describe('a chart report\'s words', () => {
  it('names the period, the market and the comparison in the band above the chart', () => {
    expect(reportLines({ title: 'Volatility of the feed', period: periodPhrase({ period: '30d', date_from: '', date_to: '' }), market: 'DE', comparison: comparisonPhrase({ compare: 'year', compare_from: '', compare_to: '' }) })).toEqual([
      'Volatility of the feed',
      'Period: last 30 days · Market: DE · Compared with: the same period a year before',
    ])
    expect(reportLines({ title: 'T', period: periodPhrase({ period: 'custom', date_from: '2026-11-01', date_to: '2026-11-07' }), market: 'all markets' })[1]).toBe('Period: 2026-11-01 to 2026-11-07 · Market: all markets · Compared with: nothing')
    expect([periodPhrase({ period: 'all', date_from: '', date_to: '' }), periodPhrase({ period: '24h', date_from: '', date_to: '' })]).toEqual(['the whole history', 'last 24 hours'])
    expect([
      comparisonPhrase({ compare: 'previous', compare_from: '', compare_to: '' }),
      comparisonPhrase({ compare: 'custom', compare_from: '2026-10-01', compare_to: '2026-10-07' }),
      comparisonPhrase({ compare: 'custom', compare_from: '2026-10-01', compare_to: '' }),
      comparisonPhrase({ compare: '', compare_from: '', compare_to: '' }),
    ]).toEqual(['the period before', '2026-10-01 to 2026-10-07', null, null])
  })

  it('puts as many details on a line as fit the chart\'s width, a part too long alone on its line', () => {
    const width = (t: string) => t.length
    expect(wrapParts(['Period: last 30 days', 'Market: DE', 'Compared with: nothing'], 40, width)).toEqual(['Period: last 30 days · Market: DE', 'Compared with: nothing'])
    expect(wrapParts(['Period: last 30 days', 'Market: DE', 'Compared with: nothing'], 200, width)).toEqual(['Period: last 30 days · Market: DE · Compared with: nothing'])
    expect(wrapParts(['a very long period indeed', 'b'], 5, width)).toEqual(['a very long period indeed', 'b'])
  })
})

describe('a table\'s sort in the URL', () => {
  it('reads and writes a column and its direction under the table\'s own name, and refuses what is no column id', () => {
    expect(urlSortParam('Winners and losers')).toBe('sort.winners-and-losers')
    expect(urlSortParam('Top categories')).toBe('sort.top-categories')
    expect(parseUrlSort('-impressions')).toEqual({ id: 'impressions', desc: true })
    expect(parseUrlSort('label')).toEqual({ id: 'label', desc: false })
    expect([parseUrlSort(null), parseUrlSort(''), parseUrlSort('-'), parseUrlSort('a b'), parseUrlSort('<script>')]).toEqual([null, null, null, null, null])
    expect(urlSortValue({ id: 'delta', desc: true })).toBe('-delta')
    expect([isWideColumn({ id: 'title' }), isWideColumn({ id: 'label' }), isWideColumn({ id: 'impressions' }), isWideColumn({ id: 'impressions', wide: true }), isWideColumn({ id: 'title', wide: false })]).toEqual([true, true, false, true, false])
  })
})

describe('the small multiples of the format groups', () => {
  it('labels the highest spike peaks first and leaves out a label that would overlap one kept', () => {
    // 3-hour points 5 px apart: peaks at 2, 4 and 12 (10 px and 50 px apart)
    const values = [0, 0, 7.5, 0, 9.1, 0, 0, 0, 0, 0, 0, 0, 8]
    expect(spacedLabels([2, 4, 12], (i) => i * 5, (i) => values[i]!, 26)).toEqual([4, 12])
    // far apart: all of them
    expect(spacedLabels([2, 4, 12], (i) => i * 40, (i) => values[i]!, 26)).toEqual([2, 4, 12])
    expect(spacedLabels([], (i) => i, () => 0, 26)).toEqual([])
  })

  it('flags a group with fewer than 3 articles a point of its series', () => {
    expect(articlesAPoint(60, 30)).toEqual({ perPoint: 2, few: true })
    expect(articlesAPoint(90, 30)).toEqual({ perPoint: 3, few: false })
    // 30 days of 3-hour slots
    expect(articlesAPoint(500, 240)).toEqual({ perPoint: 2.1, few: true })
    expect(articlesAPoint(0, 0)).toEqual({ perPoint: 0, few: true })
  })
})

describe('the world map\'s names', () => {
  it('names every country of the outline, a market with its figure and one without data by its name, never its number', () => {
    expect(WORLD_NAMES.get('276')).toBe('Germany')
    expect(WORLD_NAMES.get('840')).toBe('United States of America')
    expect([...WORLD_NAMES.values()].every((n) => n.length > 0 && !/^\d+$/.test(n))).toBe(true)
    expect(mapTooltip({ name: '276', data: { label: 'Germany', value: 12345 } }, 'impressions')).toBe('Germany: 12,345 impressions')
    expect(mapTooltip({ name: '250' }, 'impressions')).toBe('France: no data')
    expect(mapTooltip({ name: '999' }, 'impressions')).toBe('')
  })
})

describe('the period compared under a small strip', () => {
  it('puts its point i under the strip\'s point i, leaves a gap where it has none, and stops at the strip\'s end', () => {
    const plot = { left: 0, top: 0, width: 30, height: 100 }
    // 4 points across 30 px: x 0, 10, 20, 30; y 100 - 10 x value
    expect(earlierStripPath(plot, [1, 2, null, 4, 5], 4)).toBe('M0.0,90.0L10.0,80.0M30.0,60.0')
    expect(earlierStripPath(plot, [null, null], 4)).toBe('')
  })
})
