import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ActivityBuilder } from '../../electron/core/analytics/activity/activity-data'
import { windowImpressions, windowSums, type HourRow } from '../../electron/core/analytics/activity/window-activity'
import { addItemDays, CHUNK_DAYS, ItemDays, readsItemDays, wholeHourImpressions } from '../../electron/core/analytics/tracking/item-days'
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

/** Publication 1 of /m/x and /m/y, 2 of /m/x, 3 of /m/y; days 15 and 16 (two chunks), in US and DE. */
function smallWorld(life3: [number, number] = [15 * D, 17 * D]) {
  const b = new ActivityBuilder()
  const lives: Array<[number, number]> = [[15 * D, 17 * D], [15 * D, 17 * D], life3]
  for (const [i, entities] of [['/m/x', '/m/y'], ['/m/x'], ['/m/y']].entries()) {
    b.addArticle({ seq: i + 1, lang: i === 2 ? 'de' : 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: lives[i]![0], lifeLast: lives[i]![1] })
    for (const e of entities) b.addEntity(i + 1, e)
  }
  b.addDay([15, 'US', 1, 6, 1, 1, 15 * D, 15 * D, 1])
  b.addDay([15, 'DE', 1, 4, 1, 1, 15 * D, 15 * D, 1])
  b.addDay([15, 'US', 2, 7, 1, 1, 15 * D, 15 * D, 1])
  b.addDay([16, 'US', 2, 1, 1, 1, 16 * D, 16 * D, 1])
  b.addDay([16, 'DE', 3, 20, 1, 1, 16 * D, 16 * D, 1])
  return b.finish()
}

const itemDaysOf = (data: ReturnType<typeof smallWorld>, keys = ['/m/x', '/m/y']) => new ItemDays(data, membership(data, 'entity', keys), keys.length)

describe('item days', () => {
  it('sums each item\'s publications per day over every country, a publication once a day, in chunks of days', () => {
    expect(CHUNK_DAYS).toBe(16)
    const [first, second] = itemDaysOf(smallWorld()).covering(15, 17)!
    // /m/x: day 15 publications 1 (6 + 4) and 2 (7); day 16 publication 2 (1). /m/y: day 15 publication 1; day 16 publication 3
    expect([first!.firstDay, second!.firstDay]).toEqual([0, 16])
    expect([first!.impressions[15], first!.impressions[16 + 15], second!.impressions[0], second!.impressions[16]]).toEqual([17, 10, 1, 20])
    expect([first!.publications[15], first!.publications[16 + 15], second!.publications[0], second!.publications[16]]).toEqual([2, 1, 1, 1])
    expect(first!.impressions.reduce((x, y) => x + y) + second!.impressions.reduce((x, y) => x + y)).toBe(17 + 10 + 1 + 20)
  })

  it('adds only the whole days of the window that fall in its buckets', () => {
    // (the days with cells, 15 and 16, lie in two chunks)
    const chunks = itemDaysOf(smallWorld()).covering(3, 40)!
    expect(chunks).toHaveLength(2)
    const series = { impressions: new Float64Array(3), publications: new Float64Array(3) }
    // buckets are days 14, 15, 16; the window's whole days 15 and 16
    addItemDays(chunks, 0, 15, 17, 14, series)
    expect([...series.impressions]).toEqual([0, 17, 1])
    expect([...series.publications]).toEqual([0, 2, 1])
    const short = { impressions: new Float64Array(1), publications: new Float64Array(1) }
    // one bucket (day 16) and whole days from 3 to 40: only day 16 is read
    addItemDays(chunks, 1, 3, 40, 16, short)
    expect([...short.impressions]).toEqual([20])
  })

  it('sums a window\'s items from its whole days and the hours at its ends, skipping what the window does not read', () => {
    const data = smallWorld()
    const member = membership(data, 'entity', ['/m/x', '/m/y'])
    const days = new ItemDays(data, member, 2)
    // day 14 20:00 to day 17 02:00: whole days 15 and 16, hours at both ends
    const w = { countries: ['US', 'DE'], lang: null, fromHour: 14 * 24 + 20, toHour: 17 * 24 + 2 }
    expect(days.readBy(w)).toBe(true)
    const hours = [
      hourRow(14 * 24 + 22, 'US', [[1, 100], [9, 5000]]), // publication 9 is not in the index
      hourRow(17 * 24 + 1, 'DE', [[3, 1000]]),
      hourRow(17 * 24 + 1, 'FR', [[2, 50_000]]), // a country the window does not read
      hourRow(17 * 24 + 5, 'US', [[2, 70_000]]), // after the window
    ]
    expect([...days.windowTotals(w, hours)!]).toEqual([18 + 100, 30 + 100 + 1000])
    // the same as summing the publications one by one
    expect([...days.windowTotals(w, hours)!]).toEqual([...claimedTotals(windowImpressions(data, member.candidates, w, hours), member, 2)])
  })

  it('are not read where they could differ from the publications\' sums', () => {
    // publication 3's cell on day 16 lies after its life: a window of day 16 only would not read it
    const early = itemDaysOf(smallWorld([15 * D, 15 * D + 3600]))
    expect(early.covering(16, 17)).toBeNull()
    expect(early.readBy({ countries: ['US', 'DE'], lang: null, fromHour: 10 * 24, toHour: 20 * 24 })).toBe(false)
    // the chunk before holds no such day
    expect(early.covering(0, 16)).toHaveLength(1)
    const b = new ActivityBuilder()
    b.addArticle({ seq: 1, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: 5 * D, lifeLast: 5 * D })
    b.addEntity(1, '/m/x')
    b.addDay([5, 'US', 1, 2.5, 1, 1, 5 * D, 5 * D, 1])
    const fractional = b.finish()
    expect(new ItemDays(fractional, membership(fractional, 'entity', ['/m/x']), 1).covering(0, 10)).toBeNull()
  })

  it('sum hourly cells after the days only where their impressions are whole numbers', () => {
    expect(wholeHourImpressions([hourRow(1, 'US', [[1, 100], [2, 0]]), hourRow(2, 'DE', [])])).toBe(true)
    expect(wholeHourImpressions([hourRow(1, 'US', [[1, 100]]), hourRow(2, 'DE', [[2, 0.5]])])).toBe(false)
  })

  it('are made only over the days the index has cells on, and only as many as a list may hold', () => {
    const data = smallWorld()
    const member = membership(data, 'entity', ['/m/x', '/m/y'])
    // twelve years before the cells and after them: no chunk made, nothing to add
    expect(new ItemDays(data, member, 2).covering(15 - 12 * 366, 15)).toEqual([])
    expect(new ItemDays(data, member, 2).covering(17, 17 + 12 * 366)).toEqual([])
    // a window over days 0-40 makes the two chunks of days 15 and 16 only
    const days = new ItemDays(data, member, 2)
    expect(days.covering(0, 40)!.map((c) => c.firstDay)).toEqual([0, 16])
    // one chunk of two items weighs 2 x 16 days x 2 numbers x 8 bytes: room for one, not two
    const small = new ItemDays(data, member, 2, 2 * 16 * 2 * 8)
    expect(small.covering(16, 17)).toHaveLength(1)
    expect(small.covering(15, 17)).toBeNull()
    expect(small.readBy({ countries: ['US', 'DE'], lang: null, fromHour: 15 * 24, toHour: 17 * 24 })).toBe(false)
    // what it holds is still read
    expect(small.covering(16, 17)).toHaveLength(1)
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
      life: fc.option(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 3 })), { nil: null }),
      cells: fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(...countries), fc.integer({ min: 0, max: 1000 })), { maxLength: 5 }),
      hours: fc.array(fc.tuple(fc.integer({ min: 0, max: 45 * 24 }), fc.constantFrom(...countries), fc.integer({ min: 1, max: 500 })), { maxLength: 3 }),
    })
    fc.assert(
      fc.property(fc.array(article, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 40 * 24 }), fc.integer({ min: 1, max: 20 * 24 }), (articles, fromHour, length) => {
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
        const days = new ItemDays(data, member, entities.length)
        const w = { countries, lang: null, fromHour, toHour: fromHour + length }
        expect(days.readBy(w)).toBe(true)
        const byPublication = claimedTotals(windowImpressions(data, member.candidates, w, hourRows), member, entities.length)
        expect([...days.windowTotals(w, hourRows)!]).toEqual([...byPublication])
        const sums = windowSums(data, member.candidates, w, hourRows)
        const rows = itemRows(sums, member, entities.length)
        const firstBucket = Math.floor(fromHour / 24)
        const q = { window: w, grain: 'day' as const, firstBucket, buckets: Math.ceil((fromHour + length) / 24) - firstBucket, hourRows, related: null }
        const items = [0, 1, 2, 3]
        const fromCells = pageFigures(data, sums, rows, items, q).items
        const fromDays = pageFigures(data, sums, rows, items, { ...q, itemDays: days.chunksOf(w) }).items
        expect(fromDays).toEqual(fromCells)
      }),
      { seed: 50, numRuns: 200 },
    )
  })
})
