import { combineSeries, indexSeries, movers, pointDistances, pointDistancesOfPairs, restrictSnapshots, BASELINE_DAYS, DAY_UNIT, SLOT_UNIT, slotOfDay } from '../../analytics/signals/volatility'
import { epochSeconds } from '../../time/buckets'
import { ApiError } from '../errors'
import type { HandlerMap } from '../handler-types'

const TOP_ARTICLES = 15
const TOP_PUBLISHERS = 10

/** The Signals screen's own methods: the volatility over any range, and what moved at a point. */
export const appSignalHandlers: HandlerMap<'appSignalMovers' | 'appVolatilityHistory'> = {
  /**
   * The volatility index computed from the feed snapshots over any range (the stored series keep
   * the 30 days the contract shows): each country's distances, their mean for all, indexed
   * against the baseline days before the range. Kept until the data changes.
   */
  appVolatilityHistory(ctx, { query }) {
    const from = query.date_from ? epochSeconds(query.date_from) : (ctx.store.signalWriter.firstObservation() ?? 0)
    const to = query.date_to ? epochSeconds(query.date_to) : (ctx.store.signalWriter.latestObservation() ?? 0) + 1
    const key = JSON.stringify(['volatility-history', query.country, query.granularity, query.category ?? null, from, to])
    return ctx.answers.remember(key, () => {
      const countries = query.country === 'all' ? ctx.store.geo.regionCodes() : [query.country]
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
    const day = query.bucket.slice(0, 10)
    const start = Date.parse(`${day}T${query.granularity === '3h' ? query.bucket.slice(11, 13) || '00' : '00'}:00:00Z`) / 1000
    if (Number.isNaN(start)) throw new ApiError(400, `Not a valid point: ${query.bucket}`)
    const end = start + (query.granularity === '3h' ? 3 * 3600 : 86_400) - 1
    const countries = query.country === 'all' ? ctx.store.geo.regionCodes() : [query.country]
    const weights = new Map<number, { share: number; before: number | null; after: number | null }>()
    let pairs = 0
    for (const country of countries) {
      const times = ctx.store.movers.snapshotTimes(country, start, end)
      for (let i = 1; i < times.length; i++) {
        const moved = movers(ctx.store.movers.ranked(country, times[i - 1]!, query.category ?? null), ctx.store.movers.ranked(country, times[i]!, query.category ?? null))
        pairs++
        for (const m of moved) {
          const e = weights.get(m.articleSeq) ?? { share: 0, before: m.before, after: m.after }
          e.share += m.weight
          e.after = m.after
          weights.set(m.articleSeq, e)
        }
      }
    }
    const ranked = [...weights.entries()].map(([seq, e]) => ({ seq, ...e, share: e.share / Math.max(1, pairs) })).sort((a, b) => b.share - a.share)
    const facts = ctx.store.movers.describe(ranked.slice(0, 500).map((r) => r.seq))
    const byPublisher = new Map<string, { domain: string; name: string; share: number; articles: number }>()
    for (const r of ranked) {
      const f = facts.get(r.seq)
      if (!f) continue
      const p = byPublisher.get(f.domain) ?? { domain: f.domain, name: f.publisher, share: 0, articles: 0 }
      p.share += r.share
      p.articles++
      byPublisher.set(f.domain, p)
    }
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
      publishers: [...byPublisher.values()]
        .sort((a, b) => b.share - a.share || a.domain.localeCompare(b.domain))
        .slice(0, TOP_PUBLISHERS)
        .map((p) => ({ ...p, share: round(p.share) })),
    }
  },
}
