import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bestFirst } from '../../electron/core/demo/best-first'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { scaleSpecs } from '../../electron/core/demo/scales'
import { topics } from '../../electron/core/demo/vocabulary'
import { decodeFeedEntries } from '../../electron/core/store/feed-entries'
import { openTestStore } from '../helpers/core'

const END = new Date('2026-11-20T13:30:00Z')
const build = (seed: number, days = 12) => {
  const store = openTestStore()
  const summary = generateDemoWorld(store, { scale: 'small', seed, end: END, days })
  return { store, summary }
}

describe('the demo world', () => {
  const world = build(7)
  const { store, summary } = world
  const one = <T>(sql: string): T => store.sqlite.prepare(sql).get() as T
  const all = <T>(sql: string): T[] => store.sqlite.prepare(sql).all() as T[]
  const feed = () =>
    all<{ country: string; at: number; entries: Buffer }>('SELECT country, observed_at AS at, entries FROM feed_snapshots ORDER BY country, observed_at').map(
      (s) => ({ ...s, entries: decodeFeedEntries(s.entries) }),
    )

  it('is the same store for the same seed, scale and end, and another for another seed', () => {
    const again = build(7)
    expect(again.summary).toEqual(summary)
    expect(again.store.reference.checksum()).toBe(store.reference.checksum())
    expect(build(8).store.reference.checksum()).not.toBe(store.reference.checksum())
  })

  it('ends with every index a new store has (built at its end), and the planner\'s statistics of each', () => {
    const indexes = (s: typeof store) => s.sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name`).all()
    const empty = openTestStore()
    expect(indexes(store)).toEqual(indexes(empty))
    empty.close()
    const analysed = all<{ idx: string }>(`SELECT idx FROM sqlite_stat1 WHERE tbl = 'article_facets'`).map((r) => r.idx)
    expect(analysed).toEqual(expect.arrayContaining(['article_facets_last_shown_idx', 'article_facets_impressions_idx', 'article_facets_region_first_idx']))
    expect(one(`SELECT count(*) AS n FROM settings WHERE key = 'deferred_indexes'`)).toEqual({ n: 0 })
  })

  it('writes no link to a row that is not there, and leaves the store checking them', () => {
    // every foreign key of every table: an entity link, a publisher, a true storyline...
    expect(all('PRAGMA foreign_key_check')).toEqual([])
    const articleId = one<{ id: string }>('SELECT id FROM articles LIMIT 1').id
    expect(() => store.sqlite.prepare(`INSERT INTO article_entities (article_id, entity_id, score) VALUES (?, 'no-such-entity', 0.5)`).run(articleId)).toThrow(/FOREIGN KEY/)
  })

  it('fills every 3-hour snapshot of every country with the scale positions', () => {
    // 12 days ending at 12:00 on the last one: 11 full days of 8 snapshots and 5 on the last.
    const snapshots = 11 * 8 + 5
    expect(summary).toMatchObject({ countries: 5, from: '2026-11-09T00:00:00.000Z', to: '2026-11-20T12:00:00.000Z' })
    expect(summary.observations).toBe(snapshots * 5 * scaleSpecs.small.positions)
    const perSnapshot = feed().map((s) => ({ n: s.entries.seqs.length, positions: Array.from(s.entries.positions) }))
    expect(perSnapshot).toHaveLength(snapshots * 5)
    // every position 1..100 once, in position order
    expect(perSnapshot.every((s) => s.n === 100 && s.positions.every((p, i) => p === i + 1))).toBe(true)
  })

  it('has countries with names, alpha-3 codes, languages, cities and offsets from the reference packages', () => {
    expect(all('SELECT alpha_2, alpha_3, name, languages, utc_offset_minutes AS offset FROM regions ORDER BY alpha_2')).toEqual([
      { alpha_2: 'DE', alpha_3: 'DEU', name: 'Germany', languages: '["de"]', offset: 60 },
      { alpha_2: 'ES', alpha_3: 'ESP', name: 'Spain', languages: '["es","eu","ca","gl","oc"]', offset: 60 },
      { alpha_2: 'FR', alpha_3: 'FRA', name: 'France', languages: '["fr"]', offset: 60 },
      { alpha_2: 'RU', alpha_3: 'RUS', name: 'Russia', languages: '["ru"]', offset: 180 },
      { alpha_2: 'US', alpha_3: 'USA', name: 'United States', languages: '["en"]', offset: -300 },
    ])
    expect(one<{ n: number }>(`SELECT count(*) AS n FROM cities WHERE region = 'DE' AND name = 'Berlin'`).n).toBe(1)
    expect(one<{ n: number }>(`SELECT count(*) AS n FROM cities WHERE is_active = 1`).n).toBeGreaterThan(10)
  })

  it('writes articles in the languages of their countries, with entities and topic words that really occur', () => {
    const langs = all<{ region: string; lang: string }>('SELECT DISTINCT region, lang FROM articles ORDER BY region')
    expect(langs).toEqual([
      { region: 'DE', lang: 'de' },
      { region: 'ES', lang: 'es' },
      { region: 'FR', lang: 'fr' },
      { region: 'RU', lang: 'ru' },
      { region: 'US', lang: 'en' },
    ])
    const sample = all<{ id: string; title: string; markdown: string; lang: string; category: string }>(
      'SELECT id, title, markdown, lang, category FROM articles ORDER BY id LIMIT 200',
    )
    for (const a of sample) {
      const entities = all<{ name: string; type: string }>(`SELECT e.name, e.type FROM article_entities ae JOIN entities e ON e.id = ae.entity_id WHERE ae.article_id = '${a.id}'`)
      const event = entities.find((e) => e.type === 'Event')!
      expect(a.title + a.markdown).toContain(event.name)
      const topic = topics.find((t) => t.category === a.category)!
      expect(topic.words[a.lang as 'en'].some((w) => (a.title + a.markdown).includes(w))).toBe(true)
    }
    expect(one<{ n: number }>(`SELECT count(*) AS n FROM entities WHERE id NOT LIKE '/m/%' AND id NOT LIKE '/g/%'`).n).toBe(0)
  })

  it('makes impressions fall with position', () => {
    const sums = new Map<number, { total: number; n: number }>()
    for (const s of feed()) {
      s.entries.positions.forEach((position, i) => {
        if (![1, 10, 50, 100].includes(position)) return
        const sum = sums.get(position) ?? { total: 0, n: 0 }
        sum.total += s.entries.impressions[i]!
        sum.n++
        sums.set(position, sum)
      })
    }
    const byPosition = [...sums].sort(([a], [b]) => a - b).map(([position, s]) => ({ position, imps: s.total / s.n }))
    expect(byPosition.map((r) => r.position)).toEqual([1, 10, 50, 100])
    for (let i = 1; i < byPosition.length; i++) expect(byPosition[i]!.imps).toBeLessThan(byPosition[i - 1]!.imps)
  })

  it('records the true storyline of every article, apart from the contract tables', () => {
    expect(one<{ n: number }>('SELECT count(*) AS n FROM articles').n).toBe(summary.articles)
    expect(one<{ n: number }>(`SELECT count(*) AS n FROM storyline_truth WHERE source = 'demo'`).n).toBe(summary.articles)
    const shapes = all<{ shape: string }>('SELECT DISTINCT shape FROM demo_storylines ORDER BY shape').map((s) => s.shape)
    expect(shapes).toEqual(expect.arrayContaining(['cyclic', 'derivative', 'evergreen', 'persistent', 'spike']))
    const derivative = one<{ n: number }>('SELECT count(*) AS n FROM demo_storylines c JOIN demo_storylines p ON p.id = c.parent_id').n
    expect(derivative).toBeGreaterThan(0)
  })

  it('plants shake-ups inside the last 30 days', () => {
    const shakes = all<{ day: string }>('SELECT day FROM demo_shakeups')
    expect(shakes).toHaveLength(3)
    for (const s of shakes) expect(s.day >= '2026-11-09' && s.day < '2026-11-20').toBe(true)
  })
})

describe('a snapshot keeps its best articles first', () => {
  // ties of score are common in the property: ids decide them, as in the feed's snapshots
  const before = (x: { score: number; id: number }, y: { score: number; id: number }) => x.score > y.score || (x.score === y.score && x.id < y.id)
  const sorted = (items: Array<{ score: number; id: number }>) => [...items].sort((x, y) => y.score - x.score || x.id - y.id)

  it('keeps the same first k, in the same order, as sorting everything and cutting', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 300 }), fc.nat(320), (scores, k) => {
        const items = scores.map((score, id) => ({ score, id }))
        expect(bestFirst(items, k, before)).toEqual(sorted(items).slice(0, k))
      }),
      { seed: 27, numRuns: 400 },
    )
  })

  it('keeps every item when there are no more than k, and none when k is 0', () => {
    const items = [{ score: 1, id: 2 }, { score: 3, id: 1 }, { score: 1, id: 0 }]
    expect(bestFirst(items, 5, before)).toEqual([{ score: 3, id: 1 }, { score: 1, id: 0 }, { score: 1, id: 2 }])
    expect(bestFirst(items, 0, before)).toEqual([])
    expect(items).toEqual([{ score: 1, id: 2 }, { score: 3, id: 1 }, { score: 1, id: 0 }])
  })
})
