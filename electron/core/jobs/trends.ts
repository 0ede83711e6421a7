import { createHash, randomUUID } from 'node:crypto'
import { backtestForecasts, FORECAST_BACKTEST } from '../analytics/trends/backtest'
import { sectionOf } from '../analytics/categories'
import { marketReported } from '../analytics/trends/markets'
import { ACTIVE_DAYS, ENTITY_TERM, StorylineClusterer, words, type Assignment, type ClusterInput } from '../analytics/trends/cluster'
import { clusterTwiceSteps } from '../analytics/trends/two-clusterings'
import { clusteringBeside } from './clustering-beside'
import {
  buildTrend,
  buildTrendSplit,
  changedMemberPlaces,
  countryRowsOf,
  entityIndex,
  hierarchy,
  memberRowsAt,
  memberRowsOf,
  parentLink,
  trendFromEarly,
  trendRow,
  type BuiltTrend,
  type EarlySums,
  type MemberRow,
  type PlacedArticle,
  type SettledTopic,
  type ArticleEntity,
  type TrendEntity,
  type TrendLink,
  type TrendSource,
} from '../analytics/trends/assemble'
import type { TermCounts } from '../analytics/trends/label'
import type { Store } from '../store/store'
import { runsOf } from './seq-runs'
import { boundTrendRow, earlyDigest, type EarlyWrite, type SettledTrends, type StoredEarly, type StoredMembers } from '../store/repositories/trend-writer'
import { anchoringEnd, anchorsOfClustering, Anchors, followAnchored, horizonStart, type StoredPlaces } from '../analytics/trends/horizon'
import { TREND_DAYS } from '../analytics/trends/market-view'
import { milestone, runSteps, write } from '../steps'
import { SharedStrings } from '../shared-strings'
import { SharedEntityRows } from '../analytics/trends/shared-entity-rows'
import { dayOfSeconds } from '../time/buckets'

/** Work between two pauses of the background job. */
const STEP_TRENDS = 200
const READ_SLICE = 20_000
/**
 * Entity links read at a time. A slice's rows are garbage once filed, but live while it is filed:
 * in slices of 100,000 the young generation's collections copied them and moved many to the old
 * one. Reading the links took 3.6-4.0 s at large and 1.3 s at medium in slices of 100,000; in
 * slices of 10,000-25,000, 2.6-3.2 s and 1.1-1.4 s.
 */
const ENTITY_SLICE = 20_000
/**
 * New articles beyond this share of those already clustered call for a full pass: the word
 * weights (IDF) of the kept state were computed without them.
 */
const INCREMENTAL_MAX_SHARE = 0.2
/** An incremental update wants at least this share of the new articles' words known to the kept IDF. */
const MIN_KNOWN_WORDS = 0.6
/** Days an incremental update may move the trends' last day on (each trend's daily counts shifted); more is a full pass. */
const MAX_ROLLED_DAYS = 2

type Article = PlacedArticle
type Built = BuiltTrend

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
  /**
   * The day the clustering was last done whole. Incremental updates carry the trends into the
   * next days; a full pass (which also merges and splits storylines) follows in the background
   * once the day changed (trendsConsolidationDue).
   */
  clusteredDay: number
  /** Each trend's row, markets and parent link as last written (digests): a new day rewrites only what reads otherwise. */
  written: Map<string, WrittenForm>
  /** The trends the full pass left as stored (settled): counted in the hierarchy, never built. */
  settled: SettledTrends
}

type Tables = ReturnType<typeof trendTables>

/** Digests of a trend as written: its row (and the row's indexed columns apart), its markets, its parent link. */
interface WrittenForm {
  row: string
  indexed: string
  countries: string
  link: string
}

const digest = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64')

/** Each trend's written form in `tables`. */
function writtenForms(tables: Tables): Map<string, WrittenForm> {
  const countries = new Map<string, unknown[]>()
  for (const c of tables.countries) (countries.get(c.trendId) ?? countries.set(c.trendId, []).get(c.trendId)!).push(c)
  const links = new Map(tables.links.map((l) => [l.childId, l]))
  const forms = new Map<string, WrittenForm>()
  for (const t of tables.trends) {
    const b = boundTrendRow(t)
    forms.set(t.id, {
      row: digest(b),
      // the columns of the trends table's indexes (trends_list_idx, _state_idx, _last_article_idx, _topic_idx)
      indexed: digest([b.articleCount, b.firstSeenAt, b.lastArticleAt, b.state, b.structuralType, b.semanticType, b.topicId]),
      countries: digest(countries.get(t.id) ?? []),
      link: digest(links.get(t.id) ?? null),
    })
  }
  return forms
}

/**
 * What an update writes of `tables` (every trend computed again after a new day, else the trends
 * that took articles): the parts of each trend that read otherwise than as last written, and every
 * part of a trend that took articles or is new.
 */
function changedParts(tables: Tables, forms: ReadonlyMap<string, WrittenForm>, written: ReadonlyMap<string, WrittenForm>, took: ReadonlySet<string>) {
  const whole = new Set<string>()
  const refreshed = new Set<string>()
  const countriesOf = new Set<string>()
  const linksOf = new Set<string>()
  for (const [id, now] of forms) {
    const was = took.has(id) ? undefined : written.get(id)
    if (!was || was.indexed !== now.indexed) whole.add(id)
    else if (was.row !== now.row) refreshed.add(id)
    if (!was || was.countries !== now.countries) countriesOf.add(id)
    if (!was || was.link !== now.link) linksOf.add(id)
  }
  return {
    ...tables,
    trends: tables.trends.filter((t) => whole.has(t.id)),
    refreshed: tables.trends.filter((t) => refreshed.has(t.id)),
    countries: tables.countries.filter((c) => countriesOf.has(c.trendId)),
    links: tables.links.filter((l) => linksOf.has(l.childId)),
    countriesOf: [...countriesOf],
    linksOf: [...linksOf],
    /** every trend any part of which is written */
    changed: new Set([...whole, ...refreshed, ...countriesOf, ...linksOf]),
  }
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
  /** Whether the trends' last day moved on (an update after midnight). */
  newDay?: boolean
}

/**
 * Brings the trends up to date with the store: incrementally when this process already holds
 * the clustering state of an earlier pass on the same day and the new articles are few (only
 * the new articles are assigned and only the trends they join are rewritten), else by a full
 * pass, which also merges and splits storylines (at least once a day).
 */
export function refreshTrends(store: Store, now: Date = new Date(), options: RefreshOptions = {}): TrendRefresh {
  return runSteps(refreshTrendsSteps(store, now, options))
}

/** refreshTrends as a generator that pauses between its stages and inside the clustering (background jobs). */
export function* refreshTrendsSteps(store: Store, now: Date = new Date(), options: RefreshOptions = {}): Generator<unknown, TrendRefresh, unknown> {
  const kept = states.get(store)
  const maxSeq = store.articles.maxSeq()
  if (!options.full && !options.whole && kept && !trendsMethodOutdated(store) && incrementalFits(store, kept, now, maxSeq)) {
    try {
      return yield* updateTrendsSteps(store, kept, now, maxSeq)
    } catch (error) {
      // the kept state may hold what was not written: the next refresh starts over
      states.delete(store)
      throw error
    }
  }
  return yield* recomputeTrendsSteps(store, now, !options.whole)
}

export interface RefreshOptions {
  /** a full pass even where an incremental update would do */
  full?: boolean
  /** a full pass that clusters the settled trends' articles too, as a store's first pass does (implies full) */
  whole?: boolean
}

function incrementalFits(store: Store, kept: TrendState, now: Date, maxSeq: number): boolean {
  if (store.settings.get('trends_generation') !== kept.generation) return false
  // New articles are first seen at the latest observation at most.
  const end = Math.min(Math.floor(now.getTime() / 1000), Math.max(kept.newest, store.signalWriter.latestObservation() ?? 0))
  const day = dayOfSeconds(end)
  if (day < kept.lastDay || day - kept.lastDay > MAX_ROLLED_DAYS) return false
  const fresh = maxSeq - kept.maxSeq
  return fresh >= 0 && fresh <= Math.max(1000, kept.articles * INCREMENTAL_MAX_SHARE)
}

/**
 * What the clustering sees of an article. Entities found in the text (the article came without
 * any) join its words, not its entities: the entity overlap weighs 0.75 and would keep apart
 * headlines of one story where the tagger found a name in some and not in others.
 */
const inputOf = (a: Article, entities: readonly ArticleEntity[], shared: SharedStrings): ClusterInput => {
  const extracted = entities.filter((e) => e.extracted)
  const section = sectionOf(a.category)
  return {
    key: a.seq,
    time: a.time,
    section: section === null ? null : shared.of(section),
    market: marketReported(a.title, a.region),
    // an entity as the clustering sees it is its row (id and score): no copy of each
    entities: extracted.length === 0 ? entities : entities.filter((e) => !e.extracted),
    words: [...words(`${a.title} ${a.summary ?? ''}`), ...extracted.map((e) => `${ENTITY_TERM}${e.id}`)].map((w) => shared.of(w)),
  }
}

/** Words of one article the clustering reads at most: a summary's length of them (20,000 characters is about 3,000 words). */
const MAX_CLUSTER_WORDS = 4_000

/** An article the refresh could not read, left out of the trends (and said so: the log, the window's status). */
export interface SkippedArticle {
  seq: number
  reason: string
}

/** Articles left out by the last refresh, kept for the window's status (the first ones). */
export const SKIPPED_SETTING = 'analytics_skipped'
const SKIPPED_KEPT = 50

/**
 * What the clustering sees of an article, or null when the article cannot be read (an article
 * stored before the door's limits, say): one bad article is left out, never the refresh stopped.
 */
function guardedInput(a: Article, entities: readonly ArticleEntity[], skipped: SkippedArticle[], shared: SharedStrings): ClusterInput | null {
  try {
    const input = inputOf(a, entities, shared)
    return input.words.length > MAX_CLUSTER_WORDS ? { ...input, words: input.words.slice(0, MAX_CLUSTER_WORDS) } : input
  } catch (error) {
    skipped.push({ seq: a.seq, reason: error instanceof Error ? error.message : String(error) })
    return null
  }
}

/** Records the articles a refresh left out (none: the record is cleared), replacing or adding to the last record. */
function recordSkipped(store: Store, skipped: SkippedArticle[], adding: boolean): void {
  const before = adding ? (JSON.parse(store.settings.get(SKIPPED_SETTING) ?? '[]') as SkippedArticle[]) : []
  const all = [...before.filter((b) => !skipped.some((s) => s.seq === b.seq)), ...skipped].slice(-SKIPPED_KEPT)
  if (all.length === 0 && store.settings.get(SKIPPED_SETTING) === undefined) return
  store.settings.set(SKIPPED_SETTING, JSON.stringify(all))
}

/**
 * Values by article seq, in an array as long as the store's seqs: a full pass holds one for every
 * article (Maps of them held 10 MB more at medium, 4% of the pass's heap).
 */
type BySeq<T> = Array<T | undefined>

const groupBySeq = (rows: Iterable<TrendEntity>, into = new Map<number, TrendEntity[]>()) => {
  for (const e of rows) (into.get(e.seq) ?? into.set(e.seq, []).get(e.seq)!).push(e)
  return into
}

/**
 * Every article placed in time, with its entities, read in slices of the store (pausing between
 * them), and what the clustering sees of each (an article that cannot be read is left out of
 * `inputs` and said in `skipped`). A summary is read for its words only: dropped once they are
 * taken, so the whole store's summaries are never held at once. Of the articles themselves only
 * their times are kept (by seq; NaN: not placed): the clustering needs nothing else of them, and
 * the rest is read again once it is done (readPlacedSteps), when its words are dropped.
 * The members of the trends `settled` are left out.
 */
function* readAllSteps(
  store: Store,
  skipped: SkippedArticle[],
  settled: SettledTrends,
  anchors: Anchors | null,
  early: EarlyState | null,
): Generator<
  unknown,
  {
    times: Float64Array
    placed: number
    newest: number
    inputs: ClusterInput[]
    timeless: Set<number>
    entitiesOf: BySeq<ArticleEntity[]>
    maxSeq: number
    cover: Cover | null
    /** each article's first entity link (rowid) as read; NaN: none read */
    firstLinkOf: Float64Array
  },
  unknown
> {
  const inputs: ClusterInput[] = []
  const timeless = new Set<number>()
  const maxSeq = store.articles.maxSeq()
  const marks = settled.ids.size > 0 ? store.trendWriter.settledMembers(settled.ids, maxSeq) : null
  const times = new Float64Array(maxSeq + 1).fill(NaN)
  let placed = 0
  let newest = 0
  // the early articles the stored early sums count are not read (coverOf places them)
  const cover = anchors && early ? coverOf(store, early, anchors, marks, maxSeq, times) : null
  if (cover) placed += cover.taken
  const entitiesOf: BySeq<ArticleEntity[]> = new Array(maxSeq + 1)
  const knownEntities = new Map(store.reference.entities().map((e) => [e.id, e]))
  // every article's entities first, the table read in the order it was stored (a lookup per
  // article by its id cost more than all the rest of the reading), filed by seq as the articles are
  // read below, each article's list after the rowid of its first link (what the next pass starts from)
  const byArticle = new Map<string, Array<number | ArticleEntity>>()
  const shared = new SharedStrings()
  // each distinct entity, score and origin one row, shared by the articles that carry it
  const entityRows = new SharedEntityRows((id) => shared.of(id))
  // with the early sums standing, from where the last pass found the links of the later articles
  // begin (those before are the early articles', read no more); an article with a link before it
  // after all is read by its seq (linksOfSeqs below). The few links of early articles after it
  // (47,000 of 2 million at large) are read and never asked for: telling them apart took a set of
  // every early article's id (1.5 s at large with the read of their times).
  const linksFrom = cover ? early!.linksAfter : 0
  for (let after: number | null = linksFrom; after !== null; ) {
    after = store.trendWriter.entityRows(
      after,
      ENTITY_SLICE,
      knownEntities,
      (articleId, id, name, type, score, extracted, rowid) => {
        const row = entityRows.of(id, name, type, score, extracted)
        const list = byArticle.get(articleId)
        if (list) list.push(row)
        else byArticle.set(articleId, [rowid, row])
      },
    )
    yield
  }
  const firstLinkOf = new Float64Array(maxSeq + 1).fill(NaN)
  /** Files an article's entities (in the order of their ids, as the store's key gives them) and the rowid of its first link. */
  const fileEntities = (seq: number, firstLink: number, entities: ArticleEntity[]) => {
    entities.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    entitiesOf[seq] = entities
    firstLinkOf[seq] = firstLink
  }
  /** The entities of the articles `seqs` read by their seqs: those with links before where the read of the links began. */
  const linksOfSeqs = (seqs: readonly number[]) => {
    if (seqs.length === 0) return
    const found = new Map<number, { first: number; entities: ArticleEntity[] }>()
    for (const e of store.trendWriter.entitiesBySeq(seqs)) {
      const f = found.get(e.seq) ?? found.set(e.seq, { first: e.rowid, entities: [] }).get(e.seq)!
      f.first = Math.min(f.first, e.rowid)
      f.entities.push(entityRows.of(e.id, e.name, e.type, e.score, e.extracted))
    }
    for (const [seq, f] of found) fileEntities(seq, f.first, f.entities)
  }
  for (let after = 0; after < maxSeq; after += READ_SLICE) {
    // no further than the articles counted at the start (their entities were read above)
    // (an article before the horizon without its summary: most keep their stored trend, and those that do not are read again whole)
    // (the runs of early articles the sums count are not scanned: none would be read)
    const slice = [...runsOf(after, Math.min(after + READ_SLICE, maxSeq), (seq) => cover?.covered[seq] !== 1)].flatMap(({ first, last }) =>
      store.trendWriter.articles(first - 1, last - first + 1, anchors?.horizon, cover?.before),
    )
    // an article before the early sums that they do not count (none stored in a trend: one left out before, say), as read
    const readWhole = new Set<number>()
    if (cover) {
      for (const a of store.trendWriter.articlesBySeq(cover.loose.filter((seq) => seq > after && seq <= after + READ_SLICE))) {
        slice.push(a)
        readWhole.add(a.seq)
      }
    }
    const unlinked: number[] = []
    for (const a of slice) {
      const list = byArticle.get(a.id)
      if (list) byArticle.delete(a.id)
      if (marks?.[a.seq] === 1) continue
      // (a copy of its own length: an array grown by pushes keeps room for a dozen more)
      if (list) fileEntities(a.seq, list[0] as number, list.slice(1) as ArticleEntity[])
      if (linksFrom > 0 && (list ? list.length - 1 : 0) < (a.entityCount ?? 0)) unlinked.push(a.seq)
    }
    linksOfSeqs(unlinked)
    const clustered: Article[] = []
    for (const a of slice) {
      if (marks?.[a.seq] === 1) continue
      if (a.time === null) {
        timeless.add(a.seq)
        continue
      }
      // (an article that keeps its stored trend is not clustered: its words are never read)
      if (!anchors?.take(a.seq, a.time)) clustered.push(a as Article)
      times[a.seq] = a.time
      placed++
      // a loop, not Math.max(...): a spread of every article's time overflows the stack on big stores
      if (a.time > newest) newest = a.time
    }
    const unsummed = anchors ? clustered.filter((a) => a.time < anchors.horizon && !readWhole.has(a.seq)).map((a) => a.seq) : []
    const whole = new Map(unsummed.length > 0 ? store.trendWriter.articlesBySeq(unsummed).map((a) => [a.seq, a]) : [])
    for (const read of clustered) {
      // (an article removed since is clustered as read: the pass starts again at its write)
      const a = (whole.get(read.seq) as Article | undefined) ?? read
      const input = guardedInput(a, entitiesOf[a.seq] ?? [], skipped, shared)
      if (input) inputs.push(input)
    }
    yield
  }
  return { times, placed, newest, inputs, timeless, entitiesOf, maxSeq, cover, firstLinkOf }
}

/**
 * Where the next pass's read of the entity links starts (after which rowid): before the first link
 * of any article it reads (one dated from `split` on, or not at all). An article whose first link
 * is not known is read by its seq then.
 */
function linksAfterFor(firstLinkOf: Float64Array, times: Float64Array, timeless: ReadonlySet<number>, split: number): number {
  let first = Infinity
  for (let seq = 0; seq < firstLinkOf.length; seq++) {
    const link = firstLinkOf[seq]!
    if (link < first && (times[seq]! >= split || timeless.has(seq))) first = link
  }
  return Number.isFinite(first) ? first - 1 : 0
}

/** The early sums stored by the last full pass (trend_early), and the time they count up to. */
interface EarlyState {
  through: number
  byTrend: Map<string, StoredEarly>
  stored: StoredMembers
  /** the rowid after which the last pass found the entity links of the articles from `through` on (0: none known) */
  linksAfter: number
  /** the articles written since the last full pass (lastFullPass) */
  written: number[]
}

/**
 * The articles a full pass does not read because the stored early sums count them: every article
 * dated before the sums' time and stored in a trend (taken as anchored, and placed at its time;
 * `taken` counts them). `loose`: the articles before that time in no trend (read, and clustered).
 * `sumsOf`: each stored trend's sums, by its number in the stored members.
 */
interface Cover {
  before: number
  covered: Uint8Array
  taken: number
  loose: number[]
  sumsOf: Map<number, StoredEarly>
}

/**
 * Cover of the stored early sums, or null when they cannot stand for the articles they count
 * (those are read, as without sums): sums of a time after the horizon (the clock set back), a
 * trend whose stored members before that time are not as many as its sums count, or an early
 * article written again since the last full pass (an import that changed its title, say). The
 * articles it covers are placed in `times` and anchored.
 */
function coverOf(store: Store, early: EarlyState, anchors: Anchors, settledMarks: Uint8Array | null, maxSeq: number, times: Float64Array): Cover | null {
  const { through, byTrend, stored } = early
  if (!(through <= anchors.horizon)) return null
  const before = store.trendWriter.articlesBefore(through, maxSeq)
  const counts = new Map<number, number>()
  for (const seq of before.seqs) {
    if (settledMarks?.[seq] === 1) continue
    const trend = stored.trendAt(seq)
    if (trend !== 0) counts.set(trend, (counts.get(trend) ?? 0) + 1)
  }
  const sumsOf = new Map<number, StoredEarly>()
  for (const [trendId, e] of byTrend) {
    const trend = stored.numberOf(trendId)
    // (a settled trend's own sums are not asked: its members are not counted above)
    if (trend === 0) continue
    if (counts.get(trend) !== e.count) return null
    sumsOf.set(trend, e)
  }
  for (const trend of counts.keys()) if (!sumsOf.has(trend)) return null
  const again = new Set(early.written)
  if (again.size > 0) for (const seq of before.seqs) if (again.has(seq) && stored.trendAt(seq) !== 0 && settledMarks?.[seq] !== 1) return null
  // (nothing is taken before the sums are found to stand: the articles are read otherwise)
  const covered = new Uint8Array(maxSeq + 1)
  const cover: Cover = { before: through, covered, taken: 0, loose: [], sumsOf }
  before.seqs.forEach((seq, i) => {
    if (settledMarks?.[seq] === 1) return
    if (stored.trendAt(seq) === 0) cover.loose.push(seq)
    else {
      const time = before.times[i]!
      covered[seq] = 1
      times[seq] = time
      cover.taken++
      anchors.take(seq, time)
    }
  })
  return cover
}

/** The time (epoch seconds) the stored early sums count the trends' articles up to (trend_early). */
const EARLY_THROUGH_SETTING = 'trends_early_through'

/** The stored early sums, as a full pass with a horizon reads them (none stored: null). */
function earlyStateOf(store: Store, stored: StoredMembers, written: number[]): EarlyState | null {
  const through = Number(store.settings.get(EARLY_THROUGH_SETTING))
  if (!Number.isFinite(through)) return null
  const linksAfter = Number(store.settings.get(EARLY_LINKS_SETTING) ?? 0)
  return { through, byTrend: store.trendWriter.earlySums(), stored, written, linksAfter: Number.isSafeInteger(linksAfter) && linksAfter > 0 ? linksAfter : 0 }
}

/** The rowid of the entity links after which a pass finds those of the articles from the early sums' time on (EarlyState.linksAfter). */
const EARLY_LINKS_SETTING = 'trends_early_links_after'

/**
 * A cluster's members as a full pass builds them: the early articles the stored sums count (of
 * the stored trends whose early articles follow into it) as the trend's start (trendFromEarly), and
 * the rest, read, to build on.
 */
function startOf(list: ReadonlyArray<{ seq: number; score: number }>, cover: Cover | null, early: EarlyState | null, times: Float64Array, stamp: string) {
  if (!cover || !early) return { start: null, rest: list, from: [] as StoredEarly[] }
  const rest: Array<{ seq: number; score: number }> = []
  // the counted members as three lists (384,000 at large), then put in time order (most come in
  // it already: the sort of their places is a walk then)
  const seqs: number[] = []
  const scores: number[] = []
  const at: number[] = []
  const from = new Set<StoredEarly>()
  let lastTrend = 0
  for (const m of list) {
    if (cover.covered[m.seq] !== 1) {
      rest.push(m)
      continue
    }
    seqs.push(m.seq)
    scores.push(m.score)
    at.push(times[m.seq]!)
    // (the members of one stored trend come together: its sums are looked up once)
    const trend = early.stored.trendAt(m.seq)
    if (trend !== lastTrend) from.add(cover.sumsOf.get((lastTrend = trend))!)
  }
  if (seqs.length === 0) return { start: null, rest, from: [] }
  const order = seqs.map((_, i) => i).sort((i, j) => at[i]! - at[j]! || seqs[i]! - seqs[j]!)
  const sums = [...from].map((e) => JSON.parse(e.text) as EarlySums)
  const start = trendFromEarly(sums, { seqs: order.map((i) => seqs[i]!), scores: order.map((i) => scores[i]!), times: order.map((i) => at[i]!) }, stamp)
  return { start, rest, from: [...from] }
}

/**
 * The articles readAllSteps placed in time (`times`), read again in slices of the store without
 * their summaries, by seq. An article removed meanwhile is not read: the pass starts again before
 * it writes (recomputeTrendsSteps).
 */
function* readPlacedSteps(store: Store, times: Float64Array, maxSeq: number, covered: Uint8Array | undefined): Generator<unknown, BySeq<Article>, unknown> {
  const bySeq: BySeq<Article> = new Array(maxSeq + 1)
  const shared = new SharedStrings()
  const wanted = (seq: number) => !Number.isNaN(times[seq]!) && covered?.[seq] !== 1
  for (let after = 0; after < maxSeq; after += READ_SLICE) {
    // (the early articles the sums count, 384,000 of 878,000 at large, are not read to be dropped)
    for (const { first, last } of runsOf(after, Math.min(after + READ_SLICE, maxSeq), wanted)) {
      for (const [seq, id, title, region, category] of store.trendWriter.articlesWithoutTime(first - 1, last - first + 1)) {
        const time = times[seq]!
        if (!wanted(seq)) continue
        bySeq[seq] = { seq, id, title, summary: null, region: shared.of(region), category: category === null ? null : shared.of(category), time }
      }
    }
    yield
  }
  return bySeq
}

/**
 * The last article (seq) the last full pass read, and the data generation it read: articles after
 * it have not been clustered with every unsettled trend.
 */
const CLUSTERED_THROUGH_SETTING = 'trends_clustered_through'

/**
 * The last full pass, as far as the stored trends may be kept as they are (settled trends, members
 * before the horizon): the seq through which every stored article was clustered with the trends
 * unsettled then, and the articles written since (new, or written again). Null when there is none
 * to keep: the store lost articles since (a removed newest article's seq is given again) or its
 * ingest log no longer reaches back to it, so that any article may be new, or the trends were
 * computed another way. Read once a pass.
 */
function lastFullPass(store: Store): { seq: number; written: number[] } | null {
  if (store.settings.get('trends_method') !== TRENDS_METHOD) return null
  const last = JSON.parse(store.settings.get(CLUSTERED_THROUGH_SETTING) ?? 'null') as { seq?: unknown; generation?: unknown } | null
  if (typeof last?.seq !== 'number' || last.seq === 0 || typeof last.generation !== 'number') return null
  const changes = store.freshness.changesSince(last.generation)
  return changes === null ? null : { seq: last.seq, written: changes.articles }
}

const NONE_SETTLED: SettledTrends = { ids: new Set(), topics: [], articles: 0, newest: null }

/**
 * The earliest time of the articles stored since the last full pass (Infinity: none), or null when
 * no stored trend may be kept as it is (lastFullPass is null): what the settled trends and the
 * horizon hold on, asked once a pass. An article dated back within their reach (a story their
 * storylines might take) has them clustered again.
 */
function earliestNewArticle(store: Store, last: { seq: number } | null): number | null {
  return last === null ? null : (store.trendWriter.earliestArticleTimeAfter(last.seq) ?? Infinity)
}

/**
 * The trends a full pass leaves as stored (earliestNew: earliestNewArticle), or none: on a store's
 * first pass, the first since articles were removed (any article may be new to them), the first
 * after the trends were computed another way, and when an article stored since the last full pass
 * is dated within their reach (ACTIVE_DAYS after the newest of their last articles, or before).
 * Every other article was clustered with them unsettled. Only trends whose articles all came before
 * the horizon (`horizon`: horizonAt) settle: every pass clusters every later article, so a pass
 * with no new article clusters the same articles as the pass before it.
 */
function settledTrendsOf(store: Store, earliestNew: number | null, horizon: number | null): SettledTrends {
  if (earliestNew === null) return NONE_SETTLED
  const settled = store.trendWriter.settledTrends(horizon ?? Infinity)
  if (settled.newest === null || earliestNew <= settled.newest + ACTIVE_DAYS * 86_400) return NONE_SETTLED
  return settled
}

/**
 * The horizon of the store's articles as they stand (horizonStart of their last day, no later than
 * `now`), null without any: found before the articles are read (their newest time asked of the
 * store), so that those before it are never read into words.
 */
function horizonAt(store: Store, now: Date): number | null {
  const newest = store.trendWriter.newestArticleTime(store.articles.maxSeq())
  return newest === null ? null : horizonStart(dayOfSeconds(Math.min(Math.floor(now.getTime() / 1000), newest)))
}

/**
 * The time before which articles keep the trends they are stored in (docs/contract-decisions.md,
 * "Settled trends"; `at`: horizonAt), or null when every article is clustered: as for the settled
 * trends, and when an article stored since the last full pass is dated before the horizon's active
 * window ends (a story dated back, which the stored storylines might take).
 */
function horizonOf(at: number | null, earliestNew: number | null): number | null {
  if (earliestNew === null || at === null) return null
  return earliestNew <= at + ACTIVE_DAYS * 86_400 ? null : at
}

/**
 * The clusterings of a full pass (docs/trends.md, "Words weighed by trends"): the first, with words
 * weighed by the articles that carry them, finds the trends the second weighs words by. The second
 * one's state is kept: later articles are assigned with its weights. Only the second lets headlines
 * follow their nearest headlines: in the first it gave the trend weights worse trends (UCI F1 0.897
 * against 0.900).
 *
 * With `horizon` (a pass that keeps no stored trend: every article is in `inputs`) and articles
 * before it, the pass ends as the next one will (docs/trends.md, "The first pass"): every article
 * is clustered, the second time (clusterTwiceSteps) only those before the ANCHORING_DAYS_AFTER
 * days after the horizon, and those before the horizon are `anchored` where that put them; the
 * articles from the horizon on are then clustered again on their own, as every later pass
 * clusters them, and the anchored ones follow their cluster's later articles, as a later pass's
 * follow their stored trend's. So a pass after it with no new article places every article as it
 * did, and writes none (the clustering of every article weighs words by the early articles too:
 * the pass after it gave 283,000 of the large world's 485,000 later articles another score or
 * trend). `inputs` keeps the articles from the horizon on only then.
 */
function* clusterSteps(
  inputs: ClusterInput[],
  times: Float64Array,
  horizon: number | null,
): Generator<unknown, { clusterer: StorylineClusterer; assignments: Assignment[]; anchored: { anchors: Anchors; places: StoredPlaces } | null } | 'again', unknown> {
  const early = horizon !== null && inputs.some((i) => i.time < horizon)
  // The clustering of every article, which places the early ones, takes nothing from the one that
  // follows: on a thread of its own where there is one, beside it (docs/performance.md, session
  // 50), else first, here. Should that thread fail, the pass starts again ('again'), clustering here.
  // (every article: the early ones take their words' weights from the whole store, as before there was a horizon)
  const beside = early ? clusteringBeside(inputs, anchoringEnd(horizon!)) : null
  // (every clustering here: the pass needs no second core from now on; the demo build makes its activity index on it)
  if (!beside) yield milestone('second-core-free')
  if (horizon === null || !early) return { ...(yield* clusterTwiceSteps(inputs)), anchored: null }
  try {
    const here = beside ? null : anchorsOfClustering((yield* clusterTwiceSteps(inputs, anchoringEnd(horizon))).assignments, times, horizon)
    let kept = 0
    for (const input of inputs) if (input.time >= horizon) inputs[kept++] = input
    inputs.length = kept
    const later = yield* clusterTwiceSteps(inputs)
    if (here) return { ...later, anchored: here }
    const all = yield* beside!.assignments()
    // (the one beside is done: the same from here)
    if (all) yield milestone('second-core-free')
    return all ? { ...later, anchored: anchorsOfClustering(all, times, horizon) } : 'again'
  } finally {
    beside?.stop()
  }
}

/**
 * The full pass: clusters every article again, then writes every trend, but for the settled
 * trends (`settle`; docs/contract-decisions.md, "Settled trends"): those with no article in their
 * 180 days of daily counts when last written, whose rows could not read otherwise (their counts
 * stay empty as days pass), are left as stored, and their articles out of the clustering. Their
 * storylines ended more than the clustering's active window ago, so no later article joins them;
 * a pass grows with the articles of the last half-year, not with every article ever stored. With
 * `settle` too, the articles before the horizon (horizonOf) keep the trends they are stored in:
 * the clustering grows with the articles of the last 201 days, not with year-long storylines.
 */
function* recomputeTrendsSteps(store: Store, now: Date, settle = true): Generator<unknown, TrendRefresh, unknown> {
  // a pass that starts again starts from a finished generator: a suspended one keeps its locals (every article's words)
  for (let whole = !settle; ; ) {
    const pass = yield* fullPassSteps(store, now, !whole)
    if (pass === 'whole') whole = true
    else if (pass !== 'again') return pass
  }
}

/**
 * One full pass (recomputeTrendsSteps), or what it found that calls for another: 'whole', a pass
 * without settled trends; 'again', the data or the trend tables changed while it ran.
 */
function* fullPassSteps(store: Store, now: Date, settle: boolean): Generator<unknown, TrendRefresh | 'whole' | 'again', unknown> {
  // the data as this pass reads it: a removal since (which no longer logs what changed) is seen at the write
  const readAt = store.freshness.dataGeneration()
  // the trend tables as this pass reads them: another writer since (a CLI beside the app) may have changed the settled trends
  const trendsRead = store.settings.get('trends_generation')
  const last = settle ? lastFullPass(store) : null
  const earliestNew = earliestNewArticle(store, last)
  // (asked only of a pass that may keep stored trends: a whole pass takes its horizon from the articles it reads)
  const at = earliestNew === null ? null : horizonAt(store, now)
  const settled = settledTrendsOf(store, earliestNew, at)
  const skipped: SkippedArticle[] = []
  // The articles before the horizon keep the trends they are stored in: they are not clustered
  // again, and follow their trend's later articles (Anchors, followAnchored).
  const horizon = horizonOf(at, earliestNew)
  const stored = horizon === null ? null : store.trendWriter.storedMembers(settled.ids)
  const anchors = stored === null ? null : new Anchors(stored, horizon!)
  // (a horizon stands on the last full pass: stored is null without it)
  const early = stored === null ? null : earlyStateOf(store, stored, last!.written)
  const { times, placed, newest, inputs, timeless, entitiesOf, maxSeq, cover, firstLinkOf } = yield* readAllSteps(store, skipped, settled, anchors, early)
  const end = Math.min(Math.floor(now.getTime() / 1000), newest)
  const lastDay = dayOfSeconds(end)
  // Clustered whole instead when the last day went back (the clock set back) far enough to put a
  // settled trend's last article in the daily counts.
  if (settled.newest !== null && dayOfSeconds(settled.newest) > lastDay - TREND_DAYS) return 'whole'
  // what each trend's articles before the horizon add up to, for the next pass (trend_early)
  const split = horizon ?? horizonStart(lastDay)
  // (clustered by a helper: a suspended generator keeps its named locals, and the state of
  // clusterings done with would stay to the pass's end)
  const clustered = yield* clusterSteps(inputs, times, anchors === null ? split : null)
  if (clustered === 'again') return 'again'
  const { clusterer, assignments, anchored } = clustered
  const following = anchored ?? (anchors ? { anchors, places: stored! } : null)
  // the words are dropped (a generator keeps its locals to its end), and the articles read instead
  inputs.length = 0
  const bySeq = yield* readPlacedSteps(store, times, maxSeq, cover?.covered)
  const members = new Map<number, Array<{ seq: number; score: number }>>()
  // (an article removed meanwhile is not read again: left out here, the pass starts again at its write)
  for (const a of assignments) if (bySeq[a.key]) (members.get(a.cluster) ?? members.set(a.cluster, []).get(a.cluster)!).push({ seq: a.key, score: a.score })
  if (following) followAnchored(members, following.anchors.byTrend, assignments, following.places, (seq) => bySeq[seq] !== undefined || cover?.covered[seq] === 1)

  const source: TrendSource = { article: (seq) => bySeq[seq]!, entities: (seq) => entitiesOf[seq] ?? [] }
  const trendOf = new Map<number, Built>()
  const earlyWrite: EarlyWrite = { all: [], changed: [] }
  const linksAfter = linksAfterFor(firstLinkOf, times, timeless, split)
  const stamp = now.toISOString()
  for (const [cluster, list] of members) {
    if (trendOf.size % STEP_TRENDS === 0) yield
    const { start, rest, from } = startOf(list, cover, early, times, stamp)
    const { trend, early: sums } = buildTrendSplit(start, rest, source, lastDay, stamp, split)
    trendOf.set(cluster, trend)
    if (!sums) continue
    earlyWrite.all.push(trend.id)
    // the sums of one stored trend that took no early article are as stored: not written out again
    const was = early?.byTrend.get(trend.id)
    if (was && from.length === 1 && from[0] === was && sums.count === was.count) continue
    const text = JSON.stringify(sums)
    if (was?.digest !== earlyDigest(text)) earlyWrite.changed.push({ trendId: trend.id, articleCount: sums.count, sums: text })
  }
  // what the trends were built from is held no longer (the write reads every stored member)
  assignments.length = 0
  members.clear()
  yield
  const built = [...trendOf.values()]
  const tables = trendTables(trendOf, built, lastDay, clusterer, settled.topics)
  yield
  // how far the forecast missed on these trends' own past, per structural type (the card says it)
  const backtest = backtestForecasts(tables.trends.map((t) => ({ structuralType: t.structuralType, daily: t.dailyCounts })))
  yield
  const generation = yield* write(store, () => {
    // an article removed while the pass ran (removeArticles) is in its trends: it starts again
    if (store.freshness.changesSince(readAt) === null) return null
    if ((settled.ids.size > 0 || stored !== null) && store.settings.get('trends_generation') !== trendsRead) return null
    // (an early article the sums counted is not read: the write names it by its seq)
    store.trendWriter.replace({ ...tables, members: eachMemberRow(built, (seq) => bySeq[seq]?.id ?? (cover?.covered[seq] === 1 ? null : undefined)) }, settled.ids, stored ?? undefined, earlyWrite)
    store.settings.set(EARLY_THROUGH_SETTING, String(split))
    store.settings.set(EARLY_LINKS_SETTING, String(linksAfter))
    store.settings.set('trends_through', new Date(end * 1000).toISOString())
    store.settings.set(FORECAST_BACKTEST, JSON.stringify(backtest))
    store.settings.set('trends_method', TRENDS_METHOD)
    store.settings.set(CLUSTERED_THROUGH_SETTING, JSON.stringify({ seq: maxSeq, generation: readAt }))
    recordSkipped(store, skipped, false)
    return markGeneration(store)
  })
  if (generation === null) return 'again'
  store.changed()
  states.set(store, { clusterer, trendOf, maxSeq, timeless, articles: placed, newest, lastDay, generation, clusteredDay: lastDay, written: writtenForms(tables), settled })
  return { trends: tables.trends.length + settled.ids.size, articles: built.reduce((n, b) => n + b.seqs.length, 0) + settled.articles, mode: 'full', touched: tables.trends.length }
}

/** Every member row of the trends, a trend's at a time: a full pass's rows all at once were 80 MB more at large, at the pass's peak. */
function* eachMemberRow(built: readonly Built[], idOf: (seq: number) => string | null | undefined): Generator<MemberRow> {
  for (const b of built) yield* memberRowsOf(b, idOf)
}

/**
 * The member rows an update writes (changedMemberPlaces), each naming its article: a new member's
 * id from the articles just read, a kept member's (whose role changed) from the store, as the
 * kept trends hold no ids.
 */
function changedMemberRowsOf(store: Store, touched: ReadonlyArray<{ prior: Built | undefined; b: Built }>, placed: readonly Article[]): MemberRow[] {
  const changes = touched.map(({ prior, b }) => ({ b, places: changedMemberPlaces(prior, b) }))
  const ids = new Map(placed.map((a) => [a.seq, a.id]))
  const unknown = changes.flatMap(({ b, places }) => places.map((i) => b.seqs[i]!)).filter((seq) => !ids.has(seq))
  for (const [seq, id] of store.trendWriter.idsOfSeqs(unknown)) ids.set(seq, id)
  return changes.flatMap(({ b, places }) => memberRowsAt(b, places, (seq) => ids.get(seq)))
}

/**
 * Assigns new articles against the kept centroids and rebuilds the trends they joined from their
 * running sums; returns each touched trend with its state before.
 */
function assignAndBuild(kept: TrendState, placed: Article[], inputs: ClusterInput[], entitiesOf: ReadonlyMap<number, readonly ArticleEntity[]>, now: Date) {
  const placedBySeq = new Map(placed.map((a) => [a.seq, a]))
  const joined = new Map<number, Array<{ seq: number; score: number }>>()
  for (const input of inputs) {
    const a = kept.clusterer.assign(input)
    ;(joined.get(a.cluster) ?? joined.set(a.cluster, []).get(a.cluster)!).push({ seq: a.key, score: a.score })
  }
  kept.articles += placed.length
  const source: TrendSource = {
    article: (seq) => placedBySeq.get(seq)!,
    entities: (seq) => entitiesOf.get(seq) ?? [],
  }
  const touched: Array<{ prior: Built | undefined; b: Built }> = []
  for (const [cluster, list] of joined) {
    const prior = kept.trendOf.get(cluster)
    const b = buildTrend(prior ?? null, list, source, kept.lastDay, now.toISOString())
    kept.trendOf.set(cluster, b)
    touched.push({ prior, b })
  }
  return touched
}

/**
 * Each trend's label and key entities as last computed, by the clustering state (its word weights)
 * and the trend's title counts: a trend that took no article since (a new day moving every trend
 * on) keeps them without naming it again. A trend that takes articles gets new counts.
 */
const labelsOf = new WeakMap<StorylineClusterer, WeakMap<TermCounts, { label: string; keyEntities: string[] }>>()

/**
 * The rows of the trends `written` (each with its parent link) and the whole hierarchy, from every
 * trend `trendOf` (by cluster). A market's trend is a derivative of the trend its reports left,
 * of strength 1 (markets.ts); any other trend's parent is found by its lead entity (parentLink).
 */
function trendTables(trendOf: ReadonlyMap<number, Built>, written: readonly Built[], lastDay: number, clusterer: StorylineClusterer, settled: readonly SettledTopic[]) {
  const labels = labelsOf.get(clusterer) ?? labelsOf.set(clusterer, new WeakMap()).get(clusterer)!
  const all = [...trendOf.values()]
  // no trend is linked to one whose articles all came before the horizon: the next pass leaves it as
  // stored (settled), out of its parents, so a store's first pass links as the passes after it
  // (docs/contract-decisions.md, "Settled trends")
  const horizon = horizonStart(lastDay)
  const byEntity = entityIndex(all.filter((t) => t.lastTime >= horizon))
  const marketParent = new Map<Built, Built>()
  for (const { trend, origin } of clusterer.marketTrendOrigins()) {
    const [child, parent] = [trendOf.get(trend), trendOf.get(origin)]
    if (child && parent && child !== parent) marketParent.set(child, parent)
  }
  const links = written
    .map((b): TrendLink | null => {
      const parent = marketParent.get(b)
      return parent ? { parentId: parent.id, childId: b.id, relationType: 'derivative', strength: 1 } : parentLink(b, byEntity)
    })
    .filter((l): l is TrendLink => l !== null)
  const { themes, topics, topicOf } = hierarchy(all, settled)
  const children = new Set(links.map((l) => l.childId))
  return {
    themes,
    topics,
    trends: written.map((b) => {
      const row = trendRow(b, topicOf.get(b.id)!, children.has(b.id), lastDay, (text) => clusterer.specificity(text), (e) => clusterer.entitySpecificity(e.id, e.name), labels.get(b.titleTerms))
      labels.set(b.titleTerms, { label: row.label, keyEntities: row.keyEntities })
      return row
    }),
    links,
    countries: written.flatMap(countryRowsOf),
  }
}

/**
 * The incremental update: the articles added since the last pass are assigned online against
 * the kept centroids (joining a trend or starting one); only the trends they joined are built
 * and written again, with their links, and the themes > topics counts. Trend ids stay.
 */
function* updateTrendsSteps(store: Store, kept: TrendState, now: Date, maxSeq: number): Generator<unknown, TrendRefresh, unknown> {
  const fresh = store.trendWriter.articles(kept.maxSeq, maxSeq - kept.maxSeq)
  const retried = kept.timeless.size > 0 ? store.trendWriter.articlesBySeq([...kept.timeless]) : []
  let placed = [...retried, ...fresh].filter((a): a is Article => a.time !== null)
  for (const a of fresh) if (a.time === null) kept.timeless.add(a.seq)
  for (const a of placed) kept.timeless.delete(a.seq)
  kept.maxSeq = maxSeq
  for (const a of placed) if (a.time > kept.newest) kept.newest = a.time
  const end = Math.min(Math.floor(now.getTime() / 1000), kept.newest)
  // a new day: every trend's daily counts move on (its state, forecast and features with them)
  const rolled = rollDays(kept, dayOfSeconds(end))
  if (placed.length === 0 && !rolled) {
    yield* write(store, () => store.settings.set('trends_through', new Date(end * 1000).toISOString()))
    return { trends: kept.trendOf.size + kept.settled.ids.size, articles: kept.articles + kept.settled.articles, mode: 'incremental', touched: 0, newDay: false }
  }
  const entitiesOf = groupBySeq(store.trendWriter.entitiesBySeq(placed.map((a) => a.seq)))
  const skipped: SkippedArticle[] = []
  const shared = new SharedStrings()
  const inputs = placed.flatMap((a) => guardedInput(a, entitiesOf.get(a.seq) ?? [], skipped, shared) ?? []).sort((a, b) => a.time - b.time || a.key - b.key)
  if (skipped.length > 0) {
    // the articles left out are in no trend, as a full pass leaves them
    const left = new Set(skipped.map((s) => s.seq))
    placed = placed.filter((a) => !left.has(a.seq))
    yield* write(store, () => recordSkipped(store, skipped, true))
  }
  // New data that speaks of other things than what was clustered (another corpus): its words
  // weigh nothing known, so it is clustered with everything else in a full pass.
  if (inputs.length > 0 && kept.clusterer.knownShare(inputs.flatMap((i) => i.words)) < MIN_KNOWN_WORDS) return yield* recomputeTrendsSteps(store, now)
  const touched = assignAndBuild(kept, placed, inputs, entitiesOf, now)
  yield
  const built = [...kept.trendOf.values()]
  // After a new day every trend's figures are computed again (its counts moved a day on), and
  // written when they read otherwise than as last written; otherwise the trends that took articles.
  const tables = trendTables(kept.trendOf, rolled ? built : touched.map(({ b }) => b), kept.lastDay, kept.clusterer, kept.settled.topics)
  const forms = writtenForms(tables)
  const parts = changedParts(tables, forms, kept.written, new Set(touched.map(({ b }) => b.id)))
  kept.generation = yield* write(store, () => {
    store.trendWriter.update({ ...parts, members: changedMemberRowsOf(store, touched, placed) })
    store.settings.set('trends_through', new Date(end * 1000).toISOString())
    return markGeneration(store)
  })
  for (const id of parts.changed) kept.written.set(id, forms.get(id)!)
  store.changed()
  return { trends: built.length + kept.settled.ids.size, articles: kept.articles + kept.settled.articles, mode: 'incremental', touched: parts.changed.size, newDay: rolled }
}

/**
 * Moves the kept trends' last day on to `day`: each trend's daily counts (the 180 days ending on
 * the last day) shift by the days passed. Returns whether the day moved.
 */
function rollDays(kept: TrendState, day: number): boolean {
  const by = day - kept.lastDay
  if (by <= 0) return false
  for (const [cluster, b] of kept.trendOf) {
    const daily = b.daily.slice(Math.min(by, b.daily.length))
    while (daily.length < b.daily.length) daily.push(0)
    kept.trendOf.set(cluster, { ...b, daily })
  }
  kept.lastDay = day
  return true
}

/**
 * Whether the trends were carried into a day their clustering has not seen whole: a full pass
 * (merges and splits of storylines) is then due, run after the update in the background.
 */
export function trendsConsolidationDue(store: Store): boolean {
  const kept = states.get(store)
  return kept !== undefined && kept.lastDay > kept.clusteredDay
}

/**
 * The way trends are computed (clustering, labels, the forecast's backtest): a store whose trends
 * were computed another way (by an older Feedlens) has them computed again, so an upgrade brings
 * its improvements to the trends already stored. Changed whenever what a full pass writes changes.
 */
export const TRENDS_METHOD = '2026-12-01 versions and two-letter capitals are words; headlines follow their nearest headlines; words weighed by the trends of a first pass; one section a trend; strays leave, headline fragments join a big trend by its core word; labels: found names by their articles, longer names in full, brands as written, names as their entity writes them, a phrase as the phrase around it most of its titles write; key entities of two articles or more; the reports on two markets or more in a big trend are a trend for each market, named by it'

/** Whether the stored trends were computed another way than this version computes them. */
export function trendsMethodOutdated(store: Store): boolean {
  // the setting first: this is asked on every look at the status; an empty store has nothing to redo
  return store.settings.get('trends_method') !== TRENDS_METHOD && store.articles.maxSeq() > 0
}

export function trendsStale(store: Store): boolean {
  const latest = store.signalWriter.latestObservation()
  const through = store.settings.get('trends_through')
  const articles = store.counts().articles
  if (articles === 0) return false
  return !through || (latest !== null && Date.parse(through) < latest * 1000)
}
