import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { articleSeqsOfEntities, countryFigures, firstInOrder, publisherFigures, rankByImpressions, trendFigures } from '../../electron/core/analytics/explore/group-figures'
import { firstAtLeast, livingRange, nextAtLeast } from '../../electron/core/analytics/activity/living-range'
import { articlesOfEntities, countryActivityInHours } from '../../electron/core/analytics/activity/country-activity'
import { membership } from '../../electron/core/analytics/tracking/membership'
import { candidatesOfStretch, windowSums } from '../../electron/core/analytics/activity/window-activity'
import { ActivityBuilder, summarise } from '../../electron/core/analytics/activity/activity-data'
import { drillDownPath, rowTarget } from '../../renderer/src/features/tracking/drill-down'
import { nearestStripIndex, overlayOption, stripPath, stripX, stripY } from '../../renderer/src/features/signals/volatility-chart'
import { itemsOverlayOption, stepLabel } from '../../renderer/src/features/tracking/items-chart'
import { comparisonBounds, periodBounds, previousPeriod } from '../../renderer/src/components/period'

const window7d = { period: '7d', date_from: '', date_to: '', country: 'all', lang: 'all' }

describe('drill-down links from a tracking window', () => {
  it('opens the articles a row counts: seen in the same period, market\'s feed and language, sorted by impressions', () => {
    // an entity by its id (named for the chip); one not resolved yet by its name
    expect(drillDownPath(rowTarget('entity', { key: '/m/fed', name: 'Federal Reserve', resolved_id: '/m/fed' }), window7d)).toBe(
      '/articles?entity=%2Fm%2Ffed&entity_name=Federal+Reserve&period=7d&sort_by=impressions',
    )
    expect(drillDownPath(rowTarget('entity', { key: 'Federal Reserve', name: 'Federal Reserve', resolved_id: '' }), window7d)).toBe('/articles?entity=Federal+Reserve&period=7d&sort_by=impressions')
    // the window's market is the feed it counted, not the publisher's country
    expect(drillDownPath(rowTarget('publisher', { key: 'example.com', name: 'Example News' }), { ...window7d, country: 'US', lang: 'en' })).toBe(
      '/articles?domain=example.com&market=US&lang=en&period=7d&sort_by=impressions',
    )
    // a category item counts that category alone
    expect(drillDownPath(rowTarget('category', { key: '/Business/Economy', name: '/Business/Economy' }), { ...window7d, period: 'custom', date_from: '2026-11-01', date_to: '2026-11-07' })).toBe(
      '/articles?category=%2FBusiness%2FEconomy&exact_category=true&period=custom&date_from=2026-11-01&date_to=2026-11-07&sort_by=impressions',
    )
    expect(drillDownPath(rowTarget('mention', { key: 'k1', name: 'rate cut' }), window7d)).toBe('/articles?search=rate+cut&period=7d&sort_by=impressions')
    expect(drillDownPath({ kind: 'format', name: 'News' }, window7d)).toBe('/articles?content_type=News&period=7d&sort_by=impressions')
  })

  it('opens a trend itself', () => {
    expect(drillDownPath(rowTarget('trend', { key: 'b1000000-0000-4000-8000-000000000001', name: 'Fed' }), window7d)).toBe('/trends/b1000000-0000-4000-8000-000000000001')
  })
})

describe('periods as the API\'s instants', () => {
  const now = new Date('2026-11-22T15:42:00Z')
  it('counts presets as the last N x 24 hours, the current one included (as the tracking methods do), custom days both included', () => {
    expect(periodBounds({ period: 'all', date_from: '', date_to: '' }, now)).toEqual({})
    // the current hour (15:00) and the 167 before it
    expect(periodBounds({ period: '7d', date_from: '', date_to: '' }, now)).toEqual({ date_from: '2026-11-15T16:00:00Z', date_to: '2026-11-22T16:00:00Z' })
    expect(periodBounds({ period: '24h', date_from: '', date_to: '' }, now)).toEqual({ date_from: '2026-11-21T16:00:00Z', date_to: '2026-11-22T16:00:00Z' })
    expect(periodBounds({ period: 'custom', date_from: '2026-11-01', date_to: '2026-11-07' }, now)).toEqual({ date_from: '2026-11-01', date_to: '2026-11-08' })
    expect(periodBounds({ period: 'custom', date_from: '2026-11-07', date_to: '2026-11-01' }, now)).toBeNull()
  })

  it('compares with the period before or with chosen days (both included), nothing while they are incomplete', () => {
    const week = { period: 'custom', date_from: '2026-11-01', date_to: '2026-11-07' }
    expect(comparisonBounds(week, { compare: 'previous', compare_from: '', compare_to: '' }, now)).toEqual({ date_from: '2026-10-25T00:00:00.000Z', date_to: '2026-11-01T00:00:00.000Z' })
    expect(comparisonBounds(week, { compare: 'custom', compare_from: '2025-11-01', compare_to: '2025-11-07' }, now)).toEqual({ date_from: '2025-11-01', date_to: '2025-11-08' })
    expect(comparisonBounds(week, { compare: 'custom', compare_from: '2025-11-01', compare_to: '' }, now)).toBeNull()
    expect(comparisonBounds(week, { compare: '', compare_from: '', compare_to: '' }, now)).toBeNull()
    // the same days a year before, and a preset's same hours a year before
    expect(comparisonBounds(week, { compare: 'year', compare_from: '', compare_to: '' }, now)).toEqual({ date_from: '2025-11-01T00:00:00.000Z', date_to: '2025-11-08T00:00:00.000Z' })
    expect(comparisonBounds({ period: '7d', date_from: '', date_to: '' }, { compare: 'year', compare_from: '', compare_to: '' }, now)).toEqual({ date_from: '2025-11-15T16:00:00.000Z', date_to: '2025-11-22T16:00:00.000Z' })
    expect(comparisonBounds({ period: 'all', date_from: '', date_to: '' }, { compare: 'year', compare_from: '', compare_to: '' }, now)).toBeNull()
  })

  it('gives the period of the same length before', () => {
    expect(previousPeriod({ period: '24h', date_from: '', date_to: '' }, now)).toEqual({ date_from: '2026-11-20T16:00:00.000Z', date_to: '2026-11-21T16:00:00.000Z' })
    expect(previousPeriod({ period: 'custom', date_from: '2026-11-01', date_to: '2026-11-07' }, now)).toEqual({ date_from: '2026-10-25T00:00:00.000Z', date_to: '2026-11-01T00:00:00.000Z' })
    expect(previousPeriod({ period: 'all', date_from: '', date_to: '' }, now)).toBeNull()
  })
})

describe('volatility of several series on one chart', () => {
  it('puts every series on the union of their times, with gaps where one has no point', () => {
    const p = (date: string, v: number) => ({ date, volatility_index: v, is_spike: false, state: 'calm' as const })
    const option = overlayOption([
      { name: 'Germany', series: [p('2026-11-01', 2), p('2026-11-03', 4)] },
      { name: 'Spain', series: [p('2026-11-02', 3), p('2026-11-03', 5)] },
    ] as never)
    expect(option.xAxis.data).toEqual(['2026-11-01', '2026-11-02', '2026-11-03'])
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['Germany', [2, null, 4]],
      ['Spain', [null, 3, 5]],
    ])
  })
})

describe('a format group\'s volatility strip', () => {
  // a plot 290 px wide from x = 20, 90 px high from y = 12
  const plot = { left: 20, top: 12, width: 290, height: 90 }
  it('spreads the points from the left edge to the right and puts 10 at the top', () => {
    expect([0, 1, 29].map((i) => stripX(plot, i, 30))).toEqual([20, 30, 310])
    expect([0, 5, 10, 12].map((v) => stripY(plot, v))).toEqual([102, 57, 12, 12])
    expect(stripPath(plot, [0, 10, 5])).toBe('M20.0,102.0L165.0,12.0L310.0,57.0')
  })
  it('selects the point nearest in x to a click anywhere over the strip, never one outside the series', () => {
    // 30 points: 10 px apart
    expect(nearestStripIndex(plot, 34, 30)).toBe(1)
    expect(nearestStripIndex(plot, 36, 30)).toBe(2)
    expect(nearestStripIndex(plot, 2, 30)).toBe(0)
    expect(nearestStripIndex(plot, 400, 30)).toBe(29)
    expect(nearestStripIndex(plot, 150, 1)).toBe(0)
  })
})

describe('a list\'s items over the window on one chart', () => {
  const steps = [
    { start: '2026-11-18T13:00:00.000Z', end: '2026-11-19T00:00:00.000Z', partial: true },
    { start: '2026-11-19T00:00:00.000Z', end: '2026-11-20T00:00:00.000Z', partial: false },
    { start: '2026-11-20T00:00:00.000Z', end: '2026-11-21T00:00:00.000Z', partial: false },
    { start: '2026-11-21T00:00:00.000Z', end: '2026-11-21T01:00:00.000Z', partial: true },
  ]

  it('draws the first five rows a point a calendar day, labelled by the day, the partial ones said so', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ name: `item ${i}`, impressions: [i, i + 1, i + 2, i + 3] }))
    const option = itemsOverlayOption(rows, steps, 'day')
    expect(option.xAxis.data).toEqual(['2026-11-18 (from 13:00)', '2026-11-19', '2026-11-20', '2026-11-21 (so far)'])
    expect(option.legend.data).toEqual(['item 0', 'item 1', 'item 2', 'item 3', 'item 4'])
    // each row: a solid line over its whole days, a dashed one from the partial days to their neighbours
    const item2 = option.series.filter((s) => s.name === 'item 2')
    expect(item2.map((s) => s.data)).toEqual([
      [null, 3, 4, null],
      [2, 3, 4, 5],
    ])
    expect(item2[1]).toMatchObject({ lineStyle: { type: 'dashed' } })
  })

  it('draws whole days alone on one solid line', () => {
    const whole = steps.slice(1, 3)
    const option = itemsOverlayOption([{ name: 'a', impressions: [5, 6] }], whole, 'day')
    expect(option.series).toHaveLength(1)
    expect(option.series[0]!.data).toEqual([5, 6])
    expect(stepLabel({ start: '2026-11-21T09:00:00.000Z', end: '2026-11-21T09:40:00.000Z', partial: true }, 'hour', true)).toBe('2026-11-21 09:00 (so far)')
  })
})

describe('each article\'s impressions per day (activity index)', () => {
  it('sums a day\'s countries into one entry, in day order whatever the order of the cells', () => {
    const builder = new ActivityBuilder()
    for (const seq of [1, 2]) builder.addArticle({ seq, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: 5 * 86400, lifeLast: 7 * 86400 })
    // article 1's cells out of day order (as an update appends them), two countries on day 5
    builder.addDay([7, 'US', 1, 70, 1, 1, 7 * 86400, 7 * 86400, 1])
    builder.addDay([5, 'US', 1, 50, 1, 1, 5 * 86400, 5 * 86400, 1])
    builder.addDay([5, 'DE', 1, 5, 1, 1, 5 * 86400, 5 * 86400, 1])
    builder.addDay([6, 'US', 2, 60, 1, 1, 6 * 86400, 6 * 86400, 1])
    const { perDay, whole } = summarise(builder.finish())
    expect([...perDay.start]).toEqual([0, 2, 3])
    expect([...perDay.day]).toEqual([5, 7, 6])
    expect([...perDay.impressions]).toEqual([55, 70, 60])
    expect([...whole.impressions]).toEqual([125, 60])
    expect([...whole.firstDay, ...whole.lastDay]).toEqual([5, 6, 7, 6])
  })
})

describe('a trend\'s figures (activity index)', () => {
  it('sums its articles over all of history or over whole days, best position the lowest, an unknown trend none', () => {
    const builder = new ActivityBuilder()
    for (const seq of [1, 2, 3, 4]) builder.addArticle({ seq, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: 5 * 86400, lifeLast: 7 * 86400 })
    builder.addTrend(1, 't1')
    builder.addTrend(2, 't1')
    builder.addTrend(3, 't2') // never seen: no cells
    // article 4 is in no trend
    builder.addDay([5, 'US', 1, 100, 2, 7, 5 * 86400, 5 * 86400, 3])
    builder.addDay([6, 'DE', 1, 40, 1, 2, 6 * 86400, 6 * 86400, 2])
    builder.addDay([6, 'US', 2, 10, 1, 9, 6 * 86400, 6 * 86400, 9])
    builder.addDay([6, 'US', 4, 999, 1, 1, 6 * 86400, 6 * 86400, 1])
    const data = summarise(builder.finish())
    const all = trendFigures(data, ['t1', 't2', 'unknown'], { fromDay: null, toDay: null })
    expect(Object.fromEntries(all)).toEqual({
      t1: { impressions: 150, bestPosition: 2, articles: 2 },
      t2: { impressions: 0, bestPosition: null, articles: 0 },
      unknown: { impressions: 0, bestPosition: null, articles: 0 },
    })
    // asked again of the same index: the same (kept) answer
    expect(trendFigures(data, ['t1'], { fromDay: null, toDay: null }).get('t1')).toEqual({ impressions: 150, bestPosition: 2, articles: 2 })
    expect(trendFigures(data, ['t1'], { fromDay: 6, toDay: 7 }).get('t1')).toEqual({ impressions: 50, bestPosition: 2, articles: 2 })
    expect(trendFigures(data, ['t1'], { fromDay: 5, toDay: null }).get('t1')).toEqual({ impressions: 150, bestPosition: 2, articles: 2 })
  })
})

describe('every trend\'s figures in a period at once', () => {
  it('are each trend\'s own figures, whether read through its members or in one pass over the period\'s articles (seeded)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ trend: fc.integer({ min: -1, max: 5 }), days: fc.array(fc.record({ day: fc.integer({ min: 0, max: 9 }), country: fc.constantFrom('US', 'DE'), imps: fc.integer({ min: 1, max: 99 }), best: fc.integer({ min: 1, max: 30 }) }), { maxLength: 4 }) }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 6 }),
        (articles, fromDay, length) => {
          const builder = new ActivityBuilder()
          articles.forEach((a, i) => {
            builder.addArticle({ seq: i + 1, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: 0, lifeLast: 12 * 86400 })
            if (a.trend >= 0) builder.addTrend(i + 1, `t${a.trend}`)
            const seen = new Set<string>()
            for (const d of a.days) {
              if (seen.has(`${d.day}${d.country}`)) continue
              seen.add(`${d.day}${d.country}`)
              builder.addDay([d.day, d.country, i + 1, d.imps, 1, d.best, d.day * 86400, d.day * 86400, d.best])
            }
          })
          const data = summarise(builder.finish())
          const ids = ['t0', 't1', 't2', 't3', 't4', 't5']
          const range = { fromDay, toDay: fromDay + length }
          const walked = trendFigures(data, ids, range)
          // past a page of trends, the figures come from one pass over the period's articles
          const passed = trendFigures(data, [...ids, ...Array.from({ length: 300 }, (_, k) => `unknown ${k}`)], range)
          for (const id of ids) expect([id, passed.get(id)]).toEqual([id, walked.get(id)])
        },
      ),
      { seed: 45, numRuns: 200 },
    )
  })
})

describe('the articles naming an entity (activity index)', () => {
  it('gives the seqs of every article naming any of the ids, each once, in seq order', () => {
    const builder = new ActivityBuilder()
    // lives (epoch seconds): 3 from 100 to 200, 5 from 300 to 400, 8 never seen, 9 from 500 to 500
    const lives: Record<number, [number, number]> = { 3: [100, 200], 5: [300, 400], 8: [Number.NaN, Number.NaN], 9: [500, 500] }
    for (const seq of [3, 5, 8, 9]) builder.addArticle({ seq, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: lives[seq]![0], lifeLast: lives[seq]![1] })
    builder.addEntity(9, '/m/a')
    builder.addEntity(3, '/m/a')
    builder.addEntity(3, '/m/b')
    builder.addEntity(5, '/m/b')
    builder.addEntity(8, '/m/c')
    const data = summarise(builder.finish())
    // two entities of one name (the store gives their ids): article 3 names both, and is given once
    expect(articleSeqsOfEntities(data, ['/m/a', '/m/b'])).toEqual([3, 5, 9])
    expect(articleSeqsOfEntities(data, ['/m/c', '/m/unknown'])).toEqual([8])
    expect(articleSeqsOfEntities(data, [])).toEqual([])
    // a period keeps the lives that meet it, both ends included, as the store's filter does (last_seen >= from, first_seen <= to)
    expect(articleSeqsOfEntities(data, ['/m/a', '/m/b'], { from: 200, to: 300 })).toEqual([3, 5])
    expect(articleSeqsOfEntities(data, ['/m/a', '/m/b'], { from: 201 })).toEqual([5, 9])
    expect(articleSeqsOfEntities(data, ['/m/a', '/m/b'], { to: 299 })).toEqual([3])
    expect(articleSeqsOfEntities(data, ['/m/c'], { from: 1000, to: 2000 })).toEqual([8])
  })
})

describe('an entity\'s activity per country over hours (regions by entity, 24 h)', () => {
  // articles 1 (day 0), 2 and 4 (day 10), 3 not yet in the index's days; all name /m/a, 5 names /m/b
  const builder = new ActivityBuilder()
  for (const [seq, day] of [[1, 0], [2, 10], [4, 10], [5, 10]] as const) {
    builder.addArticle({ seq, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: day * 86400, lifeLast: day * 86400 })
    builder.addDay([day, 'US', seq, 1, 1, 1, day * 86400, day * 86400, 1])
  }
  builder.addArticle({ seq: 3, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: null, lifeLast: null })
  for (const seq of [1, 2, 3, 4]) builder.addEntity(seq, '/m/a')
  builder.addEntity(5, '/m/b')
  const data = summarise(builder.finish())
  const row = (hour: number, country: string, cells: Array<[number, number]>) => ({
    hour,
    country,
    cells: { seqs: Uint32Array.from(cells, (c) => c[0]), impressions: cells.map((c) => c[1]), observations: cells.map(() => 1), positionSums: cells.map(() => 1), firstSeen: cells.map(() => hour * 3600), lastSeen: cells.map(() => hour * 3600) },
  })
  // hours 241 and 242 of day 10: article 2 in US both hours and in DE once, 4 in DE, 5 (another entity) everywhere
  const rows = [row(241, 'US', [[2, 10], [5, 100]]), row(241, 'DE', [[2, 3], [4, 4], [5, 100]]), row(242, 'US', [[2, 20], [5, 100]])]

  it('sums the impressions of each country and counts each article once per country', () => {
    const activity = countryActivityInHours(data, articlesOfEntities(data, ['/m/a']), rows)
    expect(activity).toEqual(new Map([['US', { publications: 1, impressions: 30 }], ['DE', { publications: 2, impressions: 7 }]]))
    expect(countryActivityInHours(data, articlesOfEntities(data, ['/m/b']), rows)).toEqual(new Map([['US', { publications: 1, impressions: 200 }], ['DE', { publications: 1, impressions: 100 }]]))
    expect(countryActivityInHours(data, articlesOfEntities(data, ['/m/a']), [])).toEqual(new Map())
  })

  it('looks for every article of the entity when the rows are newer than the index', () => {
    // article 3 was seen after the index was built: its cells count only when the caller says the index is behind
    const newer = [...rows, row(265, 'US', [[3, 7]])]
    expect(countryActivityInHours(data, articlesOfEntities(data, ['/m/a']), newer, true).get('US')).toEqual({ publications: 2, impressions: 37 })
  })

  it('finds the first value at least as large by galloping from any place, as a plain halving does', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 80 }), fc.array(fc.integer({ min: -2, max: 62 }), { maxLength: 20 }), fc.nat(), (raw, asked, start) => {
        const values = Int32Array.from(raw).sort()
        const low = start % (values.length + 1)
        // ascending questions from the last place found, as a row is searched
        let at = low
        for (const value of [...asked].sort((a, b) => a - b)) {
          const expected = values.findIndex((v, i) => i >= at && v >= value)
          at = nextAtLeast(values, value, at)
          expect(at).toBe(expected === -1 ? values.length : expected)
        }
        expect(firstAtLeast(values, 61, low)).toBe(values.length)
      }),
      { seed: 11, numRuns: 300 },
    )
  })
})

describe('articles ranked by their impressions in a period (activity index)', () => {
  // four articles: 1 (days 5 and 6), 2 (day 5), 3 (day 7), 4 (day 5, the same as 2)
  const builder = new ActivityBuilder()
  for (const seq of [1, 2, 3, 4]) builder.addArticle({ seq, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: 5 * 86400, lifeLast: 7 * 86400 })
  builder.addDay([5, 'US', 1, 100, 1, 1, 5 * 86400, 5 * 86400, 1])
  builder.addDay([6, 'DE', 1, 900, 1, 1, 6 * 86400, 6 * 86400, 1])
  builder.addDay([5, 'US', 2, 300, 1, 1, 5 * 86400, 5 * 86400, 1])
  builder.addDay([7, 'US', 3, 50, 1, 1, 7 * 86400, 7 * 86400, 1])
  builder.addDay([5, 'DE', 4, 300, 1, 1, 5 * 86400, 5 * 86400, 1])
  const data = summarise(builder.finish())
  const page = { ascending: false, offset: 0, limit: 10 }

  it('counts the period\'s days alone, in every country, and leaves out what was not seen in them', () => {
    expect(rankByImpressions(data, null, { fromDay: 5, toDay: 6 }, page)).toEqual({ seqs: [4, 2, 1], total: 3 })
    expect(rankByImpressions(data, null, { fromDay: 5, toDay: 7 }, page)).toEqual({ seqs: [1, 4, 2], total: 3 })
    expect(rankByImpressions(data, null, { fromDay: null, toDay: null }, page)).toEqual({ seqs: [1, 4, 2, 3], total: 4 })
  })

  it('ranks the filter\'s candidates only, ascending too, and pages', () => {
    expect(rankByImpressions(data, [2, 3, 99], { fromDay: 5, toDay: 8 }, page)).toEqual({ seqs: [2, 3], total: 2 })
    expect(rankByImpressions(data, null, { fromDay: 5, toDay: 8 }, { ...page, ascending: true })).toEqual({ seqs: [3, 2, 4, 1], total: 4 })
    expect(rankByImpressions(data, null, { fromDay: 5, toDay: 8 }, { ...page, offset: 1, limit: 2 })).toEqual({ seqs: [4, 2], total: 4 })
  })

  it('orders the first k as sorting all would (any values, ties, k past the end)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 }), fc.integer({ min: 0, max: 70 }), fc.boolean(), (values, k, ascending) => {
        const direction = ascending ? 1 : -1
        const before = (x: number, y: number) => direction * (values[x]! - values[y]!) < 0 || (values[x] === values[y] && direction * (x - y) < 0)
        const sorted = Array.from(values.keys()).sort((x, y) => direction * (values[x]! - values[y]!) || direction * (x - y))
        expect(firstInOrder(values.length, k, before)).toEqual(sorted.slice(0, k))
      }),
      { seed: 42, numRuns: 300 },
    )
  })
})

describe('a period\'s stretch of the index', () => {
  // articles about in the order first seen; `late` of them imported out of order (an old article
  // seen again days later, or one whose days come before its neighbours')
  const world = fc.record({
    lives: fc.array(fc.record({ gap: fc.integer({ min: 0, max: 2 }), span: fc.integer({ min: 0, max: 4 }), late: fc.integer({ min: -20, max: 0 }), lateChance: fc.integer({ min: 0, max: 9 }), imps: fc.integer({ min: 1, max: 50 }), us: fc.boolean() }), { maxLength: 40 }),
    from: fc.integer({ min: -2, max: 50 }),
    length: fc.integer({ min: 0, max: 12 }),
  })
  const build = (lives: Array<{ gap: number; span: number; late: number; lateChance: number; imps: number; us: boolean }>) => {
    const builder = new ActivityBuilder()
    const cells: Array<{ seq: number; day: number; country: string; imps: number }> = []
    let day = 0
    lives.forEach((life, i) => {
      day += life.gap
      const seq = i + 1
      const first = life.lateChance === 0 ? Math.max(0, day + life.late) : day
      builder.addArticle({ seq, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: first * 86400, lifeLast: (first + life.span) * 86400 })
      // an article without cells now and then
      if (life.imps % 7 === 0) return
      for (let d = first; d <= first + life.span; d++) {
        const country = life.us || d % 2 === 0 ? 'US' : 'DE'
        builder.addDay([d, country, seq, life.imps, 1, 1, d * 86400, d * 86400, 1])
        cells.push({ seq, day: d, country, imps: life.imps })
      }
    })
    return { data: summarise(builder.finish()), cells }
  }

  it('leaves out of its stretch only articles that live outside the period, and the period\'s figures are those of every cell', () => {
    fc.assert(
      fc.property(world, ({ lives, from, length }) => {
        const { data, cells } = build(lives)
        const to = from + length
        const [lo, hi] = livingRange(data, from, to)
        for (let a = 0; a < data.seq.length; a++) {
          if (a >= lo && a < hi) continue
          expect(cells.some((c) => c.seq === data.seq[a] && c.day >= from && c.day < to)).toBe(false)
        }
        const inPeriod = cells.filter((c) => c.day >= from && c.day < to)
        const expected = new Map<string, { articles: number; impressions: number }>()
        for (const country of ['US', 'DE']) {
          const own = inPeriod.filter((c) => c.country === country)
          if (data.countries.find(country) !== undefined) expected.set(country, { articles: new Set(own.map((c) => c.seq)).size, impressions: own.reduce((t, c) => t + c.imps, 0) })
        }
        expect(countryFigures(data, { fromDay: from, toDay: to })).toEqual(expected)
        const sums = new Map<number, number>()
        for (const c of inPeriod) sums.set(c.seq, (sums.get(c.seq) ?? 0) + c.imps)
        const ranked = [...sums].sort((x, y) => y[1] - x[1] || y[0] - x[0]).map(([seq]) => seq)
        expect(rankByImpressions(data, null, { fromDay: from, toDay: to }, { ascending: false, offset: 0, limit: 100 })).toEqual({ seqs: ranked, total: ranked.length })
      }),
      { seed: 42, numRuns: 300 },
    )
  })
})

describe('a list\'s articles in a window', () => {
  const lived = (day: number, seq: number, builder: ActivityBuilder) => {
    builder.addArticle({ seq, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: day * 86400, lifeLast: day * 86400 })
    builder.addDay([day, 'US', seq, 10, 1, 1, day * 86400, day * 86400, 1])
  }
  const builder = new ActivityBuilder()
  lived(0, 1, builder)
  lived(10, 2, builder)
  // an article not yet seen when the index was built
  builder.addArticle({ seq: 3, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: null, lifeLast: null })
  const data = summarise(builder.finish())
  const candidates = Int32Array.from([0, 1, 2])
  // day 10 whole, and five hours of day 11 from the hourly rows
  const w = { countries: ['US'], lang: null, fromHour: 240, toHour: 269 }
  // article 3 seen in the window's last hours after the index was built (the index is behind)
  const newer = [{ hour: 265, country: 'US', cells: { seqs: [3], impressions: [7], observations: [1], positionSums: [3], firstSeen: [265 * 3600], lastSeen: [265 * 3600] } }]

  it('walks only the stretch of the index the window\'s days live in', () => {
    expect([...candidatesOfStretch(data, candidates, w, false)]).toEqual([1])
    expect([...windowSums(data, candidatesOfStretch(data, candidates, w, false), w, []).impressions]).toEqual([10])
  })

  it('walks every article when the hourly rows are newer than the index, so their new cells count', () => {
    const sums = windowSums(data, candidatesOfStretch(data, candidates, w, true), w, newer)
    expect(Array.from(sums.articles, (a) => data.seq[a])).toEqual([2, 3])
    expect([...sums.impressions]).toEqual([10, 7])
  })

  it('gives each matched article the items it matched, whatever order the claims are asked in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.tuple(fc.nat(), fc.subarray(['k0', 'k1', 'k2', 'k3'], { minLength: 1 })), { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 60 }),
        (n, matches, asked) => {
          const builder = new ActivityBuilder()
          for (let seq = 1; seq <= n; seq++) builder.addArticle({ seq, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: null, lifeLast: null })
          const data = summarise(builder.finish())
          const keys = ['k0', 'k1', 'k2', 'k0']
          const itemsOf = new Map(matches.map(([seq, items]) => [1 + (seq % n), items]))
          const member = membership(data, 'mention', keys, itemsOf)
          const out = new Int32Array(member.maxClaims)
          const claimed = (a: number) => [...out.subarray(0, member.claim(a, out))].sort()
          const expected = (a: number) => [...new Set((itemsOf.get(data.seq[a]!) ?? []).flatMap((k) => (k === 'k3' ? [] : [keys.indexOf(k)])))].sort()
          // a pass in index order, as the windows ask, then any order
          for (const a of [...Array(n).keys(), ...asked.map((x) => x % n)]) expect(claimed(a), `article ${a}`).toEqual(expected(a))
          expect([...member.candidates]).toEqual([...Array(n).keys()].filter((a) => expected(a).length > 0))
        },
      ),
      { seed: 7, numRuns: 300 },
    )
  })
})

describe('publishers\' figures in a period (activity index)', () => {
  it('sums a publisher\'s cells of the days and its share of the whole feed in them', () => {
    const builder = new ActivityBuilder()
    // a.com: 1 (days 5-6), 2 (day 9); b.com: 3 (day 5)
    for (const [seq, domain] of [[1, 'a.com'], [2, 'a.com'], [3, 'b.com']] as const) builder.addArticle({ seq, lang: 'en', domain, category: null, contentType: null, lifeFirst: 5 * 86400, lifeLast: 9 * 86400 })
    builder.addDay([5, 'US', 1, 100, 2, 6, 5 * 86400, 5 * 86400, 2])
    builder.addDay([6, 'DE', 1, 300, 1, 1, 6 * 86400, 6 * 86400, 1])
    builder.addDay([9, 'US', 2, 1000, 1, 4, 9 * 86400, 9 * 86400, 4])
    builder.addDay([5, 'US', 3, 600, 1, 3, 5 * 86400, 5 * 86400, 3])
    const data = summarise(builder.finish())
    const figures = (fromDay: number | null, toDay: number | null) => publisherFigures(data, ['a.com', 'b.com', 'c.com'], { fromDay, toDay })
    // days 5-6: a.com 400 of the feed's 1,000, positions (6 + 1) / 3 observations
    const days56 = figures(5, 7)
    expect(days56.get('a.com')).toEqual({ articles: 1, impressions: 400, share: 0.4, avgPosition: 7 / 3, trends: [] })
    expect(days56.get('b.com')).toEqual({ articles: 1, impressions: 600, share: 0.6, avgPosition: 3, trends: [] })
    expect(days56.get('c.com')).toEqual({ articles: 0, impressions: 0, share: 0, avgPosition: null, trends: [] })
    // day 6 alone, then every day: the feed's total follows the period
    expect(figures(5, 6).get('a.com')).toMatchObject({ articles: 1, impressions: 100, share: 100 / 700 })
    expect(figures(6, 7).get('a.com')).toMatchObject({ articles: 1, impressions: 300, share: 1 })
    expect(figures(null, null).get('a.com')).toMatchObject({ articles: 2, impressions: 1400, share: 1400 / 2000 })
    expect(figures(10, 20).get('a.com')).toMatchObject({ articles: 0, impressions: 0, share: 0 })
  })

  it('gives every publisher the figures summed by hand, for any period, whatever order the articles came in', () => {
    const article = fc.record({ domain: fc.constantFrom('a.com', 'b.com', 'c.com'), days: fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 4 }), impressions: fc.integer({ min: 1, max: 500 }) })
    const end = fc.option(fc.integer({ min: -2, max: 44 }), { nil: null })
    fc.assert(
      fc.property(fc.array(article, { minLength: 1, maxLength: 30 }), end, end, (made, fromDay, toDay) => {
        const builder = new ActivityBuilder()
        made.forEach((a, i) => {
          const seq = i + 1
          builder.addArticle({ seq, lang: 'en', domain: a.domain, category: null, contentType: null, lifeFirst: Math.min(...a.days) * 86400, lifeLast: Math.max(...a.days) * 86400 })
          for (const day of a.days) builder.addDay([day, 'US', seq, a.impressions, 1, 2, day * 86400, day * 86400, 2])
        })
        const figures = publisherFigures(summarise(builder.finish()), ['a.com', 'b.com', 'c.com'], { fromDay, toDay })
        const inPeriod = (day: number) => (fromDay === null || day >= fromDay) && (toDay === null || day < toDay)
        const feed = made.reduce((sum, a) => sum + a.days.filter(inPeriod).length * a.impressions, 0)
        for (const domain of ['a.com', 'b.com', 'c.com']) {
          const mine = made.filter((a) => a.domain === domain && a.days.some(inPeriod))
          const impressions = mine.reduce((sum, a) => sum + a.days.filter(inPeriod).length * a.impressions, 0)
          expect(figures.get(domain), domain).toMatchObject({ articles: mine.length, impressions, share: feed > 0 ? impressions / feed : 0 })
        }
      }),
      { seed: 31, numRuns: 300 },
    )
  })
})
