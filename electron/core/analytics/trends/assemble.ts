import { v5 as uuidv5 } from 'uuid'
import { features, forecast, role, semanticType, state, structuralType } from './lifecycle'
import { addTermCounts, countTitle, trendLabel, type LabelEntity, type TermCounts } from './label'
import { countMarket, marketPhrase, type MarketCounts } from './markets'
import { dayOffset, TREND_DAYS, trimLeadingZeros } from './market-view'

/**
 * How trends are assembled from clustered articles: each trend's running sums, its label, its
 * parent link, the themes > topics hierarchy and the rows written (docs/trends.md). Pure: the
 * articles and their entities come in as plain rows; jobs/trends.ts reads and writes.
 */

/** Namespace of trend, topic and theme ids (UUID v5): a trend keeps its id while its first article stays its first. */
const TREND_NAMESPACE = '3b8f2c1e-7d4a-5e6f-8a9b-0c1d2e3f4a5b'
/** A child trend starts within this many days after its parent. */
const PARENT_WINDOW_DAYS = 7

/** An article as the trend engine reads it; `time` (epoch seconds) is its first sighting, else its published date. */
export interface TrendArticle {
  seq: number
  id: string
  title: string
  summary: string | null
  region: string
  category: string | null
  time: number | null
  /** the entity links stored with it, where read (a full pass finds them all) */
  entityCount?: number
}

/** One entity of an article as the trend engine reads it. */
export interface TrendEntity {
  seq: number
  id: string
  name: string
  type: string | null
  score: number
  /** 1: found in the text by Feedlens, 0: given with the article */
  extracted: number
}

/** An entity of an article as the trends read it (one row may stand for the same entity, score and origin in many articles). */
export type ArticleEntity = Omit<TrendEntity, 'seq'>

/** An article placed in time. */
export type PlacedArticle = TrendArticle & { time: number }

/** A trend row as the store keeps it. */
/** A trend as written (the store's trends table takes it as it is). */
export interface TrendRow {
  id: string
  label: string
  labelRu?: string
  state: string
  structuralType: string
  semanticType: string
  articleCount?: number
  firstSeenAt?: string | null
  lastArticleAt?: string | null
  keyEntities: string[]
  primaryCountry?: string | null
  countryScope: string[]
  topicId: string
  dailyCounts: number[]
  /** The day (days since the epoch) of dailyCounts' last value: the trends' last day when computed. */
  dailyThrough?: number
  features: Record<string, number | null>
  forecast?: Record<string, number | string | null> | null
  createdAt?: string
  updatedAt: string
}

/** A trend's figures in one country, as written. */
export interface TrendCountryRow {
  trendId: string
  country: string
  articleCount: number
  firstSeenAt: string
  lastArticleAt: string
}

export interface CountryShare {
  n: number
  first: number
  last: number
}

/**
 * One trend as computed and kept between updates: its members and the running sums its row is
 * written from, so an update adds the new members without reading the old ones again.
 */
export interface BuiltTrend {
  id: string
  /**
   * Its members in the order they joined (a kept trend's first, then an update's), with each
   * member's score and time (epoch seconds, for its role) at the same place: arrays side by side,
   * not maps by seq (three maps held about 100 bytes a member, a full pass's every article at once
   * and the refresh thread's kept trends for as long as it runs). Not the members' article ids:
   * the rows written name them (memberRowsAt), and the refresh thread kept every article's id for
   * that alone (about 54 MB at large, docs/performance.md, session 36).
   */
  seqs: number[]
  scores: number[]
  times: number[]
  first: { time: number; seq: number; id: string; title: string }
  lastTime: number
  /** Summed entity scores. */
  weights: Map<string, { name: string; type: string | null; w: number; articles: number }>
  /** Per market (the article's region): articles, first and last article time. */
  countries: Map<string, CountryShare>
  categories: Map<string, number>
  /** Titles per headline term (bounded), for the label. */
  titleTerms: TermCounts
  /** its titles' market reports by market (markets.ts): a trend most of whose titles report on one market is named by it */
  markets: MarketCounts
  daily: number[]
  createdAt: string
  updatedAt: string
}

export interface TrendSource {
  article(seq: number): PlacedArticle
  entities(seq: number): readonly ArticleEntity[]
}

export interface TrendLink {
  parentId: string
  childId: string
  relationType: string
  strength: number
}

/**
 * A trend from its members, or a kept trend with members added: entity weights, countries,
 * categories and daily counts are running sums. A new trend's id comes from its first article.
 */
export function buildTrend(prior: BuiltTrend | null, list: ReadonlyArray<{ seq: number; score: number }>, source: TrendSource, lastDay: number, stamp: string): BuiltTrend {
  const items = inTimeOrder(list, source)
  const b = prior ? copyTrend(prior, stamp) : newTrend(items[0]!.a, stamp)
  addMembers(b, items, source, lastDay)
  return b
}

/**
 * A full pass's trend: started from `start` (the early sums its early articles follow with,
 * trendFromEarly; null: none) and built on from its other members, with what its members dated
 * before `split` add up to (null: none), kept for the next pass (docs/trends.md, "The horizon").
 * `split` is before the first of the daily counts' days, as the horizon is: the sums keep no counts.
 */
export function buildTrendSplit(
  start: BuiltTrend | null,
  list: ReadonlyArray<{ seq: number; score: number }>,
  source: TrendSource,
  lastDay: number,
  stamp: string,
  split: number,
): { trend: BuiltTrend; early: EarlySums | null } {
  const items = inTimeOrder(list, source)
  const b = start ?? newTrend(items[0]!.a, stamp)
  let cut = 0
  while (cut < items.length && items[cut]!.a.time < split) cut++
  addMembers(b, items.slice(0, cut), source, lastDay)
  const early = b.seqs.length > 0 ? earlySumsOf(b) : null
  addMembers(b, items.slice(cut), source, lastDay)
  return { trend: b, early }
}

type Item = { seq: number; score: number; a: PlacedArticle }

const inTimeOrder = (list: ReadonlyArray<{ seq: number; score: number }>, source: TrendSource): Item[] =>
  list.map((m) => ({ ...m, a: source.article(m.seq) })).sort((x, y) => x.a.time - y.a.time || x.seq - y.seq)

/** A trend of its first article alone, before any member is added. */
const newTrend = (head: PlacedArticle, stamp: string) => emptyTrend({ time: head.time, seq: head.seq, id: head.id, title: head.title }, head.time, stamp)

/** A trend without members or sums yet, named by its first article. */
function emptyTrend(first: BuiltTrend['first'], lastTime: number, stamp: string): BuiltTrend {
  return {
    id: trendIdOf(first.id),
    seqs: [],
    scores: [],
    times: [],
    first,
    lastTime,
    weights: new Map(),
    countries: new Map(),
    categories: new Map(),
    titleTerms: new Map(),
    markets: new Map(),
    daily: new Array<number>(TREND_DAYS).fill(0),
    createdAt: stamp,
    updatedAt: stamp,
  }
}

/** A trend's id: from its first article's. */
const trendIdOf = (firstArticleId: string) => uuidv5(`trend:${firstArticleId}`, TREND_NAMESPACE)

/** A kept trend's copy to add members to (the kept one stays as it was). */
function copyTrend(prior: BuiltTrend, stamp: string): BuiltTrend {
  return {
    ...prior,
    seqs: [...prior.seqs],
    scores: [...prior.scores],
    times: [...prior.times],
    weights: new Map([...prior.weights].map(([k, v]) => [k, { ...v }])),
    countries: new Map([...prior.countries].map(([k, v]) => [k, { ...v }])),
    categories: new Map(prior.categories),
    titleTerms: new Map([...prior.titleTerms].map(([k, v]) => [k, { ...v }])),
    markets: new Map([...prior.markets].map(([k, v]) => [k, { n: v.n, phrases: new Map([...v.phrases].map(([pk, pv]) => [pk, { ...pv }])) }])),
    daily: [...prior.daily],
    updatedAt: stamp,
  }
}

/** Adds the members `items` (in time order) to the trend's members and running sums. */
function addMembers(b: BuiltTrend, items: readonly Item[], source: TrendSource, lastDay: number): void {
  for (const it of items) {
    const a = it.a
    b.seqs.push(it.seq)
    b.scores.push(it.score)
    b.times.push(a.time)
    if (a.time < b.first.time || (a.time === b.first.time && a.seq < b.first.seq)) b.first = { time: a.time, seq: a.seq, id: a.id, title: a.title }
    if (a.time > b.lastTime) b.lastTime = a.time
    for (const e of source.entities(it.seq)) {
      const cur = b.weights.get(e.id) ?? { name: e.name, type: e.type, w: 0, articles: 0 }
      cur.w += e.score
      cur.articles++
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
    countTitle(b.titleTerms, a.title)
    countMarket(b.markets, a.title, a.region)
    const d = dayOffset(a.time, lastDay)
    if (d >= 0) b.daily[d]!++
  }
}

/**
 * What a trend's articles dated before a time add up to (the running sums of BuiltTrend but for
 * the daily counts, which those articles are too old for), in plain arrays as the store keeps them
 * between full passes: a pass starts the trend from them instead of reading its early articles.
 */
export interface EarlySums {
  count: number
  first: { time: number; seq: number; id: string; title: string }
  lastTime: number
  weights: Array<[id: string, name: string, type: string | null, w: number, articles: number]>
  countries: Array<[country: string, n: number, first: number, last: number]>
  categories: Array<[category: string, n: number]>
  titleTerms: Array<[key: string, n: number, text: string]>
  markets: Array<[market: string, n: number, phrases: Array<[key: string, n: number, text: string]>]>
}

export function earlySumsOf(b: BuiltTrend): EarlySums {
  return {
    count: b.seqs.length,
    first: { ...b.first },
    lastTime: b.lastTime,
    weights: [...b.weights].map(([id, e]) => [id, e.name, e.type, e.w, e.articles]),
    countries: [...b.countries].map(([c, s]) => [c, s.n, s.first, s.last]),
    categories: [...b.categories],
    titleTerms: [...b.titleTerms].map(([key, t]) => [key, t.n, t.text]),
    markets: [...b.markets].map(([m, c]) => [m, c.n, [...c.phrases].map(([key, p]) => [key, p.n, p.text])]),
  }
}

/**
 * A full pass's trend as started from the early sums of the stored trends whose early articles
 * follow it together (one of them: the trend as it stood after its early articles; more: their
 * sums added up, the earliest first), with those articles as its first members (`members`, in
 * time order). Its id is its first article's, as a trend built from every article has.
 */
export function trendFromEarly(sums: readonly EarlySums[], members: { seqs: number[]; scores: number[]; times: number[] }, stamp: string): BuiltTrend {
  const ordered = [...sums].sort((x, y) => x.first.time - y.first.time || x.first.seq - y.first.seq)
  const b: BuiltTrend = { ...emptyTrend({ ...ordered[0]!.first }, Math.max(...ordered.map((s) => s.lastTime)), stamp), ...members }
  for (const s of ordered) {
    for (const [id, name, type, w, articles] of s.weights) {
      const cur = b.weights.get(id)
      if (cur) {
        cur.w += w
        cur.articles += articles
      } else b.weights.set(id, { name, type, w, articles })
    }
    for (const [c, n, first, last] of s.countries) {
      const cur = b.countries.get(c)
      if (cur) {
        cur.n += n
        cur.first = Math.min(cur.first, first)
        cur.last = Math.max(cur.last, last)
      } else b.countries.set(c, { n, first, last })
    }
    for (const [c, n] of s.categories) b.categories.set(c, (b.categories.get(c) ?? 0) + n)
    addTermCounts(b.titleTerms, s.titleTerms)
    for (const [m, n, phrases] of s.markets) {
      const cur = b.markets.get(m) ?? b.markets.set(m, { n: 0, phrases: new Map() }).get(m)!
      cur.n += n
      for (const [key, pn, text] of phrases) {
        const p = cur.phrases.get(key)
        if (p) p.n += pn
        else cur.phrases.set(key, { n: pn, text })
      }
    }
  }
  return b
}

const ranked = <T>(counts: Map<string, T>, weight: (v: T) => number): Array<[string, T]> =>
  [...counts.entries()].sort((x, y) => weight(y[1]) - weight(x[1]) || x[0].localeCompare(y[0]))

/** The entity weights of a trend, heaviest first. */
const rankedEntities = (b: BuiltTrend) => ranked(b.weights, (e) => e.w)
/** The trend's lead entity that is not an event: what its derivatives are found by. */
const topEntity = (b: BuiltTrend) => rankedEntities(b).find(([, e]) => e.type !== 'Event')?.[0] ?? null
const topCategory = (b: BuiltTrend) => ranked(b.categories, (n) => n)[0]?.[0] ?? null

export function entityIndex(built: readonly BuiltTrend[]): Map<string, BuiltTrend[]> {
  const byEntity = new Map<string, BuiltTrend[]>()
  for (const b of built) for (const id of b.weights.keys()) (byEntity.get(id) ?? byEntity.set(id, []).get(id)!).push(b)
  return byEntity
}

/**
 * The parent of a trend, if any: a later, smaller trend whose lead (non-event) entity is a main
 * entity of an earlier, larger trend that started at most a week before it is its derivative.
 */
export function parentLink(child: BuiltTrend, byEntity: Map<string, BuiltTrend[]>): TrendLink | null {
  const lead = topEntity(child)
  if (!lead || child.seqs.length < 2) return null
  let best: BuiltTrend | null = null
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

/**
 * The trends of one topic that a full pass leaves as stored (settled: jobs/trends.ts), counted
 * into the hierarchy without being built again.
 */
export interface SettledTopic {
  topicId: string
  topicLabel: string
  themeId: string
  themeLabel: string
  trends: number
  articles: number
}

/**
 * Themes > topics from the trends' categories: the first level names the theme, the first two the
 * topic. The settled trends count in the topics they were written under.
 */
export function hierarchy(built: readonly BuiltTrend[], settled: readonly SettledTopic[] = []) {
  const themes = new Map<string, { id: string; label: string; nTrends: number; nArticles: number }>()
  const topics = new Map<string, { id: string; themeId: string; label: string; nTrends: number; nArticles: number }>()
  const topicOf = new Map<string, string>()
  const count = (themeId: string, themeLabel: string, topicId: string, topicLabel: string, trends: number, articles: number) => {
    const theme = themes.get(themeId) ?? themes.set(themeId, { id: themeId, label: themeLabel, nTrends: 0, nArticles: 0 }).get(themeId)!
    theme.nTrends += trends
    theme.nArticles += articles
    const topic = topics.get(topicId) ?? topics.set(topicId, { id: topicId, themeId, label: topicLabel, nTrends: 0, nArticles: 0 }).get(topicId)!
    topic.nTrends += trends
    topic.nArticles += articles
  }
  // a name's id once (a digest each): trends by the thousand share a few dozen topics
  const ids = new Map<string, string>()
  const idOf = (name: string) => ids.get(name) ?? ids.set(name, uuidv5(name, TREND_NAMESPACE)).get(name)!
  for (const b of built) {
    const parts = (topCategory(b) ?? '/Uncategorised').split('/').filter(Boolean)
    const themeLabel = parts[0] ?? 'Uncategorised'
    const topicId = idOf(`topic:${parts.slice(0, 2).join('/')}`)
    count(idOf(`theme:${themeLabel}`), themeLabel, topicId, parts[1] ?? themeLabel, 1, b.seqs.length)
    topicOf.set(b.id, topicId)
  }
  for (const s of settled) count(s.themeId, s.themeLabel, s.topicId, s.topicLabel, s.trends, s.articles)
  return { themes: [...themes.values()], topics: [...topics.values()], topicOf }
}

/**
 * specificity: how few of the store's trends a text's words occur in; entitySpecificity, how
 * few carry an entity, where the store knows (see trendLabel).
 */
export function trendRow(
  b: BuiltTrend,
  topicId: string,
  hasParent: boolean,
  lastDay: number,
  specificity: (text: string) => number,
  entitySpecificity?: (entity: LabelEntity) => number,
  /** the label and key entities computed before from the same articles and word weights */
  named?: { label: string; keyEntities: string[] },
): TrendRow {
  const type = structuralType(b.daily, hasParent)
  const { label, keyEntities } =
    named ??
    trendLabel({ size: b.seqs.length, terms: b.titleTerms, entities: rankedEntities(b).map(([id, e]) => ({ ...e, id })), specificity, entitySpecificity, market: marketPhrase(b.markets, b.seqs.length) })
  const countries = ranked(b.countries, (c) => c.n)
  const category = topCategory(b)
  return {
    id: b.id,
    label: label || b.first.title,
    articleCount: b.seqs.length,
    firstSeenAt: new Date(b.first.time * 1000).toISOString(),
    lastArticleAt: new Date(b.lastTime * 1000).toISOString(),
    keyEntities,
    primaryCountry: countries[0]?.[0] ?? null,
    countryScope: countries.map(([c]) => c).sort(),
    dailyCounts: trimLeadingZeros(b.daily),
    dailyThrough: lastDay,
    state: state(b.daily, type),
    structuralType: type,
    semanticType: semanticType(category, type),
    topicId,
    features: { ...features(b.daily) },
    forecast: { ...forecast(b.daily, lastDay) },
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  }
}

/**
 * A trend's member as written: the article by its id (null: the store names it by its seq, for an
 * early article a full pass never read) and its seq (the store's own key, which the write reads
 * the article's facets by).
 */
export type MemberRow = { trendId: string; articleId: string | null; articleSeq: number; score: number; role: string }

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

/** The trend's articles per market, for keys limited to some markets. */
export function countryRowsOf(b: BuiltTrend): TrendCountryRow[] {
  return [...b.countries].map(([country, c]) => ({ trendId: b.id, country, articleCount: c.n, firstSeenAt: iso(c.first), lastArticleAt: iso(c.last) }))
}

/** The role of the trend's member at place i. */
const roleOf = (b: BuiltTrend, i: number) => role(b.times[i]!, b.first.time, b.seqs.length)

/** The member rows at these places of the trend, each naming its article by `idOf` (undefined: the article is gone from the store, no row). */
export function memberRowsAt(b: BuiltTrend, places: Iterable<number>, idOf: (seq: number) => string | null | undefined): MemberRow[] {
  const rows: MemberRow[] = []
  for (const i of places) {
    const seq = b.seqs[i]!
    const articleId = idOf(seq)
    if (articleId !== undefined) rows.push({ trendId: b.id, articleId, articleSeq: seq, score: b.scores[i]!, role: roleOf(b, i) })
  }
  return rows
}

export const memberRowsOf = (b: BuiltTrend, idOf: (seq: number) => string | null | undefined): MemberRow[] => memberRowsAt(b, b.seqs.keys(), idOf)

/**
 * The places of the members to write after an update: the new ones, and the old ones whose role
 * changed (a trend of one grew). An update adds its members after the kept trend's (buildTrend),
 * so the kept trend's members are the first places of the new one's.
 */
export function changedMemberPlaces(prior: BuiltTrend | undefined, b: BuiltTrend): number[] {
  const kept = prior ? prior.seqs.length : 0
  const places: number[] = []
  for (let i = 0; i < b.seqs.length; i++) if (i >= kept || roleOf(prior!, i) !== roleOf(b, i)) places.push(i)
  return places
}
