import { describe, expect, it } from 'vitest'
import { itemBuckets, itemFigures, livedHours, relatedEntities } from '../../electron/core/analytics/tracking/item-figures'
import { bucketKeys, deltaPct, ranks, sparkline } from '../../electron/core/analytics/tracking/sparkline'
import { toCsv } from '../../shared/text/csv'
import { highlightRanges } from '../../shared/text/highlight'

const H = 3600
const pub = (key: string, seq: number, o: Partial<Parameters<typeof itemFigures>[0][number]> = {}) => ({
  key, seq, domain: 'a.com', impressions: 100, observations: 1, positionSum: 3, firstSeen: 10 * H, lastSeen: 10 * H,
  trendId: null, lifeFirst: 10 * H, lifeLast: 10 * H, ...o,
})

describe('item figures', () => {
  it('sums a key\'s publications and counts what is distinct', () => {
    const figures = itemFigures([
      pub('k', 1, { domain: 'a.com', impressions: 300, observations: 2, positionSum: 4, trendId: 't1', lifeFirst: 0, lifeLast: 4 * H, lastSeen: 12 * H }),
      pub('k', 2, { domain: 'b.com', impressions: 200, observations: 2, positionSum: 10, trendId: 't1', lifeFirst: 0, lifeLast: 2 * H }),
      pub('k', 3, { domain: 'a.com', impressions: 0, observations: 1, positionSum: 1, trendId: null, lifeFirst: null, lifeLast: null }),
      pub('other', 1),
    ])
    expect(figures.get('k')).toEqual({
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
    expect(figures.get('other')?.publications).toBe(1)
  })

  it('counts lived hours as the union of sighting spans, both ends included', () => {
    expect(livedHours([])).toBe(0)
    expect(livedHours([{ firstSeen: 9 * H, lastSeen: 11 * H + 59 }])).toBe(3)
    expect(livedHours([{ firstSeen: 9 * H, lastSeen: 11 * H }, { firstSeen: 10 * H, lastSeen: 11 * H }])).toBe(3)
    // 9-10 and 12-12 with a gap at 11; 13 adjoins 12
    expect(livedHours([{ firstSeen: 12 * H, lastSeen: 12 * H }, { firstSeen: 9 * H, lastSeen: 10 * H }, { firstSeen: 13 * H, lastSeen: 13 * H }])).toBe(4)
  })

  it('spreads per-publication buckets over the keys of each publication', () => {
    const series = itemBuckets(
      [{ key: 'x', seq: 1 }, { key: 'y', seq: 1 }, { key: 'x', seq: 2 }],
      [{ seq: 1, bucket: 5, impressions: 10 }, { seq: 2, bucket: 5, impressions: 7 }, { seq: 2, bucket: 6, impressions: 1 }],
    )
    expect([...series.get('x')!.impressions]).toEqual([[5, 17], [6, 1]])
    expect([...series.get('x')!.publications]).toEqual([[5, 2], [6, 1]])
    expect([...series.get('y')!.impressions]).toEqual([[5, 10]])
  })

  it('ranks related entities by the impressions of the publications, leaving the item out', () => {
    const related = relatedEntities(
      [{ key: '/m/a', seq: 1, impressions: 10 }, { key: '/m/a', seq: 2, impressions: 50 }],
      [
        { seq: 1, entityId: '/m/a', name: 'A' }, { seq: 1, entityId: '/m/b', name: 'B' },
        { seq: 2, entityId: '/m/c', name: 'C' }, { seq: 1, entityId: '/m/c', name: 'C' },
      ],
      5,
    )
    expect(related.get('/m/a')).toEqual([
      { entityId: '/m/c', name: 'C', pubs: 2, imps: 60 },
      { entityId: '/m/b', name: 'B', pubs: 1, imps: 10 },
    ])
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
