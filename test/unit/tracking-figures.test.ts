import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ActivityBuilder, type ActivityData } from '../../electron/core/analytics/activity/activity-data'
import { entityNumberOf, itemRows, itemTotals, livedHours, pageFigures, SPAN_SHIFT, type PageQuery } from '../../electron/core/analytics/tracking/list-figures'
import { membership } from '../../electron/core/analytics/tracking/membership'
import { windowSums, type WindowSums } from '../../electron/core/analytics/activity/window-activity'
import { deltaPct, ranks, sparkline } from '../../electron/core/analytics/tracking/sparkline'
import { bucketKeys } from '../../electron/core/time/buckets'
import { toCsv } from '../../shared/text/csv'
import { highlightRanges } from '../../shared/text/highlight'

const H = 3600

/** Publications 1..n of an index (domain, trend, entities, life), and a window's sums over some of them. */
function world(pubs: Array<{ domain?: string; trend?: string; entities?: string[]; life?: [number, number] | null }>) {
  const b = new ActivityBuilder()
  pubs.forEach((p, i) => {
    const life = p.life === undefined ? [10 * H, 10 * H] : p.life
    b.addArticle({ seq: i + 1, lang: 'en', domain: p.domain ?? 'a.com', category: null, contentType: null, lifeFirst: life?.[0] ?? null, lifeLast: life?.[1] ?? null })
    if (p.trend) b.addTrend(i + 1, p.trend)
    for (const e of p.entities ?? []) {
      b.addEntity(i + 1, e)
      b.addEntityName(e, e.slice(3).toUpperCase())
    }
  })
  return b.finish()
}

type Row = { seq: number; impressions?: number; observations?: number; positionSum?: number; firstSeen?: number; lastSeen?: number }
function sumsOf(data: ActivityData, rows: Row[]): WindowSums {
  return {
    articles: Int32Array.from(rows, (r) => data.indexOfSeq[r.seq]!),
    impressions: Float64Array.from(rows, (r) => r.impressions ?? 100),
    observations: Float64Array.from(rows, (r) => r.observations ?? 1),
    positionSum: Float64Array.from(rows, (r) => r.positionSum ?? 3),
    firstSeen: Float64Array.from(rows, (r) => r.firstSeen ?? 10 * H),
    lastSeen: Float64Array.from(rows, (r) => r.lastSeen ?? 10 * H),
  }
}

const noSeries: PageQuery = { window: { countries: ['US'], lang: null, fromHour: 0, toHour: 0 }, grain: 'day', firstBucket: 0, buckets: 0, hourRows: [], related: null }

describe('item figures', () => {
  it('sums an item\'s publications and counts what is distinct', () => {
    const data = world([
      { domain: 'a.com', trend: 't1', entities: ['/m/k'], life: [0, 4 * H] },
      { domain: 'b.com', trend: 't1', entities: ['/m/k'], life: [0, 2 * H] },
      { domain: 'a.com', entities: ['/m/k', '/m/other'], life: null },
      { entities: ['/m/other'] },
    ])
    const sums = sumsOf(data, [
      { seq: 1, impressions: 300, observations: 2, positionSum: 4, lastSeen: 12 * H },
      { seq: 2, impressions: 200, observations: 2, positionSum: 10 },
      { seq: 3, impressions: 0, observations: 1, positionSum: 1 },
      { seq: 4 },
    ])
    const keys = ['/m/k', '/m/other', '/m/none']
    const rows = itemRows(sums, membership(data, 'entity', keys), keys.length)
    const page = pageFigures(data, sums, rows, [0, 1, 2], noSeries).items
    expect(page[0]!.figures).toEqual({
      impressions: 500,
      publications: 3,
      publishers: 2,
      trends: 1,
      observations: 5,
      positionSum: 15,
      lastSeen: 12 * H,
      lifespanHours: 3, // (4 + 2) / 2, the publication never seen over its life left out
      livedHours: 3, // 10h to 12h
    })
    expect(page[1]!.figures?.publications).toBe(2)
    expect(page[2]!.figures).toBeNull()
    expect([...itemTotals(sums, rows)]).toEqual([500, 100, 0])
  })

  it('counts lived hours as the union of sighting spans, both ends included', () => {
    const lived = (spans: Array<[number, number]>) => livedHours(Float64Array.from(spans, ([f, l]) => Math.floor(f / H) * SPAN_SHIFT + Math.floor(l / H)))
    expect(lived([])).toBe(0)
    expect(lived([[9 * H, 11 * H + 59]])).toBe(3)
    expect(lived([[9 * H, 11 * H], [10 * H, 11 * H]])).toBe(3)
    // 9-10 and 12-12 with a gap at 11; 13 adjoins 12
    expect(lived([[12 * H, 12 * H], [9 * H, 10 * H], [13 * H, 13 * H]])).toBe(4)
  })

  it('spreads each publication\'s buckets over its items, a publication counted once per bucket', () => {
    // days 5 and 6 whole in the window, from the daily cells; a cell in US and one in DE on day 5 for publication 1
    const withDays = new ActivityBuilder()
    for (const [i, p] of [{ entities: ['/m/x', '/m/y'] }, { entities: ['/m/x'] }].entries()) {
      withDays.addArticle({ seq: i + 1, lang: 'en', domain: 'a.com', category: null, contentType: null, lifeFirst: 5 * 86400, lifeLast: 7 * 86400 })
      for (const e of p.entities) withDays.addEntity(i + 1, e)
    }
    withDays.addDay([5, 'US', 1, 6, 1, 1, 5 * 86400, 5 * 86400, 1])
    withDays.addDay([5, 'DE', 1, 4, 1, 1, 5 * 86400, 5 * 86400, 1])
    withDays.addDay([5, 'US', 2, 7, 1, 1, 5 * 86400, 5 * 86400, 1])
    withDays.addDay([6, 'US', 2, 1, 1, 1, 6 * 86400, 6 * 86400, 1])
    const d = withDays.finish()
    const w = { countries: ['US', 'DE'], lang: null, fromHour: 5 * 24, toHour: 7 * 24 }
    const sums = windowSums(d, membership(d, 'entity', ['/m/x', '/m/y']).candidates, w, [])
    const rows = itemRows(sums, membership(d, 'entity', ['/m/x', '/m/y']), 2)
    const { items, totals } = pageFigures(d, sums, rows, [0, 1], { window: w, grain: 'day', firstBucket: 5, buckets: 2, hourRows: [], totals: true, related: null })
    expect([...items[0]!.series.impressions]).toEqual([17, 1])
    expect([...items[0]!.series.publications]).toEqual([2, 1])
    expect([...items[1]!.series.impressions]).toEqual([10, 0])
    expect([...items[1]!.series.publications]).toEqual([1, 0])
    expect([...totals!.publications]).toEqual([2, 1])
  })

  it('ranks related entities by the impressions of the publications, leaving the item out', () => {
    const data = world([{ entities: ['/m/a', '/m/b', '/m/c'] }, { entities: ['/m/a', '/m/c'] }])
    const sums = sumsOf(data, [{ seq: 1, impressions: 10 }, { seq: 2, impressions: 50 }])
    const rows = itemRows(sums, membership(data, 'entity', ['/m/a']), 1)
    const { items } = pageFigures(data, sums, rows, [0], { ...noSeries, related: { limit: 5, leaveOut: [entityNumberOf(data, '/m/a')] } })
    expect(items[0]!.related).toEqual([
      { entityId: '/m/c', name: 'C', pubs: 2, imps: 60 },
      { entityId: '/m/b', name: 'B', pubs: 1, imps: 10 },
    ])
  })

  it('keeps the five best related entities of many, a tie at the fifth place settled by name', () => {
    // publication i (impressions 10 * (i + 1)) names the tracked /m/k and the entities listed
    const named = [['/m/a', '/m/b'], ['/m/c', '/m/z'], ['/m/y', '/m/x'], ['/m/d'], ['/m/e', '/m/a']]
    const data = world(named.map((es) => ({ entities: ['/m/k', ...es] })))
    const sums = sumsOf(data, named.map((_, i) => ({ seq: i + 1, impressions: 10 * (i + 1) })))
    const rows = itemRows(sums, membership(data, 'entity', ['/m/k']), 1)
    const { items } = pageFigures(data, sums, rows, [0], { ...noSeries, related: { limit: 5, leaveOut: [entityNumberOf(data, '/m/k')] } })
    // a: 10 + 50; e: 50; d: 40; x, y: 30 each; c, z: 20; b: 10
    expect(items[0]!.related.map((r) => [r.name, r.imps, r.pubs])).toEqual([
      ['A', 60, 2],
      ['E', 50, 1],
      ['D', 40, 1],
      ['X', 30, 1],
      ['Y', 30, 1],
    ])
  })

  it('ranks related entities as a full sort by reach, then name, would (any publications)', () => {
    const names = ['/m/a', '/m/b', '/m/c', '/m/d', '/m/e', '/m/f', '/m/g', '/m/h']
    const publication = fc.record({ entities: fc.subarray(names), impressions: fc.integer({ min: 0, max: 5 }) })
    fc.assert(
      fc.property(fc.array(publication, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 6 }), (pubs, limit) => {
        const data = world(pubs.map((p) => ({ entities: ['/m/k', ...p.entities] })))
        const sums = sumsOf(data, pubs.map((p, i) => ({ seq: i + 1, impressions: p.impressions })))
        const rows = itemRows(sums, membership(data, 'entity', ['/m/k']), 1)
        const { items } = pageFigures(data, sums, rows, [0], { ...noSeries, related: { limit, leaveOut: [entityNumberOf(data, '/m/k')] } })
        const reach = new Map<string, { imps: number; pubs: number }>()
        for (const p of pubs) for (const e of p.entities) {
          const r = reach.get(e) ?? { imps: 0, pubs: 0 }
          reach.set(e, { imps: r.imps + p.impressions, pubs: r.pubs + 1 })
        }
        const expected = [...reach]
          .map(([id, r]) => ({ entityId: id, name: id.slice(3).toUpperCase(), ...r }))
          .sort((x, y) => y.imps - x.imps || y.pubs - x.pubs || x.name.localeCompare(y.name))
          .slice(0, limit)
        expect(items[0]!.related).toEqual(expected.map(({ entityId, name, pubs, imps }) => ({ entityId, name, pubs, imps })))
      }),
      { seed: 42, numRuns: 200 },
    )
  })

  it('ranks each item\'s related entities from its own publications, items of one page sharing entities (any publications)', () => {
    const names = ['/m/a', '/m/b', '/m/c', '/m/d']
    const tracked = ['/m/k', '/m/j', '/m/i']
    const publication = fc.record({ items: fc.subarray(tracked, { minLength: 1 }), entities: fc.subarray(names), impressions: fc.integer({ min: 0, max: 5 }) })
    fc.assert(
      fc.property(fc.array(publication, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 6 }), (pubs, limit) => {
        const data = world(pubs.map((p) => ({ entities: [...p.items, ...p.entities] })))
        const sums = sumsOf(data, pubs.map((p, i) => ({ seq: i + 1, impressions: p.impressions })))
        const rows = itemRows(sums, membership(data, 'entity', tracked), tracked.length)
        const leaveOut = tracked.map((k) => entityNumberOf(data, k))
        const { items } = pageFigures(data, sums, rows, [0, 1, 2], { ...noSeries, related: { limit, leaveOut } })
        tracked.forEach((item, place) => {
          const reach = new Map<string, { imps: number; pubs: number }>()
          for (const p of pubs) {
            if (!p.items.includes(item)) continue
            for (const e of [...p.items, ...p.entities]) {
              if (e === item) continue
              const r = reach.get(e) ?? { imps: 0, pubs: 0 }
              reach.set(e, { imps: r.imps + p.impressions, pubs: r.pubs + 1 })
            }
          }
          const expected = [...reach]
            .map(([entityId, r]) => ({ entityId, name: entityId.slice(3).toUpperCase(), pubs: r.pubs, imps: r.imps }))
            .sort((x, y) => y.imps - x.imps || y.pubs - x.pubs || x.name.localeCompare(y.name))
            .slice(0, limit)
          expect(items[place]!.related).toEqual(expected)
        })
      }),
      { seed: 43, numRuns: 200 },
    )
  })

  it('folds sparklines into 24 points, compares windows and ranks with shared places', () => {
    const hours = bucketKeys(new Date('2026-11-01T00:00:00Z'), new Date('2026-11-03T00:00:00Z'), 'hour')
    expect(hours).toHaveLength(48)
    const spark = sparkline(hours, new Map(hours.map((h, i) => [h, i])))
    expect(spark).toHaveLength(24)
    expect(spark.slice(0, 2)).toEqual([0 + 1, 2 + 3])
    expect(deltaPct(150, 100)).toBe(50)
    expect(deltaPct(1, 3)).toBe(-66.7)
    expect(deltaPct(5, 0)).toBeNull()
    expect([...ranks(new Map([['a', 5], ['b', 9], ['c', 5]]))]).toEqual([['b', 1], ['a', 2], ['c', 2]])
  })
})

describe('tracking screen helpers', () => {
  it('turns a cabinet_url into the app route of its article', async () => {
    const { cabinetRoute } = await import('../../shared/bridge')
    const id = 'a1000000-0000-4000-8000-000000000001'
    expect(cabinetRoute(`http://127.0.0.1:8737/article/${id}`)).toBe(`/article/${id}`)
    expect(cabinetRoute(`http://127.0.0.1:8737/article/${id.toUpperCase()}/`, 'http://127.0.0.1:8737')).toBe(`/article/${id}`)
    expect(cabinetRoute(`http://127.0.0.1:9999/article/${id}`, 'http://127.0.0.1:8737')).toBeNull()
    expect(cabinetRoute('https://example.com/news/1')).toBeNull()
    expect(cabinetRoute('not a url')).toBeNull()
  })

  it('writes RFC 4180 CSV', () => {
    const csv = toCsv<{ n: string; s: number[] }>(
      [{ header: 'name', value: (r) => r.n }, { header: 'spark', value: (r) => r.s }],
      [{ n: 'Fed, "the"', s: [1, 2] }, { n: 'x', s: [] }],
    )
    expect(csv).toBe('name,spark\r\n"Fed, ""the""",1 2\r\nx,\r\n')
  })

  it('marks matched words whole, each broad word on its own', () => {
    expect(highlightRanges('The Fed and the Federal Reserve', ['Fed'])).toEqual([[4, 7]])
    expect(highlightRanges('Banks in the central region', ['Banks … central'])).toEqual([[0, 5], [13, 20]])
    expect(highlightRanges('central bank', ['central bank', 'bank'])).toEqual([[0, 12]])
  })
})
