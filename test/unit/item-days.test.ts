import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ActivityBuilder } from '../../electron/core/analytics/activity/activity-data'
import { windowImpressions, windowSums, type HourRow } from '../../electron/core/analytics/activity/window-activity'
import { addItemDays, itemDays, itemWindowTotals, readsItemDays } from '../../electron/core/analytics/tracking/item-days'
import { claimedTotals, itemRows, pageFigures } from '../../electron/core/analytics/tracking/list-figures'
import { membership } from '../../electron/core/analytics/tracking/membership'

const D = 86_400
const H = 3600

function hourRow(hour: number, country: string, cells: Array<[seq: number, impressions: number]>): HourRow {
  return {
    hour,
    country,
    cells: {
      seqs: cells.map((c) => c[0]),
      impressions: cells.map((c) => c[1]),
      observations: cells.map(() => 1),
      positionSums: cells.map(() => 2),
      firstSeen: cells.map(() => hour * H),
      lastSeen: cells.map(() => hour * H + 60),
    },
  }
}

/** Publication 1 of /m/x and /m/y, 2 of /m/x, 3 of /m/y; days 5 and 6, in US and DE. */
function smallWorld(life3: [number, number] = [5 * D, 7 * D]) {
  const b = new ActivityBuilder()
  const lives: Array<[number, number]> = [[5 * D, 7 * D], [5 * D, 7 * D], life3]
  for (const [i, entities] of [['/m/x', '/m/y'], ['/m/x'], ['/m/y']].entries()) {
    b.addArticle({ seq: i + 1, lang: i === 2 ? 'de' : 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: lives[i]![0], lifeLast: lives[i]![1] })
    for (const e of entities) b.addEntity(i + 1, e)
  }
  b.addDay([5, 'US', 1, 6, 1, 1, 5 * D, 5 * D, 1])
  b.addDay([5, 'DE', 1, 4, 1, 1, 5 * D, 5 * D, 1])
  b.addDay([5, 'US', 2, 7, 1, 1, 5 * D, 5 * D, 1])
  b.addDay([6, 'US', 2, 1, 1, 1, 6 * D, 6 * D, 1])
  b.addDay([6, 'DE', 3, 20, 1, 1, 6 * D, 6 * D, 1])
  return b.finish()
}

describe('item days', () => {
  it('sums each item\'s publications per day over every country, a publication once a day', () => {
    const data = smallWorld()
    const days = itemDays(data, membership(data, 'entity', ['/m/x', '/m/y']), 2)!
    expect(days.firstDay).toBe(5)
    expect(days.dayCount).toBe(2)
    // /m/x: day 5 publications 1 (6 + 4) and 2 (7); day 6 publication 2 (1). /m/y: day 5 publication 1; day 6 publication 3
    expect([...days.impressions]).toEqual([17, 1, 10, 20])
    expect([...days.publications]).toEqual([2, 1, 1, 1])
  })

  it('adds only the whole days of the window that fall in its buckets', () => {
    const data = smallWorld()
    const days = itemDays(data, membership(data, 'entity', ['/m/x', '/m/y']), 2)!
    const series = { impressions: new Float64Array(3), publications: new Float64Array(3) }
    // buckets are days 4, 5, 6; the window's whole days 5 and 6
    addItemDays(days, 0, 5, 7, 4, series)
    expect([...series.impressions]).toEqual([0, 17, 1])
    expect([...series.publications]).toEqual([0, 2, 1])
    const short = { impressions: new Float64Array(1), publications: new Float64Array(1) }
    // one bucket (day 6) and whole days from 3 to 9: only day 6 is read
    addItemDays(days, 1, 3, 9, 6, short)
    expect([...short.impressions]).toEqual([20])
  })

  it('sums a window\'s items from its whole days and the hours at its ends, skipping what the window does not read', () => {
    const data = smallWorld()
    const member = membership(data, 'entity', ['/m/x', '/m/y'])
    const days = itemDays(data, member, 2)!
    // 4 Jan 20:00 to 7 Jan 02:00: whole days 5 and 6, hours 116-119 and 168-169
    const w = { countries: ['US', 'DE'], lang: null, fromHour: 4 * 24 + 20, toHour: 7 * 24 + 2 }
    const hours = [
      hourRow(4 * 24 + 22, 'US', [[1, 100], [9, 5000]]), // publication 9 is not in the index
      hourRow(7 * 24 + 1, 'DE', [[3, 1000]]),
      hourRow(7 * 24 + 1, 'FR', [[2, 50_000]]), // a country the window does not read
      hourRow(7 * 24 + 5, 'US', [[2, 70_000]]), // after the window
    ]
    expect([...itemWindowTotals(data, days, member, 2, w, hours)]).toEqual([18 + 100, 30 + 100 + 1000])
    // the same as summing the publications one by one
    expect([...itemWindowTotals(data, days, member, 2, w, hours)]).toEqual([...claimedTotals(windowImpressions(data, member.candidates, w, hours), member, 2)])
  })

  it('are not made where they could differ from the publications\' sums', () => {
    // publication 3's cell on day 6 lies after its life: a window of day 6 only would not read it
    const early = smallWorld([5 * D, 5 * D + 3600])
    expect(itemDays(early, membership(early, 'entity', ['/m/x', '/m/y']), 2)).toBeNull()
    const b = new ActivityBuilder()
    b.addArticle({ seq: 1, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: 5 * D, lifeLast: 5 * D })
    b.addEntity(1, '/m/x')
    b.addDay([5, 'US', 1, 2.5, 1, 1, 5 * D, 5 * D, 1])
    const fractional = b.finish()
    expect(itemDays(fractional, membership(fractional, 'entity', ['/m/x']), 1)).toBeNull()
  })

  it('are read only by a window of every language and every country of the index', () => {
    const data = smallWorld()
    expect(readsItemDays(data, { countries: ['DE', 'US', 'FR'], lang: null, fromHour: 0, toHour: 10 })).toBe(true)
    expect(readsItemDays(data, { countries: ['US'], lang: null, fromHour: 0, toHour: 10 })).toBe(false)
    expect(readsItemDays(data, { countries: ['DE', 'US'], lang: 'en', fromHour: 0, toHour: 10 })).toBe(false)
  })

  it('give the series and the window totals that each publication\'s sums give (any publications and windows)', () => {
    const entities = ['/m/a', '/m/b', '/m/c', '/m/d']
    const countries = ['US', 'DE', 'FR']
    const article = fc.record({
      entities: fc.subarray(entities),
      // first day and how many days it lives (null: never seen)
      life: fc.option(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 3 })), { nil: null }),
      cells: fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(...countries), fc.integer({ min: 0, max: 1000 })), { maxLength: 5 }),
      hours: fc.array(fc.tuple(fc.integer({ min: 0, max: 14 * 24 }), fc.constantFrom(...countries), fc.integer({ min: 1, max: 500 })), { maxLength: 3 }),
    })
    fc.assert(
      fc.property(fc.array(article, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 12 * 24 }), fc.integer({ min: 1, max: 6 * 24 }), (articles, fromHour, length) => {
        const b = new ActivityBuilder()
        const hourCells = new Map<string, Array<[number, number]>>()
        articles.forEach((a, i) => {
          const seq = i + 1
          const first = a.life?.[0] ?? 2
          b.addArticle({ seq, lang: 'en', domain: `d${i % 3}.com`, category: null, contentType: null, lifeFirst: a.life ? first * D : null, lifeLast: a.life ? (first + a.life[1]) * D + 100 : null })
          for (const e of a.entities) b.addEntity(seq, e)
          const seen = new Set<string>()
          for (const [offset, country, imps] of a.cells) {
            const day = first + Math.min(offset, a.life?.[1] ?? 3)
            if (seen.has(`${day} ${country}`)) continue
            seen.add(`${day} ${country}`)
            b.addDay([day, country, seq, imps, 1, 2, day * D, day * D, 1])
          }
          for (const [hour, country, imps] of a.hours) {
            const key = `${hour} ${country}`
            if (!hourCells.get(key)?.some((c) => c[0] === seq)) hourCells.set(key, [...(hourCells.get(key) ?? []), [seq, imps]])
          }
        })
        const data = b.finish()
        const hourRows = [...hourCells].map(([key, cells]) => hourRow(Number(key.split(' ')[0]), key.split(' ')[1]!, cells))
        const member = membership(data, 'entity', entities)
        const days = itemDays(data, member, entities.length)
        expect(days).not.toBeNull()
        const w = { countries, lang: null, fromHour, toHour: fromHour + length }
        const byPublication = claimedTotals(windowImpressions(data, member.candidates, w, hourRows), member, entities.length)
        expect([...itemWindowTotals(data, days!, member, entities.length, w, hourRows)]).toEqual([...byPublication])
        const sums = windowSums(data, member.candidates, w, hourRows)
        const rows = itemRows(sums, member, entities.length)
        const firstBucket = Math.floor(fromHour / 24)
        const q = { window: w, grain: 'day' as const, firstBucket, buckets: Math.ceil((fromHour + length) / 24) - firstBucket, hourRows, related: null }
        const items = [0, 1, 2, 3]
        const fromCells = pageFigures(data, sums, rows, items, q).items
        const fromDays = pageFigures(data, sums, rows, items, { ...q, itemDays: days }).items
        expect(fromDays).toEqual(fromCells)
      }),
      { seed: 50, numRuns: 200 },
    )
  })
})
