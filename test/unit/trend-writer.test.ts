import { describe, expect, it } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshTrendsSteps } from '../../electron/core/jobs/trends'
import { exampleArticle, openTestStore, seedRegion } from '../helpers/core'

const NOW = new Date('2026-11-20T12:00:00Z')

/** Four reports of one harbour story: three seen in the feed at their hours, the fourth never seen. */
function storeWithStory() {
  const store = openTestStore()
  seedRegion(store, 'US')
  const article = (n: number) => exampleArticle(`a${n}`, `harbour-${n}`, `Harbour bridge reopens after storm repairs, part ${n}`, `2026-11-19T0${n}:00:00Z`)
  const seen = (n: number) => ({ articleId: `a${n}`, country: 'US', observedAt: `2026-11-19T0${n}:30:00Z`, position: n, estimatedImpressions: 100 })
  new IngestWriter(store).write({ articles: [1, 2, 3, 4].map(article), observations: [1, 2, 3].map(seen) })
  return store
}

/** Each member as stored, beside the article's own seq and first sighting as the facets show it. */
const membersBeside = (store: ReturnType<typeof openTestStore>) =>
  store.sqlite
    .prepare(
      `SELECT m.article_id AS id, m.article_seq AS seq, a.seq AS articleSeq, m.first_seen AS firstSeen, f.first_shown AS firstShown
       FROM trend_articles m JOIN articles a ON a.id = m.article_id JOIN article_facets f ON f.article_seq = a.seq ORDER BY m.article_id`,
    )
    .all() as Array<{ id: string; seq: number; articleSeq: number; firstSeen: number; firstShown: number }>

/**
 * A full pass, with `meanwhile` done once: after it read the store and before its first write,
 * or at its pause `atPause` (counted from 1); returns how many pauses it made.
 */
function fullPassWith(store: ReturnType<typeof openTestStore>, meanwhile: () => void, atPause?: number): number {
  const steps = refreshTrendsSteps(store, NOW, { full: true })
  let sent: unknown
  let pauses = 0
  let done = false
  for (let next = steps.next(); !next.done; next = steps.next(sent)) {
    const request = next.value as { work?: () => unknown } | undefined
    if (!done && (++pauses === atPause || (atPause === undefined && request?.work))) {
      meanwhile()
      done = true
    }
    sent = request?.work ? store.transaction(request.work) : undefined
  }
  return pauses
}

describe("a full pass's write of the trend members", () => {
  it('writes each member with its seq and its first sighting as the facets hold it when written, seen or only published', () => {
    const store = storeWithStory()
    try {
      // a sighting of the unseen article arrives after the pass read the store, before it writes
      fullPassWith(store, () =>
        new IngestWriter(store).write({ observations: [{ articleId: 'a4', country: 'US', observedAt: '2026-11-19T09:00:00Z', position: 1, estimatedImpressions: 50 }] }),
      )
      const members = membersBeside(store)
      expect(members.map((m) => m.id)).toEqual(['a1', 'a2', 'a3', 'a4'])
      for (const m of members) {
        expect(m.seq).toBe(m.articleSeq)
        expect(m.firstSeen).toBe(m.firstShown)
      }
      expect(members.find((m) => m.id === 'a4')!.firstSeen).toBe(Date.parse('2026-11-19T09:00:00Z') / 1000)
      expect(members.find((m) => m.id === 'a1')!.firstSeen).toBe(Date.parse('2026-11-19T01:30:00Z') / 1000)
    } finally {
      store.close()
    }
  })

  it('leaves out an article removed after the pass read the store, and writes the others', () => {
    const store = storeWithStory()
    try {
      fullPassWith(store, () => expect(store.removeArticles(['a2'], NOW)).toEqual(['a2']))
      expect(membersBeside(store).map((m) => m.id)).toEqual(['a1', 'a3', 'a4'])
    } finally {
      store.close()
    }
  })

  it('writes the trends of the articles still stored when one is removed at any pause of the pass, as a pass after the removal does', () => {
    const trendsOf = (store: ReturnType<typeof openTestStore>) => ({
      trends: store.sqlite.prepare('SELECT id, label, article_count AS n FROM trends ORDER BY id').all(),
      members: store.sqlite.prepare('SELECT trend_id, article_id FROM trend_articles ORDER BY article_id').all(),
    })
    const removedFirst = storeWithStory()
    removedFirst.removeArticles(['a1'], NOW)
    fullPassWith(removedFirst, () => undefined)
    const expected = trendsOf(removedFirst)
    removedFirst.close()
    expect(expected.members.map((m) => (m as { article_id: string }).article_id)).toEqual(['a2', 'a3', 'a4'])
    const pauses = fullPassWith(storeWithStory(), () => undefined)
    expect(pauses).toBeGreaterThan(3)
    for (let at = 1; at <= pauses; at++) {
      const store = storeWithStory()
      try {
        fullPassWith(store, () => store.removeArticles(['a1'], NOW), at)
        expect({ at, ...trendsOf(store) }).toEqual({ at, ...expected })
      } finally {
        store.close()
      }
    }
  })

  it('still fails, writing nothing, when a member names a trend that is not written', () => {
    const store = storeWithStory()
    try {
      const seq = store.sqlite.prepare(`SELECT seq FROM articles WHERE id = 'a1'`).pluck().get() as number
      expect(() =>
        store.trendWriter.replace({ themes: [], topics: [], trends: [], links: [], countries: [], members: [{ trendId: 'no-such-trend', articleId: 'a1', articleSeq: seq, score: 1, role: 'F1_trigger' }] }),
      ).toThrow(/FOREIGN KEY/)
      expect(store.sqlite.prepare('SELECT count(*) FROM trend_articles').pluck().get()).toBe(0)
    } finally {
      store.close()
    }
  })
})

/** A store whose articles are `names`, each published on the 10th of a month of 2026. */
function storeOf(names: readonly string[]) {
  const store = openTestStore()
  seedRegion(store, 'US')
  new IngestWriter(store).write({
    articles: names.map((n, i) => exampleArticle(n, n, `Story ${n}`, `2026-0${1 + (i % 5)}-10T08:00:00Z`)),
  })
  return store
}
const seqOf = (store: ReturnType<typeof openTestStore>, id: string) => store.sqlite.prepare('SELECT seq FROM articles WHERE id = ?').pluck().get(id) as number
/** A trend row, active (counts in its 180 days) or ended (none: empty counts). */
const trend = (id: string, active: boolean, articleCount = 1) => {
  const last = active ? '2026-11-01T00:00:00.000Z' : '2026-04-01T00:00:00.000Z'
  return {
    id,
    label: id,
    state: active ? 'persistent' : 'decayed',
    structuralType: 'unknown',
    semanticType: 'news',
    articleCount,
    firstSeenAt: last,
    lastArticleAt: last,
    keyEntities: [],
    primaryCountry: 'US',
    countryScope: ['US'],
    topicId: 'topic',
    dailyCounts: active ? [1] : [],
    dailyThrough: 20_400,
    features: {},
    forecast: null,
    createdAt: last,
    updatedAt: last,
  }
}
const hierarchyOf = (trends: number, articles: number) => ({
  themes: [{ id: 'theme', label: 'News', nTrends: trends, nArticles: articles }],
  topics: [{ id: 'topic', themeId: 'theme', label: 'News', nTrends: trends, nArticles: articles }],
})
const member = (store: ReturnType<typeof openTestStore>, trendId: string, articleId: string) => ({ trendId, articleId, articleSeq: seqOf(store, articleId), score: 1, role: 'F1_trigger' })

describe("a replacement's members", () => {
  it('moves a member that changed trend, updates one rescored, removes those no longer placed, those stored without their seq too', () => {
    const names = ['same', 'rescored', 'moved', 'gone', 'legacyMoved', 'legacyGone']
    const store = storeOf(names)
    try {
      store.trendWriter.replace({ ...hierarchyOf(1, 6), trends: [trend('one', true, 6)], members: names.map((n) => member(store, 'one', n)), links: [], countries: [] })
      // rows written before members had their seq (migration 0013 filled them in)
      store.sqlite.prepare("UPDATE trend_articles SET article_seq = NULL WHERE article_id IN ('legacyMoved', 'legacyGone')").run()
      store.trendWriter.replace({
        ...hierarchyOf(2, 4),
        trends: [trend('one', true, 2), trend('two', true, 2)],
        members: [member(store, 'one', 'same'), { ...member(store, 'one', 'rescored'), score: 0.5 }, member(store, 'two', 'moved'), member(store, 'two', 'legacyMoved')],
        links: [],
        countries: [],
      })
      expect(store.sqlite.prepare('SELECT trend_id AS trend, article_id AS article, assignment_score AS score FROM trend_articles ORDER BY article_id').all()).toEqual([
        { trend: 'two', article: 'legacyMoved', score: 1 },
        { trend: 'two', article: 'moved', score: 1 },
        { trend: 'one', article: 'rescored', score: 0.5 },
        { trend: 'one', article: 'same', score: 1 },
      ])
    } finally {
      store.close()
    }
  })
})

describe('the trends a full pass may leave as stored (settled)', () => {
  it('are those written with empty counts, every member stored, under a stored topic', () => {
    const names = ['alone', 'active', 'childOfActive', 'shortOfMembers']
    const store = storeOf(names)
    try {
      store.trendWriter.replace({
        ...hierarchyOf(4, 3),
        trends: names.map((n) => trend(n, n === 'active')),
        // every trend but the last has its one member
        members: names.slice(0, -1).map((n) => member(store, n, n)),
        links: [{ parentId: 'active', childId: 'childOfActive', relationType: 'derivative', strength: 0.9 }],
        countries: [],
      })
      const settled = store.trendWriter.settledTrends()
      expect([...settled.ids].sort()).toEqual(['alone', 'childOfActive'])
      expect(settled).toMatchObject({ articles: 2, newest: Date.parse('2026-04-01T00:00:00Z') / 1000, topics: [{ topicId: 'topic', topicLabel: 'News', themeId: 'theme', themeLabel: 'News', trends: 2, articles: 2 }] })
    } finally {
      store.close()
    }
  })

  it("keep their rows, members, markets and parent link through a replacement, the link following its parent's articles to the parent's new id", () => {
    const store = storeOf(['p1', 'p2', 'c1'])
    try {
      store.trendWriter.replace({
        ...hierarchyOf(2, 3),
        trends: [trend('parent', true, 2), trend('child', false)],
        members: [member(store, 'parent', 'p1'), member(store, 'parent', 'p2'), member(store, 'child', 'c1')],
        links: [{ parentId: 'parent', childId: 'child', relationType: 'derivative', strength: 0.9 }],
        countries: [{ trendId: 'child', country: 'US', articleCount: 1, firstSeenAt: '2026-04-01T00:00:00.000Z', lastArticleAt: '2026-04-01T00:00:00.000Z' }],
      })
      const child = store.sqlite.prepare("SELECT * FROM trends WHERE id = 'child'").get()
      const settled = store.trendWriter.settledTrends()
      expect([...settled.ids]).toEqual(['child'])
      // the parent clustered again under another id (its first article moved)
      store.trendWriter.replace({ ...hierarchyOf(2, 3), trends: [trend('parent again', true, 2)], members: [member(store, 'parent again', 'p1'), member(store, 'parent again', 'p2')], links: [], countries: [] }, settled.ids)
      expect(store.sqlite.prepare('SELECT id FROM trends ORDER BY id').pluck().all()).toEqual(['child', 'parent again'])
      expect(store.sqlite.prepare("SELECT * FROM trends WHERE id = 'child'").get()).toEqual(child)
      expect(store.sqlite.prepare('SELECT trend_id, article_id FROM trend_articles ORDER BY article_id').all()).toEqual([
        { trend_id: 'child', article_id: 'c1' },
        { trend_id: 'parent again', article_id: 'p1' },
        { trend_id: 'parent again', article_id: 'p2' },
      ])
      expect(store.sqlite.prepare('SELECT trend_id, country FROM trend_countries').all()).toEqual([{ trend_id: 'child', country: 'US' }])
      expect(store.sqlite.prepare('SELECT parent_id, child_id, relation_type, strength FROM trend_links').all()).toEqual([
        { parent_id: 'parent again', child_id: 'child', relation_type: 'derivative', strength: 0.9 },
      ])
    } finally {
      store.close()
    }
  })
})

describe("the trends' newest article", () => {
  it('is the newest first sighting, else publication, of the articles up to a seq, never an article without either', () => {
    const store = openTestStore()
    try {
      seedRegion(store, 'US')
      const seen = exampleArticle('s1', 'seen', 'Harbour bridge reopens', '2026-03-01T08:00:00Z')
      const published = exampleArticle('p1', 'published', 'Volcano erupts', '2026-11-01T08:00:00Z')
      // stored last, with neither: its first_shown is when it was stored (now), newer than both
      const undated = { ...exampleArticle('u1', 'undated', 'Quarterly notice', '2026-11-02T08:00:00Z'), publishedAt: null }
      new IngestWriter(store).write({ articles: [seen, published, undated], observations: [{ articleId: 's1', country: 'US', observedAt: '2026-03-02T09:00:00Z', position: 1, estimatedImpressions: 10 }] })
      const seq = (id: string) => store.sqlite.prepare('SELECT seq FROM articles WHERE id = ?').pluck().get(id) as number
      expect(store.trendWriter.newestArticleTime(seq('u1'))).toBe(Date.parse('2026-11-01T08:00:00Z') / 1000)
      // the articles up to the first: its first sighting, not its publication
      expect(store.trendWriter.newestArticleTime(seq('s1'))).toBe(Date.parse('2026-03-02T09:00:00Z') / 1000)
      expect(store.trendWriter.newestArticleTime(0)).toBeNull()
    } finally {
      store.close()
    }
  })
})

describe('the early articles a full pass places from the stored sums (articlesBefore)', () => {
  it('are those up to a seq first seen before a time, or never seen and published before it, in seq order with that time; never an article without either', () => {
    const store = openTestStore()
    try {
      seedRegion(store, 'US')
      // seen long after it was published: placed at its first sighting
      const seenLate = exampleArticle('s1', 'seen-late', 'Harbour bridge reopens', '2026-03-01T08:00:00Z')
      const neverSeen = exampleArticle('p1', 'published', 'Volcano erupts', '2026-03-03T08:00:00Z')
      const seenEarly = exampleArticle('s2', 'seen-early', 'Orchid fair opens', '2026-03-02T08:00:00Z')
      const undated = { ...exampleArticle('u1', 'undated', 'Quarterly notice', '2026-03-02T08:00:00Z'), publishedAt: null }
      new IngestWriter(store).write({
        articles: [seenLate, neverSeen, seenEarly, undated],
        observations: [
          { articleId: 's1', country: 'US', observedAt: '2026-03-10T09:00:00Z', position: 1, estimatedImpressions: 10 },
          { articleId: 's2', country: 'US', observedAt: '2026-03-02T09:00:00Z', position: 2, estimatedImpressions: 10 },
        ],
      })
      const seq = (id: string) => store.sqlite.prepare('SELECT seq FROM articles WHERE id = ?').pluck().get(id) as number
      const at = (iso: string) => Date.parse(iso) / 1000
      const maxSeq = seq('u1')
      expect(store.trendWriter.articlesBefore(at('2026-03-05T00:00:00Z'), maxSeq)).toEqual({
        seqs: [seq('p1'), seq('s2')],
        times: [at('2026-03-03T08:00:00Z'), at('2026-03-02T09:00:00Z')],
      })
      expect(store.trendWriter.articlesBefore(at('2026-03-11T00:00:00Z'), maxSeq)).toEqual({
        seqs: [seq('s1'), seq('p1'), seq('s2')],
        times: [at('2026-03-10T09:00:00Z'), at('2026-03-03T08:00:00Z'), at('2026-03-02T09:00:00Z')],
      })
      // up to a seq: the later ones are left out
      expect(store.trendWriter.articlesBefore(at('2026-03-11T00:00:00Z'), seq('p1'))).toEqual({ seqs: [seq('s1'), seq('p1')], times: [at('2026-03-10T09:00:00Z'), at('2026-03-03T08:00:00Z')] })
      expect(store.trendWriter.articlesBefore(at('2026-03-01T00:00:00Z'), maxSeq)).toEqual({ seqs: [], times: [] })
    } finally {
      store.close()
    }
  })
})
