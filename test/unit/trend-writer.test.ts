import { describe, expect, it } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshTrendsSteps } from '../../electron/core/jobs/trends'
import { openTestStore, seedRegion } from '../helpers/core'

const NOW = new Date('2026-11-20T12:00:00Z')

/** Four reports of one harbour story: three seen in the feed at their hours, the fourth never seen. */
function storeWithStory() {
  const store = openTestStore()
  seedRegion(store, 'US')
  const article = (n: number) => ({
    id: `a${n}`,
    url: `https://example.com/harbour-${n}`,
    title: `Harbour bridge reopens after storm repairs, part ${n}`,
    domain: 'example.com',
    region: 'US',
    lang: 'en',
    publishedAt: `2026-11-19T0${n}:00:00Z`,
  })
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

describe('the trends a full pass may leave as stored (settled)', () => {
  it('are those written with empty counts, every member stored, under a stored topic, and linked to no parent but a settled one', () => {
    const store = openTestStore()
    try {
      seedRegion(store, 'US')
      const names = ['alone', 'active', 'childOfActive', 'grandchild', 'settledParent', 'childOfSettled', 'shortOfMembers']
      new IngestWriter(store).write({
        articles: names.map((n, i) => ({ id: n, url: `https://example.com/${n}`, title: `Story ${n}`, domain: 'example.com', region: 'US', lang: 'en', publishedAt: `2026-0${1 + (i % 5)}-10T08:00:00Z` })),
      })
      const seqOf = (id: string) => store.sqlite.prepare('SELECT seq FROM articles WHERE id = ?').pluck().get(id) as number
      const trend = (id: string, daily: number[], last: string) => ({
        id,
        label: id,
        state: 'decayed',
        structuralType: 'unknown',
        semanticType: 'news',
        articleCount: 1,
        firstSeenAt: last,
        lastArticleAt: last,
        keyEntities: [],
        primaryCountry: 'US',
        countryScope: ['US'],
        topicId: 'topic',
        dailyCounts: daily,
        dailyThrough: 20_400,
        features: {},
        forecast: null,
        createdAt: last,
        updatedAt: last,
      })
      store.trendWriter.replace({
        themes: [{ id: 'theme', label: 'News', nTrends: 7, nArticles: 7 }],
        topics: [{ id: 'topic', themeId: 'theme', label: 'News', nTrends: 7, nArticles: 7 }],
        trends: names.map((n) => trend(n, n === 'active' ? [1] : [], n === 'active' ? '2026-11-01T00:00:00.000Z' : '2026-04-01T00:00:00.000Z')),
        // every trend but the last has its one member
        members: names.slice(0, -1).map((n) => ({ trendId: n, articleId: n, articleSeq: seqOf(n), score: 1, role: 'F1_trigger' })),
        links: [
          { parentId: 'active', childId: 'childOfActive', relationType: 'derivative', strength: 0.9 },
          { parentId: 'childOfActive', childId: 'grandchild', relationType: 'derivative', strength: 0.8 },
          { parentId: 'settledParent', childId: 'childOfSettled', relationType: 'derivative', strength: 0.7 },
        ],
        countries: [],
      })
      const settled = store.trendWriter.settledTrends()
      expect([...settled.ids].sort()).toEqual(['alone', 'childOfSettled', 'settledParent'])
      expect(settled).toMatchObject({ articles: 3, newest: Date.parse('2026-04-01T00:00:00Z') / 1000, topics: [{ topicId: 'topic', topicLabel: 'News', themeId: 'theme', themeLabel: 'News', trends: 3, articles: 3 }] })
    } finally {
      store.close()
    }
  })
})
