import { v5 as uuidv5 } from 'uuid'
import type { FormatGroup } from '../../../shared/contract/values'
import { articleIdForUrl } from '../ingest/canonical-url'
import type { ArticleRecord, EntityRecord, PublisherRecord } from '../store/records'
import { SnapshotColumnsBuilder, type IngestBatch, type SnapshotColumns } from '../ingest/records'
import { DAY_MS, HOUR_MS } from '../time/buckets'
import { referenceCountry, type ReferenceCountry } from '../geo/reference-countries'
import { bestFirst } from './best-first'
import { Random } from './random'
import type { DemoSummary } from '../../../shared/contract/app'
import { scaleSpecs, SNAPSHOT_HOURS, type DemoScale } from './scales'
import { DERIVATIVE_SHARE, drawFormat, drawShape, expectedArticles, SHAPE_WEIGHTS, type ShapeParams, type StorylineShape } from './storylines'
import { slugify, writeArticle } from './texts'
import { demoLanguages, nameParts, publisherPatterns, topics, type DemoLanguage, type TopicSpec } from './vocabulary'

export interface DemoOptions {
  scale: DemoScale
  seed: number
  /** The world ends at the last 3-hour snapshot at or before this instant. */
  end: Date
  /** Fewer days than the scale's (quick looks and tests); the scale's count otherwise. */
  days?: number
  onProgress?: (done: number, total: number) => void
}

export type { DemoSummary }

/** Namespace of the demo world's storyline ids (UUID v5). */
const STORYLINE_NAMESPACE = '6f0f4e3a-8a7c-5d2e-9b1f-3c4d5e6f7a8b'

/** Share of the local day's publishing per local hour (night quiet, mornings busy). */
const PUBLISH_BY_HOUR = [0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 1, 1.5, 1.8, 1.8, 1.6, 1.5, 1.4, 1.4, 1.3, 1.3, 1.4, 1.5, 1.4, 1.2, 1, 0.8, 0.5, 0.3]
/** Feed audience per local hour, relative. */
const AUDIENCE_BY_HOUR = [0.35, 0.25, 0.2, 0.2, 0.3, 0.5, 0.8, 1.1, 1.2, 1.1, 1, 1, 1.05, 1, 0.95, 0.95, 1, 1.1, 1.25, 1.35, 1.3, 1.1, 0.8, 0.55]
/** How long an article stays fresh in the feed, in hours, per format group. */
const FRESHNESS_HOURS: Record<FormatGroup, number> = { News: 16, Analysis: 30, Utility: 90, Atmosphere: 45, Routine: 9 }
const FORMAT_WEIGHT: Record<FormatGroup, number> = { News: 1.15, Analysis: 0.9, Utility: 0.8, Atmosphere: 0.85, Routine: 0.7 }
/** Articles older than this never show in the feed. */
const MAX_FEED_AGE_HOURS = 14 * 24
/** Days of articles written before the first snapshot, so the feed is full from the start. */
const WARM_UP_DAYS = 14

interface Publisher extends PublisherRecord {
  authority: number
}

interface Storyline {
  id: string
  label: string
  topic: TopicSpec
  params: ShapeParams
  countries: string[]
  parentId: string | null
  entities: { e1: EntityRecord; e2: EntityRecord; place: EntityRecord; event: EntityRecord }
  peak: number
  articleCount: number
  /** the storyline's heat in the feed on day `heatDay` (the same for each of its articles in each of the day's snapshots) */
  heat: number
  heatDay: number
}

interface FeedArticle {
  id: string
  format: FormatGroup
  publishedAt: number
  /** its quality x its publisher's authority x its format's weight: the part of its feed score that never changes (the score's first factors, in its order) */
  weight: number
  /** hours it stays fresh (its format's) */
  freshness: number
  storyline: Storyline
}

export interface CountryFacts extends ReferenceCountry {
  /** The language the demo world writes this country's articles in. */
  textLanguage: DemoLanguage
}

function countryFacts(alpha2: string): CountryFacts {
  const facts = referenceCountry(alpha2)
  if (!facts) throw new Error(`Unknown country ${alpha2}`)
  const textLanguage = facts.languages.find((l): l is DemoLanguage => (demoLanguages as readonly string[]).includes(l))
  if (!textLanguage) throw new Error(`The demo world has no texts in the languages of ${alpha2}`)
  return { ...facts, textLanguage }
}

interface Shakeup {
  day: number
  country: string
  format: FormatGroup | null
}

/** What the world's records are made from: DemoOptions without the progress callback (a worker is handed these). */
export type WorldOptions = Omit<DemoOptions, 'onProgress'>

/** One step of the world: its countries and publishers first, then one day after another. */
export type DemoWorldRecord =
  | { kind: 'start'; countries: CountryFacts[]; publishers: PublisherRecord[] }
  | {
      kind: 'day'
      /** days made so far, of `total` (the warm-up days before the first snapshot included) */
      done: number
      total: number
      /** the day's feed snapshots as columns: typed arrays, each article named once (handed between threads cheaply) */
      batch: { entities: EntityRecord[]; articles: ArticleRecord[]; snapshotColumns: SnapshotColumns; storylineTruth: NonNullable<IngestBatch['storylineTruth']> }
    }

/** What is known once every day is made. */
export interface DemoWorldEnd {
  storylines: Array<{ id: string; label: string; shape: string; parentId: string | null; topic: string; theme: string; primaryCountry: string; articleCount: number }>
  shakeups: Array<{ day: string; country: string; formatGroup: string }>
  /** each country's cities the world's articles name (the others are written inactive at the start) */
  citiesWritten: Array<{ country: string; cities: Array<{ id: number; name: string; isActive: boolean }> }>
  summary: DemoSummary
}

/**
 * The demo world as records to write, without a store (it runs on a worker thread beside the
 * writes: demo/generate.ts): first the countries and publishers, then each day's entities,
 * articles, feed sightings and true storylines, and at the end what is known once every day is
 * made (the storylines with their article counts, the shake-ups, the cities written about). The
 * same options give the same records.
 */
export function* demoWorldRecords(options: WorldOptions): Generator<DemoWorldRecord, DemoWorldEnd> {
  if (!Object.hasOwn(scaleSpecs, options.scale)) throw new Error(`There is no demo world of scale "${options.scale}" (${Object.keys(scaleSpecs).join(', ')}).`)
  const spec = { ...scaleSpecs[options.scale], ...(options.days ? { days: options.days } : {}) }
  const rng = new Random(`feedlens-demo:${options.seed}:${options.scale}`)
  const endMs = Math.floor(options.end.getTime() / (SNAPSHOT_HOURS * HOUR_MS)) * SNAPSHOT_HOURS * HOUR_MS
  const firstDayMs = Math.floor(endMs / DAY_MS) * DAY_MS - (spec.days - 1) * DAY_MS

  const countries = spec.countries.map(countryFacts)
  const names = new UniqueNames(rng.fork('names'))
  const publishers = new Map(countries.map((c) => [c.alpha2, makePublishers(rng.fork(`publishers:${c.alpha2}`), c, spec.publishersPerCountry)]))
  const people = Array.from({ length: 30 + 6 * countries.length }, () => names.entity('Person', names.person()))
  const organisations = Array.from({ length: 25 + 3 * countries.length }, () => names.entity('Organization', names.organisation('Organization')))
  const products = Array.from({ length: 20 }, () => names.entity('Product', names.organisation('Product')))
  const placesByCountry = new Map(
    countries.map((c) => [c.alpha2, c.cities.slice(0, 30).map((city) => ({ id: `/m/0${city.id.toString(36)}`, name: city.name, type: 'Place' }))]),
  )
  const teamsByCountry = new Map(
    countries.map((c) => [c.alpha2, placesByCountry.get(c.alpha2)!.slice(0, 8).map((p) => names.entity('SportsTeam', `${p.name} ${rng.pick(nameParts.orgKind.SportsTeam)}`))]),
  )

  // ---- storylines ----
  const storyRng = rng.fork('storylines')
  const storylines: Storyline[] = []
  const newsTopics = topics.filter((t) => t.theme !== 'Daily')
  const dailyTopics = topics.filter((t) => t.theme === 'Daily')
  const shapes = Object.keys(SHAPE_WEIGHTS) as Array<keyof typeof SHAPE_WEIGHTS>
  for (const country of countries) {
    const budget = spec.articlesPerDay * (spec.days + WARM_UP_DAYS)
    let planned = 0
    while (planned < budget) {
      const shape = storyRng.weighted(shapes, shapes.map((s) => SHAPE_WEIGHTS[s]))
      const topic = shape === 'routine' ? storyRng.pick(dailyTopics) : storyRng.pick(newsTopics)
      const story = makeStoryline(storyRng, storylines.length, shape, topic, country, null)
      storylines.push(story)
      planned += story.params.total
      if (shape === 'spike' && storyRng.chance(DERIVATIVE_SHARE) && story.params.start < spec.days - 2) {
        const child = makeStoryline(storyRng, storylines.length, 'derivative', storyRng.chance(0.6) ? topic : storyRng.pick(newsTopics), country, story)
        storylines.push(child)
        planned += child.params.total
      }
    }
  }

  function makeStoryline(r: Random, index: number, shape: StorylineShape, topic: TopicSpec, country: CountryFacts, parent: Storyline | null): Storyline {
    const params = drawShape(r, shape, spec.days, WARM_UP_DAYS)
    if (parent) params.start = parent.params.start + r.int(1, 3)
    const places = placesByCountry.get(country.alpha2)!
    const sports = topic.theme === 'Sports'
    const actors = sports ? teamsByCountry.get(country.alpha2)! : topic.key === 'smartphones' ? products : r.chance(0.5) ? people : organisations
    const e1 = parent ? parent.entities.e1 : r.pick(actors)
    let e2 = r.pick(sports ? people : r.chance(0.5) ? people : organisations)
    if (e2.id === e1.id) e2 = r.pick(organisations)
    const event = names.entity('Event', names.event())
    const others = countries.filter((c) => c.alpha2 !== country.alpha2)
    const international = (shape === 'spike' || shape === 'persistent') && others.length > 0 && r.chance(0.12)
    const scope = international ? [country.alpha2, ...r.sample(others, r.int(1, Math.min(2, others.length))).map((c) => c.alpha2)] : [country.alpha2]
    let peak = 0
    for (let d = Math.max(0, params.start - 30); d < spec.days; d++) peak = Math.max(peak, expectedArticles(params, d, spec.days))
    return {
      id: uuidv5(`${options.seed}:${options.scale}:${index}`, STORYLINE_NAMESPACE),
      label: event.name,
      topic,
      params,
      countries: scope,
      parentId: parent?.id ?? null,
      entities: { e1, e2, place: r.pick(places), event },
      peak: Math.max(peak, 1e-6),
      articleCount: 0,
      heat: 0,
      heatDay: Number.NaN,
    }
  }

  // ---- shake-ups, inside the last 30 days (the volatility window) ----
  const shakeRng = rng.fork('shakeups')
  const lastDays = Array.from({ length: Math.min(27, spec.days - 3) }, (_, i) => spec.days - 2 - i)
  const shakeDays = shakeRng.sample(lastDays, spec.shakeups.country + spec.shakeups.format)
  const shakeups: Shakeup[] = shakeDays.map((day, i) => ({
    day,
    country: shakeRng.pick(countries).alpha2,
    format: i < spec.shakeups.country ? null : shakeRng.pick(['News', 'Analysis', 'Utility'] as FormatGroup[]),
  }))

  // ---- days: articles, then the day's snapshots ----
  const articleRng = rng.fork('articles')
  const feedRng = rng.fork('feed')
  const recent = new Map<string, FeedArticle[]>(countries.map((c) => [c.alpha2, []]))
  const factsByCode = new Map(countries.map((c) => [c.alpha2, c]))
  const knownEntities = new Set<string>()
  let articleCount = 0
  let observationCount = 0
  const urls = new Set<string>()

  yield { kind: 'start', countries, publishers: [...publishers.values()].flat() }

  for (let day = -WARM_UP_DAYS; day < spec.days; day++) {
    const dayMs = firstDayMs + day * DAY_MS
    const weekday = new Date(dayMs).getUTCDay()
    const weekend = weekday === 0 || weekday === 6
    const articles: ArticleRecord[] = []
    const entities: EntityRecord[] = []
    const truth: Array<{ articleId: string; source: string; storylineId: string }> = []

    for (const story of storylines) {
      const expected = expectedArticles(story.params, day, spec.days) * (weekend ? 0.75 : 1)
      if (expected < 0.005) continue
      story.countries.forEach((code, i) => {
        const n = articleRng.poisson(i === 0 ? expected : expected * 0.5)
        const country = factsByCode.get(code)!
        for (let k = 0; k < n; k++) {
          const publisher = articleRng.weighted(publishers.get(code)!, publishers.get(code)!.map((p) => p.authority))
          const localHour = articleRng.weighted(PUBLISH_BY_HOUR.map((_, h) => h), PUBLISH_BY_HOUR)
          const publishedAt = dayMs + ((localHour - country.utcOffsetMinutes / 60 + 24) % 24) * HOUR_MS + articleRng.int(0, 59) * 60_000
          if (publishedAt > endMs) continue
          const format = drawFormat(articleRng, story.topic.formats, story.params.shape, day - story.params.start)
          const lang = country.textLanguage
          const [kw, kw2] = articleRng.sample(story.topic.words[lang], 2) as [string, string]
          const text = writeArticle(articleRng, lang, format, {
            e1: story.entities.e1.name,
            e2: story.entities.e2.name,
            place: story.entities.place.name,
            event: story.entities.event.name,
            kw,
            kw2,
            n: String(articleRng.int(3, 12)),
            day: new Date(publishedAt).toISOString().slice(0, 10),
          })
          const date = new Date(publishedAt).toISOString().slice(0, 10).replace(/-/g, '/')
          let url = `https://${publisher.domain}/${date}/${slugify(text.title) || 'story'}`
          while (urls.has(url)) url = `${url}-${articleRng.int(2, 99)}`
          urls.add(url)
          const id = articleIdForUrl(url)!
          const storyEntities = [
            { entity: story.entities.event, score: round2(0.85 + articleRng.next() * 0.14) },
            { entity: story.entities.e1, score: round2(0.7 + articleRng.next() * 0.25) },
            { entity: story.entities.e2, score: round2(0.4 + articleRng.next() * 0.3) },
            { entity: story.entities.place, score: round2(0.3 + articleRng.next() * 0.3) },
          ]
          for (const { entity } of storyEntities) {
            if (!knownEntities.has(entity.id)) {
              knownEntities.add(entity.id)
              entities.push(entity)
            }
          }
          articles.push({
            id,
            url,
            title: text.title,
            domain: publisher.domain,
            region: code,
            lang,
            category: story.topic.category,
            contentType: format,
            summary: text.summary,
            markdown: text.markdown,
            images: Array.from({ length: articleRng.int(1, 2) }, (_, i) => ({
              url: `https://img.${publisher.domain}/${id.slice(0, 8)}-${i + 1}.jpg`,
              width: 1200,
              height: articleRng.pick([675, 800, 900]),
            })),
            publishedAt: new Date(publishedAt).toISOString(),
            entities: storyEntities.map((e) => ({ id: e.entity.id, score: e.score })),
          })
          truth.push({ articleId: id, source: 'demo', storylineId: story.id })
          const quality = articleRng.logNormal(1, 0.35)
          recent.get(code)!.push({ id, format, publishedAt, weight: quality * publisher.authority * FORMAT_WEIGHT[format], freshness: FRESHNESS_HOURS[format], storyline: story })
          story.articleCount++
        }
      })
    }

    const snapshots = new SnapshotColumnsBuilder()
    for (let slot = 0; day >= 0 && slot < 24 / SNAPSHOT_HOURS; slot++) {
      const at = dayMs + slot * SNAPSHOT_HOURS * HOUR_MS
      if (at > endMs) break
      for (const country of countries) snapshot(feedRng, country, at, day, weekend, snapshots)
    }
    articleCount += articles.length
    observationCount += snapshots.entries
    yield { kind: 'day', done: day + WARM_UP_DAYS + 1, total: spec.days + WARM_UP_DAYS, batch: { entities, articles, snapshotColumns: snapshots.columns(), storylineTruth: truth } }
  }

  function snapshot(r: Random, country: CountryFacts, at: number, day: number, weekend: boolean, into: SnapshotColumnsBuilder): void {
    const pool = recent.get(country.alpha2)!
    while (pool.length > 0 && at - pool[0]!.publishedAt > MAX_FEED_AGE_HOURS * HOUR_MS) pool.shift()
    const shake = shakeups.find((s) => s.day === day && s.country === country.alpha2)
    // (the pool's articles published by now and their scores in two arrays, ranked by index: an
    // object for each of the 1,700 to 3,400 of 60,000 snapshots at large was the worker's garbage;
    // the score's factors are multiplied in the same order, so each score is the same number)
    const published: FeedArticle[] = []
    const scores: number[] = []
    for (const a of pool) {
      if (a.publishedAt > at) continue
      const story = a.storyline
      if (story.heatDay !== day) {
        story.heat = 0.35 + expectedArticles(story.params, day, spec.days) / story.peak
        story.heatDay = day
      }
      const ageHours = (at - a.publishedAt) / HOUR_MS
      let score = a.weight * story.heat * Math.exp(-ageHours / a.freshness) * Math.exp(r.normal(0, 0.1))
      if (shake && (shake.format === null || shake.format === a.format)) score *= Math.exp(r.normal(0, 2.5))
      published.push(a)
      scores.push(score)
    }
    const ranks = Array.from(published, (_, i) => i)
    const shown = bestFirst(ranks, spec.positions, (x, y) => scores[x]! > scores[y]! || (scores[x] === scores[y] && published[x]!.id < published[y]!.id))
    const localHour = (new Date(at).getUTCHours() + Math.round(country.utcOffsetMinutes / 60) + 24) % 24
    const audience = Math.sqrt(country.population) * 1.5 * AUDIENCE_BY_HOUR[localHour]! * (weekend ? 1.1 : 1)
    shown.forEach((k, i) => into.addEntry(published[k]!.id, i + 1, Math.max(1, Math.round(audience * (i + 1) ** -0.9 * Math.exp(r.normal(0, 0.08))))))
    into.endSnapshot(country.alpha2, at / 1000)
  }

  const usedPlaces = new Set([...knownEntities])
  return {
    storylines: storylines.map((s) => ({
      id: s.id,
      label: s.label,
      shape: s.params.shape,
      parentId: s.parentId,
      topic: s.topic.label,
      theme: s.topic.theme,
      primaryCountry: s.countries[0]!,
      articleCount: s.articleCount,
    })),
    shakeups: shakeups.map((s) => ({ day: new Date(firstDayMs + s.day * DAY_MS).toISOString().slice(0, 10), country: s.country, formatGroup: s.format ?? '' })),
    citiesWritten: countries.map((c) => ({
      country: c.alpha2,
      cities: c.cities.filter((city) => usedPlaces.has(`/m/0${city.id.toString(36)}`)).map((city) => ({ id: city.id, name: city.name, isActive: true })),
    })),
    summary: {
      scale: options.scale,
      seed: options.seed,
      from: new Date(firstDayMs).toISOString(),
      to: new Date(endMs).toISOString(),
      countries: countries.length,
      publishers: [...publishers.values()].flat().length,
      storylines: storylines.filter((s) => s.articleCount > 0).length,
      articles: articleCount,
      observations: observationCount,
      shakeups: shakeups.length,
    },
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100

function makePublishers(rng: Random, country: CountryFacts, count: number): Publisher[] {
  const tld = country.alpha2 === 'US' ? 'com' : country.alpha2 === 'GB' ? 'co.uk' : country.alpha2.toLowerCase()
  const patterns = publisherPatterns[country.textLanguage as DemoLanguage]
  const out: Publisher[] = []
  const domains = new Set<string>()
  for (let i = 0; out.length < count && i < count * 10; i++) {
    const city = country.cities[i % Math.min(country.cities.length, count)]!
    const pattern = patterns[Math.floor(i / Math.min(country.cities.length, count)) % patterns.length]!
    const domain = `${slugify(pattern.slug.replace('{place}', city.name)).replace(/-+/g, '')}.${tld}`
    if (domains.has(domain)) continue
    domains.add(domain)
    const exists = rng.chance(0.75)
    out.push({
      domain,
      name: pattern.name.replace('{place}', city.name),
      country: country.alpha2,
      profileExists: exists,
      knowledgeGraphId: exists ? `/g/11${rng.base36(8)}` : null,
      totalFollowers: exists ? Math.round(rng.logNormal(40_000, 1.3)) : null,
      authority: rng.logNormal(1, 0.4),
    })
  }
  return out
}

/** Fictional names, unique within a world, and knowledge-graph-style ids. */
class UniqueNames {
  private readonly used = new Set<string>()
  private readonly ids = new Set<string>()
  constructor(private readonly rng: Random) {}

  private unique(make: () => string): string {
    for (let i = 0; i < 50; i++) {
      const name = make()
      if (!this.used.has(name)) {
        this.used.add(name)
        return name
      }
    }
    let n = 2
    const base = make()
    while (this.used.has(`${base} ${n}`)) n++
    this.used.add(`${base} ${n}`)
    return `${base} ${n}`
  }

  person(): string {
    return this.unique(() => `${this.rng.pick(nameParts.first)} ${this.rng.pick(nameParts.last)}`)
  }

  organisation(kind: 'Organization' | 'Product'): string {
    return this.unique(() => `${this.rng.pick(nameParts.orgStem)} ${this.rng.pick(nameParts.orgKind[kind])}`)
  }

  event(): string {
    return this.unique(() =>
      this.rng.chance(0.5)
        ? `${this.rng.pick(nameParts.eventStem)} ${this.rng.pick(nameParts.eventKind)}`
        : `${this.rng.pick(nameParts.eventStem)}-${this.rng.pick(nameParts.eventStem)} ${this.rng.pick(nameParts.eventKind)}`,
    )
  }

  entity(type: string, name: string): EntityRecord {
    let id: string
    do id = type === 'Event' ? `/g/11${this.rng.base36(8)}` : `/m/0${this.rng.base36(6)}`
    while (this.ids.has(id))
    this.ids.add(id)
    return { id, name, type }
  }
}

