import { describe, expect, it } from 'vitest'
import { Core } from '../../electron/core/core'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { addDemoSite } from '../../electron/core/demo/search-console'
import { createHttpApp } from '../../electron/core/http/app'
import { WebSessions } from '../../electron/core/auth/web-sessions'
import { openTestStore } from '../helpers/core'

/**
 * The demo world's own site tells its story whatever day the world ends on (the first-start offer
 * builds it up to now): on the last shake-up day of the feed its clicks fell against the week
 * before, as "Is it us or the market?" compares a day, and on its own drop day readers clicked
less while the feed showed it as before. Built to 2026-11-29 01:00 UTC, the site
 * chosen by its fall against the day before alone had a busy eve, and its clicks read as holding.
 */
describe('the demo site on any day the world ends', () => {
  const DAY = 86_400_000
  const dayIndex = (key: string) => Math.floor(Date.parse(`${key}T00:00:00Z`) / DAY)

  it.each(['2026-11-28T20:00:00Z', '2026-11-29T01:00:00Z', '2026-12-01T07:30:00Z'])('ends %s: the shake-up day is a fall of the site\'s clicks, and so is its own drop day', async (end) => {
    const now = new Date(end)
    const store = openTestStore()
    try {
      generateDemoWorld(store, { scale: 'small', seed: 42, end: now }, null)
      const shake = store.searchConsole.demo.countryShakeups().at(-1)!
      const site = addDemoSite(store, 42, null)!
      expect(site.marketDrop).toBe(shake.day)
      // the feed showed it a fifth less or more that day than a day of the week before, on average
      const day = dayIndex(shake.day)
      const byDay = new Map<number, number>()
      for (const r of store.searchConsole.demo.domainsByDay(site.country, day - 7)) if (r.domain === site.domain) byDay.set(r.day, r.impressions)
      const weekMean = Array.from({ length: 7 }, (_, i) => byDay.get(day - 7 + i) ?? 0).reduce((a, b) => a + b, 0) / 7
      expect(byDay.get(day) ?? 0).toBeLessThan(0.8 * weekMean)
      // and the explanation reads it as a fall (signals are not computed here: the verdict itself is signals-on-demo's)
      const core = new Core({ store, clock: () => now, publicRequestsPerMinute: 100_000 })
      const app = createHttpApp(core)
      const headers = { cookie: WebSessions.cookie(core.sessions.signIn()) }
      const explain = async (key: string) => {
        const next = new Date((dayIndex(key) + 1) * DAY).toISOString().slice(0, 10)
        const res = await app.request(`http://127.0.0.1/app/site/explain?property=${encodeURIComponent(site.property)}&country=${site.country}&date_from=${key}&date_to=${next}`, { headers })
        expect(res.status).toBe(200)
        return ((await res.json()) as { sentence: string }).sentence
      }
      const domain = site.domain.replace(/\./g, '\\.')
      expect(await explain(shake.day)).toMatch(new RegExp(`^On ${shake.day}, ${domain}'s Discover clicks fell \\d+% a day against `))
      // the site's own day: readers clicked less while the feed showed it as before
      expect(await explain(site.siteDrop)).toMatch(new RegExp(`^On ${site.siteDrop}, ${domain}'s Discover clicks fell \\d+% a day against .+Readers clicked less often`))
      core.rateLimiter.close()
    } finally {
      store.close()
    }
  }, 60_000)
})
