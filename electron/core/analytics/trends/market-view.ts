import { features, forecast, type Features, type Forecast } from './lifecycle'
import { dayOfSeconds } from '../../time/buckets'

/** Days of daily counts a trend keeps: daily_counts_180d. */
export const TREND_DAYS = 180

/** The index of an article's day among the 180 ending on `lastDay`, or -1 outside them. */
export function dayOffset(time: number, lastDay: number): number {
  const d = dayOfSeconds(time) - (lastDay - TREND_DAYS + 1)
  return d >= 0 && d < TREND_DAYS ? d : -1
}

/** daily_counts_180d: at most 180 values, oldest to newest, from the trend's first day on. */
export function trimLeadingZeros(daily: readonly number[]): number[] {
  const first = daily.findIndex((c) => c > 0)
  return first < 0 ? [] : daily.slice(first)
}

/**
 * Daily counts as the store keeps them: without the empty days after the last article, with the
 * day of their last value. A trend that takes no article keeps the same stored counts from one
 * day to the next (the days since are added when read: dailyCountsOn), so a new day rewrites only
 * the trends whose figures changed.
 */
export function storedDailyCounts(daily: readonly number[], lastDay: number): { counts: number[]; through: number } {
  let end = daily.length
  while (end > 0 && daily[end - 1] === 0) end--
  return { counts: trimLeadingZeros(daily.slice(0, end)), through: lastDay - (daily.length - end) }
}

/**
 * daily_counts_180d on `lastDay` from stored counts whose last value is for the day `through`
 * (null: counts written before the day was kept, which end on the trends' last day).
 */
export function dailyCountsOn(counts: readonly number[], through: number | null, lastDay: number | null): number[] {
  if (through === null || lastDay === null) return counts.slice(-TREND_DAYS)
  const gap = lastDay - through
  const moved = gap >= 0 ? [...counts, ...new Array<number>(Math.min(gap, TREND_DAYS)).fill(0)] : counts.slice(0, Math.max(0, counts.length + gap))
  return trimLeadingZeros(moved.slice(-TREND_DAYS))
}

/** One article of a trend: when it came (epoch seconds, as the trend job places it) and its market. */
export interface MarketArticle {
  time: number
  country: string
}

export interface TrendInMarkets {
  articleCount: number
  firstSeenAt: string | null
  lastArticleAt: string | null
  dailyCounts: number[]
  features: Features
  forecast: Forecast
  /** The markets of its articles, sorted. */
  countryScope: string[]
  /** The market with most of its articles (ties: the first code). */
  primaryCountry: string | null
}

/**
 * A trend seen through some markets only (a key limited to them): its counts, dates, daily counts,
 * features and forecast computed over those markets' articles alone, the same way the trend job
 * computes them over all of its articles.
 */
export function trendInMarkets(articles: readonly MarketArticle[], lastDay: number): TrendInMarkets {
  const daily = new Array<number>(TREND_DAYS).fill(0)
  const perCountry = new Map<string, number>()
  let first = Infinity
  let last = -Infinity
  for (const a of articles) {
    const d = dayOffset(a.time, lastDay)
    if (d >= 0) daily[d]!++
    perCountry.set(a.country, (perCountry.get(a.country) ?? 0) + 1)
    if (a.time < first) first = a.time
    if (a.time > last) last = a.time
  }
  const ranked = [...perCountry].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
  return {
    articleCount: articles.length,
    firstSeenAt: articles.length > 0 ? new Date(first * 1000).toISOString() : null,
    lastArticleAt: articles.length > 0 ? new Date(last * 1000).toISOString() : null,
    dailyCounts: trimLeadingZeros(daily),
    features: features(daily),
    forecast: forecast(daily, lastDay),
    countryScope: [...perCountry.keys()].sort(),
    primaryCountry: ranked[0]?.[0] ?? null,
  }
}
