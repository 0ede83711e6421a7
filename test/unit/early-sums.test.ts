import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildTrend, buildTrendSplit, trendFromEarly, trendRow, type ArticleEntity, type BuiltTrend, type EarlySums, type PlacedArticle, type TrendSource } from '../../electron/core/analytics/trends/assemble'

/**
 * The early sums (docs/trends.md, "The horizon"): what a trend's articles before a time add up to,
 * kept between full passes so that a pass starts the trend from them instead of reading them.
 */
const DAY = 86_400
const LAST_DAY = 20_600
const STAMP = '2026-05-26T12:00:00.000Z'

interface Piece {
  day: number
  hour: number
  region: string
  category: string | null
  title: string
  entities: Array<{ id: string; score: number }>
}

const TITLES = ['Canal lock expansion works continue', 'US stocks rise as Fed holds rates', 'China stocks fall on export data', 'Orchid fair draws record crowds', 'iPhone sales beat forecasts in Europe', 'Volcano eruption forces evacuation']

function sourceOf(pieces: readonly Piece[]): { source: TrendSource; list: Array<{ seq: number; score: number }>; time: (seq: number) => number } {
  const articles = pieces.map(
    (p, i): PlacedArticle => ({ seq: i + 1, id: `a${i + 1}`, title: p.title, summary: null, region: p.region, category: p.category, time: (LAST_DAY - p.day) * DAY + p.hour * 3600 }),
  )
  const entities = pieces.map((p) => p.entities.map((e): ArticleEntity => ({ id: e.id, name: e.id.slice(3), type: null, score: e.score, extracted: 0 })))
  return {
    source: { article: (seq) => articles[seq - 1]!, entities: (seq) => entities[seq - 1]! },
    list: articles.map((a, i) => ({ seq: a.seq, score: 0.5 + i / 1000 })),
    time: (seq) => articles[seq - 1]!.time,
  }
}

/** A trend as its row reads, with every running sum: what a pass writes and keeps of it. */
const readingOf = (b: BuiltTrend) => ({
  row: trendRow(b, 'topic', false, LAST_DAY, () => 1),
  seqs: b.seqs,
  scores: b.scores,
  times: b.times,
  weights: [...b.weights],
  countries: [...b.countries],
  categories: [...b.categories],
  titleTerms: [...b.titleTerms],
  markets: [...b.markets].map(([m, c]) => [m, c.n, [...c.phrases]]),
})

/** The trend started from early sums (through JSON, as the store keeps them) and built on from its later members. */
function fromSums(sums: readonly EarlySums[], early: ReadonlyArray<{ seq: number; score: number }>, later: ReadonlyArray<{ seq: number; score: number }>, source: TrendSource, time: (seq: number) => number) {
  const stored = sums.map((s) => JSON.parse(JSON.stringify(s)) as EarlySums)
  const ordered = [...early].sort((x, y) => time(x.seq) - time(y.seq) || x.seq - y.seq)
  const start = trendFromEarly(stored, { seqs: ordered.map((m) => m.seq), scores: ordered.map((m) => m.score), times: ordered.map((m) => time(m.seq)) }, STAMP)
  return buildTrendSplit(start, later, source, LAST_DAY, STAMP, Infinity).trend
}

const piece = fc.record({
  day: fc.integer({ min: 0, max: 400 }),
  hour: fc.integer({ min: 0, max: 23 }),
  region: fc.constantFrom('US', 'GB', 'DE'),
  category: fc.constantFrom('/Business/Economy', '/News', null),
  title: fc.constantFrom(...TITLES),
  entities: fc.uniqueArray(fc.record({ id: fc.constantFrom('/m/canal', '/m/fed', '/m/apple', '/m/china'), score: fc.constantFrom(0.25, 0.5, 0.9) }), { selector: (e) => e.id, maxLength: 3 }),
})

describe('early sums', () => {
  it('start a trend that then reads exactly as the trend built from every one of its articles', () => {
    fc.assert(
      // (a split before the daily counts' 180 days, as the horizon is: the sums keep no daily counts)
      fc.property(fc.array(piece, { minLength: 1, maxLength: 40 }), fc.integer({ min: 180, max: 400 }), (pieces, splitDay) => {
        const { source, list, time } = sourceOf(pieces)
        const split = (LAST_DAY - splitDay) * DAY
        const whole = buildTrend(null, list, source, LAST_DAY, STAMP)
        const { trend, early } = buildTrendSplit(null, list, source, LAST_DAY, STAMP, split)
        expect(readingOf(trend)).toEqual(readingOf(whole))
        const before = list.filter((m) => time(m.seq) < split)
        if (before.length === 0) {
          expect(early).toBeNull()
          return
        }
        expect(early!.count).toBe(before.length)
        const restarted = fromSums([early!], before, list.filter((m) => time(m.seq) >= split), source, time)
        expect(restarted.id).toBe(whole.id)
        expect(readingOf(restarted)).toEqual(readingOf(whole))
      }),
      { seed: 51, numRuns: 150 },
    )
  })

  it('of two stored trends whose early articles follow into one trend add up, the earliest first', () => {
    const { source, list, time } = sourceOf([
      { day: 300, hour: 8, region: 'US', category: '/News', title: TITLES[0]!, entities: [{ id: '/m/canal', score: 0.9 }] },
      { day: 290, hour: 8, region: 'GB', category: '/News', title: TITLES[0]!, entities: [{ id: '/m/canal', score: 0.5 }] },
      { day: 310, hour: 9, region: 'US', category: '/Business/Economy', title: TITLES[1]!, entities: [{ id: '/m/fed', score: 0.25 }] },
      { day: 10, hour: 9, region: 'DE', category: '/Business/Economy', title: TITLES[0]!, entities: [] },
    ])
    const split = (LAST_DAY - 200) * DAY
    const a = buildTrendSplit(null, list.slice(0, 2), source, LAST_DAY, STAMP, split).early!
    const b = buildTrendSplit(null, list.slice(2, 3), source, LAST_DAY, STAMP, split).early!
    const merged = fromSums([a, b], list.slice(0, 3), list.slice(3), source, time)
    // named by the earliest article of both (the September one of the second trend)
    expect(merged.id).toBe(buildTrend(null, list, source, LAST_DAY, STAMP).id)
    expect(merged.first).toMatchObject({ seq: 3, id: 'a3' })
    expect(merged.seqs).toEqual([3, 1, 2, 4])
    expect([...merged.weights]).toEqual([
      ['/m/fed', { name: 'fed', type: null, w: 0.25, articles: 1 }],
      ['/m/canal', { name: 'canal', type: null, w: 1.4, articles: 2 }],
    ])
    expect(merged.countries.get('US')).toEqual({ n: 2, first: time(3), last: time(1) })
    expect(merged.countries.get('GB')).toEqual({ n: 1, first: time(2), last: time(2) })
    expect([...merged.categories]).toEqual([
      ['/Business/Economy', 2],
      ['/News', 2],
    ])
    expect(merged.titleTerms.get('canal')?.n).toBe(3)
    expect(merged.lastTime).toBe(time(4))
    expect(merged.daily.reduce((x, y) => x + y, 0)).toBe(1)
  })
})
