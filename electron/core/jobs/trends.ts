import { v5 as uuidv5 } from 'uuid'
import { clusterStorylinesSteps, inverseDocumentFrequency, words, type ClusterInput } from '../analytics/trends/cluster'
import { features, forecast, role, semanticType, state, structuralType } from '../analytics/trends/lifecycle'
import type { Store } from '../store/store'
import { runSteps } from '../steps'
import type { TrendSourceArticle } from '../store/repositories/trend-writer'

/** Namespace of trend, topic and theme ids (UUID v5): a trend keeps its id while its first article stays its first. */
const TREND_NAMESPACE = '3b8f2c1e-7d4a-5e6f-8a9b-0c1d2e3f4a5b'
const DAYS = 180
/** A child trend starts within this many days after its parent. */
const PARENT_WINDOW_DAYS = 7
/** Work between two pauses of the background job. */
const STEP_ARTICLES = 5000
const STEP_TRENDS = 200
const READ_SLICE = 20_000

const titleCase = (w: string) => w.charAt(0).toLocaleUpperCase() + w.slice(1)
const topCounts = <T>(values: T[]): Array<[T, number]> => {
  const m = new Map<T, number>()
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1)
  return [...m.entries()].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))
}

/**
 * Recomputes every trend from the store's articles: clusters them into storylines, then writes
 * each trend's label, key entities, countries, daily counts, features, state and types,
 * forecast, its articles with their roles, parent/child links, and the themes > topics above
 * them (from the categories of their articles). Recomputed whole after each load.
 */
export function refreshTrends(store: Store, now: Date = new Date()): { trends: number; articles: number } {
  return runSteps(refreshTrendsSteps(store, now))
}

/** refreshTrends as a generator that pauses between its stages and inside the clustering (background jobs). */
export function* refreshTrendsSteps(store: Store, now: Date = new Date()): Generator<void, { trends: number; articles: number }> {
  // Read in slices of the store, pausing between them.
  const articles: TrendSourceArticle[] = []
  const entitiesOf = new Map<number, ReturnType<Store['trendWriter']['entities']>>()
  const maxSeq = store.articles.maxSeq()
  for (let after = 0; after < maxSeq; after += READ_SLICE) {
    for (const a of store.trendWriter.articles(after, READ_SLICE)) if (a.time !== null) articles.push(a)
    for (const e of store.trendWriter.entities(after, READ_SLICE)) (entitiesOf.get(e.seq) ?? entitiesOf.set(e.seq, []).get(e.seq)!).push(e)
    yield
  }
  const bySeq = new Map(articles.map((a) => [a.seq, a]))
  yield
  const inputs: ClusterInput[] = []
  for (const a of articles) {
    inputs.push({
      key: a.seq,
      time: a.time!,
      entities: (entitiesOf.get(a.seq) ?? []).map((e) => ({ id: e.id, score: e.score })),
      words: words(`${a.title} ${a.summary ?? ''}`),
    })
    if (inputs.length % STEP_ARTICLES === 0) yield
  }
  yield
  const idf = inverseDocumentFrequency(inputs.map((i) => i.words))
  yield
  const assignments = yield* clusterStorylinesSteps(inputs, idf)
  const members = new Map<number, Array<{ seq: number; score: number }>>()
  for (const a of assignments) (members.get(a.cluster) ?? members.set(a.cluster, []).get(a.cluster)!).push({ seq: a.key, score: a.score })

  // A loop, not Math.max(...): a spread of every article's time overflows the stack on big stores.
  let newest = 0
  for (const a of articles) if (a.time! > newest) newest = a.time!
  const end = Math.min(Math.floor(now.getTime() / 1000), newest)
  const lastDay = Math.floor(end / 86_400)
  const wordsOf = new Map(inputs.map((i) => [i.key, i.words]))
  const stamp = now.toISOString()

  interface Built {
    id: string
    seqs: number[]
    scores: Map<number, number>
    start: number
    topEntity: string | null
    entityWeights: Map<string, number>
    row: Record<string, unknown>
    daily: number[]
    category: string | null
  }
  const built: Built[] = []
  for (const [, list] of members) {
    if (built.length % STEP_TRENDS === 0) yield
    const items = list.map((m) => ({ ...m, a: bySeq.get(m.seq)! })).sort((x, y) => x.a.time! - y.a.time! || x.seq - y.seq)
    const first = items[0]!.a
    const weights = new Map<string, { name: string; type: string | null; w: number }>()
    for (const it of items) {
      for (const e of entitiesOf.get(it.seq) ?? []) {
        const cur = weights.get(e.id) ?? { name: e.name, type: e.type, w: 0 }
        cur.w += e.score
        weights.set(e.id, cur)
      }
    }
    const ranked = [...weights.entries()].sort((x, y) => y[1].w - x[1].w || x[0].localeCompare(y[0]))
    const event = ranked.find(([, e]) => e.type === 'Event')
    const label =
      event?.[1].name ??
      ranked[0]?.[1].name ??
      topCounts(items.flatMap((it) => [...new Set(wordsOf.get(it.seq) ?? [])]))
        .slice(0, 3)
        .map(([w]) => titleCase(w))
        .join(' ')
    const daily = new Array<number>(DAYS).fill(0)
    for (const it of items) {
      const d = Math.floor(it.a.time! / 86_400) - (lastDay - DAYS + 1)
      if (d >= 0 && d < DAYS) daily[d]!++
    }
    const countries = topCounts(items.map((it) => it.a.region))
    const category = topCounts(items.map((it) => it.a.category).filter((c): c is string => !!c))[0]?.[0] ?? null
    built.push({
      id: uuidv5(`trend:${first.id}`, TREND_NAMESPACE),
      seqs: items.map((it) => it.seq),
      scores: new Map(items.map((it) => [it.seq, it.score])),
      start: first.time!,
      topEntity: ranked.find(([, e]) => e.type !== 'Event')?.[0] ?? null,
      entityWeights: new Map(ranked.map(([id, e]) => [id, e.w])),
      daily,
      category,
      row: {
        label: label || first.title,
        articleCount: items.length,
        firstSeenAt: new Date(first.time! * 1000).toISOString(),
        lastArticleAt: new Date(items[items.length - 1]!.a.time! * 1000).toISOString(),
        keyEntities: JSON.stringify(ranked.slice(0, 5).map(([, e]) => e.name)),
        primaryCountry: countries[0]?.[0] ?? null,
        countryScope: JSON.stringify(countries.map(([c]) => c).sort()),
        dailyCounts: JSON.stringify(trimLeadingZeros(daily)),
        createdAt: stamp,
        updatedAt: stamp,
      },
    })
  }

  yield
  // Parent links: a later, smaller trend whose lead (non-event) entity is a main entity of an
  // earlier, larger trend that started at most a week before it is its derivative.
  const byEntity = new Map<string, Built[]>()
  for (const b of built) for (const id of b.entityWeights.keys()) (byEntity.get(id) ?? byEntity.set(id, []).get(id)!).push(b)
  const links: Array<{ parentId: string; childId: string; relationType: string; strength: number }> = []
  const parentOf = new Set<string>()
  for (const child of built) {
    if (!child.topEntity || child.seqs.length < 2) continue
    let best: Built | null = null
    let bestStrength = 0
    for (const parent of byEntity.get(child.topEntity) ?? []) {
      if (parent === child || parent.seqs.length <= child.seqs.length) continue
      const gap = (child.start - parent.start) / 86_400
      if (gap <= 0 || gap > PARENT_WINDOW_DAYS) continue
      const share = (parent.entityWeights.get(child.topEntity) ?? 0) / Math.max(...parent.entityWeights.values())
      const strength = Math.round(share * Math.exp(-gap / PARENT_WINDOW_DAYS) * 1000) / 1000
      if (share >= 0.5 && strength > bestStrength) {
        best = parent
        bestStrength = strength
      }
    }
    if (best) {
      links.push({ parentId: best.id, childId: child.id, relationType: 'derivative', strength: bestStrength })
      parentOf.add(child.id)
    }
  }

  // Themes > topics from the trends' categories: the first level names the theme, the first two the topic.
  const themes = new Map<string, { id: string; label: string; nTrends: number; nArticles: number }>()
  const topics = new Map<string, { id: string; themeId: string; label: string; nTrends: number; nArticles: number }>()
  const trendRows: Array<Record<string, unknown>> = []
  const memberRows: Array<{ trendId: string; articleId: string; score: number; role: string }> = []
  for (const b of built) {
    const parts = (b.category ?? '/Uncategorised').split('/').filter(Boolean)
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
    const type = structuralType(b.daily, parentOf.has(b.id))
    trendRows.push({
      id: b.id,
      ...b.row,
      state: state(b.daily, type),
      structuralType: type,
      semanticType: semanticType(b.category, type),
      topicId: topic.id,
      features: JSON.stringify(features(b.daily)),
      forecast: JSON.stringify(forecast(b.daily, lastDay)),
    })
    for (const seq of b.seqs) {
      const a = bySeq.get(seq)!
      memberRows.push({ trendId: b.id, articleId: a.id, score: b.scores.get(seq) ?? 1, role: role(a.time!, b.start, b.seqs.length) })
    }
  }
  yield
  store.trendWriter.replace({ themes: [...themes.values()], topics: [...topics.values()], trends: trendRows, members: memberRows, links })
  store.settings.set('trends_through', new Date(end * 1000).toISOString())
  store.changed()
  return { trends: trendRows.length, articles: memberRows.length }
}

/** daily_counts_180d: at most 180 values, oldest to newest, from the trend's first day on. */
function trimLeadingZeros(daily: number[]): number[] {
  const first = daily.findIndex((c) => c > 0)
  return first < 0 ? [] : daily.slice(first)
}

export function trendsStale(store: Store): boolean {
  const latest = store.signalWriter.latestObservation()
  const through = store.settings.get('trends_through')
  const articles = store.counts().articles
  if (articles === 0) return false
  return !through || (latest !== null && Date.parse(through) < latest * 1000)
}
