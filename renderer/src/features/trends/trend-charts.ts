import type { RouteResponse } from '../../../../shared/contract/routes'
import { markAreaOf, type TimelineMark } from '../../charts/timeline-marks'
import { addDays, dayOfMs, daysBetween, DAY_MS } from '../../time/days'

type TrendCard = RouteResponse<'getTrend'>
type TrendFigures = RouteResponse<'appTrendFigures'>

/** The 180-day counts with the forecast drawn ahead (the expected articles of the next 30 days), and the impressions per day beside them; Google's updates, notes and new data shaded. */
export function cardChart(card: TrendCard, figures: TrendFigures | null, now = Date.now(), marks: readonly TimelineMark[] = []) {
  const counts = card.daily_counts_180d
  const start = card.first_seen_at ? Date.parse(card.first_seen_at.slice(0, 10)) : Date.now()
  const day = (i: number) => dayOfMs(start + i * DAY_MS)
  const f = card.forecast
  const total = counts.reduce((s, c) => s + c, 0)
  const ahead: number[] = []
  if (f?.pct_next7d !== null && f?.pct_next7d !== undefined && f.pct_next24h !== null) {
    // Daily expectations from the cumulative percentages: next day, the rest of the week, then the month.
    const next1 = ((f.pct_next24h ?? 0) / 100) * total
    const next7 = (f.pct_next7d / 100) * total
    const next30 = ((f.pct_next30d ?? f.pct_next7d) / 100) * total
    ahead.push(next1, ...new Array(6).fill((next7 - next1) / 6), ...new Array(23).fill(Math.max(0, next30 - next7) / 23))
    // drawn up to the day the card says it ends, no further
    if (f.predicted_end_at) {
      const daysToEnd = daysBetween(start, f.predicted_end_at) - (counts.length - 1)
      ahead.length = Math.max(0, Math.min(ahead.length, daysToEnd))
    }
  }
  const days = [...counts.map((_, i) => day(i)), ...ahead.map((_, i) => day(counts.length + i))]
  // today has only begun: its bar and point are drawn pale and said to be so far, never a drop
  const today = dayOfMs(now)
  const labels = days.map((d) => (d === today ? `${d} (so far)` : d))
  const soFar = (value: number | null, d: string) => (d === today && value !== null ? { value, itemStyle: { opacity: 0.45 } } : value)
  const daily = figures?.daily_impressions
  const impressionsOn = new Map((daily?.values ?? []).map((v, i) => [addDays(daily!.from!, i), v]))
  return {
    grid: { left: 36, right: 56, top: 24, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['articles', 'forecast', 'impressions'] },
    xAxis: { type: 'category', data: labels },
    yAxis: [{ type: 'value', minInterval: 1 }, { type: 'value', splitLine: { show: false }, axisLabel: { formatter: (v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v)) } }],
    series: [
      {
        name: 'impressions',
        type: 'line',
        yAxisIndex: 1,
        symbol: 'none',
        lineStyle: { width: 1.5, color: '#23845a' },
        itemStyle: { color: '#23845a' },
        // up to the last whole day: the day so far is a pale point alone
        data: days.map((d) => (d === today ? null : (impressionsOn.get(d) ?? null))),
        markPoint: impressionsOn.has(today) ? { symbol: 'circle', symbolSize: 6, itemStyle: { color: '#23845a', opacity: 0.45 }, label: { show: false }, data: [{ coord: [labels[days.indexOf(today)], impressionsOn.get(today)] }] } : undefined,
      },
      {
        name: 'articles',
        type: 'bar',
        data: [...counts.map((c, i) => soFar(c, days[i]!)), ...ahead.map(() => null)],
        itemStyle: { color: '#3b6fd8' },
        markArea: markAreaOf(days, marks),
      },
      {
        name: 'forecast',
        type: 'line',
        smooth: true,
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#e0703b' },
        data: [...counts.map((_, i) => (i === counts.length - 1 ? counts[i] : null)), ...ahead.map((v) => Math.round(v * 10) / 10)],
      },
    ],
  }
}

/** The compared trends' articles per day on one time axis (each trend's counts start at its first day). */
export function comparisonOption(cards: TrendCard[]) {
  const startOf = (c: TrendCard) => Date.parse((c.first_seen_at ?? new Date().toISOString()).slice(0, 10))
  const first = Math.min(...cards.map(startOf))
  const last = Math.max(...cards.map((c) => startOf(c) + (c.daily_counts_180d.length - 1) * DAY_MS))
  const days = Math.max(1, Math.round((last - first) / DAY_MS) + 1)
  const labels = Array.from({ length: days }, (_, i) => dayOfMs(first + i * DAY_MS))
  return {
    grid: { left: 40, right: 12, top: 40, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', minInterval: 1, name: 'articles a day' },
    series: cards.map((c) => {
      const offset = Math.round((startOf(c) - first) / DAY_MS)
      const data: Array<number | null> = new Array(days).fill(null)
      c.daily_counts_180d.forEach((n, i) => (data[offset + i] = n))
      return { name: c.label, type: 'line', symbol: 'none', connectNulls: false, data }
    }),
  }
}
