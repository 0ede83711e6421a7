import { describe, expect, it } from 'vitest'
import { articleIdForUrl, canonicalUrl } from '../../electron/core/ingest/canonical-url'
import { v5 as uuidv5 } from 'uuid'
import { decodeFeedEntries } from '../../electron/core/store/feed-entries'
import { decodeHourlyCells } from '../../electron/core/store/hourly-cells'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { openTestStore, seedRegion } from '../helpers/core'

describe('canonical URLs and article ids', () => {
  it('lower-cases scheme and host, drops www, fragments and tracking parameters, sorts the rest', () => {
    expect(canonicalUrl('HTTPS://WWW.Example.COM/Path/A?b=2&utm_source=x&a=1&fbclid=y#top')).toBe('https://example.com/Path/A?a=1&b=2')
    expect(canonicalUrl('http://example.com:80/x')).toBe('http://example.com/x')
    expect(canonicalUrl('ftp://example.com/x')).toBeNull()
    expect(canonicalUrl('not a url')).toBeNull()
    // an empty query or fragment goes too; only tracking parameters: no query left
    expect(canonicalUrl('https://www2.example.com./x?#')).toBe('https://example.com/x')
    expect(canonicalUrl('https://example.com/x?fbclid=1&utm_medium=a#f')).toBe('https://example.com/x')
    expect(canonicalUrl('https://example.com/x?q=%20b&q=a')).toBe('https://example.com/x?q=+b&q=a')
  })

  it('gives one UUID v5 per canonical URL', () => {
    const id = articleIdForUrl('https://www.example.com/a?utm_medium=email')
    expect(id).toBe(articleIdForUrl('https://example.com/a'))
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(id).not.toBe(articleIdForUrl('https://example.com/b'))
  })

  it('agrees with the uuid library on the v5 id of a canonical URL, non-ASCII ones too', () => {
    for (const url of ['https://example.com/a', 'https://lemonde.fr/économie/2026/grève?b=2&a=1', 'https://ria.example/выборы']) {
      const canonical = canonicalUrl(url)!
      expect(articleIdForUrl(url)).toBe(uuidv5(canonical, uuidv5.URL))
    }
  })
})

describe('the ingest writer', () => {
  const article = (n: number, extra = {}) => ({
    id: articleIdForUrl(`https://news.example/${n}`)!,
    url: `https://news.example/${n}`,
    title: `Story ${n}`,
    domain: 'news.example',
    region: 'US',
    lang: 'en',
    category: '/Business',
    entities: [{ id: '/m/acme', score: 0.8 }],
    ...extra,
  })
  const obs = (n: number, at: string, position: number, imps: number, country = 'US') => ({
    articleId: article(n).id,
    country,
    observedAt: at,
    position,
    estimatedImpressions: imps,
  })
  const sample = [
    obs(1, '2026-11-20T09:00:00.000Z', 1, 1000),
    obs(1, '2026-11-20T09:30:00.000Z', 2, 700),
    obs(1, '2026-11-20T12:00:00.000Z', 4, 300),
    obs(2, '2026-11-20T12:00:00.000Z', 1, 900),
    obs(1, '2026-11-21T00:00:00.000Z', 3, 100),
  ]

  function fresh() {
    const store = openTestStore()
    seedRegion(store, 'US')
    const writer = new IngestWriter(store)
    writer.write({ entities: [{ id: '/m/acme', name: 'Acme', type: 'Organization' }], articles: [article(1), article(2)] })
    return { store, writer }
  }

  const dump = (store: ReturnType<typeof openTestStore>) => ({
    // the packed hourly cells as one row each, in the layout of the daily cells
    hourly: (store.sqlite.prepare('SELECT hour, country, cell_count, cells FROM hourly_cells ORDER BY hour, country').all() as Array<{ hour: number; country: string; cell_count: number; cells: Buffer }>)
      .flatMap((r) => {
        const c = decodeHourlyCells(r.hour, r.cells)
        expect(c.seqs.length).toBe(r.cell_count)
        return Array.from(c.seqs, (seq, i) => ({
          hour: r.hour, country: r.country, article_seq: seq, impressions: c.impressions[i], observations: c.observations[i], best_position: c.bestPositions[i],
          position_sum: c.positionSums[i], first_seen: c.firstSeen[i], last_seen: c.lastSeen[i],
        }))
      })
      .sort((a, b) => a.hour - b.hour || a.article_seq - b.article_seq),
    daily: store.sqlite.prepare('SELECT * FROM article_daily ORDER BY day, article_seq').all(),
    // stored_at is the clock when the store took the article: two stores written a second apart differ there
    seen: (store.sqlite.prepare('SELECT * FROM article_facets ORDER BY article_seq').all() as Array<Record<string, unknown>>).map(({ stored_at: _storedAt, ...row }) => row),
    snapshots: (store.sqlite.prepare('SELECT country, observed_at, entry_count, entries FROM feed_snapshots ORDER BY 1, 2').all() as Array<{ entries: Buffer }>).map(
      (s) => ({ ...s, entries: Array.from(decodeFeedEntries(s.entries).seqs) }),
    ),
  })

  it('maintains hourly and daily aggregates as hand-computed', () => {
    const { store, writer } = fresh()
    expect(writer.write({ observations: sample })).toEqual({ articles: 0, observationsInserted: 5, observationsDuplicate: 0 })
    const day20 = Date.parse('2026-11-20') / 86_400_000
    const h09 = Date.parse('2026-11-20T09:00:00Z') / 3_600_000
    const d = dump(store)
    expect(d.hourly[0]).toEqual({
      hour: h09, country: 'US', article_seq: 1, impressions: 1700, observations: 2, best_position: 1, position_sum: 3,
      first_seen: Date.parse('2026-11-20T09:00:00Z') / 1000, last_seen: Date.parse('2026-11-20T09:30:00Z') / 1000,
    })
    expect(d.daily.filter((r: any) => r.day === day20)).toEqual([
      expect.objectContaining({ article_seq: 1, impressions: 2000, observations: 3, best_position: 1, position_sum: 7 }),
      expect.objectContaining({ article_seq: 2, impressions: 900, observations: 1, best_position: 1, position_sum: 1 }),
    ])
    expect(store.articles.get(article(1).id)).toMatchObject({ firstSeenAt: '2026-11-20T09:00:00.000Z', lastSeenAt: '2026-11-21T00:00:00.000Z' })
    expect(store.geo.region('US')).toMatchObject({ isActive: true, firstDataAt: '2026-11-20T09:00:00.000Z' })
    // one packed row per snapshot: the 12:00 one holds both articles, by position
    expect(d.snapshots.map((s: any) => [s.entry_count, s.entries])).toEqual([[1, [1]], [1, [1]], [2, [2, 1]], [1, [1]]])
    expect(store.articles.observations(1, ['US'], undefined, undefined, 10, 1)).toEqual({
      total: 4,
      rows: [
        { observedAt: '2026-11-20T09:30:00.000Z', country: 'US', position: 2, estimatedImpressions: 700 },
        { observedAt: '2026-11-20T12:00:00.000Z', country: 'US', position: 4, estimatedImpressions: 300 },
        { observedAt: '2026-11-21T00:00:00.000Z', country: 'US', position: 3, estimatedImpressions: 100 },
      ],
    })
  })

  it("lists an article's observations by time, then country", () => {
    const { store, writer } = fresh()
    seedRegion(store, 'DE')
    writer.write({ observations: [obs(1, '2026-11-20T12:00:00.000Z', 2, 50, 'US'), obs(1, '2026-11-20T12:00:00.000Z', 5, 20, 'DE'), obs(1, '2026-11-20T09:00:00.000Z', 1, 80, 'US')] })
    expect(store.articles.observations(1, ['US', 'DE'], undefined, undefined, 10, 0).rows.map((r) => [r.observedAt.slice(11, 16), r.country])).toEqual([
      ['09:00', 'US'],
      ['12:00', 'DE'],
      ['12:00', 'US'],
    ])
  })

  it('gives the same aggregates whether data arrives in one batch or several', () => {
    const one = fresh()
    one.writer.write({ observations: sample })
    const many = fresh()
    for (const o of sample) many.writer.write({ observations: [o] })
    expect(dump(many.store)).toEqual(dump(one.store))
  })

  it('holds the sightings of several batches until asked, then stores what batch by batch stored', () => {
    const daily = fresh()
    for (const o of sample) daily.writer.write({ observations: [o] })
    const held = fresh()
    const holding = new IngestWriter(held.store, { holdSightings: true })
    held.store.transaction(() => {
      for (const o of sample) holding.write({ observations: [o] })
      // the cells are written; each article's span and impressions wait for the commit
      expect(dump(held.store).daily).toEqual(dump(daily.store).daily)
      expect(dump(held.store).seen.map((f) => [f.first_seen, f.last_seen, f.impressions])).toEqual([[null, null, 0], [null, null, 0]])
      holding.writeHeldSightings()
    })
    expect(dump(held.store)).toEqual(dump(daily.store))
    expect(held.store.articles.get(article(1).id)).toMatchObject({ firstSeenAt: '2026-11-20T09:00:00.000Z', lastSeenAt: '2026-11-21T00:00:00.000Z' })
    // the next batches' sightings are added to the stored ones, as a daily writer adds them
    const later = obs(2, '2026-11-22T06:00:00.000Z', 3, 40)
    daily.writer.write({ observations: [later] })
    holding.write({ observations: [later] })
    holding.writeHeldSightings()
    holding.writeHeldSightings()
    expect(dump(held.store)).toEqual(dump(daily.store))
  })

  it('skips observations it already has, so ingesting twice changes nothing', () => {
    const { store, writer } = fresh()
    writer.write({ observations: sample })
    const before = dump(store)
    expect(writer.write({ observations: [...sample, sample[0]!] })).toEqual({ articles: 0, observationsInserted: 0, observationsDuplicate: 6 })
    expect(dump(store)).toEqual(before)
  })

  it('takes only the new rows of a snapshot it partly has', () => {
    const whole = fresh()
    whole.writer.write({ observations: sample })
    const parts = fresh()
    parts.writer.write({ observations: sample.filter((_, i) => i !== 3) })
    // the 12:00 snapshot again, now with the row that was missing
    expect(parts.writer.write({ observations: [sample[2]!, sample[3]!] })).toEqual({ articles: 0, observationsInserted: 1, observationsDuplicate: 1 })
    expect(dump(parts.store)).toEqual(dump(whole.store))
  })

  it('logs an article\'s arrival once, however often it is written, and lets given entities replace its links', () => {
    const { store, writer } = fresh()
    const arrivals = () => store.sqlite.prepare('SELECT article_seq FROM feed_log WHERE article_seq IS NOT NULL ORDER BY rowid').pluck().all()
    const links = (n: number) => store.sqlite.prepare('SELECT entity_id, score, extracted FROM article_entities WHERE article_id = ? ORDER BY entity_id').all(article(n).id)
    expect(arrivals()).toEqual([1, 2])
    writer.write({ entities: [{ id: '/m/bolt', name: 'Bolt', type: 'Organization' }] })
    // article 2 again (given other entities), article 3 new, and article 3 again in the same batch
    const written = writer.write({ articles: [article(2, { entities: [{ id: '/m/bolt', score: 0.6 }] }), article(3), article(3, { title: 'Story 3, updated' })] })
    expect(written.articles).toBe(3)
    expect(arrivals()).toEqual([1, 2, 3])
    expect(links(2)).toEqual([{ entity_id: '/m/bolt', score: 0.6, extracted: 0 }])
    expect(links(3)).toEqual([{ entity_id: '/m/acme', score: 0.8, extracted: 0 }])
    expect(store.sqlite.prepare('SELECT seq, title, entity_count FROM articles ORDER BY seq').all()).toEqual([
      { seq: 1, title: 'Story 1', entity_count: 1 },
      { seq: 2, title: 'Story 2', entity_count: 1 },
      { seq: 3, title: 'Story 3, updated', entity_count: 1 },
    ])
    // entities found in the text never replace the given ones: the links and the count stay
    writer.write({ entities: [{ id: '/m/found', name: 'Found' }] })
    writer.write({ articles: [article(2, { entities: [{ id: '/m/found', score: 0.3, extracted: true }] })] })
    expect(links(2)).toEqual([{ entity_id: '/m/bolt', score: 0.6, extracted: 0 }])
    expect(arrivals()).toEqual([1, 2, 3])
    // a new article after another writer's: still logged (its seq is above every stored one)
    new IngestWriter(store).write({ articles: [article(4)] })
    writer.write({ articles: [article(5), article(4)] })
    expect(arrivals()).toEqual([1, 2, 3, 4, 5])
  })

  it('writes a batch whole or not at all', () => {
    const { store, writer } = fresh()
    const unknown = { ...sample[0]!, articleId: articleIdForUrl('https://news.example/none')! }
    expect(() => writer.write({ articles: [article(3)], observations: [sample[0]!, unknown] })).toThrow(/unknown article/)
    expect(store.articles.get(article(3).id)).toBeUndefined()
    expect(dump(store).hourly).toEqual([])
    // inside the caller's transaction a batch is part of it: it goes when that one rolls back
    expect(() =>
      store.transaction(() => {
        writer.write({ articles: [article(3)], observations: [sample[0]!] })
        throw new Error('caller gives up')
      }),
    ).toThrow('caller gives up')
    expect(store.articles.get(article(3).id)).toBeUndefined()
    expect(dump(store).snapshots).toEqual([])
    const tooMany = { ...sample[0]!, estimatedImpressions: 2 ** 32 }
    expect(() => writer.write({ articles: [article(3)], observations: [tooMany] })).toThrow(RangeError)
    expect(store.articles.get(article(3).id)).toBeUndefined()
    expect(dump(store).snapshots).toEqual([])
  })
})
