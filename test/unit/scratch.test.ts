import { describe, expect, it } from 'vitest'
import { ActivityBuilder } from '../../electron/core/analytics/activity/activity-data'
import { itemRows, MAX_STAMP, pageFigures, walkMarksOf } from '../../electron/core/analytics/tracking/list-figures'
import { membership } from '../../electron/core/analytics/tracking/membership'
import { scratch } from '../../electron/core/analytics/activity/scratch'
import { giveBackSums, windowImpressions, windowSums, type HourRow } from '../../electron/core/analytics/activity/window-activity'

const H = 3600
const D = 86400

/** Fills the pool with lent-back arrays full of junk, of many sizes and every type it lends. */
function poisonScratch() {
  const sizes = [1, 3, 17, 64, 300, 5000]
  scratch.giveBack(...sizes.map((n) => scratch.borrow(Int32Array, n, 7)))
  scratch.giveBack(...sizes.map((n) => scratch.borrow(Float64Array, n, 7)))
  scratch.giveBack(...sizes.map((n) => scratch.borrow(Uint8Array, n, 7)))
}

/**
 * Four publications over days 5-8 in US and DE, with hourly cells at the window's ends; the sums
 * and claims given back to the pool once read, as a request does (`stampsFrom`: the walk's next stamp).
 */
function figuresOfAWindow(stampsFrom?: number) {
  const b = new ActivityBuilder()
  const entities = [['/m/x', '/m/y'], ['/m/x'], ['/m/y', '/m/z'], ['/m/z']]
  entities.forEach((es, i) => {
    b.addArticle({ seq: i + 1, lang: 'en', domain: `d${i % 2}.com`, category: null, contentType: null, lifeFirst: 4 * D, lifeLast: 8 * D })
    for (const e of es) {
      b.addEntity(i + 1, e)
      b.addEntityName(e, e.slice(3).toUpperCase())
    }
  })
  b.addDay([5, 'US', 1, 6, 2, 3, 5 * D + 2 * H, 5 * D + 9 * H, 1])
  b.addDay([5, 'DE', 1, 4, 1, 2, 5 * D + H, 5 * D + H, 2])
  b.addDay([6, 'US', 2, 7, 1, 5, 6 * D, 6 * D + 4 * H, 5])
  b.addDay([6, 'US', 3, 9, 3, 9, 6 * D + 3 * H, 6 * D + 20 * H, 3])
  // publication 4 has a day after the window: its days inside are summed cell by cell
  b.addDay([6, 'US', 4, 4, 1, 2, 6 * D + 5 * H, 6 * D + 5 * H, 2])
  b.addDay([8, 'US', 4, 100, 1, 2, 8 * D, 8 * D, 2])
  const data = b.finish()
  const cells = (hour: number, country: string, seqs: number[], impressions: number[]): HourRow => ({
    hour,
    country,
    cells: { seqs, impressions, observations: seqs.map(() => 1), positionSums: seqs.map(() => 4), firstSeen: seqs.map(() => hour * H), lastSeen: seqs.map(() => hour * H + 1800) },
  })
  // the window: 4 days 20 h to 7 days 3 h (hours at both ends)
  const w = { countries: ['US', 'DE'], lang: null, fromHour: 4 * 24 + 20, toHour: 7 * 24 + 3 }
  const hourRows = [cells(4 * 24 + 21, 'US', [1, 3], [5, 8]), cells(7 * 24 + 1, 'DE', [2], [11]), cells(7 * 24 + 2, 'US', [1, 2, 3], [1, 2, 3])]
  const keys = ['/m/x', '/m/y', '/m/z']
  const member = membership(data, 'entity', keys)
  const sums = windowSums(data, member.candidates, w, hourRows)
  const before = windowImpressions(data, member.candidates, { ...w, fromHour: 2 * 24, toHour: 4 * 24 + 20 }, [])
  const rows = itemRows(sums, member, keys.length)
  const walk = (items = [0, 1, 2]) => pageFigures(data, sums, rows, items, { window: w, grain: 'day', firstBucket: 4, buckets: 4, hourRows, totals: true, related: { limit: 5, leaveOut: [-1, -1, -1] } })
  if (stampsFrom !== undefined) {
    // a walk before of the second item alone: its entities (all three) marked 1
    walk([1])
    walkMarksOf(data).stamp = stampsFrom - 1
  }
  const page = walk()
  const plain = (xs: ArrayLike<number>) => Array.from(xs)
  const figures = {
    sums: Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, plain(v as ArrayLike<number>)])),
    before: plain(before.articles),
    items: page.items.map((i) => ({ figures: i.figures, related: i.related, impressions: plain(i.series.impressions), publications: plain(i.series.publications) })),
    totals: { impressions: plain(page.totals!.impressions), publications: plain(page.totals!.publications) },
    stampAfter: walkMarksOf(data).stamp,
  }
  giveBackSums(sums)
  giveBackSums(before)
  scratch.giveBack(rows.rows)
  return figures
}

describe('working arrays lent from one computation to the next', () => {
  it('lends an array of the length asked, filled when asked, and lends a given-back buffer again', () => {
    const a = scratch.borrow(Float64Array, 1000, 2.5)
    expect(a.length).toBe(1000)
    expect(a.every((v) => v === 2.5)).toBe(true)
    const other = scratch.borrow(Float64Array, 1000)
    expect(other.buffer).not.toBe(a.buffer)
    scratch.giveBack(a, other)
    const again = scratch.borrow(Float64Array, 900, -1)
    expect([a.buffer, other.buffer]).toContain(again.buffer)
    expect(again.length).toBe(900)
    expect(again.every((v) => v === -1)).toBe(true)
    scratch.giveBack(again)
  })

  it('gives the same window sums and page figures whatever the arrays held before', () => {
    const fresh = figuresOfAWindow()
    // hand-checked: publication 1 in the window is day 5 (US 6 + DE 4) plus its hour cell at 4d21h (5) and at 7d2h (1)
    expect(fresh.sums.articles).toEqual([0, 1, 2, 3])
    expect(fresh.sums.impressions).toEqual([16, 20, 20, 4])
    expect(fresh.items[0]!.figures!.impressions).toBe(36)
    expect(fresh.items[2]!.figures!.impressions).toBe(24)
    expect(fresh.totals.publications).toEqual([2, 1, 3, 3])
    poisonScratch()
    expect(figuresOfAWindow()).toEqual(fresh)
    poisonScratch()
    expect(figuresOfAWindow()).toEqual(fresh)
    // the sums and claims of the call before, lent again (given back full of its figures)
    expect(figuresOfAWindow()).toEqual(fresh)
  })

  it('gives the same related entities when the walk\'s stamps run out and start again', () => {
    const fresh = figuresOfAWindow()
    expect(fresh.stampAfter).toBe(3)
    // the last stamp given: the first item meets the end of them, every mark is cleared (1 was on
    // its entities) and the items are stamped 1-3 again
    const wrapped = figuresOfAWindow(MAX_STAMP + 1)
    expect(wrapped).toEqual(fresh)
  })
})
