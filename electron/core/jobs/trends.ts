import { randomUUID } from 'node:crypto'
import { v5 as uuidv5 } from 'uuid'
import { clusterIntoSteps, inverseDocumentFrequency, StorylineClusterer, words, type ClusterInput } from '../analytics/trends/cluster'
import { features, forecast, role, semanticType, state, structuralType } from '../analytics/trends/lifecycle'
import { dayOffset, TREND_DAYS, trimLeadingZeros } from '../analytics/trends/market-view'
import type { Store } from '../store/store'
import { runSteps, write } from '../steps'
import type { TrendEntityRow, TrendSourceArticle } from '../store/repositories/trend-writer'

/** Namespace of trend, topic and theme ids (UUID v5): a trend keeps its id while its first article stays its first. */
const TREND_NAMESPACE = '3b8f2c1e-7d4a-5e6f-8a9b-0c1d2e3f4a5b'
/** A child trend starts within this many days after its parent. */
const PARENT_WINDOW_DAYS = 7
/** Work between two pauses of the background job. */
const STEP_ARTICLES = 5000
const STEP_TRENDS = 200
const READ_SLICE = 20_000
/**
 * New articles beyond this share of those already clustered call for a full pass: the word
 * weights (IDF) of the kept state were computed without them.
 */
const INCREMENTAL_MAX_SHARE = 0.2
/** An incremental update wants at least this share of the new articles' words known to the kept IDF. */
const MIN_KNOWN_WORDS = 0.6

const titleCase = (w: string) => w.charAt(0).toLocaleUpperCase() + w.slice(1)

type Article = TrendSourceArticle & { time: number }

interface CountryShare {
  n: number
  first: number
  last: number
}

/**
 * One trend as computed and kept between updates: its members and the running sums its row is
 * written from, so an update adds the new members without reading the old ones again.
 */
interface Built {
  id: string
  seqs: number[]
  scores: Map<number, number>
  /** Each member's time (epoch seconds), for its role. */
  times: Map<number, number>
  articleIds: Map<number, string>
  first: { time: number; seq: number; id: string; title: string }
  lastTime: number
  /** Summed entity scores. */
  weights: Map<string, { name: string; type: string | null; w: number }>
  /** Per market (the article's region): articles, first and last article time. */
  countries: Map<string, CountryShare>
  categories: Map<string, number>
  /** Articles per word, kept only while the trend has no entities (its label then comes from words). */
  wordCounts: Map<string, number> | null
  daily: number[]
  createdAt: string
  updatedAt: string
}

/**
 * What a full pass leaves behind for the incremental updates that follow it, per open store:
 * the clusterer with every centroid, the trends as built, and how far the articles were read.
 */
interface TrendState {
  clusterer: StorylineClusterer
  /** Root cluster id -> trend. */
  trendOf: Map<number, Built>
  /** Articles read so far: every seq up to this one. */
  maxSeq: number
  /** Articles read but not yet placed in time (no observation, no published date). */
  timeless: Set<number>
  articles: number
  /** Time of the newest article clustered (epoch seconds). */
  newest: number
  lastDay: number
  /** The trend tables' generation this state wrote last: another writer (a CLI import beside the app) changes it. */
  generation: string
}

/** Marks the trend tables as written by this state; returns the mark. */
function markGeneration(store: Store): string {
  const generation = randomUUID()
  store.settings.set('trends_generation', generation)
  return generation
}

const states = new WeakMap<Store, TrendState>()

/** Drops the kept clustering state (the store's trends were changed behind it): the next refresh is a full pass. */
export function forgetTrendState(store: Store): void {
  states.delete(store)
}

export interface TrendRefresh {
  trends: number
  articles: number
  /** full: everything clustered again; incremental: only the new articles and the trends they joined. */
  mode: 'full' | 'incremental'
  /** Trends written (all of them after a full pass, the touched ones after an incremental update). */
  touched: number
}

/**
 * Brings the trends up to date with the store: incrementally when this process already holds
 * the clustering state of an earlier pass on the same day and the new articles are few (only
 * the new articles are assigned and only the trends they join are rewritten), else by a full
 * pass, which also merges and splits storylines (at least once a day).
 */
export function refreshTrends(store: Store, now: Date = new Date(), options: { full?: boolean } = {}): TrendRefresh {
  return runSteps(refreshTrendsSteps(store, now, options))
}

/** refreshTrends as a generator that pauses between its stages and inside the clustering (background jobs). */
export function* refreshTrendsSteps(store: Store, now: Date = new Date(), options: { full?: boolean } = {}): Generator<unknown, TrendRefresh, unknown> {
  const kept = states.get(store)
  const maxSeq = store.articles.maxSeq()
  if (!options.full && kept && incrementalFits(store, kept, now, maxSeq)) {
    try {
      return yield* updateTrendsSteps(store, kept, now, maxSeq)
    } catch (error) {
      // the kept state may hold what was not written: the next refresh starts over
      states.delete(store)
      throw error
    }
  }
  return yield* recomputeTrendsSteps(store, now)
}

function incrementalFits(store: Store, kept: TrendState, now: Date, maxSeq: number): boolean {
  if (store.settings.get('trends_generation') !== kept.generation) return false
  // New articles are first seen at the latest observation at most.
  const end = Math.min(Math.floor(now.getTime() / 1000), Math.max(kept.newest, store.signalWriter.latestObservation() ?? 0))
  if (Math.floor(end / 86_400) !== kept.lastDay) return false
  const fresh = maxSeq - kept.maxSeq
  return fresh >= 0 && fresh <= Math.max(1000, kept.articles * INCREMENTAL_MAX_SHARE)
}

/**
 * What the clustering sees of an article. Entities found in the text (the article came without
 * any) join its words, not its entities: the entity overlap weighs 0.75 and would keep apart
 * headlines of one story where the tagger found a name in some and not in others.
 */
const inputOf = (a: Article, entities: readonly TrendEntityRow[]): ClusterInput => ({
  key: a.seq,
  time: a.time,
  entities: entities.filter((e) => !e.extracted).map((e) => ({ id: e.id, score: e.score })),
  words: [...words(`${a.title} ${a.summary ?? ''}`), ...entities.filter((e) => e.extracted).map((e) => `entity:${e.id}`)],
})

const groupBySeq = (rows: Iterable<TrendEntityRow>, into = new Map<number, TrendEntityRow[]>()) => {
  for (const e of rows) (into.get(e.seq) ?? into.set(e.seq, []).get(e.seq)!).push(e)
  return into
}

/** The full pass: clusters every article again, then writes every trend. */
function* recomputeTrendsSteps(store: Store, now: Date): Generator<unknown, TrendRefresh, unknown> {
  // Read in slices of the store, pausing between them.
  const articles: Article[] = []
  const timeless = new Set<number>()
  const entitiesOf = new Map<number, TrendEntityRow[]>()
  const maxSeq = store.articles.maxSeq()
  const knownEntities = new Map(store.reference.entities().map((e) => [e.id, e]))
  for (let after = 0; after < maxSeq; after += READ_SLICE) {
    for (const a of store.trendWriter.articles(after, READ_SLICE)) {
      if (a.time !== null) articles.push(a as Article)
      else timeless.add(a.seq)
    }
    groupBySeq(store.trendWriter.entities(after, READ_SLICE, knownEntities), entitiesOf)
    yield
  }
  const bySeq = new Map(articles.map((a) => [a.seq, a]))
  yield
  const inputs: ClusterInput[] = []
  for (const a of articles) {
    inputs.push(inputOf(a, entitiesOf.get(a.seq) ?? []))
    if (inputs.length % STEP_ARTICLES === 0) yield
  }
  yield
  const clusterer = new StorylineClusterer(inverseDocumentFrequency(inputs.map((i) => i.words)))
  yield
  const assignments = yield* clusterIntoSteps(clusterer, inputs)
  const members = new Map<number, Array<{ seq: number; score: number }>>()
  for (const a of assignments) (members.get(a.cluster) ?? members.set(a.cluster, []).get(a.cluster)!).push({ seq: a.key, score: a.score })

  // A loop, not Math.max(...): a spread of every article's time overflows the stack on big stores.
  let newest = 0
  for (const a of articles) if (a.time > newest) newest = a.time
  const end = Math.min(Math.floor(now.getTime() / 1000), newest)
  const lastDay = Math.floor(end / 86_400)
  const wordsOf = new Map(inputs.map((i) => [i.key, i.words]))
  const source: TrendSource = { article: (seq) => bySeq.get(seq)!, entities: (seq) => entitiesOf.get(seq) ?? [], words: (seq) => wordsOf.get(seq) ?? [] }
  const stamp = now.toISOString()

  const trendOf = new Map<number, Built>()
  for (const [cluster, list] of members) {
    if (trendOf.size % STEP_TRENDS === 0) yield
    trendOf.set(cluster, buildTrend(null, list, source, lastDay, stamp))
  }
  yield
  const built = [...trendOf.values()]
  const byEntity = entityIndex(built)
  const links: TrendLink[] = []
  for (const child of built) {
    const link = parentLink(child, byEntity)
    if (link) links.push(link)
  }
  const { themes, topics, topicOf } = hierarchy(built)
  const children = new Set(links.map((l) => l.childId))
  const trendRows = built.map((b) => trendRow(b, topicOf.get(b.id)!, children.has(b.id), lastDay))
  const memberRows = built.flatMap(memberRowsOf)
  yield
  const generation = yield* write(store, () => {
    store.trendWriter.replace({ themes, topics, trends: trendRows, members: memberRows, links, countries: built.flatMap(countryRowsOf) }, store.trendWriter.storedMembers())
    store.settings.set('trends_through', new Date(end * 1000).toISOString())
    return markGeneration(store)
  })
  store.changed()
  states.set(store, { clusterer, trendOf, maxSeq, timeless, articles: articles.length, newest, lastDay, generation })
  return { trends: trendRows.length, articles: memberRows.length, mode: 'full', touched: trendRows.length }
}

/**
 * The incremental update: the articles added since the last pass are assigned online against
 * the kept centroids (joining a trend or starting one); only the trends they joined are built
 * and written again, with their links, and the themes > topics counts. Trend ids stay.
 */
function* updateTrendsSteps(store: Store, kept: TrendState, now: Date, maxSeq: number): Generator<unknown, TrendRefresh, unknown> {
  const fresh = store.trendWriter.articles(kept.maxSeq, maxSeq - kept.maxSeq)
  const retried = kept.timeless.size > 0 ? store.trendWriter.articlesBySeq([...kept.timeless]) : []
  const placed = [...retried, ...fresh].filter((a): a is Article => a.time !== null)
  for (const a of fresh) if (a.time === null) kept.timeless.add(a.seq)
  for (const a of placed) kept.timeless.delete(a.seq)
  kept.maxSeq = maxSeq
  for (const a of placed) if (a.time > kept.newest) kept.newest = a.time
  const end = Math.min(Math.floor(now.getTime() / 1000), kept.newest)
  if (placed.length === 0) {
    yield* write(store, () => store.settings.set('trends_through', new Date(end * 1000).toISOString()))
    return { trends: kept.trendOf.size, articles: kept.articles, mode: 'incremental', touched: 0 }
  }
  const entitiesOf = groupBySeq(store.trendWriter.entitiesBySeq(placed.map((a) => a.seq)))
  const inputs = placed.map((a) => inputOf(a, entitiesOf.get(a.seq) ?? [])).sort((a, b) => a.time - b.time || a.key - b.key)
  // New data that speaks of other things than what was clustered (another corpus): its words
  // weigh nothing known, so it is clustered with everything else in a full pass.
  if (kept.clusterer.knownShare(inputs.flatMap((i) => i.words)) < MIN_KNOWN_WORDS) return yield* recomputeTrendsSteps(store, now)
  const placedBySeq = new Map(placed.map((a) => [a.seq, a]))
  const inputBySeq = new Map(inputs.map((i) => [i.key, i]))
  const joined = new Map<number, Array<{ seq: number; score: number }>>()
  for (const input of inputs) {
    const a = kept.clusterer.assign(input)
    ;(joined.get(a.cluster) ?? joined.set(a.cluster, []).get(a.cluster)!).push({ seq: a.key, score: a.score })
  }
  kept.articles += placed.length
  yield

  const source: TrendSource = {
    article: (seq) => placedBySeq.get(seq)!,
    entities: (seq) => entitiesOf.get(seq) ?? [],
    words: (seq) => inputBySeq.get(seq)!.words,
  }
  const stamp = now.toISOString()
  const touched: Array<{ prior: Built | undefined; b: Built }> = []
  for (const [cluster, list] of joined) {
    const prior = kept.trendOf.get(cluster)
    const b = buildTrend(prior ?? null, list, source, kept.lastDay, stamp)
    kept.trendOf.set(cluster, b)
    touched.push({ prior, b })
  }
  yield

  const built = [...kept.trendOf.values()]
  const byEntity = entityIndex(built)
  const links = touched.map(({ b }) => parentLink(b, byEntity)).filter((l): l is TrendLink => l !== null)
  const { themes, topics, topicOf } = hierarchy(built)
  const children = new Set(links.map((l) => l.childId))
  kept.generation = yield* write(store, () => {
    store.trendWriter.update({
      themes,
      topics,
      trends: touched.map(({ b }) => trendRow(b, topicOf.get(b.id)!, children.has(b.id), kept.lastDay)),
      members: touched.flatMap(({ prior, b }) => changedMemberRows(prior, b)),
      links,
      countries: touched.flatMap(({ b }) => countryRowsOf(b)),
      touched: touched.map(({ b }) => b.id),
    })
    store.settings.set('trends_through', new Date(end * 1000).toISOString())
    return markGeneration(store)
  })
  store.changed()
  return { trends: built.length, articles: kept.articles, mode: 'incremental', touched: touched.length }
}

interface TrendSource {
  article(seq: number): Article
  entities(seq: number): readonly TrendEntityRow[]
  words(seq: number): readonly string[]
}

interface TrendLink {
  parentId: string
  childId: string
  relationType: string
  strength: number
}

/**
 * A trend from its members, or a kept trend with members added: entity weights, countries,
 * categories and daily counts are running sums. A new trend's id comes from its first article.
 */
function buildTrend(prior: Built | null, list: ReadonlyArray<{ seq: number; score: number }>, source: TrendSource, lastDay: number, stamp: string): Built {
  const items = list.map((m) => ({ ...m, a: source.article(m.seq) })).sort((x, y) => x.a.time - y.a.time || x.seq - y.seq)
  const head = items[0]!.a
  const b: Built = prior
    ? {
        ...prior,
        seqs: [...prior.seqs],
        scores: new Map(prior.scores),
        times: new Map(prior.times),
        articleIds: new Map(prior.articleIds),
        weights: new Map([...prior.weights].map(([k, v]) => [k, { ...v }])),
        countries: new Map([...prior.countries].map(([k, v]) => [k, { ...v }])),
        categories: new Map(prior.categories),
        wordCounts: prior.wordCounts && new Map(prior.wordCounts),
        daily: [...prior.daily],
        updatedAt: stamp,
      }
    : {
        id: uuidv5(`trend:${head.id}`, TREND_NAMESPACE),
        seqs: [],
        scores: new Map(),
        times: new Map(),
        articleIds: new Map(),
        first: { time: head.time, seq: head.seq, id: head.id, title: head.title },
        lastTime: head.time,
        weights: new Map(),
        countries: new Map(),
        categories: new Map(),
        wordCounts: new Map(),
        daily: new Array<number>(TREND_DAYS).fill(0),
        createdAt: stamp,
        updatedAt: stamp,
      }
  for (const it of items) {
    const a = it.a
    b.seqs.push(it.seq)
    b.scores.set(it.seq, it.score)
    b.times.set(it.seq, a.time)
    b.articleIds.set(it.seq, a.id)
    if (a.time < b.first.time || (a.time === b.first.time && a.seq < b.first.seq)) b.first = { time: a.time, seq: a.seq, id: a.id, title: a.title }
    if (a.time > b.lastTime) b.lastTime = a.time
    for (const e of source.entities(it.seq)) {
      const cur = b.weights.get(e.id) ?? { name: e.name, type: e.type, w: 0 }
      cur.w += e.score
      b.weights.set(e.id, cur)
    }
    const share = b.countries.get(a.region)
    if (share) {
      share.n++
      share.first = Math.min(share.first, a.time)
      share.last = Math.max(share.last, a.time)
    } else {
      b.countries.set(a.region, { n: 1, first: a.time, last: a.time })
    }
    if (a.category) b.categories.set(a.category, (b.categories.get(a.category) ?? 0) + 1)
    // words name a trend only while it has no entities: not counted once it has some
    if (b.wordCounts && b.weights.size === 0) for (const w of new Set(source.words(it.seq))) b.wordCounts.set(w, (b.wordCounts.get(w) ?? 0) + 1)
    const d = dayOffset(a.time, lastDay)
    if (d >= 0) b.daily[d]!++
  }
  if (b.weights.size > 0) b.wordCounts = null
  return b
}

const ranked = <T>(counts: Map<string, T>, weight: (v: T) => number): Array<[string, T]> =>
  [...counts.entries()].sort((x, y) => weight(y[1]) - weight(x[1]) || x[0].localeCompare(y[0]))

/** The entity weights of a trend, heaviest first. */
const rankedEntities = (b: Built) => ranked(b.weights, (e) => e.w)
/** The trend's lead entity that is not an event: what its derivatives are found by. */
const topEntity = (b: Built) => rankedEntities(b).find(([, e]) => e.type !== 'Event')?.[0] ?? null
const topCategory = (b: Built) => ranked(b.categories, (n) => n)[0]?.[0] ?? null

function entityIndex(built: readonly Built[]): Map<string, Built[]> {
  const byEntity = new Map<string, Built[]>()
  for (const b of built) for (const id of b.weights.keys()) (byEntity.get(id) ?? byEntity.set(id, []).get(id)!).push(b)
  return byEntity
}

/**
 * The parent of a trend, if any: a later, smaller trend whose lead (non-event) entity is a main
 * entity of an earlier, larger trend that started at most a week before it is its derivative.
 */
function parentLink(child: Built, byEntity: Map<string, Built[]>): TrendLink | null {
  const lead = topEntity(child)
  if (!lead || child.seqs.length < 2) return null
  let best: Built | null = null
  let bestStrength = 0
  for (const parent of byEntity.get(lead) ?? []) {
    if (parent === child || parent.seqs.length <= child.seqs.length) continue
    const gap = (child.first.time - parent.first.time) / 86_400
    if (gap <= 0 || gap > PARENT_WINDOW_DAYS) continue
    let top = 0
    for (const e of parent.weights.values()) if (e.w > top) top = e.w
    const share = (parent.weights.get(lead)?.w ?? 0) / top
    const strength = Math.round(share * Math.exp(-gap / PARENT_WINDOW_DAYS) * 1000) / 1000
    if (share >= 0.5 && strength > bestStrength) {
      best = parent
      bestStrength = strength
    }
  }
  return best ? { parentId: best.id, childId: child.id, relationType: 'derivative', strength: bestStrength } : null
}

/** Themes > topics from the trends' categories: the first level names the theme, the first two the topic. */
function hierarchy(built: readonly Built[]) {
  const themes = new Map<string, { id: string; label: string; nTrends: number; nArticles: number }>()
  const topics = new Map<string, { id: string; themeId: string; label: string; nTrends: number; nArticles: number }>()
  const topicOf = new Map<string, string>()
  for (const b of built) {
    const parts = (topCategory(b) ?? '/Uncategorised').split('/').filter(Boolean)
    const themeLabel = parts[0] ?? 'Uncategorised'
    const topicPath = parts.slice(0, 2).join('/')
    const theme = themes.get(themeLabel) ?? { id: uuidv5(`theme:${themeLabel}`, TREND_NAMESPACE), label: themeLabel, nTrends: 0, nArticles: 0 }
    theme.nTrends++
    theme.nArticles += b.seqs.length
    themes.set(themeLabel, theme)
    const topic = topics.get(topicPath) ?? { id: uuidv5(`topic:${topicPath}`, TREND_NAMESPACE), themeId: theme.id, label: parts[1] ?? themeLabel, nTrends: 0, nArticles: 0 }
    topic.nTrends++
    topic.nArticles += b.seqs.length
    topics.set(topicPath, topic)
    topicOf.set(b.id, topic.id)
  }
  return { themes: [...themes.values()], topics: [...topics.values()], topicOf }
}

function trendRow(b: Built, topicId: string, hasParent: boolean, lastDay: number): Record<string, unknown> {
  const type = structuralType(b.daily, hasParent)
  const entities = rankedEntities(b)
  const label =
    entities.find(([, e]) => e.type === 'Event')?.[1].name ??
    entities[0]?.[1].name ??
    ranked(b.wordCounts ?? new Map<string, number>(), (n) => n)
      .slice(0, 3)
      .map(([w]) => titleCase(w))
      .join(' ')
  const countries = ranked(b.countries, (c) => c.n)
  const category = topCategory(b)
  return {
    id: b.id,
    label: label || b.first.title,
    articleCount: b.seqs.length,
    firstSeenAt: new Date(b.first.time * 1000).toISOString(),
    lastArticleAt: new Date(b.lastTime * 1000).toISOString(),
    keyEntities: JSON.stringify(entities.slice(0, 5).map(([, e]) => e.name)),
    primaryCountry: countries[0]?.[0] ?? null,
    countryScope: JSON.stringify(countries.map(([c]) => c).sort()),
    dailyCounts: JSON.stringify(trimLeadingZeros(b.daily)),
    state: state(b.daily, type),
    structuralType: type,
    semanticType: semanticType(category, type),
    topicId,
    features: JSON.stringify(features(b.daily)),
    forecast: JSON.stringify(forecast(b.daily, lastDay)),
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  }
}

type MemberRow = { trendId: string; articleId: string; score: number; role: string }

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

/** The trend's articles per market, for keys limited to some markets. */
function countryRowsOf(b: Built) {
  return [...b.countries].map(([country, c]) => ({ trendId: b.id, country, articleCount: c.n, firstSeenAt: iso(c.first), lastArticleAt: iso(c.last) }))
}

const roleOf = (b: Built, seq: number) => role(b.times.get(seq)!, b.first.time, b.seqs.length)

function memberRowsOf(b: Built): MemberRow[] {
  return b.seqs.map((seq) => ({ trendId: b.id, articleId: b.articleIds.get(seq)!, score: b.scores.get(seq) ?? 1, role: roleOf(b, seq) }))
}

/** The members to write after an update: the new ones, and the old ones whose role changed (a trend of one grew). */
function changedMemberRows(prior: Built | undefined, b: Built): MemberRow[] {
  if (!prior) return memberRowsOf(b)
  return memberRowsOf(b).filter((m, i) => {
    const seq = b.seqs[i]!
    return !prior.times.has(seq) || roleOf(prior, seq) !== m.role
  })
}

export function trendsStale(store: Store): boolean {
  const latest = store.signalWriter.latestObservation()
  const through = store.settings.get('trends_through')
  const articles = store.counts().articles
  if (articles === 0) return false
  return !through || (latest !== null && Date.parse(through) < latest * 1000)
}
