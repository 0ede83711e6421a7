import { describe, expect, it, vi } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshTrends, refreshTrendsSteps, TRENDS_METHOD } from '../../electron/core/jobs/trends'
import type { Store } from '../../electron/core/store/store'
import { exampleArticle, openTestStore, seedRegion } from '../helpers/core'

/**
 * Settled trends (docs/contract-decisions.md, "Settled trends"): a full pass leaves a trend whose
 * last article is older than its 180 days of daily counts as stored, and clusters the rest.
 */
const NOW = new Date('2026-11-20T12:00:00Z')
const LATER = new Date('2026-11-21T12:00:00Z')

/** A report of the old harbour story (January), or of the new volcano story (November). */
const harbour = (n: number, day = 10 + n) =>
  exampleArticle(`h${n}`, `harbour-${n}`, `Harbour bridge reopens after storm repairs, part ${n}`, `2026-01-${String(day).padStart(2, '0')}T08:00:00Z`, '/Business/Economy')
const volcano = (n: number, hour = n) =>
  exampleArticle(`v${n}`, `volcano-${n}`, `Volcano eruption forces island evacuation, update ${n}`, `2026-11-19T${String(hour).padStart(2, '0')}:00:00Z`, '/Science/Geology')
/** One-off headlines of their own words, which make the stories' words rare enough to find the stories by. */
const FILLER = 80
const filler = (n: number) => exampleArticle(`f${n}`, `filler-${n}`, `Quarterly${n} ledger${n} notice${n}`, `2026-11-${String(1 + (n % 18)).padStart(2, '0')}T06:00:00Z`, '/News')
const seen = (a: { id: string; publishedAt: string }) => ({ articleId: a.id, country: 'US', observedAt: a.publishedAt.replace(':00:00Z', ':30:00Z'), position: 1, estimatedImpressions: 100 })

function storeWithStories(): Store {
  const store = openTestStore()
  seedRegion(store, 'US')
  const articles = [...[1, 2, 3, 4].map((n) => harbour(n)), ...[1, 2, 3, 4].map((n) => volcano(n)), ...Array.from({ length: FILLER }, (_, n) => filler(n))]
  new IngestWriter(store).write({ articles, observations: articles.map(seen) })
  return store
}

/** `test` on the stories' store after two full passes: the second one found the harbour trend settled. */
function withSettled(test: (store: Store) => void): void {
  const store = storeWithStories()
  try {
    refreshTrends(store, NOW, { full: true })
    refreshTrends(store, LATER, { full: true })
    test(store)
  } finally {
    store.close()
  }
}

const trendOf = (store: Store, articleId: string) =>
  store.sqlite.prepare('SELECT t.* FROM trends t JOIN trend_articles m ON m.trend_id = t.id WHERE m.article_id = ?').get(articleId) as Record<string, unknown> & { id: string; article_count: number; updated_at: string; daily_counts: string }
const membersOf = (store: Store, trendId: string) => store.sqlite.prepare('SELECT article_id, assignment_score, role FROM trend_articles WHERE trend_id = ? ORDER BY article_id').all(trendId)
const countriesOf = (store: Store, trendId: string) => store.sqlite.prepare('SELECT * FROM trend_countries WHERE trend_id = ?').all(trendId)

/** The hierarchy's counts against the trends and members stored: every trend and member counted once. */
function expectHierarchyCountsEverything(store: Store) {
  const stored = store.sqlite.prepare('SELECT (SELECT count(*) FROM trends) AS trends, (SELECT count(*) FROM trend_articles) AS articles').get()
  expect(store.sqlite.prepare('SELECT sum(n_trends) AS trends, sum(n_articles) AS articles FROM topics').get()).toEqual(stored)
  expect(store.sqlite.prepare('SELECT sum(n_trends) AS trends, sum(n_articles) AS articles FROM themes').get()).toEqual(stored)
  const byTopic = store.sqlite.prepare('SELECT tp.n_trends AS listed, (SELECT count(*) FROM trends t WHERE t.topic_id = tp.id) AS stored FROM topics tp').all() as Array<{ listed: number; stored: number }>
  for (const t of byTopic) expect(t.listed).toBe(t.stored)
}

describe('a full pass leaves settled trends as stored', () => {
  it('keeps the row, members and markets of a trend with no article in its 180 days, counts it in its topic and theme, and builds the others again', () => {
    const store = storeWithStories()
    try {
      const first = refreshTrends(store, NOW, { full: true })
      expect(first).toMatchObject({ trends: 2 + FILLER, articles: 8 + FILLER, mode: 'full' })
      const old = trendOf(store, 'h1')
      expect(old.article_count).toBe(4)
      // written with no article in its 180 days: settled from the next pass on
      expect(old.daily_counts).toBe('[]')
      const oldMembers = membersOf(store, old.id)
      const oldCountries = countriesOf(store, old.id)
      const recent = trendOf(store, 'v1')

      const second = refreshTrends(store, LATER, { full: true })
      // the settled trend and its articles are counted in what the pass reports
      expect(second).toMatchObject({ trends: 2 + FILLER, articles: 8 + FILLER, mode: 'full', touched: 1 + FILLER })
      expect(trendOf(store, 'h1')).toEqual(old)
      expect(membersOf(store, old.id)).toEqual(oldMembers)
      expect(countriesOf(store, old.id)).toEqual(oldCountries)
      // the recent trend was built again (its stamp moved on)
      expect(trendOf(store, 'v1')).toMatchObject({ id: recent.id, article_count: 4, updated_at: LATER.toISOString() })
      expectHierarchyCountsEverything(store)
      expect(store.sqlite.prepare('SELECT label, n_trends, n_articles FROM topics ORDER BY label').all()).toEqual([
        { label: 'Economy', n_trends: 1, n_articles: 4 },
        { label: 'Geology', n_trends: 1, n_articles: 4 },
        { label: 'News', n_trends: FILLER, n_articles: FILLER },
      ])

      // a whole pass builds it again as well
      refreshTrends(store, new Date('2026-11-22T12:00:00Z'), { whole: true })
      expect(trendOf(store, 'h1')).toMatchObject({ id: old.id, article_count: 4, updated_at: '2026-11-22T12:00:00.000Z' })
    } finally {
      store.close()
    }
  })

  it('keeps counting settled trends in the hierarchy through incremental updates', () => {
    withSettled((store) => {
      const fresh = volcano(5, 11)
      new IngestWriter(store).write({ articles: [fresh], observations: [seen(fresh)] })
      const update = refreshTrends(store, LATER)
      expect(update).toMatchObject({ mode: 'incremental', trends: 2 + FILLER, articles: 9 + FILLER })
      expect(trendOf(store, 'v5').article_count).toBe(5)
      expectHierarchyCountsEverything(store)
    })
  })

  it('clusters a settled trend again when an article dated back within its reach arrives, which then joins it', () => {
    withSettled((store) => {
      const old = trendOf(store, 'h1')
      const late = harbour(5, 16)
      new IngestWriter(store).write({ articles: [late] })
      refreshTrends(store, LATER, { full: true })
      expect(trendOf(store, 'h5')).toMatchObject({ id: old.id, article_count: 5 })
      expectHierarchyCountsEverything(store)
    })
  })

  it('clusters a settled trend again when an article dated back within its reach arrives under the seq of a removed article', () => {
    withSettled((store) => {
      const old = trendOf(store, 'h1')
      const newest = store.sqlite.prepare('SELECT id, seq FROM articles ORDER BY seq DESC LIMIT 1').get() as { id: string; seq: number }
      expect(store.removeArticles([newest.id], LATER)).toEqual([newest.id])
      new IngestWriter(store).write({ articles: [harbour(5, 16)] })
      // the store gives the removed article's seq again
      expect(store.sqlite.prepare("SELECT seq FROM articles WHERE id = 'h5'").pluck().get()).toBe(newest.seq)
      refreshTrends(store, LATER, { full: true })
      expect(trendOf(store, 'h5')).toMatchObject({ id: old.id, article_count: 5 })
    })
  })

  it('clusters a settled trend again when one of its articles was removed, or moved by another writer', () => {
    withSettled((removed) => {
      expect(removed.removeArticles(['h4'], LATER)).toEqual(['h4'])
      refreshTrends(removed, LATER, { full: true })
      const old = trendOf(removed, 'h1')
      expect(old.article_count).toBe(3)
      expect(membersOf(removed, old.id)).toHaveLength(3)
      expectHierarchyCountsEverything(removed)
    })
    withSettled((moved) => {
      const old = trendOf(moved, 'h1')
      // the old story's last report filed under the volcano story, as an older Feedlens might have left it
      moved.sqlite.prepare("UPDATE trend_articles SET trend_id = (SELECT trend_id FROM trend_articles WHERE article_id = 'v1') WHERE article_id = 'h4'").run()
      moved.settings.set('trends_method', `${TRENDS_METHOD} (older)`)
      refreshTrends(moved, LATER, { full: true })
      expect(trendOf(moved, 'h4')).toMatchObject({ id: old.id, article_count: 4 })
      expect(trendOf(moved, 'v1')).toMatchObject({ article_count: 4 })
      expectHierarchyCountsEverything(moved)
    })
  })

  it("clusters every trend again when the last day went back far enough to put a settled trend's articles in its counts", () => {
    withSettled((store) => {
      // a pass as of June (a clock set back): the harbour story's January reports are within its 180 days
      const june = refreshTrends(store, new Date('2026-06-01T12:00:00Z'), { full: true })
      expect(june).toMatchObject({ trends: 2 + FILLER, articles: 8 + FILLER, mode: 'full' })
      const old = trendOf(store, 'h1')
      expect(old).toMatchObject({ article_count: 4, updated_at: '2026-06-01T12:00:00.000Z' })
      expect(JSON.parse(old.daily_counts)).toEqual([1, 1, 1, 1])
      expectHierarchyCountsEverything(store)
    })
  })

  it('clusters every trend again when the stored trends were computed another way', () => {
    const store = storeWithStories()
    try {
      refreshTrends(store, NOW, { full: true })
      store.settings.set('trends_method', `${TRENDS_METHOD} (older)`)
      refreshTrends(store, LATER, { full: true })
      expect(trendOf(store, 'h1')).toMatchObject({ article_count: 4, updated_at: LATER.toISOString() })
      // then settles again
      refreshTrends(store, new Date('2026-11-22T12:00:00Z'), { full: true })
      expect(trendOf(store, 'h1')).toMatchObject({ article_count: 4, updated_at: LATER.toISOString() })
    } finally {
      store.close()
    }
  })

  it('starts again when another writer replaced the trends while it ran, so no settled trend it kept is gone', () => {
    withSettled((store) => {
      const old = trendOf(store, 'h1')
      // another process's pass (a CLI beside the app) removed the old trend, after this one read the store
      const steps = refreshTrendsSteps(store, LATER, { full: true })
      let sent: unknown
      let replaced = false
      for (let next = steps.next(); !next.done; next = steps.next(sent)) {
        const request = next.value as { work?: () => unknown } | undefined
        if (!replaced && request?.work) {
          store.sqlite.prepare('DELETE FROM trends WHERE id = ?').run(old.id)
          store.settings.set('trends_generation', 'another writer')
          replaced = true
        }
        sent = request?.work ? store.transaction(request.work) : undefined
      }
      expect(replaced).toBe(true)
      expect(trendOf(store, 'h1')).toMatchObject({ article_count: 4 })
      expectHierarchyCountsEverything(store)
    })
  })
})

/**
 * The horizon: articles dated before the 180 days of the daily counts and the clustering's active
 * window before them keep the trends they are stored in, and follow their trend's later articles.
 */
describe('a full pass keeps the articles before its horizon in their stored trends', () => {
  /** The canal story: a report every other day from March to mid-November, one storyline across the horizon (early May). */
  const CANAL = 131
  const canal = (n: number) => {
    const day = new Date(Date.UTC(2026, 2, 2 + 2 * (n - 1), 8))
    const title = `Canal lock expansion works continue on schedule, report ${n}`
    return { ...exampleArticle(`c${n}`, `canal-${n}`, title, day.toISOString().replace('.000Z', 'Z'), '/Business/Economy'), entities: [{ id: '/m/canal', score: 0.9 }] }
  }
  /** The spring fair: reports in late May, within the counts' 180 days when first written. */
  const fair = (n: number) => exampleArticle(`s${n}`, `fair-${n}`, `Spring orchid fair draws record crowds, day ${n}`, `2026-05-${24 + n}T08:00:00Z`, '/Lifestyle/Garden')
  /**
   * `test` on the stories' store with the canal and the fair, after a store's first pass.
   * olderLater: the odd reports imported after the even ones (an archive's older reports come
   * later), so the canal's seqs are out of time order.
   */
  const canalStore = (olderLater = false) => {
    const store = storeWithStories()
    const reports = Array.from({ length: CANAL }, (_, i) => canal(i + 1))
    const batches = olderLater ? [reports.filter((_, i) => i % 2 === 1), [...reports.filter((_, i) => i % 2 === 0), ...[1, 2, 3, 4].map(fair)]] : [[...reports, ...[1, 2, 3, 4].map(fair)]]
    for (const articles of batches) new IngestWriter(store).write({ entities: [{ id: '/m/canal', name: 'Canal', type: 'Place' }], articles, observations: articles.map(seen) })
    refreshTrends(store, NOW, { full: true })
    return store
  }
  const withCanal = (test: (store: Store) => void) => {
    const store = canalStore()
    try {
      test(store)
    } finally {
      store.close()
    }
  }
  const moveUnderVolcano = (store: Store, articleId: string) =>
    store.sqlite.prepare("UPDATE trend_articles SET trend_id = (SELECT trend_id FROM trend_articles WHERE article_id = 'v1') WHERE article_id = ?").run(articleId)

  it('keeps an article dated before the horizon in the trend it is stored in, and clusters the later ones again', () => {
    withCanal((store) => {
      const story = trendOf(store, 'c1')
      expect(story.article_count).toBe(CANAL)
      expect(trendOf(store, `c${CANAL}`).id).toBe(story.id)
      // stored elsewhere: a March report (before the horizon) and a September one (after it)
      moveUnderVolcano(store, 'c1')
      moveUnderVolcano(store, 'c100')
      // and the volcano story's last report under the canal story: the canal's early reports follow
      // most of its later ones, not the last one
      store.sqlite.prepare("UPDATE trend_articles SET trend_id = ? WHERE article_id = 'v4'").run(story.id)
      refreshTrends(store, LATER, { full: true })
      // the March report stays where it is stored, and the volcano trend is built with it (named
      // by its first article from now on, the March report)
      expect(trendOf(store, 'c1')).toMatchObject({ id: trendOf(store, 'v1').id, article_count: 5, first_seen_at: '2026-03-02T08:30:00.000Z' })
      expect(trendOf(store, 'v4').id).toBe(trendOf(store, 'c1').id)
      // the September report is clustered again, into its story, which keeps its other early reports
      expect(trendOf(store, 'c100')).toMatchObject({ id: trendOf(store, 'c2').id, article_count: CANAL - 1 })
      expectHierarchyCountsEverything(store)
    })
  })

  it('keeps a stored trend whose articles all fell before the horizon as a trend of its own', () => {
    withCanal((store) => {
      const spring = trendOf(store, 's1')
      expect(spring.article_count).toBe(4)
      // a month later: the horizon moved past the fair, written when within the counts' 180 days
      const later = { ...volcano(9), publishedAt: '2026-12-20T08:00:00Z' }
      new IngestWriter(store).write({ articles: [later], observations: [seen(later)] })
      refreshTrends(store, new Date('2026-12-21T12:00:00Z'), { full: true })
      expect(trendOf(store, 's1')).toMatchObject({ id: spring.id, article_count: 4, updated_at: '2026-12-21T12:00:00.000Z', daily_counts: '[]' })
      expect(membersOf(store, spring.id).map((m) => (m as { article_id: string }).article_id)).toEqual(['s1', 's2', 's3', 's4'])
      expectHierarchyCountsEverything(store)
    })
  })

  /** Two canal stores that took the canal's reports of the next week: `test` with the first, then `twin` with the second. */
  const withTwins = (twin: (store: Store) => void, test: (store: Store, other: Store) => void, olderLater = false) => {
    const [store, other] = [canalStore(olderLater), canalStore(olderLater)]
    try {
      for (const s of [store, other]) {
        const week = [132, 133, 134, 135].map(canal)
        new IngestWriter(s).write({ articles: week, observations: week.map(seen) })
      }
      twin(other)
      test(store, other)
    } finally {
      store.close()
      other.close()
    }
  }
  /** Six days on (the canal's reports to November 25th): the horizon moves three canal reports on. */
  const WEEK_ON = new Date('2026-11-27T12:00:00Z')
  /** The `from` each read of the articles was asked with (the early sums' time: the articles before it are not read). */
  const readFrom = (store: Store) => {
    const read = vi.spyOn(store.trendWriter, 'articles')
    return () => read.mock.calls.map((c) => c[3])
  }
  /** The trend tables, and the early sums, as stored. */
  const tablesOf = (store: Store) =>
    ['trends ORDER BY id', 'trend_articles ORDER BY article_id', 'trend_countries ORDER BY trend_id, country', 'trend_links ORDER BY child_id', 'topics ORDER BY id', 'trend_early ORDER BY trend_id'].map((t) =>
      store.sqlite.prepare(`SELECT * FROM ${t}`).all(),
    )
  const earlyThrough = (store: Store) => Number(store.settings.get('trends_early_through'))

  it("places every article in a store's first pass where the pass after it does (a pass without a new article writes nothing), and clusters every article after the horizon again", () => {
    const store = storeWithStories()
    try {
      // the regatta: reports after the horizon (May 3rd) that end before the counts' 180 days
      const regatta = [8, 9, 10, 11].map((d) => exampleArticle(`r${d}`, `regatta-${d}`, `Harbour regatta sails into its final week, day ${d}`, `2026-05-${String(d).padStart(2, '0')}T08:00:00Z`, '/Sports/Sailing'))
      // the dam: six reports in early April; its inquiry (another section, the dam its lead) from
      // two days later to after the horizon, which a parent before the horizon does not take
      const dam = { entities: [{ id: '/m/dam', score: 0.9 }] }
      const works = [1, 2, 3, 4, 5, 6].map((d) => ({ ...exampleArticle(`d${d}`, `dam-${d}`, `Dam spillway works close the river road, day ${d}`, `2026-04-0${d}T08:00:00Z`, '/Business/Economy'), ...dam }))
      const inquiry = ['04-03', '04-13', '04-23', '05-03', '05-13'].map((d, i) => ({ ...exampleArticle(`q${i}`, `inquiry-${i}`, `Dam inquiry hears from engineers, session ${i}`, `2026-${d}T08:00:00Z`, '/Politics/Inquiries'), ...dam }))
      const articles = [...Array.from({ length: CANAL }, (_, i) => canal(i + 1)), ...regatta, ...works, ...inquiry]
      const entities = [{ id: '/m/canal', name: 'Canal', type: 'Place' }, { id: '/m/dam', name: 'Dam', type: 'Place' }]
      new IngestWriter(store).write({ entities, articles, observations: articles.map(seen) })
      refreshTrends(store, NOW, { full: true })
      const first = tablesOf(store)
      // one storyline across the horizon: its early reports followed its later ones
      expect(trendOf(store, 'c1')).toMatchObject({ id: trendOf(store, `c${CANAL}`).id, article_count: CANAL })
      expect(trendOf(store, 'r8')).toMatchObject({ article_count: 4, daily_counts: '[]' })
      expect(trendOf(store, 'd1').article_count).toBe(6)
      const inquiryTrend = trendOf(store, 'q0')
      expect(inquiryTrend).toMatchObject({ id: trendOf(store, 'q4').id, article_count: 5 })
      expect(store.sqlite.prepare('SELECT count(*) FROM trend_links WHERE child_id = ?').pluck().get(inquiryTrend.id)).toBe(0)
      refreshTrends(store, NOW, { full: true })
      expect(tablesOf(store)).toEqual(first)
      expectHierarchyCountsEverything(store)
      // a day on, the harbour story (January) is left as stored; the regatta, with no article in
      // its 180 days either, is clustered again: every pass clusters each article after the horizon
      refreshTrends(store, LATER, { full: true })
      expect(trendOf(store, 'h1')).toMatchObject({ article_count: 4, updated_at: NOW.toISOString() })
      expect(trendOf(store, 'r8')).toMatchObject({ article_count: 4, updated_at: LATER.toISOString() })
    } finally {
      store.close()
    }
  })

  it('starts a trend from the early sums of the last pass, and writes what a pass that reads every article writes', () => {
    withTwins(
      (other) => other.settings.set('trends_early_through', 'none'),
      (store, other) => {
        const story = trendOf(store, 'c1')
        const sums = store.sqlite.prepare('SELECT article_count, sums FROM trend_early WHERE trend_id = ?').get(story.id) as { article_count: number; sums: string }
        // the reports before the first pass's horizon (May 3rd, 200 days before the last day, November 19th): March 2nd to May 1st, every other day
        expect(sums.article_count).toBe(31)
        const early = JSON.parse(sums.sums) as { count: number; weights: Array<[string, string, string, number, number]> }
        expect(early).toMatchObject({ count: 31, first: { id: 'c1' }, categories: [['/Business/Economy', 31]], countries: [['US', 31, Date.parse('2026-03-02T08:30:00Z') / 1000, Date.parse('2026-05-01T08:30:00Z') / 1000]] })
        expect(early.weights).toEqual([['/m/canal', 'Canal', 'Place', expect.closeTo(0.9 * 31, 9), 31]])
        const through = earlyThrough(store)
        expect(through).toBe(Date.parse('2026-05-03T00:00:00Z') / 1000)
        const from = readFrom(store)
        // the entity links read from where the first pass found those of the later articles
        const linksAfter = Number(store.settings.get('trends_early_links_after'))
        expect(linksAfter).toBeGreaterThan(0)
        const links = vi.spyOn(store.trendWriter, 'entityRows')
        refreshTrends(store, WEEK_ON, { full: true })
        expect(from().every((f) => f === through)).toBe(true)
        expect(links.mock.calls[0]![0]).toBe(linksAfter)
        const reading = readFrom(other)
        refreshTrends(other, WEEK_ON, { full: true })
        expect(reading().every((f) => f === undefined)).toBe(true)
        expect(tablesOf(store)).toEqual(tablesOf(other))
        expect(trendOf(store, 'c135')).toMatchObject({ id: story.id, article_count: CANAL + 4 })
        // the sums now count the reports before the new horizon (May 9th, the last day November 25th): three more
        expect(store.sqlite.prepare('SELECT article_count FROM trend_early WHERE trend_id = ?').pluck().get(story.id)).toBe(34)
        expect(earlyThrough(store)).toBe(Date.parse('2026-05-09T00:00:00Z') / 1000)
        expectHierarchyCountsEverything(store)
      },
    )
  })

  it('starts a trend from the early sums in time order when its early reports were stored out of it (older ones imported later), as a pass that reads every article does', () => {
    withTwins(
      (other) => other.settings.set('trends_early_through', 'none'),
      (store, other) => {
        const story = trendOf(store, 'c1')
        expect(store.sqlite.prepare('SELECT article_count FROM trend_early WHERE trend_id = ?').pluck().get(story.id)).toBe(31)
        refreshTrends(store, WEEK_ON, { full: true })
        refreshTrends(other, WEEK_ON, { full: true })
        expect(tablesOf(store)).toEqual(tablesOf(other))
        expect(trendOf(store, 'c135')).toMatchObject({ id: story.id, article_count: CANAL + 4 })
      },
      true,
    )
  })

  it('reads every early article again when the sums no longer stand for them: an early article written again, or a trend whose sums are gone', () => {
    const rewrite = (s: Store) => new IngestWriter(s).write({ articles: [{ ...canal(2), title: 'Canal lock expansion works halted by strike, report 2' }] })
    withTwins(
      (other) => {
        rewrite(other)
        other.settings.set('trends_early_through', 'none')
      },
      (store, other) => {
        rewrite(store)
        const from = readFrom(store)
        refreshTrends(store, WEEK_ON, { full: true })
        expect(from().every((f) => f === undefined)).toBe(true)
        refreshTrends(other, WEEK_ON, { full: true })
        expect(tablesOf(store)).toEqual(tablesOf(other))
      },
    )
    withCanal((store) => {
      store.sqlite.prepare('DELETE FROM trend_early WHERE trend_id = ?').run(trendOf(store, 'c1').id)
      const from = readFrom(store)
      refreshTrends(store, WEEK_ON, { full: true })
      expect(from().every((f) => f === undefined)).toBe(true)
      expect(trendOf(store, 'c1')).toMatchObject({ id: trendOf(store, 'c131').id, article_count: CANAL })
      // and the pass wrote them again (its last day is still November 19th: no report since)
      expect(store.sqlite.prepare('SELECT article_count FROM trend_early WHERE trend_id = ?').pluck().get(trendOf(store, 'c1').id)).toBe(31)
    })
    withCanal((store) => {
      // an early report no longer stored in its trend: the sums count one more than the trend holds
      store.sqlite.prepare("DELETE FROM trend_articles WHERE article_id = 'c5'").run()
      const from = readFrom(store)
      refreshTrends(store, WEEK_ON, { full: true })
      expect(from().every((f) => f === undefined)).toBe(true)
      // the canal's other reports, and the March report on its own: clustered among the articles after the horizon, which do not hold its story's early reports
      expect(trendOf(store, 'c1')).toMatchObject({ article_count: CANAL - 1 })
      expect(trendOf(store, 'c5')).toMatchObject({ article_count: 1 })
      expectHierarchyCountsEverything(store)
    })
  })

  it('reads by its seq an article whose entity links begin before where the read of the links starts', () => {
    withTwins(
      (other) => other.settings.set('trends_early_through', 'none'),
      (store, other) => {
        // a start after every link: each article with entities falls short of its count
        store.settings.set('trends_early_links_after', String(1e9))
        const bySeq = vi.spyOn(store.trendWriter, 'entitiesBySeq')
        refreshTrends(store, WEEK_ON, { full: true })
        refreshTrends(other, WEEK_ON, { full: true })
        const read = bySeq.mock.calls.flatMap((c) => c[0])
        // the canal's reports from the early sums' time on (May 3rd: c32 on), each read by its seq
        expect(read.length).toBe(CANAL + 4 - 31)
        expect(tablesOf(store)).toEqual(tablesOf(other))
        // and the next pass starts where the links of the articles after its horizon begin
        expect(Number(store.settings.get('trends_early_links_after'))).toBe(Number(other.settings.get('trends_early_links_after')))
      },
    )
  })

  it('reads an article before the early sums that is stored in no trend, and clusters it', () => {
    withCanal((store) => {
      // a March report in no trend (as one left out of a pass is), the canal's sums counting the others
      const story = trendOf(store, 'c1')
      store.sqlite.prepare("DELETE FROM trend_articles WHERE article_id = 'c5'").run()
      store.sqlite.prepare('UPDATE trend_early SET article_count = article_count - 1 WHERE trend_id = ?').run(story.id)
      const from = readFrom(store)
      refreshTrends(store, WEEK_ON, { full: true })
      expect(from().every((f) => f === earlyThrough(store))).toBe(true)
      expect(trendOf(store, 'c1')).toMatchObject({ id: story.id, article_count: CANAL - 1 })
      expect(trendOf(store, 'c5')).toMatchObject({ article_count: 1, first_seen_at: '2026-03-10T08:30:00.000Z' })
      expectHierarchyCountsEverything(store)
    })
  })

  it('clusters every article again when an article stored since the last pass is dated before the end of the active window after the horizon', () => {
    withCanal((store) => {
      const story = trendOf(store, 'c2')
      moveUnderVolcano(store, 'c1')
      // a late report dated back to March, which the canal story's early reports might take
      const late = { ...canal(3), id: 'c3b', url: 'https://example.com/canal-3b', publishedAt: '2026-03-17T10:00:00Z' }
      new IngestWriter(store).write({ articles: [late], observations: [seen(late)] })
      refreshTrends(store, LATER, { full: true })
      expect(trendOf(store, 'c1')).toMatchObject({ id: story.id, article_count: CANAL + 1 })
      expect(trendOf(store, 'c3b').id).toBe(story.id)
    })
  })
})
