import fc from 'fast-check'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../shared/contract/routes'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { refreshAnalyticsInBackground } from '../../electron/core/jobs/refresh'
import { onAlert } from '../../electron/core/service/alerts'
import { IDS, seedFixture } from '../helpers/fixture'
import { makeWorld, tempDir, type TestWorld } from '../helpers/core'

/**
 * Alerts over the app's methods on the hand-made fixture (now: 2026-11-20 12:00; example.com 2,700
 * impressions in 24 hours, zeitung.de 500): each rule starts from what is there, fires once when
 * its threshold is crossed, again only after it was uncrossed, and not again after a restart.
 */

const file = path.join(tempDir(), 'feedlens.db')
let world: TestWorld
beforeAll(() => {
  world = makeWorld({ file })
  seedFixture(world.store, world.projectId)
})
afterAll(() => world.core.close())

async function call(method: 'GET' | 'POST', url: string, body?: unknown, w = world) {
  const res = method === 'GET' ? await w.get(url, w.session) : await w.post(url, body ?? {}, w.session)
  return { status: res.status, body: (await res.json()) as any }
}
const evaluate = async (w = world) => {
  const answer = await call('POST', '/app/alerts/evaluate', {}, w)
  expect(answer.status).toBe(200)
  expect(routes.appEvaluateAlerts.response.safeParse(answer.body).success).toBe(true)
  return (answer.body.fired as Array<{ title: string }>).map((a) => a.title)
}
/** More impressions of zeitung.de's article in Germany at 11:00. */
const seeBerlin = (impressions: number, hour = '2026-11-20T11') =>
  new IngestWriter(world.store).write({ observations: [{ articleId: IDS.a3, country: 'DE', observedAt: `${hour}:00:00.000Z`, position: 1, estimatedImpressions: impressions }] })

describe('alert rules (/app/alerts/rules)', () => {
  it('writes a rule, evaluates it at once without firing for what is there, and lists it with its condition', async () => {
    expect(await call('GET', '/app/alerts/rules')).toEqual({ status: 200, body: { rules: [] } })
    const created = await call('POST', '/app/alerts/rules', { name: 'Zeitung on top', rule: { kind: 'publisher_rank', domain: 'Zeitung.DE', top: 1 } })
    expect(created.status).toBe(200)
    expect(created.body.rule).toEqual({
      id: expect.any(String),
      name: 'Zeitung on top',
      kind: 'publisher_rank',
      rule: { kind: 'publisher_rank', domain: 'zeitung.de', country: 'all', top: 1 },
      muted: false,
      condition: 'zeitung.de entering or leaving the top 1 of the whole feed by impressions in 24 hours',
      // second of two publishers now
      crossed: false,
      evaluated_at: '2026-11-20T12:00:00.000Z',
      last_fired_at: null,
      created_at: '2026-11-20T12:00:00.000Z',
    })
    expect((await call('GET', '/app/alerts')).body).toEqual({ alerts: [], unread: 0, total: 0 })
  })

  it('refuses rules it cannot watch in the contract\'s 422 shape, and unknown lists with 404', async () => {
    const bad = [
      { name: 'x', rule: { kind: 'volatility', threshold: 101 } },
      { name: 'x', rule: { kind: 'weather' } },
      { name: '', rule: { kind: 'volatility', threshold: 50 } },
      { name: 'x', rule: { kind: 'publisher_rank', domain: 'not a domain', top: 5 } },
      { name: 'x', rule: { kind: 'publisher_rank', domain: 'example.com', top: 0 } },
      { name: 'x', rule: { kind: 'tracked_change', list_id: 'nope', threshold_pct: 10 } },
      { name: 'x', rule: { kind: 'tracked_change', list_id: IDS.entityList, threshold_pct: 0 } },
      { name: 'x', rule: { kind: 'new_trend', list_id: IDS.entityList } },
      { name: 'x', rule: { kind: 'tracked_change', list_id: IDS.trendList, threshold_pct: 10 } },
    ]
    for (const body of bad) {
      const res = await call('POST', '/app/alerts/rules', body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.detail[0]).toEqual({ loc: expect.arrayContaining(['body']), msg: expect.any(String), type: expect.any(String) })
    }
    const unknown = await call('POST', '/app/alerts/rules', { name: 'x', rule: { kind: 'new_trend', list_id: 'f0000000-0000-4000-8000-000000000000' } })
    expect(unknown.status).toBe(404)
    expect((await call('POST', '/app/alerts/rules/f0000000-0000-4000-8000-000000000000', { muted: true })).status).toBe(404)
    expect((await call('GET', '/app/alerts/rules')).body.rules).toHaveLength(1)
  })
})

describe('alerts fired once per crossing', () => {
  it('a publisher entering the top N fires once, and once more when it leaves', async () => {
    expect(await evaluate()).toEqual([])
    seeBerlin(5000)
    // 500 + 5,000 against example.com's 2,700
    expect(await evaluate()).toEqual(['zeitung.de entered the top 1 of the whole feed (rank 1, 5,500 impressions in 24 hours)'])
    expect(await evaluate()).toEqual([])
    const inbox = (await call('GET', '/app/alerts')).body
    expect(inbox.unread).toBe(1)
    expect(inbox.alerts[0]).toEqual({
      id: expect.any(String),
      rule_id: expect.any(String),
      rule_name: 'Zeitung on top',
      kind: 'publisher_rank',
      at: '2026-11-20T12:00:00.000Z',
      title: 'zeitung.de entered the top 1 of the whole feed (rank 1, 5,500 impressions in 24 hours)',
      evidence: { domain: 'zeitung.de', market: 'all', rank: 1, top: 1, impressions: 5500, change: 'entered' },
      link: '/articles?domain=zeitung.de&period=24h&sort_by=impressions',
      read: false,
    })
    expect((await call('GET', '/app/alerts/rules')).body.rules[0]).toMatchObject({ crossed: true, last_fired_at: '2026-11-20T12:00:00.000Z' })
  })

  it('does not fire again after a restart on the same store, and fires when the crossing ends', async () => {
    const again = makeWorld({ file })
    try {
      expect(await evaluate(again)).toEqual([])
      expect((await call('GET', '/app/alerts', undefined, again)).body.total).toBe(1)
    } finally {
      again.core.close()
    }
    // a day later the 24 hours hold nobody's sightings: it left the top 1
    world.setNow(new Date('2026-11-21T12:00:00Z'))
    expect(await evaluate()).toEqual(['zeitung.de left the top 1 of the whole feed (no publisher seen, 0 impressions in 24 hours)'])
    // muted, it follows the data without a word (back on the 20th it is on top again)
    const rule = (await call('GET', '/app/alerts/rules')).body.rules[0]
    expect((await call('POST', `/app/alerts/rules/${rule.id}`, { muted: true })).body.rule).toMatchObject({ muted: true, crossed: false })
    world.setNow(new Date('2026-11-20T12:00:00Z'))
    expect(await evaluate()).toEqual([])
    expect((await call('GET', '/app/alerts/rules')).body.rules[0]).toMatchObject({ crossed: true })
  })

  it('a tracked item\'s change fires per item; a muted rule keeps its state and fires nothing', async () => {
    const fed = await call('POST', '/app/alerts/rules', { name: 'Fed falls', rule: { kind: 'tracked_change', list_id: IDS.entityList, item: '/m/fed', threshold_pct: 50, direction: 'down' } })
    expect(fed.body.rule).toMatchObject({ crossed: false, condition: '“/m/fed” of the list down by 50 % or more in 24 hours against the day before' })
    const muted = await call('POST', '/app/alerts/rules', { name: 'Any move, muted', muted: true, rule: { kind: 'tracked_change', list_id: IDS.entityList, threshold_pct: 10 } })
    expect(muted.body.rule.muted).toBe(true)
    // a day later: the Fed's 2,700 impressions are the day before, nothing since: −100 %
    world.setNow(new Date('2026-11-21T12:00:00Z'))
    const fired = await evaluate()
    expect(fired).toContain('“Federal Reserve” of People & orgs: impressions −100 % in 24 hours (threshold 50 %)')
    expect(fired.filter((t) => t.includes('Federal Reserve'))).toHaveLength(1)
    expect((await call('GET', `/app/alerts/rules`)).body.rules.find((r: { name: string }) => r.name === 'Any move, muted')).toMatchObject({ crossed: true, last_fired_at: null })
    // unmuted while still crossed: the crossing was seen, so it does not fire late
    expect((await call('POST', `/app/alerts/rules/${muted.body.rule.id}`, { muted: false })).body.rule.muted).toBe(false)
    expect(await evaluate()).toEqual([])
    world.setNow(new Date('2026-11-20T12:00:00Z'))
    await call('POST', `/app/alerts/rules/${muted.body.rule.id}/remove`)
  })

  it('a new trend matching a mention list fires with the trend and the keyword, each trend once', async () => {
    const rule = await call('POST', '/app/alerts/rules', { name: 'Fed stories', rule: { kind: 'new_trend', list_id: IDS.mentionList, country: 'us' } })
    // both trends of the fixture match (by label, by key entity): they were there before
    expect(rule.body.rule).toMatchObject({ crossed: false, rule: { country: 'US' } })
    world.store.sqlite
      .prepare(
        `INSERT INTO trends (id, label, state, structural_type, semantic_type, article_count, first_seen_at, last_article_at, key_entities, primary_country, country_scope, daily_counts, features, updated_at)
         VALUES ('b1000000-0000-4000-8000-000000000009', 'Fed chair speaks', 'emerging', 'event_driven', 'news', 1, '2026-11-20T11:00:00.000Z', '2026-11-20T11:00:00.000Z', '[]', 'US', '["US"]', '[1]', '{}', '2026-11-20T12:00:00.000Z')`,
      )
      .run()
    world.store.sqlite.prepare(`INSERT INTO trend_countries (trend_id, country, article_count, first_seen_at, last_article_at) VALUES ('b1000000-0000-4000-8000-000000000009', 'US', 1, '2026-11-20T11:00:00.000Z', '2026-11-20T11:00:00.000Z')`).run()
    expect(await evaluate()).toEqual(['New trend “Fed chair speaks” matches “fed” of Brand watch'])
    expect(await evaluate()).toEqual([])
    const inbox = (await call('GET', '/app/alerts?unread=true')).body
    const trends = inbox.alerts.filter((a: { kind: string }) => a.kind === 'new_trend')
    expect(trends).toHaveLength(1)
    expect(trends[0]).toMatchObject({ kind: 'new_trend', link: '/trends/b1000000-0000-4000-8000-000000000009', evidence: { keyword: 'fed', trend: 'Fed chair speaks', list: 'Brand watch' } })
  })

  it('evaluates after every refresh of a running app and tells the listeners (the desktop\'s notifications)', async () => {
    const told: string[] = []
    const stop = onAlert(world.store, (a) => told.push(a.title))
    // the Berlin sightings written above are not in the trends yet: the refresh clusters them anew
    await refreshAnalyticsInBackground(world.store, world.now())
    stop()
    // the recompute's own trends replace the hand-made ones: those about the Fed are new to the rule
    expect(told.length).toBeGreaterThan(0)
    for (const title of told) expect(title).toMatch(/^New trend “.+” matches “(fed|federal reserve)” of Brand watch$/)
    const inbox = (await call('GET', '/app/alerts')).body.alerts.map((a: { title: string }) => a.title)
    for (const title of told) expect(inbox).toContain(title)
  })

  it('marks alerts read by id or all, and deletes a rule with its alerts', async () => {
    const before = (await call('GET', '/app/alerts')).body
    expect(before.unread).toBeGreaterThanOrEqual(3)
    const one = await call('POST', '/app/alerts/read', { ids: [before.alerts[0].id] })
    expect(one.body).toEqual({ marked: 1, unread: before.unread - 1 })
    expect(await call('POST', '/app/alerts/read', {})).toEqual({ status: 200, body: { marked: before.unread - 1, unread: 0 } })
    expect((await call('POST', '/app/alerts/read', { ids: ['nope'] })).status).toBe(422)
    const rules = (await call('GET', '/app/alerts/rules')).body.rules as Array<{ id: string; name: string }>
    const zeitung = rules.find((r) => r.name === 'Zeitung on top')!
    expect(await call('POST', `/app/alerts/rules/${zeitung.id}/remove`)).toEqual({ status: 200, body: { removed: zeitung.id } })
    expect((await call('GET', '/app/alerts')).body.alerts.some((a: { rule_id: string }) => a.rule_id === zeitung.id)).toBe(false)
    expect((await call('POST', `/app/alerts/rules/${zeitung.id}/remove`)).status).toBe(404)
  })
})

describe('alert rules from any body (property)', () => {
  it('writes every rule the schema takes and refuses the rest with the contract\'s 422, never a 5xx, the store as it was', async () => {
    const before = (await call('GET', '/app/alerts/rules')).body.rules.length
    const number = fc.oneof(fc.double({ min: -10, max: 20_000, noNaN: true }), fc.constantFrom(0, 1, 50, 100, 101, 10_000, 10_001))
    const rule = fc.oneof(
      fc.record({ kind: fc.constant('volatility'), country: fc.constantFrom('all', 'DE', 'us', 'xx1', undefined), format_group: fc.constantFrom('News', 'Routine', 'Nope', null, undefined), threshold: number }),
      fc.record({ kind: fc.constant('tracked_change'), list_id: fc.constantFrom(IDS.entityList, IDS.publisherList, IDS.trendList, 'f0000000-0000-4000-8000-000000000000', 'x'), item: fc.constantFrom('/m/fed', '', null, undefined), window: fc.constantFrom('24h', '7d', '30d', undefined), threshold_pct: number, direction: fc.constantFrom('up', 'down', 'either', 'sideways', undefined) }),
      fc.record({ kind: fc.constant('new_trend'), list_id: fc.constantFrom(IDS.mentionList, IDS.entityList, 'nope'), country: fc.constantFrom('all', 'US', '', undefined) }),
      fc.record({ kind: fc.constant('publisher_rank'), domain: fc.constantFrom('example.com', 'Zeitung.de', 'a', '', 'x'.repeat(300)), country: fc.constantFrom('all', 'DE', undefined), top: fc.oneof(fc.integer({ min: -2, max: 120 }), fc.constant(2.5)) }),
      fc.anything(),
    )
    const made: string[] = []
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 90 }), rule, async (name, body) => {
        const res = await call('POST', '/app/alerts/rules', { name, rule: body })
        expect(res.status).toBeLessThan(500)
        if (res.status === 200) {
          expect(routes.appCreateAlertRule.response.safeParse(res.body).success).toBe(true)
          made.push(res.body.rule.id)
        } else if (res.status === 422) {
          expect(res.body.detail[0]).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) })
        } else expect([404, 409]).toContain(res.status)
      }),
      { seed: 49, numRuns: 80 },
    )
    expect(made.length).toBeGreaterThan(0)
    expect((await call('GET', '/app/alerts/rules')).body.rules.length).toBe(before + made.length)
    for (const id of made) expect((await call('POST', `/app/alerts/rules/${id}/remove`)).status).toBe(200)
  })
})


describe('evaluations one after the other', () => {
  it('fires a crossing once when "Check now" and a refresh evaluate at the same time', async () => {
    const w = makeWorld()
    seedFixture(w.store, w.projectId)
    const res = await w.post('/app/alerts/rules', { name: 'DE top', rule: { kind: 'publisher_rank', domain: 'zeitung.de', country: 'all', top: 1 } }, w.session)
    expect(res.status).toBe(200)
    new IngestWriter(w.store).write({ observations: [{ articleId: IDS.a3, country: 'DE', observedAt: '2026-11-20T11:00:00.000Z', position: 1, estimatedImpressions: 9000 }] })
    const answers = await Promise.all([0, 1, 2].map(() => w.post('/app/alerts/evaluate', {}, w.session).then((r) => r.json() as Promise<{ fired: unknown[] }>)))
    expect(answers.map((a) => a.fired.length).sort()).toEqual([0, 0, 1])
    w.core.close()
  })
})
