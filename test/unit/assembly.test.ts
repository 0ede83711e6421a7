import { describe, expect, it } from 'vitest'
import { rankTopCategories } from '../../electron/core/analytics/signals/top-categories'
import { ActivityBuilder } from '../../electron/core/analytics/activity/activity-data'
import { groupSlices, publisherSlices, relatedSlices, topArticleCandidates, topArticles, trendSlices, typeSlices, type Covered } from '../../electron/core/analytics/tracking/rollup'
import {
  buildTrend,
  changedMemberPlaces,
  countryRowsOf,
  entityIndex,
  hierarchy,
  memberRowsAt,
  memberRowsOf,
  parentLink,
  trendRow,
  type BuiltTrend,
  type PlacedArticle,
  type TrendEntity,
  type TrendSource,
} from '../../electron/core/analytics/trends/assemble'

/** Pure computations moved out of the jobs and the handlers, checked without a database. */

const DAY = 86_400
const lastDay = 20_400 // 2025-11-07
const at = (day: number, hour = 0) => (lastDay - day) * DAY + hour * 3600

function source(articles: PlacedArticle[], entities: TrendEntity[]): TrendSource {
  const bySeq = new Map(articles.map((a) => [a.seq, a]))
  return {
    article: (seq) => bySeq.get(seq)!,
    entities: (seq) => entities.filter((e) => e.seq === seq),
  }
}

const article = (seq: number, time: number, region = 'US', category: string | null = '/Business/Economy'): PlacedArticle => ({
  seq,
  id: `a${seq}`,
  title: `Title ${seq}`,
  summary: null,
  region,
  category,
  time,
})
const entity = (seq: number, id: string, name: string, type: string | null, score = 1): TrendEntity => ({ seq, id, name, type, score, extracted: 0 })

describe('trend assembly', () => {
  const articles = [article(1, at(2, 9)), article(2, at(2, 12), 'DE'), article(3, at(1, 8)), article(4, at(0, 1), 'US', '/Sports')]
  const entities = [
    entity(1, '/m/fed', 'Federal Reserve', 'Organization'),
    entity(2, '/m/fed', 'Federal Reserve', 'Organization'),
    entity(2, '/m/ecb', 'ECB', 'Organization', 0.5),
    entity(3, '/m/summit', 'Rate Summit', 'Event'),
    entity(3, '/m/fed', 'Federal Reserve', 'Organization', 0.5),
  ]
  const src = source(articles, entities)
  const members = [1, 2, 3].map((seq) => ({ seq, score: 0.9 }))
  // the store's ids of the articles (the kept trends hold none)
  const idOf = (seq: number) => src.article(seq).id
  const changedMemberRows = (prior: BuiltTrend, grown: BuiltTrend) => memberRowsAt(grown, changedMemberPlaces(prior, grown), idOf)

  it('builds a trend from its members: id from its first article, running sums per market, daily counts', () => {
    const b = buildTrend(null, members, src, lastDay, '2025-11-07T12:00:00.000Z')
    expect(b.first).toEqual({ time: at(2, 9), seq: 1, id: 'a1', title: 'Title 1' })
    expect(b.seqs).toEqual([1, 2, 3])
    expect([...b.countries]).toEqual([
      ['US', { n: 2, first: at(2, 9), last: at(1, 8) }],
      ['DE', { n: 1, first: at(2, 12), last: at(2, 12) }],
    ])
    expect(b.daily.slice(-3)).toEqual([2, 1, 0])
    expect(b.weights.get('/m/fed')).toMatchObject({ w: 2.5, articles: 3 })
    expect(b.weights.get('/m/ecb')).toMatchObject({ w: 0.5, articles: 1 })
    expect(countryRowsOf(b)).toEqual([
      { trendId: b.id, country: 'US', articleCount: 2, firstSeenAt: new Date(at(2, 9) * 1000).toISOString(), lastArticleAt: new Date(at(1, 8) * 1000).toISOString() },
      { trendId: b.id, country: 'DE', articleCount: 1, firstSeenAt: new Date(at(2, 12) * 1000).toISOString(), lastArticleAt: new Date(at(2, 12) * 1000).toISOString() },
    ])
  })

  it('labels a trend by its event; its row carries what the store keeps', () => {
    const b = buildTrend(null, members, src, lastDay, 'now')
    // every word as specific as the next: key entities by the share of articles carrying them
    const row = trendRow(b, 'topic-1', false, lastDay, () => 1)
    expect(row.label).toBe('Rate Summit')
    expect(row.keyEntities).toEqual(['Federal Reserve', 'Rate Summit', 'ECB'])
    expect(row.primaryCountry).toBe('US')
    expect(row.countryScope).toEqual(['DE', 'US'])
    expect(row.dailyCounts).toEqual([2, 1, 0])
    expect(row.articleCount).toBe(3)
    expect(row.features).toMatchObject({ days_active: 2, total_articles: 3 })
    expect(row.topicId).toBe('topic-1')
  })

  it('adds members to a kept trend without reading the old ones again, and rewrites only the new or changed members', () => {
    const prior = buildTrend(null, [{ seq: 1, score: 0.9 }], src, lastDay, 'then')
    const grown = buildTrend(prior, [{ seq: 3, score: 0.8 }], src, lastDay, 'now')
    expect(grown.id).toBe(prior.id)
    expect(grown.seqs).toEqual([1, 3])
    expect(prior.seqs).toEqual([1])
    const changed = changedMemberRows(prior, grown)
    // the new member, and the first one, whose role changed from one-off to trigger
    expect(changed.map((m) => [m.articleId, m.role])).toEqual([
      ['a1', 'F1_trigger'],
      ['a3', 'F2_pile_on'],
    ])
  })

  it('keeps each member\'s own score, time and id beside it through updates, and the kept trend as it was', () => {
    const prior = buildTrend(null, [{ seq: 2, score: 0.7 }, { seq: 1, score: 0.9 }], src, lastDay, 'then')
    const grown = buildTrend(prior, [{ seq: 4, score: 0.4 }, { seq: 3, score: 0.8 }], src, lastDay, 'now')
    // members in time order within each update, the kept ones first
    expect(memberRowsOf(grown, idOf).map((m) => [m.articleSeq, m.articleId, m.score, m.role])).toEqual([
      [1, 'a1', 0.9, 'F1_trigger'],
      [2, 'a2', 0.7, 'F1_trigger'],
      [3, 'a3', 0.8, 'F2_pile_on'],
      [4, 'a4', 0.4, 'F2_pile_on'],
    ])
    expect(memberRowsOf(prior, idOf).map((m) => [m.articleSeq, m.score])).toEqual([
      [1, 0.9],
      [2, 0.7],
    ])
    // the kept members' roles did not change: only the new ones are written
    expect(changedMemberRows(prior, grown).map((m) => m.articleSeq)).toEqual([3, 4])
  })

  it('names each member row by the id its article has in the store, and writes no row for an article gone from it', () => {
    const b = buildTrend(null, members, src, lastDay, 'now')
    expect('articleIds' in b).toBe(false)
    const gone = (seq: number) => (seq === 2 ? undefined : `stored-${seq}`)
    expect(memberRowsOf(b, gone).map((m) => [m.articleSeq, m.articleId])).toEqual([
      [1, 'stored-1'],
      [3, 'stored-3'],
    ])
    // a new trend's every member is new: all its places
    expect(changedMemberPlaces(undefined, b)).toEqual([0, 1, 2])
  })

  it('links a later, smaller trend to the earlier trend its lead entity leads', () => {
    const parent = buildTrend(null, members, src, lastDay, 'now')
    const more = source([...articles, article(5, at(0, 2)), article(6, at(0, 3))], [...entities, entity(5, '/m/fed', 'Federal Reserve', 'Organization'), entity(6, '/m/fed', 'Federal Reserve', 'Organization')])
    const child = buildTrend(null, [5, 6].map((seq) => ({ seq, score: 1 })), more, lastDay, 'now')
    const link = parentLink(child, entityIndex([parent, child]))
    expect(link).toMatchObject({ parentId: parent.id, childId: child.id, relationType: 'derivative' })
    expect(link!.strength).toBeGreaterThan(0)
    expect(parentLink(parent, entityIndex([parent, child]))).toBeNull()
  })

  it('groups trends into themes > topics by the first levels of their top category', () => {
    const a = buildTrend(null, members, src, lastDay, 'now')
    const b = buildTrend(null, [{ seq: 4, score: 1 }], src, lastDay, 'now')
    const { themes, topics, topicOf } = hierarchy([a, b])
    expect(themes.map((t) => [t.label, t.nTrends, t.nArticles])).toEqual([['Business', 1, 3], ['Sports', 1, 1]])
    expect(topics.map((t) => [t.label, t.nTrends])).toEqual([['Economy', 1], ['Sports', 1]])
    expect(topicOf.get(a.id)).toBe(topics[0]!.id)
  })

  it('counts settled trends into the topics they were written under, beside the built ones', () => {
    const a = buildTrend(null, members, src, lastDay, 'now')
    const built = hierarchy([a])
    const economy = built.topics[0]!
    const business = built.themes[0]!
    const settled = [
      { topicId: economy.id, topicLabel: 'Economy', themeId: business.id, themeLabel: 'Business', trends: 2, articles: 7 },
      { topicId: 'topic-old', topicLabel: 'Chess', themeId: 'theme-old', themeLabel: 'Games', trends: 1, articles: 4 },
    ]
    const { themes, topics, topicOf } = hierarchy([a], settled)
    expect(themes.map((t) => [t.id, t.label, t.nTrends, t.nArticles])).toEqual([
      [business.id, 'Business', 3, 10],
      ['theme-old', 'Games', 1, 4],
    ])
    expect(topics.map((t) => [t.id, t.themeId, t.label, t.nTrends, t.nArticles])).toEqual([
      [economy.id, business.id, 'Economy', 3, 10],
      ['topic-old', 'theme-old', 'Chess', 1, 4],
    ])
    expect(topicOf.get(a.id)).toBe(economy.id)
  })
})

/** Publications p1..p9 of an activity index, and a window's sums over some of them. */
const spec: Record<string, { domain: string; contentType?: string; category?: string | null; trend?: string; entities?: Array<[string, string]> }> = {
  p1: { domain: 'a.example', trend: 't1', entities: [['/m/fed', 'Fed']] },
  p2: { domain: 'a.example', contentType: 'Analysis', category: '/Sports/Tennis', entities: [['/m/fed', 'Fed'], ['/m/x', 'X']] },
  p3: { domain: 'b.example', trend: 't1', category: null },
  p9: { domain: 'c.example' },
}
const names = Object.keys(spec)
const index = (() => {
  const b = new ActivityBuilder()
  names.forEach((id, i) => {
    const p = spec[id]!
    b.addArticle({ seq: i + 1, lang: 'en', domain: p.domain, category: p.category === undefined ? '/Business/Economy' : p.category, contentType: p.contentType ?? 'News', lifeFirst: null, lifeLast: null })
    if (p.trend) b.addTrend(i + 1, p.trend)
    for (const [entityId, name] of p.entities ?? []) {
      b.addEntity(i + 1, entityId)
      b.addEntityName(entityId, name)
    }
  })
  return b.finish()
})()
const covered = (rows: Array<[string, number]>): Covered => ({
  data: index,
  sums: {
    articles: Int32Array.from(rows, ([id]) => index.indexOfSeq[names.indexOf(id) + 1]!),
    impressions: Float64Array.from(rows, ([, imps]) => imps),
  },
})
const labels = () => new Map([['t1', 'Rates']])

describe('roll-up slices', () => {
  const now = covered([['p1', 500], ['p2', 300], ['p3', 100]])
  const before = covered([['p1', 400], ['p9', 50]])

  it('sums publications and impressions per publisher and trend, with the change against the window before', () => {
    expect(publisherSlices(now, before)).toEqual([
      { name: 'a.example', delta_pct: 100, pubs: 2, imps: 800 },
      { name: 'b.example', delta_pct: 100, pubs: 1, imps: 100 },
    ])
    expect(trendSlices(now, before, labels)).toEqual([{ id: 't1', name: 'Rates', delta_pct: 50, pubs: 2, imps: 600 }])
  })

  it('groups by top-level section and format, and leaves an entity list\'s own items out of related entities', () => {
    expect(groupSlices(now)).toEqual([{ name: '/Business', pubs: 1, imps: 500 }, { name: '/Sports', pubs: 1, imps: 300 }])
    expect(typeSlices(now)).toEqual([{ name: 'News', pubs: 2 }, { name: 'Analysis', pubs: 1 }])
    expect(relatedSlices(now, new Set(['/m/fed']))).toEqual([{ name: 'X', entity_id: '/m/x', pubs: 1, imps: 300 }])
    expect(relatedSlices(now, new Set())).toEqual([{ name: 'Fed', entity_id: '/m/fed', pubs: 2, imps: 800 }, { name: 'X', entity_id: '/m/x', pubs: 1, imps: 300 }])
    expect(topArticleCandidates(now).map((p) => p.seq)).toEqual([1, 3])
  })

  it('orders slices of equal reach by name, whatever order the publications came in', () => {
    const even: Array<[string, number]> = [['p9', 100], ['p3', 100], ['p1', 100]]
    expect(publisherSlices(covered(even), covered([])).map((p) => p.name)).toEqual(['a.example', 'b.example', 'c.example'])
    expect(publisherSlices(covered([...even].reverse()), covered([])).map((p) => p.name)).toEqual(['a.example', 'b.example', 'c.example'])
  })

  it('looks up only the publications that can be among a trend list\'s top articles (ties with the last one included), then orders ties by id', () => {
    // 30 publications of a trend (1000, 999, ... for the first 25, then 10 each), a 31st tying the 20th, one outside trends
    const b = new ActivityBuilder()
    const reach = [...Array.from({ length: 30 }, (_, i) => (i < 25 ? 1000 - i : 10)), 1000 - 19, 5000]
    reach.forEach((_, i) => {
      b.addArticle({ seq: i + 1, lang: 'en', domain: 'a.example', category: null, contentType: null, lifeFirst: null, lifeLast: null })
      if (i < 31) b.addTrend(i + 1, 't1')
    })
    const data = b.finish()
    const sums = { articles: Int32Array.from(reach, (_, i) => data.indexOfSeq[i + 1]!), impressions: Float64Array.from(reach) }
    const candidates = topArticleCandidates({ data, sums })
    expect(candidates.map((c) => c.seq)).toEqual([...Array.from({ length: 20 }, (_, i) => i + 1), 31])
    const withIds = candidates.map((r) => ({ ...r, id: r.seq === 31 ? 'tie' : `t${r.seq - 1}` }))
    expect(topArticles(withIds).map((c) => c.id).slice(-2)).toEqual(['t18', 't19'])
    expect(topArticles(withIds)).toHaveLength(20)
  })
})


describe('top categories', () => {
  it('ranks categories by impressions with publishers, the change and the share of every impression', () => {
    const current = new Map([[1, { impressions: 600 }], [2, { impressions: 200 }], [3, { impressions: 200 }], [4, { impressions: 1000 }]])
    const previous = new Map([[1, { impressions: 400 }], [5, { impressions: 50 }]])
    const facts = new Map([
      [1, { category: '/News', domain: 'a.example' }],
      [2, { category: '/News', domain: 'b.example' }],
      [3, { category: '/Arts', domain: 'a.example' }],
      [5, { category: '/Gone', domain: 'c.example' }],
    ])
    // article 4 has no category: it counts in the whole (2,000) only
    expect(rankTopCategories(current, previous, facts, 10)).toEqual([
      { category: '/News', impressions: 800, publications: 2, publishers: 2, delta_pct: 100, share_of_impressions: 0.4 },
      { category: '/Arts', impressions: 200, publications: 1, publishers: 1, delta_pct: null, share_of_impressions: 0.1 },
    ])
    expect(rankTopCategories(current, previous, facts, 1)).toHaveLength(1)
  })
})
