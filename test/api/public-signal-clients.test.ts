import { beforeAll, describe, expect, it } from 'vitest'
import { Core } from '../../electron/core/core'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { createHttpApp } from '../../electron/core/http/app'
import { refreshAnalytics } from '../../electron/core/jobs/refresh'
import { openTestStore } from '../helpers/core'

/**
 * A script written for the hosted service's public signals, as such scripts are: lower-case
 * country codes, `granularity=day`, the five /public/discover methods, three retries on 429 and
 * 5xx; it reads the fields the hosted service sends beside the contract's. The demo world ends at
 * 00:34 UTC: its last day has one 3-hour snapshot, the morning an analyst's alarm would go off.
 */
const END = new Date('2026-11-20T00:34:00Z')
const store = openTestStore()
let app: ReturnType<typeof createHttpApp>
let markets: string[]

beforeAll(() => {
  generateDemoWorld(store, { scale: 'small', seed: 42, end: END })
  refreshAnalytics(store, END)
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 100_000 })
  app = createHttpApp(core)
  markets = [...store.geo.regionCodes().map((c) => c.toLowerCase()), 'all']
}, 180_000)

/** The client's GET: three retries on 429 and 5xx, as the hosted service's scripts do. */
async function clientGet(path: string): Promise<any> {
  for (let attempt = 0; ; attempt++) {
    const res = await app.request(`http://127.0.0.1${path}`)
    if ((res.status === 429 || res.status >= 500) && attempt < 3) continue
    expect(res.status, path).toBe(200)
    return res.json()
  }
}

const STATES = ['calm', 'active', 'blip', 'sustained']
const TRENDS = ['rising', 'stable', 'falling']
const CONFIDENCES = ['high', 'medium', 'low']

/** What such a script reads of a volatility summary: the headline index, its baseline, state, trend and confidence. */
function readSummary(summary: any, where: string): { index: number; baseline: number; state: string } {
  expect(summary, where).toEqual({
    current_index: expect.any(Number),
    mean_index: expect.any(Number),
    trend: expect.any(String),
    current_state: expect.any(String),
    confidence: expect.any(String),
  })
  expect(STATES, where).toContain(summary.current_state)
  expect(TRENDS, where).toContain(summary.trend)
  expect(CONFIDENCES, where).toContain(summary.confidence)
  return { index: summary.current_index, baseline: summary.mean_index, state: summary.current_state }
}

/** The newest point of a series: its confidence and the feed's figures of its period. */
function readLatest(series: any[], where: string, wholeFeed = true): void {
  const latest = series.at(-1)
  expect(latest, where).toBeDefined()
  expect(CONFIDENCES, where).toContain(latest.confidence)
  expect(latest.metrics, where).toEqual({ total_impressions: expect.any(Number), total_articles: expect.any(Number), unique_domains: expect.any(Number) })
  // a format group may have no article in a morning's one snapshot: a zero then, the true count
  if (wholeFeed) expect(latest.metrics.total_articles, where).toBeGreaterThan(0)
  // a baseline is there, so no note says it is missing
  expect(latest.note, where).toBeUndefined()
}

describe('a script written for the hosted service reads every public signal', () => {
  it('reads each market\'s headline index, baseline, state, trend and confidence, and the newest point\'s figures', async () => {
    expect(markets.length).toBe(6)
    for (const country of markets) {
      const v = await clientGet(`/public/discover/volatility?country=${country}&granularity=day`)
      expect(v.generated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      const headline = readSummary(v.summary, `volatility ${country}`)
      // the contract's own fields stay, and agree with the summary
      expect([v.current_index, v.trend]).toEqual([v.summary.current_index, v.summary.trend])
      expect(headline.index).toBe(v.series.at(-1).volatility_index)
      readLatest(v.series, `volatility ${country}`)
      // the running day (one snapshot of eight) is no market anomaly
      expect(headline.index, `volatility ${country}`).toBeLessThan(7)
      expect(['calm', 'active']).toContain(headline.state)
      expect(v.series.at(-1)).toMatchObject({ date: '2026-11-20', partial: true, is_spike: false })

      const groups = await clientGet(`/public/discover/category-volatility?country=${country}&granularity=day`)
      expect(groups.generated_at).toBe(v.generated_at)
      expect(groups.categories).toHaveLength(5)
      for (const g of groups.categories) {
        readSummary(g.summary, `category ${country} ${g.category}`)
        readLatest(g.series, `category ${country} ${g.category}`, false)
      }

      const topics = await clientGet(`/public/discover/topic-volatility?country=${country}`)
      expect(topics.categories.length).toBeGreaterThan(0)
      for (const t of topics.categories) readSummary(t.summary, `topic ${country} ${t.category}`)

      const interest = await clientGet(`/public/discover/format-interest?country=${country}`)
      expect(interest.formats).toHaveLength(5)
      for (const f of interest.formats) {
        expect(f.summary, `interest ${country}`).toEqual({
          current_index: expect.any(Number),
          mean_index: expect.any(Number),
          trend: expect.any(String),
          shift_vs_mean: expect.any(Number),
          share_of_impressions: expect.any(Number),
          share_of_publications: expect.any(Number),
        })
        expect(f.summary.shift_vs_mean).toBeCloseTo(f.summary.current_index - f.summary.mean_index, 1)
        expect(f.series.length).toBeGreaterThanOrEqual(29)
        for (const p of f.series) expect(p).toMatchObject({ date: expect.any(String), interest_index: expect.any(Number), impressions: expect.any(Number), articles: expect.any(Number) })
        expect(f.summary.current_index).toBe(f.series.at(-1).interest_index)
      }

      const top = await clientGet(`/public/discover/categories?country=${country}`)
      expect(top.generated_at).toBe(v.generated_at)
      expect(top.categories.length).toBeGreaterThan(0)
    }
  })

  it('adds the newest point\'s figures up as the feed showed them', async () => {
    const v = await clientGet('/public/discover/volatility?country=us')
    const day = Date.parse('2026-11-20T00:00:00Z') / 1000
    const counted = store.sqlite
      .prepare(
        `SELECT count(DISTINCT d.article_seq) AS articles, count(DISTINCT f.domain) AS domains, sum(d.impressions) AS impressions
         FROM article_daily d JOIN article_facets f ON f.article_seq = d.article_seq WHERE d.country = 'US' AND d.day = ?`,
      )
      .get(day / 86_400) as { articles: number; domains: number; impressions: number }
    expect(v.series.at(-1).metrics).toEqual({ total_impressions: counted.impressions, total_articles: counted.articles, unique_domains: counted.domains })
  })

  it('gives the Signals screen the same topic figures over its 30 days as the public method, computed from the snapshots', async () => {
    const { WebSessions } = await import('../../electron/core/auth/web-sessions')
    const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 100_000 })
    const cookie = WebSessions.cookie(core.sessions.signIn())
    for (const country of ['all', 'de']) {
      const stored = await clientGet(`/public/discover/topic-volatility?country=${country}`)
      const res = await createHttpApp(core).request(`http://127.0.0.1/app/signals/topics?country=${country}&date_from=2026-10-22&date_to=2026-11-20T01:00:00Z`, { headers: { cookie } })
      const computed = (await res.json()) as { categories: Array<{ category: string; summary: { current_index: number | null } }> }
      const byTopic = new Map(computed.categories.map((c) => [c.category, c.summary.current_index]))
      expect(stored.categories.length).toBeGreaterThan(0)
      for (const t of stored.categories) expect([country, t.category, byTopic.get(t.category)]).toEqual([country, t.category, t.summary.current_index])
    }
  })

  it('keeps null a null: a market with no data has no index, baseline, state or confidence', async () => {
    const v = await clientGet('/public/discover/volatility?country=jp')
    expect(v.series).toEqual([])
    expect(v.summary).toEqual({ current_index: null, mean_index: null, trend: 'stable', current_state: null, confidence: null })
    expect(v.current_index).toBeNull()
  })
})
