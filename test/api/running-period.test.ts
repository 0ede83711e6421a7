import { describe, expect, it } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshSignals } from '../../electron/core/jobs/signals'
import { makeWorld } from '../helpers/core'

/**
 * A period that has only begun is no false alarm, and a real shake-up in it is still found. The
 * feeds here churn as real ones do: a little every 3 hours, and much more at midnight, when a new
 * day's articles arrive. A day with only its midnight snapshot measured against whole days would
 * read as a spike every morning.
 */
const DAYS = 40
const POSITIONS = 40
const FIRST_DAY = Date.UTC(2026, 9, 1)
const COUNTRIES = ['US', 'DE']

/** A seeded random number generator (mulberry32), so that the feeds are the same every run. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Each country's feed every 3 hours up to `until`: at midnight 12 new articles enter, at other
 * hours 4, each at a random place, and ten neighbours swap; `shakeAt` replaces the whole feed.
 */
function writeFeeds(w: ReturnType<typeof makeWorld>, until: number, shakeAt: number | null): void {
  let n = 0
  const newArticle = () => `00000000-0000-4000-8000-${String(n++).padStart(12, '0')}`
  const articles: Array<{ id: string; url: string; title: string; domain: string; region: string; lang: string }> = []
  const observations: Array<{ articleId: string; country: string; observedAt: string; position: number; estimatedImpressions: number }> = []
  for (const country of COUNTRIES) {
    // each country's own sequence: the same feeds whatever the clock stops at
    const rng = random(country.charCodeAt(0) * 256 + country.charCodeAt(1))
    let feed: string[] = []
    const enter = () => {
      const id = newArticle()
      articles.push({ id, url: `https://news${n % 9}.example/${id}`, title: `Story ${n}`, domain: `news${n % 9}.example`, region: country, lang: 'en' })
      return id
    }
    for (let at = FIRST_DAY; at <= until; at += 3 * 3_600_000) {
      if (feed.length === 0 || at === shakeAt) feed = Array.from({ length: POSITIONS }, enter)
      else {
        const entering = new Date(at).getUTCHours() === 0 ? 12 : 4
        for (let i = 0; i < entering; i++) feed.splice(Math.floor(rng() * POSITIONS), 0, enter())
        feed = feed.slice(0, POSITIONS)
        for (let i = 0; i < 10; i++) {
          const k = Math.floor(rng() * (POSITIONS - 1))
          ;[feed[k], feed[k + 1]] = [feed[k + 1]!, feed[k]!]
        }
      }
      feed.forEach((articleId, i) => observations.push({ articleId, country, observedAt: new Date(at).toISOString(), position: i + 1, estimatedImpressions: 1000 - i * 10 }))
    }
  }
  new IngestWriter(w.store).write({ articles, observations })
}

const LAST_DAY = FIRST_DAY + (DAYS - 1) * 86_400_000
const LAST_DATE = new Date(LAST_DAY).toISOString().slice(0, 10)
const CLOCKS = { '00:30': 30, '06:00': 6 * 60, '23:30': 23 * 60 + 30 }

async function latestPoints(shakeAt: number | null, minutes: number) {
  const w = makeWorld({ regions: COUNTRIES })
  try {
    const now = new Date(LAST_DAY + minutes * 60_000)
    w.setNow(now)
    writeFeeds(w, now.getTime(), shakeAt)
    refreshSignals(w.store, now)
    const answers: Record<string, any> = {}
    for (const country of ['us', 'de', 'all']) {
      for (const granularity of ['day', '3h']) {
        answers[`${country} ${granularity}`] = await (await w.get(`/public/discover/volatility?country=${country}&granularity=${granularity}`)).json()
      }
    }
    return answers
  } finally {
    w.core.close()
  }
}

describe('the running day and the running 3-hour slot', () => {
  it.each(Object.entries(CLOCKS))('read as usual on a quiet world at %s', async (clock, minutes) => {
    const answers = await latestPoints(null, minutes)
    for (const [which, body] of Object.entries(answers)) {
      const latest = body.series.at(-1)
      expect(latest, `${clock} ${which}`).toBeDefined()
      expect(latest.is_spike, `${clock} ${which}: ${latest.volatility_index}`).toBe(false)
      expect(['calm', 'active']).toContain(latest.state)
      expect(body.current_index).toBeLessThan(7)
    }
    const day = answers['all day'].series.at(-1)
    expect(day.date).toBe(LAST_DATE)
    // the day so far is compared with the same hours of the days before, and says how far it got
    if (clock === '23:30') expect(day).toMatchObject({ confidence: 'high' })
    else expect(day).toMatchObject({ partial: true, confidence: 'low' })
    expect(answers['all day'].current_index).toBe(day.volatility_index)
  })

  it.each(Object.entries(CLOCKS))('still find a shake-up at 00:00-03:00 at %s', async (clock, minutes) => {
    const answers = await latestPoints(LAST_DAY, minutes)
    for (const country of ['us', 'de', 'all']) {
      const slot = answers[`${country} 3h`].series.find((p: { bucket: string }) => p.bucket === `${LAST_DATE}T00:00:00Z`)
      expect(slot, `${clock} ${country}`).toMatchObject({ is_spike: true, state: expect.stringMatching(/^(blip|sustained)$/) })
      expect(slot.volatility_index).toBeGreaterThanOrEqual(7)
      if (clock !== '23:30') {
        const day = answers[`${country} day`].series.at(-1)
        expect(day, `${clock} ${country}`).toMatchObject({ date: LAST_DATE, is_spike: true, state: 'blip' })
        expect(answers[`${country} day`].summary.current_state).toBe('blip')
      }
    }
  })
})
