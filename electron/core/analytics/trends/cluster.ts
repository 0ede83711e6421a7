/**
 * Storyline clustering: online assignment of each publication, in time order, to the trend it
 * continues, or to a new trend (after Miranda et al. 2018, Priberam news-clustering).
 *
 * similarity(article, trend) = time(Δ) * (W_ENTITIES * cos(entities) + W_TEXT * cos(text))
 * when the article has entities, else time(Δ) * cos(text), where
 * - cos(entities): cosine of the article's entity scores and the trend's summed entity scores;
 * - cos(text): cosine of weighted vectors of title and summary words (the trend's is the sum of
 *   its articles'), each word weighed by how few articles carry it (TF-IDF) or, in the full
 *   pass's second clustering, how few trends of the first do (inverseTrendFrequency);
 * - time(Δ) = exp(-Δ / TIME_SCALE_DAYS), Δ the days since the trend's newest article.
 * The article joins the most similar trend when the similarity reaches JOIN_THRESHOLD, else
 * it starts a trend. Candidates are the active trends that share an entity or a word with it,
 * and are of the article's section (the top level of its category) when both have one.
 *
 * After the online pass, the clean-ups of the full pass: the merge pass joins pieces of one
 * storyline; a headline left in a big trend without any of its core words leaves it (a stray
 * that seeded a piece before the piece merged); fragments of one to FRAGMENT_SIZE articles
 * join the big trend whose core word most of their titles carry; and each headline moves to the
 * trend most of its nearest headlines are in (reassignByNeighboursSteps), after which the merge
 * pass and the strays' release run once more.
 */

import { runSteps } from '../../steps'
import { firstAtLeast } from '../activity/living-range'

export const W_ENTITIES = 0.75
export const W_TEXT = 0.25
export const JOIN_THRESHOLD = 0.4
export const TEXT_ONLY_THRESHOLD = 0.1
export const TIME_SCALE_DAYS = 6
/** Trends quiet for longer than this take no new articles. */
export const ACTIVE_DAYS = 21
/** Entities with at least this score in an article find its candidate trends. */
export const KEY_ENTITY_SCORE = 0.6
/** Words rarer than this (their weight: inverse document or trend frequency) find candidate trends. */
export const RARE_WORD_WEIGHT = 3.5
/**
 * An article without entities joins a trend of at least CORE_TREND_SIZE articles only through a
 * word that at least this share of the trend's articles carry: a one-line headline ("Business
 * Highlights") does not join a big story through a word at its edge.
 */
export const CORE_WORD_SHARE = 0.2
export const CORE_TREND_SIZE = 5
/**
 * A headline (an article without entities) stays in a trend of CORE_TREND_SIZE articles or more
 * only when it carries a word at least this share of the trend's other articles carry.
 */
export const STRAY_WORD_SHARE = 0.05
/** Trends of at most this many articles are fragments: they may join a big trend after the merge pass. */
export const FRAGMENT_SIZE = 7
/** A big trend, one a fragment may join: at least this many articles. */
export const BIG_TREND_SIZE = 40
/** A fragment joins a big trend through a word half of the fragment's articles carry and ... */
export const FRAGMENT_WORD_SHARE = 0.5
/** ... at least this share of the big trend's. */
export const BIG_TREND_WORD_SHARE = 0.3
/**
 * A big trend's market reports on one market (marketReported), at least this many and fewer than
 * half its articles, are a trend of their own (splitMarkets).
 */
export const MARKET_TREND_SIZE = 10
/** A headline's nearest headlines that vote where it belongs (reassignByNeighbours) ... */
export const NEIGHBOURS = 10
/** ... each at least this similar to it ... */
export const NEIGHBOUR_SIMILARITY = 0.2
/** ... and it moves when another trend's votes outweigh its own trend's this many times. */
export const NEIGHBOUR_MARGIN = 1.5
/** Headlines looked at per rare word, the nearest in time first: bounds the work on big stores. */
export const NEIGHBOUR_SCAN = 50
const DAY = 86_400

/** The prefix of an entity found in the text among an article's words (`entity:<id>`). */
export const ENTITY_TERM = 'entity:'

export interface ClusterInput {
  key: number
  /** epoch seconds: when the publication appeared (first seen, else published) */
  time: number
  entities: ReadonlyArray<{ id: string; score: number }>
  /** words of title and summary, already normalised */
  words: readonly string[]
  /**
   * The top level of the article's category ("/Business"; sectionOf), null without one. A trend
   * takes articles of its own section only: the feed files a storyline under one section, and
   * headlines of two sections that share a word or a place (the Australian dollar and US gas
   * prices, Snowden's SXSW talk and the festival's bands) are two stories.
   */
  section?: string | null
  /** The market the headline reports on when it is a market report (marketReported), else null. */
  market?: string | null
}

/** Whether an article (or trend) of section a may join one of section b: yes when either has none. */
const sameSection = (a: string | null, b: string | null) => a === null || b === null || a === b

/** Sections by number, given on first sight; 0 is none. */
class SectionNumbers {
  private readonly numbers = new Map<string, number>()

  of(section: string | null): number {
    if (section === null) return 0
    return this.numbers.get(section) ?? this.numbers.set(section, this.numbers.size + 1).get(section)!
  }
}

/** Whether an article or cluster of section number `section` may meet what is filed under `filed` (sameSection; 0 is none). */
const meets = (section: number, filed: number) => section === 0 || filed === 0 || filed === section

/**
 * Values by section number (SectionNumbers), then by key: a key's clusters that an article or
 * cluster may meet are those of its own section and of none (sameSection), and a popular key's
 * are mostly of other sections (four in five on the demo worlds), which are then not walked. No
 * string is built per look-up: the online pass files and looks up millions of times.
 */
class SectionedKeys<T> {
  private readonly bySection: Array<Map<string, T>> = []

  /** The section's values by key (made on first use). */
  ofSection(section: number): Map<string, T> {
    while (this.bySection.length <= section) this.bySection.push(new Map())
    return this.bySection[section]!
  }

  /** How many sections have values: 0 .. count - 1. */
  get count(): number {
    return this.bySection.length
  }

  /** The values of section `filed` (below count) by key. */
  filed(filed: number): Map<string, T> {
    return this.bySection[filed]!
  }
}

/**
 * The online pass's candidate index: clusters by section and key (an entity or a rarer word;
 * SectionedKeys), filed as objects (a candidate is weighed without a look-up by its id; a merged
 * one is found through `into`). A cluster is filed under the section it has when filed; it may
 * gain one later (its first articles had none) but never changes it, so its entries are under its
 * section or under none, and a walk for its section finds both. The walk still checks sameSection:
 * a cluster filed under none may have gained another.
 */
class CandidateIndex {
  private readonly entries = new SectionedKeys<Set<Cluster>>()

  add(key: string, section: number, c: Cluster): void {
    const byKey = this.entries.ofSection(section)
    const filed = byKey.get(key)
    if (filed) filed.add(c)
    else byKey.set(key, new Set([c]))
  }

  /**
   * Adds to `into` (as its root) each cluster filed under `key` that an article of `section` may
   * join; `rooted` false: no cluster was merged yet, each is its own root (a full pass's online pass).
   */
  collect(key: string, section: number, into: Candidates, rooted: boolean): void {
    for (let s = 0; s < this.entries.count; s++) {
      if (!meets(section, s)) continue
      const filed = this.entries.filed(s).get(key)
      if (!filed) continue
      if (rooted) for (const c of filed) into.add(rootCluster(c))
      else for (const c of filed) into.add(c)
    }
  }

  /** Takes a cluster of `section` out of the key's entries (and an entry out when it empties). */
  leaveOut(key: string, section: number, c: Cluster): void {
    for (let s = 0; s < this.entries.count; s++) {
      // where it may be filed: under its section, or under none from before it had one
      if (s !== 0 && s !== section) continue
      const byKey = this.entries.filed(s)
      const filed = byKey.get(key)
      if (filed?.delete(c) && filed.size === 0) byKey.delete(key)
    }
  }

  /** Takes out every filed cluster `stays` says no to. */
  keepOnly(stays: (c: Cluster) => boolean): void {
    for (let s = 0; s < this.entries.count; s++) {
      const byKey = this.entries.filed(s)
      for (const [key, filed] of byKey) {
        for (const c of filed) if (!stays(c)) filed.delete(c)
        if (filed.size === 0) byKey.delete(key)
      }
    }
  }

  /** (key, cluster) entries: what the online pass walks for candidates. */
  size(): number {
    let n = 0
    for (let s = 0; s < this.entries.count; s++) for (const filed of this.entries.filed(s).values()) n += filed.size
    return n
  }
}

export interface Assignment {
  key: number
  cluster: number
  score: number
}

type Vector = Map<string, number>

/** (a loop, not a spread and a reduce: asked twice for every article a pass clusters) */
const norm = (v: Vector) => {
  let squares = 0
  for (const x of v.values()) squares += x * x
  return Math.sqrt(squares)
}

// The hottest loop of the clustering (millions of calls on a big store): no allocation per call or entry.
function cosine(a: Vector, aNorm: number, b: Vector, bNorm: number): number {
  if (aNorm === 0 || bNorm === 0) return 0
  const small = a.size <= b.size ? a : b
  const large = small === a ? b : a
  let dot = 0
  small.forEach((x, k) => {
    const y = large.get(k)
    if (y !== undefined) dot += x * y
  })
  return dot / (aNorm * bNorm)
}

/** Adds v into target and returns target's new norm, updated from the old one (no full pass). */
function addInto(target: Vector, v: Vector, oldNorm: number): number {
  let squares = oldNorm * oldNorm
  for (const [k, x] of v) {
    const old = target.get(k) ?? 0
    target.set(k, old + x)
    squares += 2 * old * x + x * x
  }
  return Math.sqrt(Math.max(0, squares))
}

interface Cluster {
  id: number
  entities: Vector
  entitiesNorm: number
  text: Vector
  textNorm: number
  first: number
  last: number
  size: number
  /** the section of its first article with one (sectionOf) */
  section: string | null
  /**
   * the cluster it went into (absorbed, or left by every article), null while it is a root: the
   * candidate indexes follow this, as root() follows the ids (mergedInto)
   */
  into: Cluster | null
  /** the stamp of the last list of candidates it went into (Candidates) */
  seen: number
}

/** The cluster a cluster now belongs to (the chain of `into`, shortened on the way as root is). */
function rootCluster(c: Cluster): Cluster {
  let r = c
  while (r.into !== null) r = r.into
  for (let x = c; x !== r; ) {
    const next = x.into!
    x.into = r
    x = next
  }
  return r
}

/**
 * What a cluster gone into another keeps: only the way to it (`into`). The candidate indexes still
 * hold it (their entries name it until a prune), and its centroids would stay with it: 17 MiB of
 * the state a full pass keeps at large.
 */
function letGo(c: Cluster): void {
  c.text.clear()
  c.entities.clear()
}

/** The last stamp given to a list of candidates: every list of every clusterer takes a new one. */
let lastStamp = 0

/**
 * Candidate clusters in the order they were first added, each once: the cluster carries the stamp
 * of the list that has it, instead of a set hashing it (millions of adds a full pass, and growing
 * faster than the articles: a busy store's articles meet more candidates each).
 */
class Candidates {
  readonly list: Cluster[] = []
  private stamp = 0

  /** Empties the list for the next article or piece. */
  begin(): void {
    this.list.length = 0
    this.stamp = ++lastStamp
  }

  add(c: Cluster): void {
    if (c.seen === this.stamp) return
    c.seen = this.stamp
    this.list.push(c)
  }
}

/** Takes one article's text out of a cluster (its norm is left to the caller: several may leave at once). */
function subtractText(c: Cluster, text: Vector): void {
  for (const [w, x] of text) {
    const left = (c.text.get(w) ?? 0) - x
    if (left > 1e-9) c.text.set(w, left)
    else c.text.delete(w)
  }
  c.size--
}

/**
 * A unit vector as word ids in ascending order with their weights: the neighbours' step compares
 * many pairs (NEIGHBOUR_SCAN per rare word per headline), and merging two sorted arrays is
 * several times faster than looking words up in maps. idOf numbers the words as they come.
 */
interface UnitVector {
  words: string[]
  ids: Int32Array
  values: Float64Array
}

function unitVector(v: Vector, idOf: Map<string, number>): UnitVector {
  const n = norm(v) || 1
  const entries = [...v].map(([w, x]) => [idOf.get(w) ?? idOf.set(w, idOf.size).get(w)!, x / n] as const).sort((x, y) => x[0] - y[0])
  return { words: [...v.keys()], ids: Int32Array.from(entries, (e) => e[0]), values: Float64Array.from(entries, (e) => e[1]) }
}

function unitCosine(x: UnitVector, y: UnitVector): number {
  let dot = 0
  for (let p = 0, q = 0; p < x.ids.length && q < y.ids.length; ) {
    if (x.ids[p]! === y.ids[q]!) dot += x.values[p++]! * y.values[q++]!
    else if (x.ids[p]! < y.ids[q]!) p++
    else q++
  }
  return dot
}

/** Only pieces of one period merge: the spans must come within the active window of each other. */
const withinReach = (a: Cluster, b: Cluster) => a.first <= b.last + ACTIVE_DAYS * DAY && b.first <= a.last + ACTIVE_DAYS * DAY

/** The stretch of time (ACTIVE_DAYS long) a time falls in. */
const stretchOf = (time: number) => Math.floor(time / (ACTIVE_DAYS * DAY))

/**
 * Clusters filed under keys (entities, words) by the stretches of ACTIVE_DAYS their spans cover:
 * the clusters of a key that may be within reach of another cluster are those of the stretches
 * around its span, however many other stretches the key has clusters in.
 */
class SpanIndex {
  private readonly byKey = new SectionedKeys<Map<number, Cluster[]>>()

  constructor(private readonly sections: SectionNumbers) {}

  /** Files c under key and its section (as CandidateIndex: a cluster that gains a section later stays under none). */
  add(key: string, c: Cluster): void {
    const byKey = this.byKey.ofSection(this.sections.of(c.section))
    const stretches = byKey.get(key) ?? byKey.set(key, new Map()).get(key)!
    for (let s = stretchOf(c.first); s <= stretchOf(c.last); s++) (stretches.get(s) ?? stretches.set(s, []).get(s)!).push(c)
  }

  /**
   * Adds to `into`, as its root, each cluster of `key` that c may join (sameSection), filed in a
   * stretch within reach of its span: pieces merged into one storyline are one candidate, weighed
   * once (at large, 2.3 million filed ids came to 1.3 million roots). A root of fewer than
   * `minSize` articles will never be one again (the merge pass's smaller pieces are behind it and
   * none grows but by taking a smaller one): its entry is dropped, and the next walk is shorter.
   * Each kept entry names its root from then on; the order of the entries stays.
   */
  near(key: string, c: Cluster, into: Candidates, minSize: number): void {
    const section = this.sections.of(c.section)
    for (let filed = 0; filed < this.byKey.count; filed++) {
      if (!meets(section, filed)) continue
      const stretches = this.byKey.filed(filed).get(key)
      if (!stretches) continue
      for (let s = stretchOf(c.first - ACTIVE_DAYS * DAY); s <= stretchOf(c.last + ACTIVE_DAYS * DAY); s++) {
        const filedThere = stretches.get(s)
        if (!filedThere) continue
        let kept = 0
        for (const entry of filedThere) {
          const root = rootCluster(entry)
          if (root.size < minSize) continue
          filedThere[kept++] = root
          into.add(root)
        }
        filedThere.length = kept
      }
    }
  }
}

/** Whether the text shares a word with the cluster that CORE_WORD_SHARE of its articles carry (its summed weight against the text's own weight of it). */
function sharesCoreWord(text: Vector, c: Cluster): boolean {
  for (const [w, x] of text) {
    const summed = c.text.get(w)
    if (summed !== undefined && summed / (x * c.size) >= CORE_WORD_SHARE) return true
  }
  return false
}

/** Inverse document frequency of each word over the articles. */
export function inverseDocumentFrequency(docs: ReadonlyArray<readonly string[]>): Map<string, number> {
  const df = new Map<string, number>()
  for (const words of docs) for (const w of new Set(words)) df.set(w, (df.get(w) ?? 0) + 1)
  const n = docs.length
  return new Map([...df.entries()].map(([w, d]) => [w, Math.log((1 + n) / (1 + d)) + 1]))
}

/**
 * Inverse trend frequency of each word: how few of a first clustering's trends use it, as the
 * inverse document frequency counts articles. Weighted by articles, a big story's own words
 * ("bachelor" in a tenth of the UCI headlines) weigh as little as words every story uses
 * ("data", "weak"); counted by trends, the story's words are rare and the shared ones common.
 */
export function inverseTrendFrequency(inputs: readonly ClusterInput[], assignments: readonly Assignment[]): Map<string, number> {
  return runSteps(inverseTrendFrequencySteps(inputs, assignments))
}

/** inverseTrendFrequency as a generator that pauses every few thousand articles (background jobs). */
export function* inverseTrendFrequencySteps(inputs: readonly ClusterInput[], assignments: readonly Assignment[]): Generator<void, Map<string, number>> {
  const clusterOf = new Map(assignments.map((a) => [a.key, a.cluster]))
  // each trend's articles together, grouped in one walk (a sort by trend looked the trend up twice
  // per comparison: 3.3x the time at large for 2.1x the articles)
  const byTrend = new Map<number, ClusterInput[]>()
  for (const input of inputs) {
    const trend = clusterOf.get(input.key)!
    const list = byTrend.get(trend)
    if (list) list.push(input)
    else byTrend.set(trend, [input])
  }
  const trendsWith = new Map<string, number>()
  const lastTrend = new Map<string, number>()
  let done = 0
  for (const [trend, list] of byTrend) {
    for (const input of list) {
      if (++done % ARTICLES_PER_STEP === 0) yield
      for (const w of input.words) {
        if (lastTrend.get(w) === trend) continue
        lastTrend.set(w, trend)
        trendsWith.set(w, (trendsWith.get(w) ?? 0) + 1)
      }
    }
  }
  const trends = byTrend.size
  return new Map([...trendsWith].map(([w, t]) => [w, Math.log((1 + trends) / (1 + t)) + 1]))
}

/** unseen: the weight of a word the weights were computed without (articles that came after them). */
function textVector(words: readonly string[], weights: Map<string, number>, unseen: number): Vector {
  const v: Vector = new Map()
  for (const w of words) v.set(w, (v.get(w) ?? 0) + (weights.get(w) ?? unseen))
  return v
}

export interface ClusterParams {
  joinThreshold: number
  textOnlyThreshold: number
  timeScaleDays: number
  /** Clusters whose centroids are at least this similar are merged after the online pass. */
  mergeThreshold: number
  /** The same for clusters without entities (headlines only): their cosines run lower. */
  textOnlyMergeThreshold: number
}

export const MERGE_THRESHOLD = 0.5
export const TEXT_ONLY_MERGE_THRESHOLD = 0.2

export const DEFAULT_CLUSTER_PARAMS: ClusterParams = {
  joinThreshold: JOIN_THRESHOLD,
  textOnlyThreshold: TEXT_ONLY_THRESHOLD,
  timeScaleDays: TIME_SCALE_DAYS,
  mergeThreshold: MERGE_THRESHOLD,
  textOnlyMergeThreshold: TEXT_ONLY_MERGE_THRESHOLD,
}

/** Assigns every input (in time order) to a cluster; cluster ids are the keys of their first article. */
export function clusterStorylines(inputs: readonly ClusterInput[], idf: Map<string, number>, params: ClusterParams = DEFAULT_CLUSTER_PARAMS): Assignment[] {
  return runSteps(clusterStorylinesSteps(inputs, idf, params))
}

/** Articles assigned between two pauses of the stepwise clustering. */
const ARTICLES_PER_STEP = 2000

/** clusterStorylines as a generator that pauses every few thousand articles (background jobs). */
export function* clusterStorylinesSteps(
  inputs: readonly ClusterInput[],
  idf: Map<string, number>,
  params: ClusterParams = DEFAULT_CLUSTER_PARAMS,
): Generator<void, Assignment[]> {
  return yield* clusterIntoSteps(new StorylineClusterer(idf, params), inputs)
}

/**
 * The full pass over a fresh clusterer: every input in time order, then the clean-ups.
 * byNeighbours: whether headlines end by following their nearest headlines (the full pass's
 * second clustering; the first, which only finds the trend weights, goes without).
 */
export function* clusterIntoSteps(clusterer: StorylineClusterer, inputs: readonly ClusterInput[], byNeighbours = true): Generator<void, Assignment[]> {
  const ordered = [...inputs].sort((a, b) => a.time - b.time || a.key - b.key)
  const out: Assignment[] = []
  let done = 0
  for (const a of ordered) {
    if (++done % ARTICLES_PER_STEP === 0) yield
    out.push(clusterer.assign(a))
  }
  clusterer.merge()
  const strays = clusterer.releaseStrays(ordered, out)
  clusterer.attachFragments()
  // each step moves the assignments in place: a copy of every article's is 50 MB at large
  const cleaned = settle(out, (a) => clusterer.root(strays.get(a.key) ?? a.cluster))
  if (!byNeighbours) return cleaned
  const moved = yield* clusterer.reassignByNeighboursSteps(ordered, cleaned)
  if (moved.size > 0) {
    // Pieces changed: some now resemble the trend of their story (the merge pass again), and a
    // headline that followed weak votes into a big trend without any of its core words leaves it.
    clusterer.merge()
    for (const a of cleaned) {
      const now = moved.get(a.key)
      if (now) a.score = now.score
      a.cluster = clusterer.root((now ?? a).cluster)
    }
    const lateStrays = clusterer.releaseStrays(ordered, cleaned)
    settle(cleaned, (a) => clusterer.root(lateStrays.get(a.key) ?? a.cluster))
  }
  const markets = clusterer.splitMarkets(ordered, cleaned)
  return markets.size === 0 ? cleaned : settle(cleaned, (a) => markets.get(a.key) ?? a.cluster)
}

/** Gives each assignment the cluster `clusterOf` says, in place; returns the same list. */
function settle(assignments: Assignment[], clusterOf: (a: Assignment) => number): Assignment[] {
  for (const a of assignments) a.cluster = clusterOf(a)
  return assignments
}

/**
 * When the clusters filed in a candidate index may go quiet (their newest article older than the
 * index's reach): each cluster under the day its check falls due, moved on whenever it takes an
 * article. The online pass asks it once a day for the clusters gone quiet instead of walking every
 * entry of the index: that walk grew with the square of the articles a day (8x from medium to
 * large, against 3.9x the articles).
 */
class QuietSchedule {
  private readonly byDay = new Map<number, number[]>()
  private readonly dueOf = new Map<number, number>()

  constructor(readonly reach: number) {}

  /** The cluster's newest article is now at `last` (epoch seconds). */
  touched(id: number, last: number): void {
    const day = Math.floor((last + this.reach) / DAY)
    if (this.dueOf.get(id) === day) return
    this.dueOf.set(id, day)
    const ids = this.byDay.get(day)
    if (ids) ids.push(id)
    else this.byDay.set(day, [id])
  }

  /** The clusters quiet for longer than the reach at `now`, each once (until it is touched again). */
  quiet(now: number, lastOf: (id: number) => number): number[] {
    const out: number[] = []
    const today = Math.floor(now / DAY)
    for (const [day, ids] of this.byDay) {
      if (day > today) continue
      const later: number[] = []
      for (const id of ids) {
        // an id checked under a day it has since moved on from is checked under its own day
        if (this.dueOf.get(id) !== day) continue
        if (now - lastOf(id) > this.reach) {
          this.dueOf.delete(id)
          out.push(id)
        } else later.push(id)
      }
      if (later.length > 0) this.byDay.set(day, later)
      else this.byDay.delete(day)
    }
    return out
  }
}

/**
 * The clustering's state: every cluster's centroids and the indexes that find candidates. It
 * outlives a full pass, so publications arriving later are assigned online against the same
 * state (incremental updates) until the next full pass merges and splits again.
 */
export class StorylineClusterer {
  private readonly clusters = new Map<number, Cluster>()
  private readonly byEntity = new CandidateIndex()
  private readonly byWord = new CandidateIndex()
  private readonly sections = new SectionNumbers()
  /** Clusters merged into a larger one: the index entries still name them. */
  private readonly mergedInto = new Map<number, number>()
  /** The online step's candidates (one list, begun again for each article). */
  private readonly candidates = new Candidates()
  private prunedAt = -Infinity
  /**
   * When the clusters go quiet in each index, while only the online pass has filed them; null once
   * a clean-up moved articles between clusters (then a prune walks the indexes, as an incremental
   * update's few days do).
   */
  private schedules: { entity: QuietSchedule; word: QuietSchedule } | null
  /**
   * Each trend's words not yet filed in the word index, with the section each goes under, while
   * no article has looked trends up by word (null from then on: filed as they come). An article
   * with a strong entity finds its candidates by entity alone, and on the demo worlds every
   * article has one: filing each article's rarer words as it joined, and taking them out again
   * when its trend went quiet, was a fifth of the online pass at large. fileWords files them, as
   * they would have been filed, before any look-up and before the clean-ups.
   */
  private unfiled: Map<number, Array<{ section: number; words: readonly string[] }>> | null = new Map()
  /** How long a trend stays a candidate through its entities (for articles with strong ones) and its rarer words (for articles without). */
  private readonly reaches: { entity: number; word: number }
  /** A trend that market reports left (splitMarkets) -> each market's trend, by market. */
  private readonly marketTrends = new Map<number, Map<string, number>>()
  /** The last id given to a headline that left its trend (releaseStrays): ids below 0 are free. */
  private lowestOwnId = 0
  /** A word first met after the weights were computed weighs as the rarest word seen (a new name, most likely). */
  private readonly unseenWeight: number

  /**
   * weights: each word's weight, how few articles (inverseDocumentFrequency) or trends
   * (inverseTrendFrequency) carry it; it weighs the text vectors and tells rare words.
   */
  constructor(
    readonly weights: Map<string, number>,
    readonly params: ClusterParams = DEFAULT_CLUSTER_PARAMS,
  ) {
    let rarest = 1
    for (const w of weights.values()) if (w > rarest) rarest = w
    this.unseenWeight = rarest
    this.reaches = { entity: this.reach(params.joinThreshold), word: this.reach(Math.min(params.joinThreshold, params.textOnlyThreshold)) }
    this.schedules = { entity: new QuietSchedule(this.reaches.entity), word: new QuietSchedule(this.reaches.word) }
  }

  /** Share of these words the weights know: low when new data speaks of other things (a full pass should follow). */
  knownShare(words: readonly string[]): number {
    if (words.length === 0) return 1
    let known = 0
    for (const w of words) if (this.weights.has(w)) known++
    return known / words.length
  }

  /** How specific a text is to few trends (or articles): the highest weight of its words (0 without any). */
  specificity(text: string): number {
    let most = 0
    for (const w of words(text)) most = Math.max(most, this.weights.get(w) ?? this.unseenWeight)
    return most
  }

  /**
   * How specific an entity is: the weight of the entity itself where the clustering counts it
   * (a name found in the text is a term of its own), else of its name's words.
   */
  entitySpecificity(id: string | undefined, name: string): number {
    return (id === undefined ? undefined : this.weights.get(`${ENTITY_TERM}${id}`)) ?? this.specificity(name)
  }

  // Very common words make poor candidate keys: index each cluster under its rarer words only.
  private keyWord(w: string): boolean {
    return (this.weights.get(w) ?? this.unseenWeight) > RARE_WORD_WEIGHT
  }

  /** The cluster a (possibly merged) cluster id now belongs to. */
  root(id: number): number {
    const into = this.mergedInto
    let r = id
    for (let next = into.get(r); next !== undefined; next = into.get(r)) r = next
    // the ids on the way point at their root from now on: chains of merges grow long on big
    // stores, and the merge pass asks for the root of every candidate
    for (let x = id; x !== r; ) {
      const next = into.get(x)!
      into.set(x, r)
      x = next
    }
    return r
  }

  /**
   * How long after its last article a trend can still take one, in days: the time decay alone
   * (exp(-age / timeScaleDays), the similarity at most 1) falls below the threshold after it.
   * Trends are candidates by entity only for articles with strong entities (the join threshold),
   * by word for articles without (the join threshold with weak entities, else the text-only one).
   */
  private reach(threshold: number): number {
    return Math.min(ACTIVE_DAYS, this.params.timeScaleDays * Math.log(1 / threshold)) * DAY
  }

  /** Leaves out of the candidate indexes the trends too old to take an article of `now`. */
  private prune(now: number): void {
    this.prunedAt = now
    const schedules = this.schedules
    if (schedules) {
      const lastOf = (id: number) => this.clusters.get(id)!.last
      // a cluster is filed under some of its entities and rarer words: leaving it out of the
      // indexes of all of them leaves out each entry it has
      for (const id of schedules.entity.quiet(now, lastOf)) {
        const c = this.clusters.get(id)!
        const section = this.sections.of(c.section)
        for (const key of c.entities.keys()) this.byEntity.leaveOut(key, section, c)
      }
      for (const id of schedules.word.quiet(now, lastOf)) {
        // (words not filed yet are simply not filed: the word index holds none of this trend's)
        if (this.unfiled) {
          this.unfiled.delete(id)
          continue
        }
        const c = this.clusters.get(id)!
        const section = this.sections.of(c.section)
        for (const w of c.text.keys()) if (this.keyWord(w)) this.byWord.leaveOut(w, section, c)
      }
      return
    }
    for (const [index, reach] of [
      [this.byEntity, this.reaches.entity],
      [this.byWord, this.reaches.word],
    ] as const) {
      index.keepOnly((c) => now - rootCluster(c).last <= reach)
    }
  }

  /** How many (key, cluster) entries each candidate index holds: what the online pass walks for candidates. */
  candidateEntries(): { byEntity: number; byWord: number } {
    // (the words not filed yet count as the entries they will be)
    const unfiled = new Set<string>()
    for (const [id, list] of this.unfiled ?? []) for (const { section, words } of list) for (const w of words) if (this.keyWord(w)) unfiled.add(`${section} ${w} ${id}`)
    return { byEntity: this.byEntity.size(), byWord: this.byWord.size() + unfiled.size }
  }

  /** Files the words not filed yet (unfiled) in the word index, and every later article's as it joins. */
  private fileWords(): void {
    const unfiled = this.unfiled
    if (!unfiled) return
    this.unfiled = null
    // (every trend with waiting words is there: none leaves the clusters before the first clean-up)
    for (const [id, list] of unfiled) {
      const c = this.clusters.get(id)!
      for (const { section, words } of list) for (const w of words) if (this.keyWord(w)) this.byWord.add(w, section, c)
    }
  }

  /** What every clean-up starts with: it moves articles between trends, so quiet trends are found by a walk of the indexes, and trends are found by word. */
  private beginCleanUp(): void {
    this.schedules = null
    this.fileWords()
  }

  /** Assigns one publication to the trend it continues, or to a new one (the online step). */
  assign(a: ClusterInput): Assignment {
    const params = this.params
    if (a.time - this.prunedAt > DAY) this.prune(a.time)
    const section = a.section ?? null
    // (filled by a loop: a pair made for each entity first took 1.0 s of a large daily pass's profile)
    const ent: Vector = new Map()
    for (const e of a.entities) ent.set(e.id, e.score)
    const entNorm = norm(ent)
    const text = textVector(a.words, this.weights, this.unseenWeight)
    const textNorm = norm(text)
    const candidates = this.candidates
    candidates.begin()
    let strong = 0
    // Candidates come from the article's strong entities; weak ones (a city mentioned in passing)
    // would make every trend of that city a candidate.
    const sectionNo = this.sections.of(section)
    const rooted = this.mergedInto.size > 0
    for (const [id, score] of ent) {
      if (score < KEY_ENTITY_SCORE) continue
      strong++
      this.byEntity.collect(id, sectionNo, candidates, rooted)
    }
    // Words find candidates only for articles without strong entities (headlines): across many
    // languages every topic word is "rare" and would make every trend of a topic a candidate.
    if (strong === 0) {
      this.fileWords()
      for (const w of text.keys()) if (this.keyWord(w)) this.byWord.collect(w, sectionNo, candidates, rooted)
    }

    const threshold = entNorm > 0 ? params.joinThreshold : params.textOnlyThreshold
    let best: Cluster | null = null
    let bestScore = 0
    for (const c of candidates.list) {
      if (!sameSection(section, c.section)) continue
      // days between the article and the trend's span (articles added later may be older than it)
      const age = (a.time > c.last ? a.time - c.last : a.time < c.first ? c.first - a.time : 0) / DAY
      if (age > ACTIVE_DAYS) continue
      const time = Math.exp(-age / params.timeScaleDays)
      // a similarity is 1 at most: too old to reach the threshold (or the best so far) whatever the words
      if (time < Math.max(bestScore, threshold)) continue
      const withEntities = entNorm > 0 && c.entitiesNorm > 0
      const entitySim = withEntities ? cosine(ent, entNorm, c.entities, c.entitiesNorm) : 0
      // Even a perfect text match could not lift this trend above the best so far: skip the text.
      if (withEntities && time * (W_ENTITIES * entitySim + W_TEXT) < Math.max(bestScore, params.joinThreshold)) continue
      if (!withEntities && c.size >= CORE_TREND_SIZE && !sharesCoreWord(text, c)) continue
      const textSim = cosine(text, textNorm, c.text, c.textNorm)
      const sim = withEntities ? W_ENTITIES * entitySim + W_TEXT * textSim : textSim
      const score = time * sim
      if (score > bestScore || (score === bestScore && best && c.id < best.id)) {
        best = c
        bestScore = score
      }
    }
    let target: Cluster
    if (best && bestScore >= threshold) {
      // a later report on a market whose reports left this trend goes to that market's trend, as
      // the full pass would put it (splitMarkets)
      const marketTrend = a.market && a.entities.length === 0 ? this.marketTrends.get(best.id)?.get(a.market) : undefined
      target = marketTrend === undefined ? best : (this.clusters.get(this.root(marketTrend)) ?? best)
    } else {
      target = this.newCluster(a.key, a.time, section)
      bestScore = 1
    }
    target.entitiesNorm = addInto(target.entities, ent, target.entitiesNorm)
    this.addText(target, text, a.time, section, a.words)
    // (after addText: a trend without a section takes the article's, and is filed under it)
    const filedUnder = this.sections.of(target.section)
    for (const [id, score] of ent) if (score >= KEY_ENTITY_SCORE) this.byEntity.add(id, filedUnder, target)
    return { key: a.key, cluster: target.id, score: Math.round(Math.min(1, bestScore) * 1000) / 1000 }
  }

  /** One more article in the cluster: its text (of `words`), time and section (its entities are the caller's). */
  private addText(c: Cluster, text: Vector, time: number, section: string | null, words: readonly string[]): void {
    c.textNorm = addInto(c.text, text, c.textNorm)
    c.first = Math.min(c.first, time)
    c.last = Math.max(c.last, time)
    c.size++
    c.section ??= section
    this.indexWords(c, text, words)
    this.schedules?.entity.touched(c.id, c.last)
    this.schedules?.word.touched(c.id, c.last)
  }

  /** The share of a cluster's articles that carry a word (its summed weight against one article's). */
  private wordShare(c: Cluster, w: string): number {
    return (c.text.get(w) ?? 0) / ((this.weights.get(w) ?? this.unseenWeight) * c.size)
  }

  /** Makes the cluster a candidate for later articles that carry one of the text's rarer words (its `words`; unfiled while no article looks trends up by word). */
  private indexWords(c: Cluster, text: Vector, words: readonly string[]): void {
    const section = this.sections.of(c.section)
    if (this.unfiled) {
      const list = this.unfiled.get(c.id)
      if (list) list.push({ section, words })
      else this.unfiled.set(c.id, [{ section, words }])
      return
    }
    for (const w of text.keys()) if (this.keyWord(w)) this.byWord.add(w, section, c)
  }

  private newCluster(id: number, time: number, section: string | null): Cluster {
    const c: Cluster = { id, entities: new Map(), entitiesNorm: 0, text: new Map(), textNorm: 0, first: time, last: time, size: 0, section, into: null, seen: 0 }
    this.clusters.set(id, c)
    return c
  }

  /**
   * Each trend's inputs, by its current id. `assignments[i]` is `inputs[i]`'s, as clusterIntoSteps
   * keeps them: no map of every input by its key (733,000 at large, made for each clean-up).
   */
  private membersByTrend(inputs: readonly ClusterInput[], assignments: readonly Assignment[]): Map<number, ClusterInput[]> {
    if (inputs.length !== assignments.length) throw new Error(`${assignments.length} assignments for ${inputs.length} inputs`)
    const members = new Map<number, ClusterInput[]>()
    for (let i = 0; i < assignments.length; i++) {
      const a = assignments[i]!
      const input = inputs[i]!
      if (input.key !== a.key) throw new Error(`assignment ${i} is of ${a.key}, its input of ${input.key}`)
      const root = this.root(a.cluster)
      ;(members.get(root) ?? members.set(root, []).get(root)!).push(input)
    }
    return members
  }

  /**
   * Headlines (articles without entities) in a trend of CORE_TREND_SIZE articles or more that carry
   * none of its core words (STRAY_WORD_SHARE of its other articles) leave it, each a trend of its
   * own. They are the seeds of pieces that grew into another story ("What's News", "Share this
   * on:") and went with the piece when it merged. Returns each stray's new cluster by its key.
   * The new clusters take ids below every article key (keys are positive), a fresh one each.
   * `assignments[i]` is `inputs[i]`'s.
   */
  releaseStrays(inputs: readonly ClusterInput[], assignments: readonly Assignment[]): Map<number, number> {
    this.beginCleanUp()
    const moved = new Map<number, number>()
    for (const [id, list] of this.membersByTrend(inputs, assignments)) {
      // (only headlines stray: a trend of articles with entities alone has none to count words for)
      if (list.length < CORE_TREND_SIZE || !list.some((a) => a.entities.length === 0)) continue
      const articlesWith = new Map<string, number>()
      for (const a of list) for (const w of new Set(a.words)) articlesWith.set(w, (articlesWith.get(w) ?? 0) + 1)
      const strays = list.filter((a) => a.entities.length === 0 && !a.words.some((w) => (articlesWith.get(w)! - 1) / (list.length - 1) >= STRAY_WORD_SHARE))
      if (strays.length === 0 || strays.length === list.length) continue
      const from = this.clusters.get(id)!
      for (const a of strays) {
        const text = textVector(a.words, this.weights, this.unseenWeight)
        subtractText(from, text)
        const own = this.newCluster(--this.lowestOwnId, a.time, a.section ?? null)
        this.addText(own, text, a.time, a.section ?? null, a.words)
        moved.set(a.key, own.id)
      }
      from.textNorm = norm(from.text)
    }
    return moved
  }

  /**
   * A big trend (BIG_TREND_SIZE articles or more) gives the market reports of one market, at
   * least MARKET_TREND_SIZE headlines and fewer than half of its articles, a trend of their own:
   * on the day China's exports fell, the oil, copper and US stocks reports leave the China trend
   * (docs/trends.md, "Market reports"). Headlines only (articles without entities), as the other
   * clean-ups. `assignments` are current (roots), `assignments[i]` `inputs[i]`'s; returns each moved
   * headline's new cluster by its key. The new clusters take ids below every article key, as releaseStrays's.
   */
  splitMarkets(inputs: readonly ClusterInput[], assignments: readonly Assignment[]): Map<number, number> {
    this.beginCleanUp()
    const moved = new Map<number, number>()
    for (const [id, list] of this.membersByTrend(inputs, assignments)) {
      const from = this.clusters.get(id)
      if (!from || list.length < BIG_TREND_SIZE) continue
      const reports = new Map<string, ClusterInput[]>()
      for (const a of list) if (a.market && a.entities.length === 0) (reports.get(a.market) ?? reports.set(a.market, []).get(a.market)!).push(a)
      // One market's reports are that market's story (a day on Wall Street); the reports of two
      // markets or more that a story moved are each market's own.
      const markets = [...reports].filter(([, r]) => r.length >= MARKET_TREND_SIZE && r.length * 2 < list.length).sort((x, y) => (x[0] < y[0] ? -1 : 1))
      if (markets.length < 2) continue
      for (const [, market] of markets) {
        const own = this.newCluster(--this.lowestOwnId, market[0]!.time, market[0]!.section ?? null)
        ;(this.marketTrends.get(id) ?? this.marketTrends.set(id, new Map()).get(id)!).set(market[0]!.market!, own.id)
        for (const a of market) {
          const text = textVector(a.words, this.weights, this.unseenWeight)
          subtractText(from, text)
          this.addText(own, text, a.time, a.section ?? null, a.words)
          moved.set(a.key, own.id)
        }
      }
      from.textNorm = norm(from.text)
    }
    return moved
  }

  /** Each market's trend (splitMarkets) with the trend its reports left, by their current ids. */
  *marketTrendOrigins(): Generator<{ trend: number; origin: number }> {
    for (const [origin, byMarket] of this.marketTrends) for (const trend of byMarket.values()) yield { trend: this.root(trend), origin: this.root(origin) }
  }

  /**
   * Fragments of headlines (at most FRAGMENT_SIZE articles without entities) join the big trend
   * (BIG_TREND_SIZE or more) of their section and period whose core word (BIG_TREND_WORD_SHARE of
   * its articles) half of their own articles carry, the rarer and more shared the word the
   * better: "UK's first bitcoin machine opens in London" goes to the Mt. Gox trend, where the
   * merge pass found the whole centroids too far apart.
   */
  attachFragments(): void {
    this.beginCleanUp()
    const byCoreWord = new Map<string, Cluster[]>()
    for (const c of this.clusters.values()) {
      if (c.size < BIG_TREND_SIZE) continue
      // Any word, however common: a big story's own word is common in a small store (on the UCI
      // file "bachelor" is in a tenth of all headlines) and the rarity index would miss it.
      for (const w of c.text.keys()) if (this.wordShare(c, w) >= BIG_TREND_WORD_SHARE) (byCoreWord.get(w) ?? byCoreWord.set(w, []).get(w)!).push(c)
    }
    // Only headline fragments: articles with entities had the merge pass weigh their names.
    const fragments = [...this.clusters.values()].filter((c) => c.size <= FRAGMENT_SIZE && c.entitiesNorm === 0).sort((a, b) => a.id - b.id)
    for (const fragment of fragments) {
      let best: Cluster | null = null
      let bestScore = 0
      for (const w of fragment.text.keys()) {
        if (this.wordShare(fragment, w) < FRAGMENT_WORD_SHARE) continue
        for (const big of byCoreWord.get(w) ?? []) {
          if (!sameSection(fragment.section, big.section) || !withinReach(fragment, big)) continue
          const score = this.wordShare(big, w) * (this.weights.get(w) ?? this.unseenWeight)
          if (score > bestScore || (score === bestScore && best && big.id < best.id)) {
            best = big
            bestScore = score
          }
        }
      }
      if (best) this.absorb(best, fragment)
    }
  }

  /**
   * Each headline (article without entities) moves to the trend most of its nearest headlines
   * are in, when their votes there outweigh the votes for its own trend NEIGHBOUR_MARGIN times.
   * A vote is a neighbour's similarity (its words' cosine, times the time decay); the NEIGHBOURS
   * most similar headlines of the section and period vote, each at least NEIGHBOUR_SIMILARITY
   * alike. The online pass sees a trend only through its centroid, spread over hundreds of words
   * in a big story; a headline whose close copies went elsewhere ("iOS 7.1 Makes the iPhone 4
   * Snappier", which joined the iPhone 6 concept trend on the UCI file) follows them. All votes
   * are counted on the assignment before any move. `assignments` are current (roots); returns
   * the moved ones.
   */
  *reassignByNeighboursSteps(inputs: readonly ClusterInput[], assignments: readonly Assignment[]): Generator<void, Map<number, Assignment>> {
    this.beginCleanUp()
    const moved = new Map<number, Assignment>()
    // (a store whose articles all come with entities, the demo world's, stops here)
    if (!inputs.some((a) => a.entities.length === 0)) return moved
    const clusterOf = new Map(assignments.map((a) => [a.key, a.cluster]))
    const heads = inputs.filter((a) => a.entities.length === 0 && clusterOf.has(a.key)).sort((a, b) => a.time - b.time || a.key - b.key)
    if (heads.length < 2) return moved
    const idOf = new Map<string, number>()
    const vectors = heads.map((a) => unitVector(textVector(a.words, this.weights, this.unseenWeight), idOf))
    // Postings of the rarer words, in time order (heads are): who may be a neighbour.
    const lists = new Map<string, number[]>()
    heads.forEach((_, i) => {
      for (const w of vectors[i]!.words) if (this.keyWord(w)) (lists.get(w) ?? lists.set(w, []).get(w)!).push(i)
    })
    const postings = new Map([...lists].map(([w, list]) => [w, Int32Array.from(list)]))
    const seen = new Int32Array(heads.length).fill(-1)
    const decisions: Array<{ index: number; from: number; to: number; score: number }> = []
    for (let i = 0; i < heads.length; i++) {
      if (i % ARTICLES_PER_STEP === ARTICLES_PER_STEP - 1) yield
      const a = heads[i]!
      const v = vectors[i]!
      const near: Array<{ j: number; vote: number; cos: number }> = []
      const consider = (j: number) => {
        if (seen[j] === i) return
        seen[j] = i
        const b = heads[j]!
        if (!sameSection(a.section ?? null, b.section ?? null)) return
        const cos = unitCosine(v, vectors[j]!)
        if (cos < NEIGHBOUR_SIMILARITY) return
        const vote = cos * Math.exp(-Math.abs(a.time - b.time) / DAY / this.params.timeScaleDays)
        if (near.length === NEIGHBOURS && vote <= near[NEIGHBOURS - 1]!.vote) return
        // kept in descending order of vote (insertion: the list is short)
        let at = near.length
        while (at > 0 && near[at - 1]!.vote < vote) at--
        near.splice(at, 0, { j, vote, cos })
        if (near.length > NEIGHBOURS) near.pop()
      }
      seen[i] = i
      for (const w of v.words) {
        const list = postings.get(w)
        if (!list) continue
        // outward from the headline itself, nearest in time first, within the active window
        const at = firstAtLeast(list, i)
        let before = at - 1
        let after = at + 1
        for (let scanned = 0; scanned < NEIGHBOUR_SCAN; scanned++) {
          const gapBefore = before >= 0 ? a.time - heads[list[before]!]!.time : Infinity
          const gapAfter = after < list.length ? heads[list[after]!]!.time - a.time : Infinity
          if (Math.min(gapBefore, gapAfter) > ACTIVE_DAYS * DAY) break
          consider(gapBefore <= gapAfter ? list[before--]! : list[after++]!)
        }
      }
      const own = clusterOf.get(a.key)!
      const votes = new Map<number, number>()
      for (const n of near) {
        const c = clusterOf.get(heads[n.j]!.key)!
        // a neighbour without a section may sit in a trend of another section than this headline's
        if (c !== own && !sameSection(a.section ?? null, this.clusters.get(c)?.section ?? null)) continue
        votes.set(c, (votes.get(c) ?? 0) + n.vote)
      }
      let best = own
      let bestVotes = 0
      for (const [c, x] of votes) if (c !== own && (x > bestVotes || (x === bestVotes && c < best))) [best, bestVotes] = [c, x]
      if (best !== own && bestVotes > NEIGHBOUR_MARGIN * (votes.get(own) ?? 0)) {
        const cos = Math.max(...near.filter((n) => clusterOf.get(heads[n.j]!.key) === best).map((n) => n.cos))
        decisions.push({ index: i, from: own, to: best, score: Math.round(Math.min(1, cos) * 1000) / 1000 })
      }
    }
    for (const d of decisions) {
      const a = heads[d.index]!
      const from = this.clusters.get(d.from)
      const to = this.clusters.get(d.to)
      // (a trend without a section takes the section of the first headline that moves in)
      if (!from || !to || !sameSection(a.section ?? null, to.section)) continue
      const text = textVector(a.words, this.weights, this.unseenWeight)
      subtractText(from, text)
      from.textNorm = norm(from.text)
      this.addText(to, text, a.time, a.section ?? null, a.words)
      moved.set(a.key, { key: a.key, cluster: to.id, score: d.score })
    }
    // A trend every article left lives on as an alias of where its last one went.
    for (const d of decisions) {
      const from = this.clusters.get(d.from)
      if (from && from.size === 0) {
        this.clusters.delete(from.id)
        this.mergedInto.set(from.id, d.to)
        from.into = this.clusters.get(this.root(d.to))!
        letGo(from)
      }
    }
    return moved
  }

  /** small's articles become big's (its centroids and span included); small lives on as an alias. */
  private absorb(big: Cluster, small: Cluster): void {
    this.mergedInto.set(small.id, big.id)
    small.into = big
    big.textNorm = addInto(big.text, small.text, big.textNorm)
    big.entitiesNorm = addInto(big.entities, small.entities, big.entitiesNorm)
    big.size += small.size
    big.first = Math.min(big.first, small.first)
    big.last = Math.max(big.last, small.last)
    big.section ??= small.section
    this.clusters.delete(small.id)
    letGo(small)
  }

  /**
   * The merge pass: pieces of one storyline that the online pass kept apart (a headline that
   * shared too few words with the story so far) join the larger cluster whose centroid they
   * resemble. Larger clusters absorb smaller ones; each cluster is merged at most into one.
   */
  merge(): void {
    this.beginCleanUp()
    const { clusters, params } = this
    // Candidates share a main entity (half the weight of the cluster's top one) or a rare word, and
    // lived within reach of it: each cluster is filed under its keys by the stretches of time its
    // span covers, so a key of a whole year is not walked for every cluster that carries it.
    const byEntity = new SpanIndex(this.sections)
    const byWord = new SpanIndex(this.sections)
    // (loops, not spreads and copies: a year-long storyline's cluster holds thousands of entities)
    const mainEntities = (c: Cluster) => {
      let top = 0
      for (const w of c.entities.values()) if (w > top) top = w
      const main: string[] = []
      for (const [id, w] of c.entities) if (w >= top / 2) main.push(id)
      return main
    }
    // Only a cluster without entities finds candidates by word, and none gains entities but by
    // absorbing another: without one from the start, no cluster is filed by word (none on the demo worlds).
    let byWordAsked = false
    for (const c of clusters.values()) if (c.entitiesNorm === 0) byWordAsked = true
    for (const c of clusters.values()) {
      for (const id of mainEntities(c)) byEntity.add(id, c)
      if (byWordAsked) for (const w of c.text.keys()) if (this.keyWord(w)) byWord.add(w, c)
    }
    const bySize = [...clusters.values()].sort((a, b) => a.size - b.size || a.id - b.id)
    const candidates = new Candidates()
    // (sizes as sorted: a piece is weighed in this order however much it took in since)
    const sortedSizes = bySize.map((c) => c.size)
    for (const [at, small] of bySize.entries()) {
      // (roots: no merge happens while its candidates are weighed; the piece itself is one, as only
      // the piece being weighed is ever absorbed)
      candidates.begin()
      const minSize = sortedSizes[at]!
      for (const id of mainEntities(small)) byEntity.near(id, small, candidates, minSize)
      if (small.entitiesNorm === 0) for (const w of small.text.keys()) if (this.keyWord(w)) byWord.near(w, small, candidates, minSize)
      let best: Cluster | null = null
      let bestSim = 0
      for (const other of candidates.list) {
        if (other === small || other.size < small.size) continue
        if (!sameSection(small.section, other.section)) continue
        if (!withinReach(small, other)) continue
        const withEntities = small.entitiesNorm > 0 && other.entitiesNorm > 0
        const entitySim = withEntities ? cosine(small.entities, small.entitiesNorm, other.entities, other.entitiesNorm) : 0
        // even the same words could not lift the entities' similarity to the threshold: skip the text
        if (withEntities && W_ENTITIES * entitySim + W_TEXT < Math.max(bestSim, params.mergeThreshold)) continue
        const textSim = cosine(small.text, small.textNorm, other.text, other.textNorm)
        const sim = withEntities ? W_ENTITIES * entitySim + W_TEXT * textSim : textSim
        if (sim < (withEntities ? params.mergeThreshold : params.textOnlyMergeThreshold)) continue
        if (sim > bestSim) {
          best = other
          bestSim = sim
        }
      }
      if (best) this.absorb(best, small)
    }
  }
}

/** B-cubed precision, recall and F1 of a clustering against gold labels (Amigó et al. 2009). */
export function bCubed(predicted: ReadonlyMap<number, string | number>, gold: ReadonlyMap<number, string | number>) {
  const items = [...gold.keys()].filter((k) => predicted.has(k))
  const groupOf = (labels: ReadonlyMap<number, string | number>) => {
    const groups = new Map<string | number, number[]>()
    for (const k of items) {
      const l = labels.get(k)!
      ;(groups.get(l) ?? groups.set(l, []).get(l)!).push(k)
    }
    return groups
  }
  const p = groupOf(predicted)
  const g = groupOf(gold)
  let precision = 0
  let recall = 0
  for (const k of items) {
    const inP = p.get(predicted.get(k)!)!
    const inG = new Set(g.get(gold.get(k)!)!)
    const both = inP.filter((x) => inG.has(x)).length
    precision += both / inP.length
    recall += both / inG.size
  }
  const n = items.length || 1
  precision /= n
  recall /= n
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall), items: items.length }
}

/** Common words; the two-letter ones are those a headline in capitals writes so ("TELL US"). */
const STOPWORDS = new Set(
  (
    'am an as at be by do go he if in is it me my no of on or so to up us we ' +
    'the and for with from that this are was were has have had not but its into over after about than more what when how why who will would could their they them his her she him you your our out new says said ' +
    'der die das und für mit von den dem des ein eine einer ist sich auf nicht wie was wird nach bei aus zum zur über ' +
    'les des une pour dans sur par avec est que qui pas son ses aux plus ' +
    'los las una para con por del que como más sus sobre ' +
    'как что для при это все его они или так уже'
  ).split(' '),
)

/**
 * A version or a measure ("iOS 7.1", "Apple TV 6.1", a "4.7-inch" screen): groups of at most
 * three digits joined by dots, read as one word. A date written with dots ("09.03.2014") is not
 * one: its year has four digits, and it would tie together every headline of that day.
 */
const VERSION = String.raw`(?<![\p{N}.])\p{N}{1,3}(?:\.\p{N}{1,3})+(?!\.?\p{N})`
const TOKEN = new RegExp(String.raw`${VERSION}|[\p{L}\p{N}]+`, 'gu')

/**
 * Lower-case words of a text (letters and digits), without common stopwords and short words.
 * Two kinds of short word are kept, because headlines name stories with them: versions ("7.1"
 * tells the iOS update from the iPhone concept video on the UCI file) and two-letter words written
 * in capitals ("TV", "EU", "GM", "UK"), function words aside.
 */
export function words(text: string): string[] {
  const out: string[] = []
  for (const [token] of text.normalize('NFKC').matchAll(TOKEN)) {
    const word = token.toLowerCase()
    if ((word.length >= 3 || (word.length === 2 && isCapitalised(token))) && !STOPWORDS.has(word)) out.push(word)
  }
  return out
}

/** Written in capitals: at least one upper-case letter and no lower-case one ("TV", "5S"). */
const isCapitalised = (token: string) => /\p{Lu}/u.test(token) && !/\p{Ll}/u.test(token)
