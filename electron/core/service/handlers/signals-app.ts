import { combineSeries, indexSeries, pointDistances, pointDistancesOfPairs, restrictSnapshots, subjectDistances, BASELINE_DAYS, DAY_UNIT, SLOT_UNIT, type DistanceSeries } from '../../analytics/signals/volatility'
import { formatInterestSeries } from '../../analytics/signals/format-interest'
import { summarizeSeries, summarizeVolatility } from '../../analytics/signals/summary'
import { rankTopCategories, type CategoryFacts } from '../../analytics/signals/top-categories'
import { moversByPublisher, rankMovers } from '../../analytics/signals/movers'
import { churn, spikeStory, type PointFeed, type SpikeStory } from '../../analytics/signals/spike-story'
import { formatDays } from '../../analytics/explore/group-figures'
import { formatGroups } from '../../../../shared/contract/values'
import { bucketStartSeconds, epochSeconds, isoFromSeconds, slotOfDay } from '../../time/buckets'
import type { RequestContext } from '../context'
import { updatesTouching } from '../timeline'
import { periodArticlesFor, requestPeriod } from '../period'
import { ApiError } from '../../errors'
import type { HandlerMap } from '../handler-types'

const TOP_ARTICLES = 15
const TOP_PUBLISHERS = 10

/** A Signals period's ends (epoch seconds): the store's first data and the end of its newest when open. */
function rangeOf(ctx: RequestContext, query: { date_from?: Date; date_to?: Date }): { from: number; to: number } {
  return {
    from: query.date_from ? epochSeconds(query.date_from) : (ctx.store.signalWriter.firstObservation() ?? 0),
    to: query.date_to ? epochSeconds(query.date_to) : (ctx.store.signalWriter.latestObservation() ?? 0) + 1,
  }
}

const countriesOf = (ctx: RequestContext, country: string) => (country === 'all' ? ctx.store.geo.regionCodes() : [country])

/**
 * The Signals screen's own methods: the volatility over any range, what moved at a point, and
 * every other panel (format interest, top categories, topics) over the same period, so that a
 * screen's panels all follow its period (docs/contract-decisions.md, "One window").
 */
/** Days before a point whose same hours tell what a usual day turns over. */
const USUAL_DAYS = 14

/** The story of a point (analytics/signals/spike-story.ts): each country's feed at its start and end, and on the usual days before. */
function pointStory(ctx: RequestContext, countries: readonly string[], start: number, end: number, category: string | null, granularity: string, bucket: string): SpikeStory {
  // a window's snapshots: the last one before it, then those inside it
  const snapshots = (country: string, from: number, to: number) => ctx.store.movers.snapshotTimes(country, from, to).map((at) => ctx.store.movers.ranked(country, at, category))
  const feeds: PointFeed[] = []
  for (const country of countries) {
    const now = snapshots(country, start, end)
    if (now.length < 2) continue
    const usual: number[] = []
    for (let k = 1; k <= USUAL_DAYS; k++) {
      const then = churn(snapshots(country, start - k * 86_400, end - k * 86_400))
      if (then.slots > 0) usual.push(then.fresh / then.slots)
    }
    feeds.push({ country, name: ctx.store.geo.region(country)?.name ?? country, snapshots: now, usual })
  }
  const facts = ctx.store.movers.slotFacts(feeds.flatMap((f) => [...f.snapshots[0]!, ...f.snapshots.at(-1)!]))
  const where = countries.length === 1 ? (ctx.store.geo.region(countries[0]!)?.name ?? countries[0]!) : 'all markets'
  // one market asked (the whole feed, not a format group): did the others spike at the same point?
  let others: { spiked: string[]; of: number } | null = null
  if (countries.length === 1 && !category) {
    // the stored series' buckets: a day, or a slot's day and hour
    const stored = granularity === '3h' ? bucket.slice(0, 13) : bucket.slice(0, 10)
    const points = ctx.store.signals.spikesAt(granularity, stored).filter((p) => p.country !== countries[0])
    others = { spiked: points.filter((p) => p.isSpike).map((p) => ctx.store.geo.region(p.country)?.name ?? p.country), of: points.length }
  }
  const day = bucket.slice(0, 10)
  const updates = updatesTouching(ctx, day, day).map((u) => ({ name: u.name, dayFrom: u.dayFrom, dayTo: u.dayTo }))
  return spikeStory(bucket, category ? `${where} (${category})` : where, feeds, facts, others, updates)
}

export const appSignalHandlers: HandlerMap<'appSignalMovers' | 'appVolatilityHistory' | 'appFormatInterest' | 'appTopCategories' | 'appTopicVolatility'> = {
  /** Format interest over the period: each group's share of the period as a whole, and its index a day (the public method's rule). */
  async appFormatInterest(ctx, { query }) {
    const { data } = await ctx.store.activity.current()
    const period = requestPeriod(ctx, query.date_from, query.date_to, query.country === 'all' ? null : [query.country])
    const rows = [...formatDays(data, period)].flatMap(([day, byFormat]) => [...byFormat].map(([format, f]) => ({ day, format, impressions: f.impressions, publications: f.articles })))
    const daily = formatInterestSeries(rows)
    // the period as a whole: each article once, whatever its days
    const totals = new Map<string, { impressions: number; articles: number }>()
    for (const { impressions, a } of periodArticlesFor(ctx, data, query.date_from, query.date_to, query.country === 'all' ? null : [query.country]).values()) {
      const t = data.contentType[a]!
      if (t < 0) continue
      const format = data.contentTypes.list[t]!
      const f = totals.get(format) ?? { impressions: 0, articles: 0 }
      f.impressions += impressions
      f.articles++
      totals.set(format, f)
    }
    const all = [...totals.values()].reduce((s, f) => ({ impressions: s.impressions + f.impressions, articles: s.articles + f.articles }), { impressions: 0, articles: 0 })
    const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 10000 : 0)
    return {
      country: query.country,
      formats: formatGroups.map((format) => {
        const t = totals.get(format) ?? { impressions: 0, articles: 0 }
        const series = daily
          .filter((p) => p.format === format)
          .map((p) => ({ date: isoFromSeconds(p.day * 86_400).slice(0, 10), interest_index: p.index, impressions: p.impressions, articles: p.publications }))
        const si = share(t.impressions, all.impressions)
        const sp = share(t.articles, all.articles)
        return {
          format_type: format,
          interest_index: Math.round(50 * (si + sp) * 10) / 10,
          share_of_impressions: si,
          share_of_publications: sp,
          impressions: t.impressions,
          articles: t.articles,
          trend: summarizeSeries(series.map((p) => p.interest_index)).trend,
          series,
        }
      }),
    }
  },

  /** The categories with the largest reach in the period, against the period of the same length before (none before an open start). */
  async appTopCategories(ctx, { query }) {
    const { data } = await ctx.store.activity.current()
    const countries = query.country === 'all' ? null : [query.country]
    const current = periodArticlesFor(ctx, data, query.date_from, query.date_to, countries)
    const end = query.date_to ?? ctx.now
    const previous = query.compare_from || query.compare_to
      ? periodArticlesFor(ctx, data, query.compare_from, query.compare_to, countries)
      : query.date_from
      ? periodArticlesFor(ctx, data, new Date(2 * query.date_from.getTime() - end.getTime()), query.date_from, countries)
      : new Map<number, { impressions: number; a: number }>()
    const facts = new Map<number, CategoryFacts>()
    for (const articles of [current, previous]) {
      for (const [seq, { a }] of articles) {
        const c = data.category[a]!
        if (c >= 0) facts.set(seq, { category: data.categories.list[c]!, domain: data.domains.list[data.domain[a]!]! })
      }
    }
    return {
      country: query.country,
      from: query.date_from?.toISOString() ?? null,
      to: query.date_to?.toISOString() ?? null,
      categories: rankTopCategories(current, previous, facts, query.limit),
    }
  },

  /** Each top-level topic's daily index over the period, indexed against the 28 days before it as the stored series are. */
  async appTopicVolatility(ctx, { query }) {
    const { from, to } = rangeOf(ctx, query)
    const key = JSON.stringify(['topic-volatility', query.country, from, to])
    // each article's topic through its trend, off the activity index (a join of every member took 0.8 s at medium)
    const { data } = await ctx.store.activity.current()
    return ctx.answers.remember(key, () => {
      const labelOfTrend = ctx.store.trends.topicLabels()
      const topicOfTrend = data.trends.list.map((id) => labelOfTrend.get(id))
      const topicOf = (seq: number) => {
        const a = seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1
        const t = a < 0 ? -1 : data.trend[a]!
        return t < 0 ? undefined : topicOfTrend[t]
      }
      const topics = [...new Set(labelOfTrend.values())].sort()
      const baselineFrom = from - (BASELINE_DAYS + 1) * 86_400
      const perTopic = new Map<string, DistanceSeries[]>(topics.map((t) => [t, []]))
      for (const country of countriesOf(ctx, query.country)) {
        const distances = subjectDistances(ctx.store.signalWriter.eachRanking(country, baselineFrom, to), topics, topicOf, DAY_UNIT)
        for (const [topic, series] of distances) perTopic.get(topic)!.push(series)
      }
      const first = DAY_UNIT.key(from)
      const last = DAY_UNIT.key(to - 1)
      return {
        country: query.country,
        categories: topics.map((topic) => {
          const parts = perTopic.get(topic)!
          const points = indexSeries(parts.length === 1 ? parts[0]! : combineSeries(parts), BASELINE_DAYS).filter((p) => p.bucket >= first && p.bucket <= last)
          return {
            category: topic,
            summary: summarizeVolatility(points.map((p) => ({ value: p.index, state: p.state, confidence: p.confidence, insufficientBaseline: p.insufficientBaseline }))),
          }
        }),
      }
    })
  },

  /**
   * The volatility index computed from the feed snapshots over any range (the stored series keep
   * the 30 days the contract shows): each country's distances, their mean for all, indexed
   * against the baseline days before the range. Kept until the data changes.
   */
  appVolatilityHistory(ctx, { query }) {
    const { from, to } = rangeOf(ctx, query)
    const key = JSON.stringify(['volatility-history', query.country, query.granularity, query.category ?? null, from, to])
    return ctx.answers.remember(key, () => {
      const countries = countriesOf(ctx, query.country)
      const unit = query.granularity === 'day' ? DAY_UNIT : SLOT_UNIT
      const baselineFrom = from - (BASELINE_DAYS + 1) * 86_400
      const perCountry = countries.map((country) => {
        // the whole feed's pairs are kept from one period to the next; a category's are read each time
        if (!query.category) return pointDistancesOfPairs(ctx.store.volatilityPairs.covering(country, baselineFrom, to), baselineFrom, to, unit)
        return pointDistances(restrictSnapshots(ctx.store.signalWriter.snapshots(country, baselineFrom, to), (_, f) => f === query.category), unit)
      })
      const distances = perCountry.length === 1 ? perCountry[0]! : combineSeries(perCountry)
      const indexed = indexSeries(distances, BASELINE_DAYS, query.granularity === 'day' ? undefined : slotOfDay)
      const first = unit.key(from)
      const last = unit.key(to - 1)
      return {
        country: query.country,
        granularity: query.granularity,
        category: query.category ?? null,
        points: indexed
          .filter((p) => p.bucket >= first && p.bucket <= last)
          .map((p) => ({ bucket: p.bucket, volatility_index: p.index, is_spike: p.isSpike, state: p.state, confidence: p.confidence, ...(p.insufficientBaseline ? { note: 'insufficient_baseline' as const } : {}) })),
      }
    })
  },

  /**
   * Explains a point of a volatility series: the articles whose moves (entering, leaving, rising,
   * falling) account for most of the change, and the publishers behind them. Each share is the
   * article's part of the rank-weighted movement, averaged over the point's snapshot pairs.
   */
  appSignalMovers(ctx, { query }) {
    const start = bucketStartSeconds(query.bucket, query.granularity)
    if (Number.isNaN(start)) throw new ApiError(400, `Not a valid point: ${query.bucket}`)
    const end = start + (query.granularity === '3h' ? 3 * 3600 : 86_400) - 1
    const countries = query.country === 'all' ? ctx.store.geo.regionCodes() : [query.country]
    const snapshotPairs = function* () {
      for (const country of countries) {
        const times = ctx.store.movers.snapshotTimes(country, start, end)
        for (let i = 1; i < times.length; i++) yield [ctx.store.movers.ranked(country, times[i - 1]!, query.category ?? null), ctx.store.movers.ranked(country, times[i]!, query.category ?? null)] as const
      }
    }
    const { ranked, pairs } = rankMovers(snapshotPairs())
    const story = pointStory(ctx, countries, start, end, query.category ?? null, query.granularity, query.bucket)
    const facts = ctx.store.movers.describe(ranked.slice(0, 500).map((r) => r.seq))
    const round = (x: number) => Math.round(x * 10000) / 10000
    return {
      country: query.country,
      granularity: query.granularity,
      bucket: query.bucket,
      category: query.category ?? null,
      snapshots: pairs,
      articles: ranked.slice(0, TOP_ARTICLES).flatMap((r) => {
        const f = facts.get(r.seq)
        return f ? [{ id: f.id, title: f.title, domain: f.domain, country: f.region, before: r.before, after: r.after, share: round(r.share) }] : []
      }),
      publishers: moversByPublisher(ranked, facts)
        .slice(0, TOP_PUBLISHERS)
        .map((p) => ({ ...p, share: round(p.share) })),
      story: {
        sentence: story.sentence,
        turnover: round(story.turnover),
        usual_turnover: story.usualTurnover === null ? null : round(story.usualTurnover),
        slots: story.slots,
        scope: story.scope,
        moved: story.moved,
        formats: story.formats,
        trends: story.trends,
        publishers: story.publishers,
        updates: story.updates,
      },
    }
  },
}
