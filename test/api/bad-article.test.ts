import { describe, expect, it, vi } from 'vitest'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshAnalytics, reportSkipped } from '../../electron/core/jobs/refresh'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { FIXED_NOW, makeWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

// an article the refresh cannot read: its headline makes the market parse fail, as a 10 MB
// headline of one word made it overflow the stack (stored before the door's limits existed)
vi.mock('../../electron/core/analytics/trends/markets', async (original) => {
  const real = await original<typeof import('../../electron/core/analytics/trends/markets')>()
  return {
    ...real,
    marketReported: (title: string, region: string) => {
      if (title.includes('POISON')) throw new RangeError('Maximum call stack size exceeded')
      return real.marketReported(title, region)
    },
  }
})

const POISONED = 'a1000000-0000-4000-8000-0000000000ff'

describe('one bad article never stops the analytics', () => {
  it('leaves it out of the trends, says which and why in the log and the window\'s status, and completes', async () => {
    const w = makeWorld()
    generateDemoWorld(w.store, { scale: 'small', seed: 7, end: FIXED_NOW, days: 10 })
    new IngestWriter(w.store).write({
      articles: [{ id: POISONED, url: 'https://poison.example/1', title: 'POISON headline', domain: 'poison.example', region: 'US', lang: 'en' }],
      observations: [{ articleId: POISONED, country: 'US', observedAt: '2026-11-20T09:00:00.000Z', position: 3, estimatedImpressions: 50 }],
    })
    refreshAnalytics(w.store, FIXED_NOW)
    // the refresh completed: trends of every other article, signals, and nothing behind
    expect(w.store.counts().trends).toBeGreaterThan(10)
    expect(w.store.sqlite.prepare('SELECT count(*) FROM trend_articles WHERE article_id = ?').pluck().get(POISONED)).toBe(0)
    const status = (await (await w.get('/app/status', w.session)).json()) as { analytics: { behind: boolean; skipped: Array<{ id: string; title: string; reason: string }> } }
    expect(status.analytics.behind).toBe(false)
    expect(status.analytics.skipped).toEqual([{ id: POISONED, title: 'POISON headline', reason: 'Maximum call stack size exceeded' }])
    const log: string[] = []
    reportSkipped(w.store, (m) => log.push(m))
    reportSkipped(w.store, (m) => log.push(m))
    expect(log).toHaveLength(1)
    expect(log[0]).toContain(`${POISONED}: Maximum call stack size exceeded`)
    // a later refresh (an incremental update) goes on as well
    new IngestWriter(w.store).write({ observations: [{ articleId: POISONED, country: 'US', observedAt: '2026-11-20T11:00:00.000Z', position: 2, estimatedImpressions: 70 }] })
    refreshAnalytics(w.store, FIXED_NOW)
    expect(((await (await w.get('/app/status', w.session)).json()) as { analytics: { behind: boolean } }).analytics.behind).toBe(false)
    // removed, it is said no more
    const removed = await w.post('/app/articles/remove', { ids: [POISONED] }, w.session)
    expect(await removed.json()).toEqual({ removed: [POISONED] })
    refreshAnalytics(w.store, FIXED_NOW)
    expect(((await (await w.get('/app/status', w.session)).json()) as { analytics: { skipped: unknown[] } }).analytics.skipped).toEqual([])
  })
})

describe('removing articles', () => {
  it('takes them out with everything derived from them, and leaves every other figure as it was', async () => {
    const w = makeWorld()
    seedFixture(w.store, w.projectId)
    refreshAnalytics(w.store, w.now())
    const other = async () => ({
      article: await (await w.get(`/v1/articles/${IDS.a2}/observations`)).json(),
      geo: await (await w.get('/app/geography/countries', w.session)).json(),
    })
    const before = await other()
    const snapshotsBefore = w.store.sqlite.prepare('SELECT count(*) FROM feed_snapshots').pluck().get() as number
    expect(w.store.removeArticles([IDS.a1, 'a1000000-0000-4000-8000-00000000dead'], w.now())).toEqual([IDS.a1])
    refreshAnalytics(w.store, w.now())
    expect((await w.get(`/v1/articles/${IDS.a1}`)).status).toBe(404)
    expect(((await (await w.get('/v1/articles?search=rates')).json()) as { total: number }).total).toBe(0)
    // its sightings are gone from every snapshot (one held only it: gone), hourly and daily cell, and the journal
    const a1Seq = 1
    expect(w.store.counts()).toMatchObject({ articles: 2, observations: 3 })
    expect(w.store.sqlite.prepare('SELECT count(*) FROM feed_snapshots').pluck().get()).toBe(snapshotsBefore - 1)
    expect(w.store.sqlite.prepare('SELECT count(*) FROM article_daily WHERE article_seq = ?').pluck().get(a1Seq)).toBe(0)
    const feed = (await (await w.get('/v2/feed?limit=1000')).json()) as { elements: Array<{ type: string; article?: { id: string }; snapshot?: { entries: Array<{ article_id: string }> } }> }
    expect(JSON.stringify(feed.elements)).not.toContain(IDS.a1)
    // its entity list row counts nothing of it; the trend it led is gone at the next refresh
    const metrics = (await (await w.get(`/v1/tracking/lists/${IDS.entityList}/metrics?period=custom&date_from=2026-11-20&date_to=2026-11-21`)).json()) as { items: Array<{ key: string; publications_count: number }> }
    expect(metrics.items.find((r) => r.key === '/m/fed')?.publications_count).toBe(1)
    expect(w.store.sqlite.prepare('SELECT count(*) FROM trend_articles WHERE article_id = ?').pluck().get(IDS.a1)).toBe(0)
    // the other articles' figures are what they were
    expect((await other()).article).toEqual(before.article)
  })
})
