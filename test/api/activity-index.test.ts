import fc from 'fast-check'
import fs from 'node:fs'
import fsPromises from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { ActivityBuilder, entitiesOfArticle, factsOf, membersOf, narrowestCodes, narrowestDays, narrowestLives, narrowestSmall, perDayIsDays, wholeSeenIsLife, type ActivityData } from '../../electron/core/analytics/activity/activity-data'
import { articlesOfEntities, countryActivityFromDay, countryActivityInHours, endOfData } from '../../electron/core/analytics/activity/country-activity'
import { CHUNK_DAYS } from '../../electron/core/analytics/tracking/item-days'
import { claimedTotals, pageFigures, type ItemFigures } from '../../electron/core/analytics/tracking/list-figures'
import { membership } from '../../electron/core/analytics/tracking/membership'
import { candidatesOfStretch, hourRangesOf, windowImpressions } from '../../electron/core/analytics/activity/window-activity'
import type { RequestContext } from '../../electron/core/service/context'
import { listActivity } from '../../electron/core/service/tracking/activity'
import { bucketKeys } from '../../electron/core/time/buckets'
import type { ActivityWindow } from '../../electron/core/analytics/activity/window'
import { IngestWriter } from '../../electron/core/ingest/writer'
import type { ArticleRecord, ObservationRecord } from '../../electron/core/store/records'
import { decodeSnapshot, encodeSnapshot, partsAfter, readHistory, readSnapshotFile, readSnapshotFileRecent, snapshotParts, writeSnapshotFile, writeSnapshotFileSync, type SnapshotMeta } from '../../electron/core/store/activity/activity-snapshot'
import type { Store } from '../../electron/core/store/store'
import { indexFigures } from '../helpers/activity'
import { expectOk, makeWorld, openTestStore, seedRegion, tempDir } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

/**
 * The activity index (analytics/activity/activity-data.ts, kept by
 * store/activity/activity-keeper.ts) against the raw observations it is made from: for random feeds,
 * windows, markets and languages, every item's figures equal those summed by hand from the
 * observations; an index brought up to date after more data equals one built anew; a snapshot
 * read back equals the index written.
 */

const COUNTRIES = ['US', 'DE', 'FR']
const ENTITIES = ['/m/a', '/m/b', '/m/c', '/m/d']
const CATEGORIES = ['/News', '/Sports', '/Business/Economy']
const DOMAINS = ['a.example', 'b.example', 'c.example']
const LANGS = ['en', 'de']
/** The feed's first hour: 2026-11-10T00:00Z; observations span five days. */
const HOUR0 = Date.parse('2026-11-10T00:00:00Z') / 3_600_000
const HOURS = 5 * 24

interface Feed {
  articles: Array<{ entities: string[]; category: number; domain: number; lang: number; trend: number }>
  observations: Array<{ article: number; country: number; hour: number; second: number; position: number; impressions: number }>
}

const articleId = (i: number) => `a2000000-0000-4000-8000-${String(i).padStart(12, '0')}`

const feedArb = fc
  .record({
    articles: fc.array(
      fc.record({
        entities: fc.subarray(ENTITIES),
        category: fc.integer({ min: -1, max: CATEGORIES.length - 1 }),
        domain: fc.integer({ min: 0, max: DOMAINS.length - 1 }),
        lang: fc.integer({ min: 0, max: LANGS.length - 1 }),
        trend: fc.integer({ min: -1, max: 2 }),
      }),
      { minLength: 1, maxLength: 12 },
    ),
    observations: fc.array(
      fc.record({
        article: fc.nat(),
        country: fc.integer({ min: 0, max: COUNTRIES.length - 1 }),
        hour: fc.integer({ min: 0, max: HOURS - 1 }),
        second: fc.integer({ min: 0, max: 3599 }),
        position: fc.integer({ min: 1, max: 30 }),
        impressions: fc.integer({ min: 0, max: 5000 }),
      }),
      { maxLength: 80 },
    ),
  })
  .map((f): Feed => {
    // one sighting of an article per country and instant
    const seen = new Set<string>()
    const observations = f.observations
      .map((o) => ({ ...o, article: o.article % f.articles.length }))
      .filter((o) => {
        const key = `${o.article}|${o.country}|${o.hour}|${o.second}`
        return !seen.has(key) && seen.add(key)
      })
    return { articles: f.articles, observations }
  })

interface WindowSpec {
  from: number
  length: number
  countries: string[]
  lang: string | null
}

const windowArb: fc.Arbitrary<WindowSpec> = fc.record({
  from: fc.integer({ min: -30, max: HOURS + 10 }),
  length: fc.integer({ min: 1, max: HOURS + 40 }),
  countries: fc.subarray(COUNTRIES, { minLength: 1 }),
  lang: fc.constantFrom(null, 'en', 'de'),
})

function articleRecord(feed: Feed, i: number): ArticleRecord {
  const a = feed.articles[i]!
  return {
    id: articleId(i),
    url: `https://${DOMAINS[a.domain]}/story-${i}`,
    title: `Story ${i}`,
    domain: DOMAINS[a.domain]!,
    region: 'US',
    lang: LANGS[a.lang]!,
    category: a.category < 0 ? null : CATEGORIES[a.category]!,
    entities: a.entities.map((id) => ({ id, score: 0.5 })),
  }
}

const observationRecord = (o: Feed['observations'][number]): ObservationRecord => ({
  articleId: articleId(o.article),
  country: COUNTRIES[o.country]!,
  observedAt: new Date((HOUR0 + o.hour) * 3_600_000 + o.second * 1000).toISOString(),
  position: o.position,
  estimatedImpressions: o.impressions,
})

function newStore(file?: string): Store {
  const store = openTestStore(file)
  for (const c of COUNTRIES) seedRegion(store, c)
  return store
}

/** Writes articles and observations as an import does, and the trends' members as a trend pass does. */
function write(store: Store, feed: Feed, observations: Feed['observations'], trends = true): void {
  new IngestWriter(store).write({
    entities: ENTITIES.map((id) => ({ id, name: `Entity ${id}` })),
    articles: feed.articles.map((_, i) => articleRecord(feed, i)),
    observations: observations.map(observationRecord),
  })
  if (trends) writeTrends(store, feed, 'first pass')
}

function writeTrends(store: Store, feed: Feed, generation: string, shift = 0): void {
  const db = store.sqlite
  db.prepare('DELETE FROM trend_articles').run()
  db.prepare('DELETE FROM trends').run()
  const insertTrend = db.prepare(
    `INSERT INTO trends (id, label, state, structural_type, semantic_type, article_count, first_seen_at, last_article_at, key_entities, primary_country, country_scope, daily_counts, features, updated_at)
     VALUES (?, ?, 'hot', 'event_driven', 'news', 1, '2026-11-10T00:00:00Z', '2026-11-10T00:00:00Z', '[]', 'US', '["US"]', '[]', '{}', '2026-11-10T00:00:00Z')`,
  )
  for (let t = 0; t < 3; t++) insertTrend.run(`trend-${t}`, `Trend ${t}`)
  const member = db.prepare(`INSERT INTO trend_articles (trend_id, article_id, article_seq, assignment_score, role) SELECT ?, id, seq, 0.9, 'F1_trigger' FROM articles WHERE id = ?`)
  feed.articles.forEach((a, i) => {
    const t = a.trend < 0 ? -1 : (a.trend + shift) % 3
    if (t >= 0) member.run(`trend-${t}`, articleId(i))
  })
  store.settings.set('trends_generation', generation)
  store.changed() // as the trend pass says when it is done
}

/** Each kind's items and how an article belongs to them, from the feed itself. */
function claims(feed: Feed, shift = 0) {
  return {
    entity: { keys: ENTITIES, of: (i: number) => feed.articles[i]!.entities },
    category: { keys: CATEGORIES, of: (i: number) => (feed.articles[i]!.category < 0 ? [] : [CATEGORIES[feed.articles[i]!.category]!]) },
    publisher: { keys: DOMAINS, of: (i: number) => [DOMAINS[feed.articles[i]!.domain]!] },
    trend: { keys: ['trend-0', 'trend-1', 'trend-2'], of: (i: number) => (feed.articles[i]!.trend < 0 ? [] : [`trend-${(feed.articles[i]!.trend + shift) % 3}`]) },
  }
}

/** Item figures summed by hand from the observations (the oracle). */
function expected(feed: Feed, observations: Feed['observations'], kind: keyof ReturnType<typeof claims>, w: ActivityWindow, shift = 0): Map<string, Partial<ItemFigures>> {
  const claim = claims(feed, shift)[kind]
  const life = new Map<number, [number, number]>()
  for (const o of observations) {
    const t = (HOUR0 + o.hour) * 3600 + o.second
    const l = life.get(o.article)
    life.set(o.article, l ? [Math.min(l[0], t), Math.max(l[1], t)] : [t, t])
  }
  const perArticle = new Map<number, { impressions: number; observations: number; positionSum: number; lastSeen: number }>()
  for (const o of observations) {
    const hour = HOUR0 + o.hour
    if (hour < w.fromHour || hour >= w.toHour || !w.countries.includes(COUNTRIES[o.country]!)) continue
    if (w.lang !== null && LANGS[feed.articles[o.article]!.lang] !== w.lang) continue
    const s = perArticle.get(o.article) ?? { impressions: 0, observations: 0, positionSum: 0, lastSeen: 0 }
    s.impressions += o.impressions
    s.observations += 1
    s.positionSum += o.position
    s.lastSeen = Math.max(s.lastSeen, hour * 3600 + o.second)
    perArticle.set(o.article, s)
  }
  const out = new Map<string, Partial<ItemFigures>>()
  for (const [article, s] of perArticle) {
    for (const key of claim.of(article)) {
      const f = out.get(key) ?? { impressions: 0, publications: 0, observations: 0, positionSum: 0, lastSeen: 0, lifespanHours: 0 }
      f.impressions! += s.impressions
      f.publications! += 1
      f.observations! += s.observations
      f.positionSum! += s.positionSum
      f.lastSeen = Math.max(f.lastSeen!, s.lastSeen)
      out.set(key, f)
    }
  }
  return out
}

async function expectIndexMatches(store: Store, feed: Feed, observations: Feed['observations'], windows: Array<WindowSpec>, shift = 0) {
  for (const win of windows) {
    const w: ActivityWindow = { countries: win.countries, lang: win.lang, fromHour: HOUR0 + win.from, toHour: HOUR0 + win.from + win.length }
    for (const kind of ['entity', 'category', 'publisher', 'trend'] as const) {
      const got = await indexFigures(store, kind, claims(feed, shift)[kind].keys, w)
      const picked = new Map([...got].map(([k, f]) => [k, { impressions: f.impressions, publications: f.publications, observations: f.observations, positionSum: f.positionSum, lastSeen: f.lastSeen }]))
      const want = new Map([...expected(feed, observations, kind, w, shift)].map(([k, f]) => [k, { impressions: f.impressions, publications: f.publications, observations: f.observations, positionSum: f.positionSum, lastSeen: f.lastSeen }]))
      expect(picked, `${kind} ${JSON.stringify(win)}`).toEqual(want)
    }
  }
}

/** An index as plain data, whatever order it holds its articles in. */
function canonical(d: ActivityData) {
  const articles = Array.from(d.seq, (seq, i) => {
    const days: Array<[number, string, number, number, number, number, number]> = []
    for (let k = d.days.start[i]!; k < d.days.start[i + 1]!; k++) {
      days.push([d.days.day[k]!, d.countries.list[d.days.country[k]!]!, d.days.impressions[k]!, d.days.observations[k]!, d.days.positionSum[k]!, d.days.firstSeen[k]!, d.days.lastSeen[k]!])
    }
    const perDay: Array<[number, number]> = []
    for (let k = d.perDay.start[i]!; k < d.perDay.start[i + 1]!; k++) perDay.push([d.perDay.day[k]!, d.perDay.impressions[k]!])
    return {
      ...factsOf(d, i),
      trend: d.trend[i]! < 0 ? null : d.trends.list[d.trend[i]!],
      entities: entitiesOfArticle(d, i).sort(),
      days: days.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])),
      perDay,
    }
  }).sort((a, b) => a.seq - b.seq)
  const groups = (g: ActivityData['byEntity'], names: string[]) =>
    Object.fromEntries(names.map((name, v) => [name, Array.from(membersOf(g, v), (a) => d.seq[a]!).sort((x, y) => x - y)]).filter(([, m]) => (m as number[]).length > 0))
  return {
    articles,
    byEntity: groups(d.byEntity, d.entityIds.list),
    byCategory: groups(d.byCategory, d.categories.list),
    byDomain: groups(d.byDomain, d.domains.list),
    byTrend: groups(d.byTrend, d.trends.list),
    names: [...d.entityNames].sort(),
  }
}

/** An entity's publications and impressions per country from `fromHour` on, summed by hand. */
function expectedByCountry(feed: Feed, entity: string, fromHour: number) {
  const out = new Map<string, { publications: number; impressions: number }>()
  const seen = new Set<string>()
  for (const o of feed.observations) {
    if (HOUR0 + o.hour < fromHour || !feed.articles[o.article]!.entities.includes(entity)) continue
    const country = COUNTRIES[o.country]!
    const c = out.get(country) ?? { publications: 0, impressions: 0 }
    c.impressions += o.impressions
    if (!seen.has(`${country}|${o.article}`)) {
      seen.add(`${country}|${o.article}`)
      c.publications += 1
    }
    out.set(country, c)
  }
  return out
}

/** The activity index of a store holding the whole feed, with the meta a snapshot of it is saved with. */
async function withIndexOf(feed: Feed, use: (data: ActivityData, meta: SnapshotMeta) => unknown): Promise<void> {
  const store = newStore()
  try {
    write(store, feed, feed.observations)
    const { data } = await store.activity.current()
    await use(data, { storeId: 'x', generation: 3, trendsGeneration: 'first pass' })
  } finally {
    store.close()
  }
}

describe('the activity index', () => {
  it('gives an entity\'s publications and impressions per country from any day or hour on (regions by entity)', async () => {
    await fc.assert(
      fc.asyncProperty(feedArb, fc.integer({ min: -2, max: HOURS + 2 }), fc.constantFrom(...ENTITIES), async (feed, from, entity) => {
        const store = newStore()
        try {
          write(store, feed, feed.observations)
          const { data } = await store.activity.current()
          const articles = articlesOfEntities(data, [entity])
          const fromDay = Math.floor((HOUR0 + from) / 24)
          expect(countryActivityFromDay(data, articles, fromDay)).toEqual(expectedByCountry(feed, entity, fromDay * 24))
          const rows = store.activity.hourRows([[HOUR0 + from, Math.max(HOUR0 + from, endOfData(data))]], false)
          expect(countryActivityInHours(data, articles, rows)).toEqual(expectedByCountry(feed, entity, HOUR0 + from))
        } finally {
          store.close()
        }
      }),
      { seed: 4242, numRuns: 30 },
    )
  })


  it('gives every item the figures summed from the observations, for any window, markets and language', async () => {
    await fc.assert(
      fc.asyncProperty(feedArb, fc.array(windowArb, { minLength: 1, maxLength: 6 }), async (feed, windows) => {
        const store = newStore()
        try {
          write(store, feed, feed.observations)
          await expectIndexMatches(store, feed, feed.observations, windows)
        } finally {
          store.close()
        }
      }),
      { seed: 1511, numRuns: 40 },
    )
  })

  it('takes in new data and new trends so that it equals an index built anew (and the observations say the same)', async () => {
    await fc.assert(
      fc.asyncProperty(feedArb, fc.nat(), fc.array(windowArb, { minLength: 1, maxLength: 3 }), async (feed, cut, windows) => {
        const split = feed.observations.length === 0 ? 0 : cut % (feed.observations.length + 1)
        const store = newStore()
        try {
          // the first half of the feed, and an index of it
          const half = { ...feed, articles: feed.articles.slice(0, Math.max(1, Math.ceil(feed.articles.length / 2))) }
          write(store, half, feed.observations.slice(0, split).filter((o) => o.article < half.articles.length))
          expect((await store.activity.current()).behind).toBe(false)
          // the rest: awaited by the next request, then trends moved to other members (taken in behind it)
          write(store, feed, feed.observations.filter((o, k) => k >= split || o.article >= half.articles.length), false)
          const updated = await store.activity.current()
          expect(updated.behind).toBe(false)
          writeTrends(store, feed, 'second pass', 1)
          await store.activity.prepareInBackground()
          await expectIndexMatches(store, feed, feed.observations, windows, 1)
          const rebuilt = newStore()
          try {
            write(rebuilt, feed, feed.observations, false)
            writeTrends(rebuilt, feed, 'second pass', 1)
            expect(canonical((await store.activity.current()).data)).toEqual(canonical((await rebuilt.activity.current()).data))
          } finally {
            rebuilt.close()
          }
        } finally {
          store.close()
        }
      }),
      { seed: 2207, numRuns: 25 },
    )
  })

  it("takes in new trends from their members' seqs without reading the articles table, and finds a member written without its seq by its id", async () => {
    await fc.assert(
      fc.asyncProperty(feedArb, fc.nat(), async (feed, cut) => {
        const store = newStore()
        const reference = newStore()
        try {
          // every statement run from here on, each time it runs
          const statements: string[] = []
          store.logSlowStatements(-1, (line) => statements.push(line))
          write(store, feed, feed.observations)
          write(reference, feed, feed.observations)
          await store.activity.current()
          // trends moved to other members; some rows as written before the members carried their seq
          writeTrends(store, feed, 'second pass', 1)
          const unsequenced = store.sqlite.prepare('UPDATE trend_articles SET article_seq = NULL WHERE rowid % 3 = ?').run(cut % 3).changes
          statements.length = 0
          await store.activity.prepareInBackground()
          writeTrends(reference, feed, 'second pass', 1)
          expect(canonical((await store.activity.current()).data)).toEqual(canonical((await reference.activity.current()).data))
          // the articles table is read only for a member without its seq, one article each
          expect(statements.filter((s) => /: SELECT articles$/.test(s))).toHaveLength(unsequenced)
          expect(statements.some((s) => /: SELECT trend_articles$/.test(s))).toBe(true)
        } finally {
          store.close()
          reference.close()
        }
      }),
      { seed: 2208, numRuns: 20 },
    )
  })

  it('reads back from its snapshot exactly what it wrote', async () => {
    await fc.assert(
      fc.asyncProperty(feedArb, (feed) =>
        withIndexOf(feed, (data, meta) => {
          const back = decodeSnapshot(encodeSnapshot(meta, data))!
          expect(back.meta).toEqual(meta)
          expect(canonical(back.data)).toEqual(canonical(data))
          expect(perDayIsDays(back.data)).toBe(perDayIsDays(data))
        }),
      ),
      { seed: 77, numRuns: 15 },
    )
  })

  it('writes its snapshot file from the arrays themselves, part after part: the same bytes as one buffer, at once or in the background', async () => {
    const dir = tempDir()
    await fc.assert(
      fc.asyncProperty(feedArb, (feed) =>
        withIndexOf(feed, async (data, meta) => {
          const whole = encodeSnapshot(meta, data)
          writeSnapshotFileSync(path.join(dir, 'at-once'), snapshotParts(meta, data))
          await writeSnapshotFile(path.join(dir, 'in-background'), snapshotParts(meta, data))
          expect(fs.readFileSync(path.join(dir, 'at-once')).equals(whole)).toBe(true)
          expect((await readSnapshotFile(path.join(dir, 'in-background'))).equals(whole)).toBe(true)
          // the parts are the arrays' own memory, not copies
          expect(snapshotParts(meta, data).some((part) => part.buffer === data.days.day.buffer)).toBe(true)
        }),
      ),
      { seed: 78, numRuns: 10 },
    )
  })

  it('goes on with the rest after a write that took part of the parts', () => {
    const partsArb = fc.array(fc.uint8Array({ maxLength: 20 }), { maxLength: 8 })
    fc.assert(
      fc.property(partsArb, fc.nat(), (arrays, cut) => {
        const parts = arrays.map((a) => Buffer.from(a))
        const all = Buffer.concat(parts)
        const written = all.length === 0 ? 0 : cut % (all.length + 1)
        expect(Buffer.concat(partsAfter(parts, written)).equals(all.subarray(written))).toBe(true)
        expect(partsAfter(parts, written).every((p) => p.length > 0)).toBe(true)
      }),
      { seed: 79, numRuns: 500 },
    )
  })
})

describe('the per-day sums of the activity index', () => {
  const oneCountry = feedArb.map((f): Feed => {
    // each article seen in one country, once an hour at most: one daily cell a day
    const seen = new Set<string>()
    const observations = f.observations.map((o) => ({ ...o, country: o.article % COUNTRIES.length, second: 0 })).filter((o) => !seen.has(`${o.article}|${o.hour}`) && seen.add(`${o.article}|${o.hour}`))
    return { ...f, observations }
  })

  it('are the daily cells themselves, held once, when every article\'s cells are one a day: the figures unchanged, the snapshot smaller', async () => {
    await fc.assert(
      fc.asyncProperty(oneCountry, fc.array(windowArb, { minLength: 1, maxLength: 4 }), async (feed, windows) => {
        const store = newStore()
        try {
          write(store, feed, feed.observations)
          const { data } = await store.activity.current()
          expect(perDayIsDays(data)).toBe(true)
          await expectIndexMatches(store, feed, feed.observations, windows)
          // each article's impressions per day, summed by hand
          const byDay = new Map<string, number>()
          for (const o of feed.observations) byDay.set(`${o.article}|${Math.floor((HOUR0 + o.hour) / 24)}`, (byDay.get(`${o.article}|${Math.floor((HOUR0 + o.hour) / 24)}`) ?? 0) + o.impressions)
          const held = new Map<string, number>()
          // (articles are stored in the feed's order: the i-th by seq is the feed's article i)
          canonical(data).articles.forEach((a, i) => {
            for (const [day, impressions] of a.perDay) held.set(`${i}|${day}`, impressions)
          })
          expect(held).toEqual(byDay)
          const meta = { storeId: 'x', generation: 1, trendsGeneration: null }
          const file = encodeSnapshot(meta, data)
          const back = decodeSnapshot(file)!
          expect(perDayIsDays(back.data)).toBe(true)
          expect(canonical(back.data)).toEqual(canonical(data))
          // held twice (copies of the cells' arrays), the same sums take their bytes again
          const copied = { ...data, perDay: { start: data.perDay.start.slice(), day: data.perDay.day.slice(), impressions: data.perDay.impressions.slice() } }
          expect(perDayIsDays(copied)).toBe(false)
          expect(encodeSnapshot(meta, copied).length).toBeGreaterThanOrEqual(file.length + data.perDay.start.byteLength + data.perDay.day.byteLength + data.perDay.impressions.byteLength)
        } finally {
          store.close()
        }
      }),
      { seed: 909, numRuns: 20 },
    )
  })

  it('are sums of their own when an article is seen in two countries on one day', async () => {
    const feed: Feed = {
      articles: [{ entities: ['/m/a'], category: 0, domain: 0, lang: 0, trend: -1 }],
      observations: [
        { article: 0, country: 0, hour: 1, second: 0, position: 1, impressions: 100 },
        { article: 0, country: 1, hour: 2, second: 0, position: 2, impressions: 40 },
        { article: 0, country: 0, hour: 30, second: 0, position: 3, impressions: 7 },
      ],
    }
    const store = newStore()
    try {
      write(store, feed, feed.observations)
      const { data } = await store.activity.current()
      expect(perDayIsDays(data)).toBe(false)
      const day0 = Math.floor(HOUR0 / 24)
      expect(canonical(data).articles[0]!.perDay).toEqual([
        [day0, 140],
        [day0 + 1, 7],
      ])
      const back = decodeSnapshot(encodeSnapshot({ storeId: 'x', generation: 1, trendsGeneration: null }, data))!
      expect(perDayIsDays(back.data)).toBe(false)
      expect(canonical(back.data)).toEqual(canonical(data))
    } finally {
      store.close()
    }
  })
})

describe('the counts of the activity index', () => {
  /** impressions of an observation: mostly a feed's, some near the most one may carry (a day of them passes four bytes) */
  const wide = feedArb.chain((f) =>
    fc.array(fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 2 ** 31, max: 0xffff_ffff })), { minLength: f.observations.length, maxLength: f.observations.length }).map((imps): Feed => ({ ...f, observations: f.observations.map((o, k) => ({ ...o, impressions: imps[k]! })) })),
  )

  it('are held in the narrowest of one, two and four bytes where every one fits and in eight where one does not, the figures exact either way, through the snapshot too', async () => {
    /** the narrowest width that holds every value, as the index chooses it */
    const widthOf = (values: Iterable<number>) => {
      const most = Math.max(0, ...values)
      return most <= 0xff ? Uint8Array : most <= 0xffff ? Uint16Array : most <= 0xffff_ffff ? Uint32Array : Float64Array
    }
    await fc.assert(
      fc.asyncProperty(wide, fc.array(windowArb, { minLength: 1, maxLength: 3 }), async (feed, windows) => {
        const store = newStore()
        try {
          write(store, feed, feed.observations)
          await expectIndexMatches(store, feed, feed.observations, windows)
          const { data } = await store.activity.current()
          // each daily cell's impressions and position sum, and each article's, summed by hand
          const cells = new Map<string, { impressions: number; positions: number }>()
          const lives = new Map<number, { impressions: number; observations: number; positions: number }>()
          for (const o of feed.observations) {
            const key = `${o.article}|${o.country}|${Math.floor((HOUR0 + o.hour) / 24)}`
            const cell = cells.get(key) ?? { impressions: 0, positions: 0 }
            cells.set(key, { impressions: cell.impressions + o.impressions, positions: cell.positions + o.position })
            const life = lives.get(o.article) ?? { impressions: 0, observations: 0, positions: 0 }
            lives.set(o.article, { impressions: life.impressions + o.impressions, observations: life.observations + 1, positions: life.positions + o.position })
          }
          const of = <T,>(m: Map<unknown, T>, f: (v: T) => number) => [...m.values()].map(f)
          expect(data.days.impressions).toBeInstanceOf(widthOf(of(cells, (c) => c.impressions)))
          expect(data.days.positionSum).toBeInstanceOf(widthOf(of(cells, (c) => c.positions)))
          expect(data.whole.impressions).toBeInstanceOf(widthOf(of(lives, (l) => l.impressions)))
          expect(data.whole.observations).toBeInstanceOf(widthOf(of(lives, (l) => l.observations)))
          expect(data.whole.positionSum).toBeInstanceOf(widthOf(of(lives, (l) => l.positions)))
          // every article's whole life, summed by hand (articles are stored in the feed's order)
          const life = (i: number) => lives.get(i) ?? { impressions: 0, observations: 0, positions: 0 }
          expect(Array.from(data.whole.impressions)).toEqual(feed.articles.map((_, i) => life(i).impressions))
          expect(Array.from(data.whole.observations)).toEqual(feed.articles.map((_, i) => life(i).observations))
          expect(Array.from(data.whole.positionSum)).toEqual(feed.articles.map((_, i) => life(i).positions))
          const back = decodeSnapshot(encodeSnapshot({ storeId: 'x', generation: 1, trendsGeneration: null }, data))!
          expect(back.data.days.impressions.constructor).toBe(data.days.impressions.constructor)
          expect(back.data.whole.positionSum.constructor).toBe(data.whole.positionSum.constructor)
          expect(canonical(back.data)).toEqual(canonical(data))
        } finally {
          store.close()
        }
      }),
      { seed: 4242, numRuns: 25 },
    )
  })

  it("hold each article's whole-life first and last sighting and best position in the cells' widths, equal to those found by hand, through the snapshot too", async () => {
    await fc.assert(
      fc.asyncProperty(feedArb, async (feed) => {
        const store = newStore()
        try {
          write(store, feed, feed.observations)
          const { data } = await store.activity.current()
          expect(data.whole.firstSeen).toBeInstanceOf(Uint32Array)
          expect(data.whole.lastSeen).toBeInstanceOf(Uint32Array)
          expect(data.whole.bestPosition).toBeInstanceOf(Uint16Array)
          // the extremes of each article's sightings, by hand (articles are stored in the feed's order)
          const lives = feed.articles.map((_, i) => {
            const own = feed.observations.filter((o) => o.article === i)
            const at = own.map((o) => (HOUR0 + o.hour) * 3600 + o.second)
            return own.length === 0 ? null : { first: Math.min(...at), last: Math.max(...at), best: Math.min(...own.map((o) => o.position)) }
          })
          const held = (d: ActivityData) =>
            feed.articles.map((_, i) => (d.whole.firstDay[i]! > d.whole.lastDay[i]! ? null : { first: d.whole.firstSeen[i], last: d.whole.lastSeen[i], best: d.whole.bestPosition[i] }))
          expect(held(data)).toEqual(lives)
          // a store's lives are its cells' first and last sightings: held once, and written once
          expect(wholeSeenIsLife(data)).toBe(true)
          const file = encodeSnapshot({ storeId: 'x', generation: 1, trendsGeneration: null }, data)
          const back = decodeSnapshot(file)!
          expect(back.data.whole.bestPosition).toBeInstanceOf(Uint16Array)
          expect(wholeSeenIsLife(back.data)).toBe(true)
          expect(held(back.data)).toEqual(lives)
          const apart = { ...data, whole: { ...data.whole, firstSeen: data.whole.firstSeen.slice(), lastSeen: data.whole.lastSeen.slice() } }
          expect(encodeSnapshot({ storeId: 'x', generation: 1, trendsGeneration: null }, apart).length).toBeGreaterThanOrEqual(file.length + 2 * data.whole.firstSeen.byteLength)
        } finally {
          store.close()
        }
      }),
      { seed: 4343, numRuns: 25 },
    )
  })

  it('keep a day that passes four bytes exact: two sightings of 4,000,000,000 on one day are 8,000,000,000', async () => {
    const feed: Feed = {
      articles: [{ entities: ['/m/a'], category: 0, domain: 0, lang: 0, trend: -1 }],
      observations: [
        { article: 0, country: 0, hour: 1, second: 0, position: 1, impressions: 4_000_000_000 },
        { article: 0, country: 0, hour: 4, second: 0, position: 2, impressions: 4_000_000_000 },
      ],
    }
    const store = newStore()
    try {
      write(store, feed, feed.observations)
      const { data } = await store.activity.current()
      expect(data.days.impressions).toBeInstanceOf(Float64Array)
      expect(Array.from(data.days.impressions)).toEqual([8_000_000_000])
      expect(Array.from(data.whole.impressions)).toEqual([8_000_000_000])
      const got = await indexFigures(store, 'entity', ['/m/a'], { countries: COUNTRIES, lang: null, fromHour: HOUR0, toHour: HOUR0 + 24 })
      expect(got.get('/m/a')).toMatchObject({ impressions: 8_000_000_000, observations: 2, positionSum: 3 })
    } finally {
      store.close()
    }
  })
})

describe('the string numbers, days and small counts of the activity index', () => {
  it('are held in the narrowest of one, two or four bytes that holds every value, each value as it was', () => {
    const codes = (values: number[]) => {
      const held = narrowestCodes(Int32Array.from(values))
      return [held.constructor.name, Array.from(held)]
    }
    expect(codes([-1, 0, 127])).toEqual(['Int8Array', [-1, 0, 127]])
    expect(codes([-1, 128])).toEqual(['Int16Array', [-1, 128]])
    expect(codes([-129, 5])).toEqual(['Int16Array', [-129, 5]])
    expect(codes([-1, 32767])).toEqual(['Int16Array', [-1, 32767]])
    expect(codes([32768])).toEqual(['Int32Array', [32768]])
    expect(codes([-32769])).toEqual(['Int32Array', [-32769]])
    expect(codes([20_785, -1])).toEqual(['Int16Array', [20_785, -1]]) // a day of 2026, and none
    expect(codes([])).toEqual(['Int8Array', []])
    const small = (values: number[]) => {
      const held = narrowestSmall(Uint32Array.from(values))
      return [held.constructor.name, Array.from(held)]
    }
    expect(small([0, 255])).toEqual(['Uint8Array', [0, 255]])
    expect(small([256])).toEqual(['Uint16Array', [256]])
    expect(small([65_535])).toEqual(['Uint16Array', [65_535]])
    expect(small([65_536, 1])).toEqual(['Uint32Array', [65_536, 1]])
  })

  it('keep every value whatever the values, in the narrowest width that holds them (seeded)', () => {
    const widths = [
      [Int8Array, -128, 127],
      [Int16Array, -32768, 32767],
      [Int32Array, -(2 ** 31), 2 ** 31 - 1],
    ] as const
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: -1, max: 200 }), fc.integer({ min: -40_000, max: 40_000 }), fc.integer())), (values) => {
        const held = narrowestCodes(Int32Array.from(values))
        expect(Array.from(held)).toEqual(values)
        const narrowest = widths.find(([, low, high]) => values.every((v) => v >= low && v <= high))!
        expect(held).toBeInstanceOf(narrowest[0])
      }),
      { seed: 3301, numRuns: 200 },
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 70_000 }), fc.nat())), (values) => {
        const held = narrowestSmall(Uint32Array.from(values))
        expect(Array.from(held)).toEqual(values)
        const most = Math.max(0, ...values)
        expect(held).toBeInstanceOf(most <= 0xff ? Uint8Array : most <= 0xffff ? Uint16Array : Uint32Array)
      }),
      { seed: 3302, numRuns: 200 },
    )
  })

  it("hold each article's first and last sighting in four bytes when every one is a whole second of 1970-2106, never seen as the widest range; anything else in eight", () => {
    const lives = (pairs: Array<[number, number]>) => {
      const { first, last } = narrowestLives(Float64Array.from(pairs, (p) => p[0]), Float64Array.from(pairs, (p) => p[1]))
      return [first.constructor.name, Array.from(first), Array.from(last)]
    }
    const day = 1_795_000_000
    expect(lives([[day, day + 60], [Number.NaN, Number.NaN]])).toEqual(['Uint32Array', [day, 0], [day + 60, 2 ** 32 - 1]])
    expect(lives([[1, 2 ** 32 - 2]])).toEqual(['Uint32Array', [1], [2 ** 32 - 2]])
    // a fraction, a time before 1970, the marks themselves, one side known only: as they are
    expect(lives([[day + 0.5, day + 1]])[0]).toBe('Float64Array')
    expect(lives([[-5, day]])[0]).toBe('Float64Array')
    expect(lives([[0, day]])[0]).toBe('Float64Array')
    expect(lives([[day, 2 ** 32 - 1]])[0]).toBe('Float64Array')
    expect(lives([[day, Number.NaN]])[0]).toBe('Float64Array')
  })

  it("hold each article's first and last day with cells in two bytes when every day lies strictly inside them, no cells as the widest range reversed; else in four", () => {
    const days = (pairs: Array<[number, number]>) => {
      const { first, last } = narrowestDays(Int32Array.from(pairs, (p) => p[0]), Int32Array.from(pairs, (p) => p[1]))
      return [first.constructor.name, Array.from(first), Array.from(last)]
    }
    const none: [number, number] = [2 ** 31 - 1, -(2 ** 31)]
    expect(days([[20_785, 20_790], none])).toEqual(['Int16Array', [20_785, 32767], [20_790, -32768]])
    expect(days([[-32767, 32766]])).toEqual(['Int16Array', [-32767], [32766]])
    // a day on a mark itself: four bytes, as it was
    expect(days([[20_785, 32767], none])).toEqual(['Int32Array', [20_785, 2 ** 31 - 1], [32767, -(2 ** 31)]])
    expect(days([[-32768, 5]])[0]).toBe('Int32Array')
    expect(days([none])).toEqual(['Int16Array', [32767], [-32768]])
  })

  it("keep each article's whole-life sightings apart from its life when the two differ (a life the cells no longer cover), and read them as the cells say, through the snapshot too", () => {
    const at = (hour: number) => (HOUR0 + hour) * 3600
    const day = Math.floor(HOUR0 / 24)
    const make = (lifeFirst: number) => {
      const b = new ActivityBuilder()
      b.addArticle({ seq: 1, lang: 'en', domain: 'a.example', category: null, contentType: null, lifeFirst, lifeLast: at(5) })
      b.addArticle({ seq: 2, lang: 'en', domain: 'a.example', category: null, contentType: null, lifeFirst: null, lifeLast: null })
      b.addDay([day, 'US', 1, 10, 2, 3, at(2), at(5), 1])
      return b.finish()
    }
    const same = make(at(2))
    expect(wholeSeenIsLife(same)).toBe(true)
    // the life began a day before the cells held (its first day's cells were let go)
    const apart = make(at(-20))
    expect(wholeSeenIsLife(apart)).toBe(false)
    expect([apart.whole.firstSeen[0], apart.whole.lastSeen[0], factsOf(apart, 0).lifeFirst]).toEqual([at(2), at(5), at(-20)])
    const back = decodeSnapshot(encodeSnapshot({ storeId: 'x', generation: 1, trendsGeneration: null }, apart))!.data
    expect(wholeSeenIsLife(back)).toBe(false)
    expect([back.whole.firstSeen[0], back.whole.lastSeen[0], factsOf(back, 0).lifeFirst]).toEqual([at(2), at(5), at(-20)])
  })

  it('say an article never seen is never seen, in four bytes, after an update and through the snapshot: its facts have no sightings, and a window reads it', async () => {
    const store = newStore()
    try {
      const feed: Feed = {
        articles: [0, 1, 2].map(() => ({ entities: ['/m/a'], category: 0, domain: 0, lang: 0, trend: -1 })),
        observations: [
          { article: 0, country: 0, hour: 2, second: 10, position: 3, impressions: 100 },
          { article: 0, country: 0, hour: 30, second: 20, position: 1, impressions: 50 },
          { article: 2, country: 1, hour: 5, second: 0, position: 2, impressions: 70 },
        ],
      }
      write(store, { ...feed, articles: feed.articles.slice(0, 2) }, feed.observations.filter((o) => o.article < 2), false)
      const sighting = (hour: number, second: number) => (HOUR0 + hour) * 3600 + second
      const expectLives = (d: ActivityData, want: Array<[number | null, number | null]>) => {
        expect(d.lifeFirst).toBeInstanceOf(Uint32Array)
        expect(d.lifeLast).toBeInstanceOf(Uint32Array)
        expect(want.map((_, i) => [factsOf(d, i).lifeFirst, factsOf(d, i).lifeLast])).toEqual(want)
      }
      expectLives((await store.activity.current()).data, [[sighting(2, 10), sighting(30, 20)], [null, null]])
      // an update brings a third article, seen, and leaves the second never seen
      write(store, feed, feed.observations.filter((o) => o.article === 2), false)
      const { data } = await store.activity.current()
      const want: Array<[number | null, number | null]> = [[sighting(2, 10), sighting(30, 20)], [null, null], [sighting(5, 0), sighting(5, 0)]]
      expectLives(data, want)
      expectLives(decodeSnapshot(encodeSnapshot({ storeId: 'x', generation: 1, trendsGeneration: null }, data))!.data, want)
      const got = await indexFigures(store, 'entity', ['/m/a'], { countries: COUNTRIES, lang: null, fromHour: HOUR0, toHour: HOUR0 + HOURS })
      expect(got.get('/m/a')).toMatchObject({ impressions: 220, publications: 2, observations: 3, positionSum: 6 })
    } finally {
      store.close()
    }
  })

  it('widen when new data brings a value the narrow width cannot hold: the 128th publisher and a position of 300 are read as written, through the snapshot too', async () => {
    const domains = Array.from({ length: 130 }, (_, d) => `site-${d}.example`)
    const record = (i: number): ArticleRecord => ({ id: articleId(i), url: `https://${domains[i]}/story-${i}`, title: `Story ${i}`, domain: domains[i]!, region: 'US', lang: 'en', category: null, entities: [{ id: '/m/a', score: 0.5 }] })
    // article i: seen once, at position i + 1 (the last at 300), impressions 10 * (i + 1)
    const sighting = (i: number): ObservationRecord => ({ articleId: articleId(i), country: 'US', observedAt: new Date((HOUR0 + 1) * 3_600_000 + i * 1000).toISOString(), position: i === 129 ? 300 : i + 1, estimatedImpressions: 10 * (i + 1) })
    const store = newStore()
    try {
      const writer = new IngestWriter(store)
      const first = Array.from({ length: 127 }, (_, i) => i)
      writer.write({ entities: [{ id: '/m/a', name: 'A' }], articles: first.map(record), observations: first.map(sighting) })
      const before = (await store.activity.current()).data
      expect(before.domain).toBeInstanceOf(Int8Array)
      expect(before.days.bestPosition).toBeInstanceOf(Uint8Array)
      expect(before.days.day).toBeInstanceOf(Int16Array)
      const rest = [127, 128, 129]
      writer.write({ entities: [], articles: rest.map(record), observations: rest.map(sighting) })
      const after = await store.activity.current()
      expect(after.behind).toBe(false)
      expect(after.data.domain).toBeInstanceOf(Int16Array)
      expect(after.data.days.bestPosition).toBeInstanceOf(Uint16Array)
      const w: ActivityWindow = { countries: ['US'], lang: null, fromHour: HOUR0, toHour: HOUR0 + 24 }
      const got = await indexFigures(store, 'publisher', domains, w)
      expect(got.size).toBe(130)
      for (const i of [0, 126, 127, 128, 129]) expect(got.get(domains[i]!), domains[i]).toMatchObject({ impressions: 10 * (i + 1), publications: 1, observations: 1, positionSum: i === 129 ? 300 : i + 1 })
      expect(Array.from(after.data.whole.bestPosition).slice(-3)).toEqual([128, 129, 300])
      const back = decodeSnapshot(encodeSnapshot({ storeId: 'x', generation: 1, trendsGeneration: null }, after.data))!
      expect(back.data.domain).toBeInstanceOf(Int16Array)
      expect(back.data.days.bestPosition).toBeInstanceOf(Uint16Array)
      expect(canonical(back.data)).toEqual(canonical(after.data))
      // the same as an index built anew from the whole store
      const rebuilt = newStore()
      try {
        new IngestWriter(rebuilt).write({ entities: [{ id: '/m/a', name: 'A' }], articles: [...first, ...rest].map(record), observations: [...first, ...rest].map(sighting) })
        expect(canonical(after.data)).toEqual(canonical((await rebuilt.activity.current()).data))
      } finally {
        rebuilt.close()
      }
    } finally {
      store.close()
    }
  })
})

describe('a snapshot file read in parts at once', () => {
  it('gives the file\'s bytes, whatever its length against the parts', async () => {
    const dir = tempDir()
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 0, max: 255 }), async (length, salt) => {
        const file = path.join(dir, 'index.activity')
        const bytes = Buffer.alloc(length)
        for (let i = 0; i < length; i++) bytes[i] = (i * 31 + salt) & 255
        fs.writeFileSync(file, bytes)
        const read = await readSnapshotFile(file)
        expect(read.length).toBe(length)
        expect(read.equals(bytes)).toBe(true)
        // the arrays of a snapshot are views from the buffer's start: it must be a buffer of its own
        expect(read.byteOffset).toBe(0)
      }),
      { seed: 2020, numRuns: 30, examples: [[0, 1], [1, 2], [65_536 * 4, 3], [65_536 * 4 + 1, 4], [262_143, 5]] },
    )
  })
})

describe('a start that reads its index but for the history', () => {
  /** The days of the articles at the start of the index that stopped living before `fromDay`: their cells and entities. */
  const leftBefore = (data: ActivityData, fromDay: number) => {
    let articles = 0
    while (articles < data.seq.length && data.whole.lastDay[articles]! < fromDay) articles++
    return { articles, cells: data.days.start[articles]!, entities: data.entities.start[articles]! }
  }

  /** A store of the feed whose index was saved beside it, opened again to read `recentDays` of it (as a start does). */
  const startedFromItsFile = (file: string, feed: Feed, recentDays: number): Store => {
    const first = newStore(file)
    write(first, feed, feed.observations)
    first.activity.prepareNow()
    first.close()
    const store = openTestStore(file)
    store.activity.recentDays = recentDays
    return store
  }

  it('leaves the cells, entities and window facts of the articles gone before the recent days in the file, zeros in their place, and reads them from the same file only', async () => {
    const dir = tempDir()
    let leftSome = 0
    await fc.assert(
      fc.asyncProperty(feedArb, fc.integer({ min: 0, max: 5 }), (feed, recentDays) =>
        withIndexOf(feed, async (data, meta) => {
          const file = path.join(dir, 'index.activity')
          const bytes = encodeSnapshot(meta, data)
          fs.writeFileSync(file, bytes)
          const { bytes: read, history } = await readSnapshotFileRecent(file, recentDays)
          let newest = -Infinity
          for (const d of data.whole.lastDay) newest = Math.max(newest, d)
          const left = leftBefore(data, newest - recentDays)
          if (left.articles === 0) {
            // nothing to leave: the file read whole
            expect(history).toBeNull()
            expect(read.equals(bytes)).toBe(true)
            return
          }
          leftSome++
          expect(history!.fromDay).toBe(newest - recentDays)
          expect(history!.cells).toBe(left.cells)
          const back = decodeSnapshot(read)!.data
          const full = decodeSnapshot(bytes)!.data
          // what a window of the recent days reads is there...
          expect(Array.from(back.days.day.subarray(left.cells))).toEqual(Array.from(full.days.day.subarray(left.cells)))
          expect(Array.from(back.days.impressions.subarray(left.cells))).toEqual(Array.from(full.days.impressions.subarray(left.cells)))
          expect(Array.from(back.entities.items.subarray(left.entities))).toEqual(Array.from(full.entities.items.subarray(left.entities)))
          expect(Array.from(back.whole.impressions.subarray(left.articles))).toEqual(Array.from(full.whole.impressions.subarray(left.articles)))
          expect(Array.from(back.whole.lastDay)).toEqual(Array.from(full.whole.lastDay))
          expect(Array.from(back.seq)).toEqual(Array.from(full.seq))
          // ...and what it left holds zeros (day 0: before any window)
          expect(back.days.day.subarray(0, left.cells).every((d) => d === 0)).toBe(true)
          expect(back.lifeLast.subarray(0, left.articles).every((d) => d === 0)).toBe(true)
          expect(history!.bytes).toBeGreaterThan(0)
          // read from the same file: every byte as written
          expect(readHistory(history!, read)).toBe(true)
          expect(read.equals(bytes)).toBe(true)
          // another file in its place (saved again): not read from
          const again = await readSnapshotFileRecent(file, recentDays)
          fs.writeFileSync(`${file}.new`, bytes)
          fs.renameSync(`${file}.new`, file)
          const before = Buffer.from(again.bytes)
          expect(readHistory(again.history!, again.bytes)).toBe(false)
          expect(again.bytes.equals(before)).toBe(true)
        }),
      ),
      { seed: 3636, numRuns: 25 },
    )
    expect(leftSome).toBeGreaterThan(5)
  })

  /**
   * Metrics' activity of the entities for a window (every country and language when `everywhere`)
   * against the same summed publication by publication: the window before's totals, and the
   * sparklines (from item days where the window reads them); whether item days were read.
   */
  async function expectItemDaysMatch(store: Store, win: WindowSpec, everywhere: boolean): Promise<boolean> {
    // (only the store is read of a request's context)
    const ctx = { store } as unknown as RequestContext
    const current: ActivityWindow = { countries: everywhere ? COUNTRIES : win.countries, lang: everywhere ? null : win.lang, fromHour: HOUR0 + win.from, toHour: HOUR0 + win.from + win.length }
    const previous = { ...current, fromHour: 2 * current.fromHour - current.toHour, toHour: current.fromHour }
    const activity = await listActivity(ctx, { kind: 'entity', listId: 'list', keys: ENTITIES, current, previous }, { previous: 'totals', grain: 'day' })
    try {
      const { data, behind } = activity
      const member = membership(data, 'entity', ENTITIES)
      const before = windowImpressions(data, candidatesOfStretch(data, member.candidates, previous, behind), previous, store.activity.hourRows(hourRangesOf(previous), behind))
      expect([...activity.beforeTotals]).toEqual([...claimedTotals(before, member, ENTITIES.length)])
      const buckets = bucketKeys(new Date(current.fromHour * 3_600_000), new Date(current.toHour * 3_600_000), 'day')
      const q = { window: current, grain: 'day' as const, firstBucket: buckets[0] ?? 0, buckets: buckets.length, hourRows: activity.nowHours, related: null }
      const items = ENTITIES.map((_, i) => i)
      const fromEach = pageFigures(data, activity.now, activity.nowRows, items, q).items.map((i) => i.series)
      expect(pageFigures(data, activity.now, activity.nowRows, items, { ...q, itemDays: activity.nowDays }).items.map((i) => i.series)).toEqual(fromEach)
      return activity.nowDays !== null && activity.nowDays.length > 0
    } finally {
      activity.release()
    }
  }

  it('gives metrics the sparklines and the window before from its item days as from each publication, whole or started but for its history', async () => {
    const dir = tempDir()
    let readDays = 0
    let n = 0
    await fc.assert(
      fc.asyncProperty(feedArb, fc.array(fc.tuple(windowArb, fc.boolean()), { minLength: 1, maxLength: 3 }), fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }), async (feed, windows, recentDays) => {
        let store: Store
        if (recentDays === null) {
          store = newStore()
          write(store, feed, feed.observations)
        } else store = startedFromItsFile(path.join(dir, `feedlens-days-${++n}.db`), feed, recentDays)
        try {
          await store.activity.prepareInBackground()
          // each window after the others on one store
          for (const [win, everywhere] of windows) if (await expectItemDaysMatch(store, win, everywhere)) readDays++
        } finally {
          store.close()
        }
      }),
      { seed: 3640, numRuns: 40 },
    )
    // the item days were read, not left aside every time
    expect(readDays).toBeGreaterThan(5)
  })

  it('makes no item days of an index whose history is not read: a window that reaches back later reads its old days', async () => {
    // two articles of one entity seen four days apart, both in one chunk of item days (from 2026-11-11, day 20768)
    expect((HOUR0 / 24 + 1) % CHUNK_DAYS).toBe(0)
    const feed: Feed = {
      articles: fourDaysApart.articles,
      observations: fourDaysApart.observations.map((o) => ({ ...o, hour: o.hour + 24 })),
    }
    const store = startedFromItsFile(path.join(tempDir(), 'feedlens.db'), feed, 1)
    try {
      await store.activity.prepareInBackground()
      // the last day and the one before it: the history (the first article) left unread
      expect(await expectItemDaysMatch(store, { from: 5 * 24, length: 24, countries: COUNTRIES, lang: null }, true)).toBe(false)
      expect(store.activity.unreadBefore).toBe(Math.floor(HOUR0 / 24) + 4)
      // the second and third days: the history read, the first article in the sparklines and the totals
      expect(await expectItemDaysMatch(store, { from: 24, length: 48, countries: COUNTRIES, lang: null }, true)).toBe(true)
      expect(store.activity.unreadBefore).toBeNull()
    } finally {
      store.close()
    }
  })

  it('answers every window from an index started but for its history as from the observations, and reads the history once a window reaches back', async () => {
    const dir = tempDir()
    let keptUnread = 0
    let readBack = 0
    let n = 0
    await fc.assert(
      fc.asyncProperty(feedArb, fc.array(windowArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 4 }), async (feed, windows, recentDays) => {
        const store = startedFromItsFile(path.join(dir, `feedlens-${++n}.db`), feed, recentDays)
        try {
          const reads = vi.spyOn(store.activityRows, 'factsAfter')
          await store.activity.prepareInBackground()
          for (const win of windows) {
            const unread = store.activity.unreadBefore
            await expectIndexMatches(store, feed, feed.observations, [win])
            if (unread === null) continue
            const reachesBack = Math.floor((HOUR0 + win.from) / 24) < unread
            expect(store.activity.unreadBefore).toBe(reachesBack ? null : unread)
            if (reachesBack) readBack++
            else keptUnread++
          }
          // from its file alone: never built from the store
          expect(reads).not.toHaveBeenCalled()
          // every read of the whole index reads the history first
          await store.activity.current()
          expect(store.activity.unreadBefore).toBeNull()
        } finally {
          store.close()
        }
      }),
      { seed: 3637, numRuns: 25 },
    )
    expect(keptUnread).toBeGreaterThan(3)
    expect(readBack).toBeGreaterThan(3)
  })

  it('is asked by metrics and roll-ups for the days of the window and of the one before it', async () => {
    const w = makeWorld()
    seedFixture(w.store, w.projectId)
    const asked = vi.spyOn(w.store.activity, 'current')
    const period = 'period=custom&date_from=2026-11-19T06:00:00Z&date_to=2026-11-20T06:00:00Z'
    await expectOk(w, 'getTrackingMetrics', `/v1/tracking/lists/${IDS.entityList}/metrics?${period}`)
    await expectOk(w, 'getTrackingRollup', `/v1/tracking/lists/${IDS.entityList}/rollup?${period}`)
    // the day before the window is its comparison: from 2026-11-18T06:00Z
    const before = Date.parse('2026-11-18T06:00:00Z') / 3_600_000
    expect(asked.mock.calls.map((c) => c[0])).toEqual([before, before])
    w.core.close()
  })

  /** Two articles of one entity seen four days apart: with one recent day, the first is history. */
  const fourDaysApart: Feed = {
    articles: [
      { entities: ['/m/a'], category: 0, domain: 0, lang: 0, trend: -1 },
      { entities: ['/m/a'], category: 0, domain: 1, lang: 0, trend: -1 },
    ],
    observations: [
      { article: 0, country: 0, hour: 2, second: 0, position: 1, impressions: 100 },
      { article: 1, country: 0, hour: 4 * 24 + 3, second: 0, position: 2, impressions: 40 },
    ],
  }

  it('reads the history a request reaches on the thread pool, once for the requests that reach it at once, and answers right', async () => {
    const feed = fourDaysApart
    const store = startedFromItsFile(path.join(tempDir(), 'feedlens.db'), feed, 1)
    try {
      await store.activity.prepareInBackground()
      expect(store.activity.unreadBefore).toBe(Math.floor(HOUR0 / 24) + 3)
      const readsInRequest = vi.spyOn(fs, 'readSync')
      const opened = vi.spyOn(fsPromises, 'open')
      // two windows from the first day, asked at once: one read of the file, on the thread pool
      const answers = await Promise.all([store.activity.current(HOUR0), store.activity.current(HOUR0 + 5)])
      expect(answers[1].data).toBe(answers[0].data)
      expect(store.activity.unreadBefore).toBeNull()
      expect(readsInRequest).not.toHaveBeenCalled()
      expect(opened).toHaveBeenCalledTimes(1)
      opened.mockRestore()
      readsInRequest.mockRestore()
      await expectIndexMatches(store, feed, feed.observations, [{ from: 0, length: 5 * 24, countries: ['US'], lang: null }])
    } finally {
      store.close()
    }
  })

  it('reads its file again when it changed before the history was read, or is built anew when it is gone, and answers right', async () => {
    const feed = fourDaysApart
    const file = path.join(tempDir(), 'feedlens.db')
    const store = startedFromItsFile(file, feed, 1)
    try {
      const errors: string[] = []
      store.activity.onError = (m) => errors.push(m)
      await store.activity.prepareInBackground()
      expect(store.activity.unreadBefore).toBe(Math.floor(HOUR0 / 24) + 3)
      // the last day alone: the history stays in the file
      await expectIndexMatches(store, feed, feed.observations, [{ from: 4 * 24, length: 24, countries: ['US'], lang: null }])
      expect(store.activity.unreadBefore).not.toBeNull()
      // the file written again (another process's save): the history cannot be read from it, the new file is read
      const bytes = fs.readFileSync(`${file}.activity`)
      fs.rmSync(`${file}.activity`)
      fs.writeFileSync(`${file}.activity`, bytes)
      const reads = vi.spyOn(store.activityRows, 'factsAfter')
      const everyDay = { from: 0, length: 5 * 24, countries: ['US'], lang: null }
      await expectIndexMatches(store, feed, feed.observations, [everyDay])
      expect(reads).not.toHaveBeenCalled()
      expect(errors).toEqual(['The saved activity index changed since it was read: it is read again.'])
      expect(store.activity.unreadBefore).toBeNull()
      // and once more with the file gone: built anew from the store
      const again = openTestStore(file)
      try {
        again.activity.recentDays = 1
        again.activity.onError = (m) => errors.push(m)
        await again.activity.prepareInBackground()
        expect(again.activity.unreadBefore).not.toBeNull()
        fs.rmSync(`${file}.activity`)
        const built = vi.spyOn(again.activityRows, 'factsAfter')
        await expectIndexMatches(again, feed, feed.observations, [everyDay])
        expect(built).toHaveBeenCalled()
        expect(again.activity.unreadBefore).toBeNull()
        await again.activity.whenSaved()
      } finally {
        again.close()
      }
    } finally {
      store.close()
    }
  })
})

describe('the activity index of a running app', () => {
  it('answers from the previous index while it is built anew after more changes than the log says, keeps nothing meanwhile, then catches up', async () => {
    const w = makeWorld()
    seedFixture(w.store, w.projectId)
    // two days on: the fixture's day is a whole day of the window, read from the index (its ends are read from the store)
    w.setNow(new Date('2026-11-22T12:00:00Z'))
    const url = `/v1/tracking/lists/${IDS.publisherList}/metrics?period=7d`
    expect((await expectOk(w, 'getTrackingMetrics', url)).items[0].impressions).toBe(2700)
    new IngestWriter(w.store).write({
      observations: [{ articleId: IDS.a2, country: 'US', observedAt: '2026-11-20T11:30:00.000Z', position: 4, estimatedImpressions: 100 }],
    })
    // a small change: the next answer waits for it
    expect((await expectOk(w, 'getTrackingMetrics', url)).items[0].impressions).toBe(2800)
    // the log no longer reaches back (as after a long import elsewhere): built anew in the background
    w.store.sqlite.prepare('DELETE FROM ingest_log').run()
    new IngestWriter(w.store).write({
      observations: [{ articleId: IDS.a2, country: 'US', observedAt: '2026-11-20T11:40:00.000Z', position: 4, estimatedImpressions: 50 }],
    })
    w.store.sqlite.prepare('DELETE FROM ingest_log').run()
    expect((await expectOk(w, 'getTrackingMetrics', url)).items[0].impressions).toBe(2800)
    expect((await expectOk(w, 'getTrackingMetrics', url)).items[0].impressions).toBe(2800) // not kept: asked again
    await w.store.activity.prepareInBackground()
    expect((await expectOk(w, 'getTrackingMetrics', url)).items[0].impressions).toBe(2850)
    w.core.close()
  })

  it('never builds the index inside a request: one that comes while it is built from nothing is told 503 computing with Retry-After, then answered', async () => {
    const w = makeWorld()
    seedFixture(w.store, w.projectId)
    // a build longer than a request waits (a large store started without its index file)
    w.store.activity.buildWaitMs = 0
    const url = `/v1/tracking/lists/${IDS.publisherList}/metrics?period=7d`
    const res = await w.get(url)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await res.json()).toEqual({ detail: { code: 'computing', message: 'The store\'s activity index is being built (after a start without its file); retry shortly.' } })
    // the build went on in the background: the next request is answered
    await w.store.activity.prepareInBackground()
    expect((await expectOk(w, 'getTrackingMetrics', url)).items[0].impressions).toBe(2700)
    w.core.close()
  })

  it('saves its snapshot one save after another: two saves asked at once both succeed and the newest lands', async () => {
    const file = path.join(tempDir(), 'feedlens.db')
    const w = makeWorld({ file })
    seedFixture(w.store, w.projectId)
    const errors: string[] = []
    w.store.activity.onError = (m) => errors.push(m)
    await w.store.activity.current()
    // what a build's end and a timer do when they meet (before: the second's rename found the first's file gone)
    const keeper = w.store.activity as unknown as { saveInBackground(): Promise<void> }
    await Promise.all([keeper.saveInBackground(), keeper.saveInBackground(), keeper.saveInBackground()])
    expect(errors).toEqual([])
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(decodeSnapshot(fs.readFileSync(`${file}.activity`))?.data.seq.length).toBe(3)
    w.core.close()
  })

  it('starts from its snapshot beside the store without reading the store tables, and ignores one of another store or a damaged one', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'feedlens.db')
    const first = makeWorld({ file })
    seedFixture(first.store, first.projectId)
    first.store.activity.prepareNow()
    const answer = await expectOk(first, 'getTrackingMetrics', `/v1/tracking/lists/${IDS.entityList}/metrics`)
    first.core.close()
    expect(fs.existsSync(`${file}.activity`)).toBe(true)

    const again = openTestStore(file)
    const reads = vi.spyOn(again.activityRows, 'factsAfter')
    const { data } = await again.activity.current()
    expect(reads).not.toHaveBeenCalled()
    expect(data.seq.length).toBe(3)
    again.close()
    const world = makeWorld({ file })
    expect((await expectOk(world, 'getTrackingMetrics', `/v1/tracking/lists/${IDS.entityList}/metrics`)).items).toEqual(answer.items)
    world.core.close()

    // a snapshot of another store (a copy of the folder's file from elsewhere) is ignored
    const other = newStore(path.join(tempDir(), 'other.db'))
    fs.copyFileSync(`${file}.activity`, `${other.file}.activity`)
    const otherReads = vi.spyOn(other.activityRows, 'factsAfter')
    expect((await other.activity.current()).data.seq.length).toBe(0)
    expect(otherReads).toHaveBeenCalled()
    await other.activity.prepareInBackground()
    await other.activity.whenSaved()
    other.close()

    // a damaged one too: built anew
    fs.writeFileSync(`${file}.activity`, fs.readFileSync(`${file}.activity`).subarray(0, 200))
    const damaged = openTestStore(file)
    expect((await damaged.activity.current()).data.seq.length).toBe(3)
    await damaged.activity.prepareInBackground()
    await damaged.activity.whenSaved()
    damaged.close()
  })

  it("removes the temporary files of saves that never ended, and leaves another process's save in progress alone", () => {
    const dir = tempDir()
    const file = path.join(dir, 'feedlens.db')
    const world = makeWorld({ file })
    try {
      seedFixture(world.store, world.projectId)
      const left = `${file}.activity.4242.1.tmp`
      const writing = `${file}.activity.4343.1.tmp`
      const unrelated = path.join(dir, 'notes.tmp')
      for (const f of [left, writing, unrelated]) fs.writeFileSync(f, 'x'.repeat(100))
      const anHourAgo = new Date(Date.now() - 3_600_000)
      fs.utimesSync(left, anHourAgo, anHourAgo)
      fs.utimesSync(unrelated, anHourAgo, anHourAgo)
      world.store.activity.prepareNow()
      expect(fs.existsSync(left)).toBe(false)
      expect(fs.existsSync(writing)).toBe(true)
      expect(fs.existsSync(unrelated)).toBe(true)
      expect(fs.existsSync(`${file}.activity`)).toBe(true)
    } finally {
      world.core.close()
    }
  })
})
