/**
 * Lifecycle of a trend from its daily article counts (oldest to newest, the last value is
 * "today"). Every rule and threshold is in docs/trends.md.
 */

import { sectionOf } from '../categories'

export type TrendState = 'emerging' | 'hot' | 'persistent' | 'seasonal_dormant' | 'decayed'
export type StructuralType = 'event_driven' | 'evergreen' | 'cyclic' | 'derivative' | 'unknown'
export type SemanticType = 'news' | 'event_based' | 'seasonal' | 'lifestyle' | 'evergreen' | 'unclassified'

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0)

/** Least-squares slope of the last n values, in articles per day. */
export function slope(values: readonly number[], n = 14): number | null {
  const ys = values.slice(-n)
  if (ys.length < 2) return null
  const mx = (ys.length - 1) / 2
  const my = sum(ys) / ys.length
  let num = 0
  let den = 0
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my)
    den += (x - mx) ** 2
  })
  return den === 0 ? 0 : Math.round((num / den) * 1000) / 1000
}

/** Autocorrelation of the counts at a lag (0 when the series is flat or too short). */
export function autocorrelation(values: readonly number[], lag: number): number {
  if (values.length <= lag + 2) return 0
  const m = sum(values) / values.length
  const den = sum(values.map((v) => (v - m) ** 2))
  if (den === 0) return 0
  let num = 0
  for (let i = lag; i < values.length; i++) num += (values[i]! - m) * (values[i - lag]! - m)
  return num / den
}

export interface Features {
  days_active: number
  total_articles: number
  slope_14d: number | null
  current_share_7d: number
}

export function features(daily: readonly number[]): Features {
  const total = sum(daily)
  return {
    days_active: daily.filter((c) => c > 0).length,
    total_articles: total,
    slope_14d: slope(daily),
    current_share_7d: total === 0 ? 0 : Math.round((sum(daily.slice(-7)) / total) * 1000) / 1000,
  }
}

/**
 * structural_type: derivative when linked to a parent; cyclic when the counts repeat weekly
 * (autocorrelation at lag 7 of at least 0.4 over 4 weeks or more); evergreen when the trend
 * has lived 30 days or more with articles on at least half of them; event_driven when 70% or
 * more of its articles came within 3 days of its peak; unknown otherwise.
 */
export function structuralType(daily: readonly number[], hasParent: boolean): StructuralType {
  if (hasParent) return 'derivative'
  const first = daily.findIndex((c) => c > 0)
  if (first < 0) return 'unknown'
  const life = daily.slice(first)
  const total = sum(life)
  if (life.length >= 28 && autocorrelation(life, 7) >= 0.4) return 'cyclic'
  if (life.length >= 30 && life.filter((c) => c > 0).length >= life.length / 2) return 'evergreen'
  const peak = life.indexOf(Math.max(...life))
  if (sum(life.slice(Math.max(0, peak - 1), peak + 3)) >= 0.7 * total) return 'event_driven'
  return 'unknown'
}

/**
 * state, on the day of the last count:
 * - decayed: no article in the last 7 days (seasonal_dormant instead for cyclic trends);
 * - emerging: first article within the last 3 days;
 * - hot: the last 3 days hold at least half of the trend's best 3-day window, with 3 articles or more;
 * - persistent: otherwise (still publishing, not at its peak).
 */
export function state(daily: readonly number[], type: StructuralType): TrendState {
  const first = daily.findIndex((c) => c > 0)
  const recent7 = sum(daily.slice(-7))
  if (recent7 === 0) return type === 'cyclic' ? 'seasonal_dormant' : 'decayed'
  if (first >= daily.length - 3) return 'emerging'
  const recent3 = sum(daily.slice(-3))
  let best3 = 0
  for (let i = 0; i + 3 <= daily.length; i++) best3 = Math.max(best3, sum(daily.slice(i, i + 3)))
  if (recent3 >= 3 && recent3 >= 0.5 * best3) return 'hot'
  return 'persistent'
}

/**
 * semantic_type from the trend's category and shape: Lifestyle categories are lifestyle, or
 * evergreen when their shape is; sports, entertainment and science stories with an event shape
 * are event_based; cyclic trends are seasonal; news categories are news; else unclassified.
 */
export function semanticType(category: string | null, type: StructuralType): SemanticType {
  const top = sectionOf(category)?.slice(1) ?? ''
  if (type === 'cyclic') return 'seasonal'
  if (top === 'Lifestyle' || top === 'Health') return type === 'evergreen' ? 'evergreen' : 'lifestyle'
  if (type === 'evergreen') return 'evergreen'
  if (['Sports', 'Entertainment', 'Science'].includes(top)) return 'event_based'
  if (top === 'News' || top === 'Business' || top === 'Technology' || top === 'Science and Technology') return 'news'
  return 'unclassified'
}

export type Role = 'F1_trigger' | 'F2_pile_on' | 'F3_long_tail' | 'F5_one_off'

/**
 * Role of an article in its trend: F5_one_off in a trend of one; F1_trigger for the articles
 * of the first 6 hours; F2_pile_on up to 3 days after the start; F3_long_tail after that.
 */
export function role(time: number, start: number, size: number): Role {
  if (size === 1) return 'F5_one_off'
  const hours = (time - start) / 3600
  if (hours <= 6) return 'F1_trigger'
  if (hours <= 72) return 'F2_pile_on'
  return 'F3_long_tail'
}

export interface Forecast {
  pct_next24h: number | null
  pct_next7d: number | null
  pct_next30d: number | null
  predicted_total_reach: number | null
  predicted_end_at: string | null
  confidence: number | null
}

/**
 * A decay forecast of the daily counts: the last 7 days' mean is carried forward, decaying
 * by the rate fitted (log-linear least squares) on the counts since the peak, at least 10% a
 * day; the trend ends the day the expected count drops below half an article. pct_* are the
 * expected new articles as a percentage of the articles so far; predicted_total_reach is the
 * expected final article count; confidence grows with the fit's R² and the trend's size. A
 * trend 7 days without an article keeps the forecast of that seventh day.
 */
export function forecast(daily: readonly number[], lastDay: number): Forecast {
  const total = sum(daily)
  if (total === 0) return { pct_next24h: null, pct_next7d: null, pct_next30d: null, predicted_total_reach: null, predicted_end_at: null, confidence: null }
  // A trend without an article in 7 days has ended: its forecast is the one of the day it decayed
  // and stays so while nothing happens (a new day does not move what did not change).
  let lastArticle = daily.length - 1
  while (daily[lastArticle] === 0) lastArticle--
  const decayedOn = lastArticle + 7
  if (decayedOn < daily.length - 1) return forecast(daily.slice(0, decayedOn + 1), lastDay - (daily.length - 1 - decayedOn))
  const peak = daily.lastIndexOf(Math.max(...daily))
  const tail = daily.slice(peak).map((c) => Math.log(c + 0.5))
  let rate = 0.1
  let r2 = 0
  if (tail.length >= 3) {
    const n = tail.length
    const mx = (n - 1) / 2
    const my = sum(tail) / n
    let num = 0
    let den = 0
    let ss = 0
    tail.forEach((y, x) => {
      num += (x - mx) * (y - my)
      den += (x - mx) ** 2
      ss += (y - my) ** 2
    })
    const b = den === 0 ? 0 : num / den
    rate = Math.max(0.1, -b)
    r2 = ss === 0 ? 1 : Math.min(1, (b * b * den) / ss)
  }
  const level = sum(daily.slice(-7)) / 7
  const expected = (days: number) => {
    let s = 0
    for (let d = 1; d <= days; d++) s += level * Math.exp(-rate * d)
    return s
  }
  let endIn = 0
  while (endIn < 365 && level * Math.exp(-rate * (endIn + 1)) >= 0.5) endIn++
  const pct = (x: number) => Math.round((x / total) * 1000) / 10
  const rest = expected(365)
  return {
    pct_next24h: pct(expected(1)),
    pct_next7d: pct(expected(7)),
    pct_next30d: pct(expected(30)),
    predicted_total_reach: Math.round(total + rest),
    predicted_end_at: new Date((lastDay + endIn + 1) * 86_400_000).toISOString(),
    confidence: Math.round(Math.min(1, 0.3 + 0.5 * r2 + 0.2 * Math.min(1, total / 50)) * 100) / 100,
  }
}
