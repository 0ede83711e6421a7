import Database from 'better-sqlite3'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import type { RouteId } from '../../shared/contract/routes'
import { expectOk, makeWorld, tempDir, type TestWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

let w: TestWorld
beforeEach(() => {
  w = makeWorld()
  seedFixture(w.store, w.projectId)
})

const ok = <K extends RouteId>(id: K, url: string) => expectOk(w, id, url)

/** An /app method as the window calls it (session token). */
async function app(path: string, body: unknown = {}): Promise<{ status: number; body: any }> {
  const res = await w.post(path, body, w.session)
  return { status: res.status, body: await res.json() }
}

describe('metrics per kind', () => {
  it('gives category rows the entities written about (related)', async () => {
    const body = await ok('getTrackingMetrics', `/v1/tracking/lists/${IDS.categoryList}/metrics`)
    expect(body.items).toEqual([
      expect.objectContaining({
        key: '/Business/Economy',
        resolved_id: '/Business/Economy',
        resolved_type: 'category',
        impressions: 1600,
        publications_count: 1,
        trends_count: 1,
        avg_position: 2, // (1 + 3) / 2
        avg_lifespan_hours: 2,
        lived_hours: 3, // 09h to 11h
        related: ['Federal Reserve'],
      }),
    ])
  })

  it('gives publisher rows top_entities in place of related', async () => {
    const body = await ok('getTrackingMetrics', `/v1/tracking/lists/${IDS.publisherList}/metrics?grain=hour`)
    const row = body.items[0]
    expect('related' in row).toBe(false)
    expect(row.top_entities).toEqual([{ entity_id: '/m/fed', name: 'Federal Reserve', pubs: 2 }])
    expect(row).toMatchObject({ impressions: 2700, publications_count: 2, publishers_count: 1, lived_hours: 3 })
    // 24 hourly points from 2026-11-19 12:00: 09h is the 22nd, 10h the 23rd, 11h the 24th.
    expect(row.impressions_spark).toEqual([...new Array(21).fill(0), 1000, 800, 900])
    expect(row.publications_spark).toEqual([...new Array(21).fill(0), 1, 1, 2])
  })

  it('gives trend rows their forecast and no delta', async () => {
    const body = await ok('getTrackingMetrics', `/v1/tracking/lists/${IDS.trendList}/metrics`)
    expect(body.items[0]).toMatchObject({
      key: IDS.trend,
      impressions: 1600,
      delta_pct: null,
      trends_count: 1,
      forecast: {
        pct_next24h: 20,
        pct_next7d: 40,
        pct_next30d: 50,
        predicted_total_reach: 3000,
        predicted_end_at: '2026-11-27T00:00:00.000Z',
        confidence: 0.6,
      },
    })
    expect(body.summary.delta_pct).toBeNull()
  })

  it('gives mention lists one row per keyword and a time series', async () => {
    const body = await ok('getTrackingMetrics', `/v1/tracking/lists/${IDS.mentionList}/metrics?grain=day`)
    expect(body.items.map((r: any) => [r.name, r.match_type, r.publications_count, r.impressions])).toEqual([
      ['federal reserve', 'phrase', 1, 1600],
      ['fed', 'broad', 2, 2700],
    ])
    expect(body.summary.timeseries).toEqual([
      { ts: '2026-11-19T00:00:00.000Z', urls: 0, impressions: 0 },
      // a1 and a2, each once although a1 matches both keywords
      { ts: '2026-11-20T00:00:00.000Z', urls: 2, impressions: 2700 },
    ])
  })

  it('compares with the window before (delta_pct, rank_delta)', async () => {
    w.setNow(new Date('2026-11-21T11:00:00Z'))
    // Window 2026-11-20 11:00 to 2026-11-21 11:00 holds only a1 and a2 at 11h (600 + 300);
    // the window before holds the 09h and 10h observations (1000 + 800).
    const body = await ok('getTrackingMetrics', `/v1/tracking/lists/${IDS.entityList}/metrics`)
    const fed = body.items.find((r: any) => r.key === '/m/fed')
    expect(fed).toMatchObject({ impressions: 900, delta_pct: -50, lived_hours: 1, rank_delta: 0 })
    expect(body.summary).toMatchObject({ impressions: 900, delta_pct: -50 })
  })
})

describe('remembered answers', () => {
  it('follows a scan\'s new matches in a mention list\'s metrics (its articles are remembered while the lists hold)', async () => {
    const url = `/v1/tracking/lists/${IDS.mentionList}/metrics?grain=day&period=custom&date_from=2026-11-19&date_to=2026-11-20T12:00:00Z`
    const rows = async () => ((await ok('getTrackingMetrics', url)).items as any[]).map((r) => [r.name, r.publications_count, r.impressions])
    expect(await rows()).toEqual([['federal reserve', 1, 1600], ['fed', 2, 2700]])
    // as a scan writes a match and says so: here the phrase found in a2's text as well
    w.store.mentionScans.insertMatches([{ itemId: 'm2', articleId: IDS.a2, listId: IDS.mentionList, field: 'body', matchedText: 'Federal Reserve', snippet: '…', matchedAt: '2026-11-20T12:00:00Z' }])
    w.store.changed('lists')
    expect(await rows()).toEqual([['federal reserve', 2, 2700], ['fed', 2, 2700]])
  })

  it('keeps remembered figures right as the clock and the data move', async () => {
    const url = `/v1/tracking/lists/${IDS.publisherList}/metrics`
    const first = await ok('getTrackingMetrics', url)
    w.setNow(new Date('2026-11-20T12:30:00Z')) // the same hour: the same figures, the scope moves
    const again = await ok('getTrackingMetrics', url)
    expect(again.items).toEqual(first.items)
    expect(again.scope.to).toBe('2026-11-20T12:30:00.000Z')
    const { IngestWriter } = await import('../../electron/core/ingest/writer')
    new IngestWriter(w.store).write({
      observations: [{ articleId: IDS.a2, country: 'US', observedAt: '2026-11-20T12:00:00.000Z', position: 4, estimatedImpressions: 100 }],
    })
    const after = await ok('getTrackingMetrics', url)
    expect(after.items[0].impressions).toBe(2800)
    const rollup = await ok('getTrackingRollup', `/v1/tracking/lists/${IDS.entityList}/rollup`)
    expect(rollup.publishers[0]).toMatchObject({ name: 'example.com', imps: 2800 })
  })
})

describe('matches', () => {
  it('finds the same first page from the hits and down the publications', () => {
    const filter = { countries: ['US', 'DE'], lang: null, from: null, to: null, q: null, itemIds: null, matchTypes: null, fields: ['title', 'summary', 'body'] }
    for (const limit of [1, 2, 10]) {
      const fromHits = w.store.matches.page(IDS.mentionList, filter, limit, false)
      expect(w.store.matches.page(IDS.mentionList, filter, limit, true)).toEqual(fromHits)
      expect(fromHits).toEqual([IDS.a2, IDS.a1].slice(0, limit))
    }
    const phraseInTitle = { ...filter, matchTypes: ['phrase'], fields: ['title'] }
    expect(w.store.matches.page(IDS.mentionList, phraseInTitle, 10, true)).toEqual([])
    expect(w.store.matches.page(IDS.mentionList, { ...filter, q: 'MARKETS' }, 10, true)).toEqual([IDS.a2])
  })
})

describe('tracking error codes', () => {
  it('answers each code of the contract in its shape', async () => {
    const code = async (url: string, headers?: Record<string, string>) => {
      const res = await w.get(url, headers)
      return [res.status, ((await res.json()) as { detail: { code?: string } }).detail.code ?? null, res.headers.get('retry-after')]
    }
    for (const method of ['metrics', 'rollup', 'matches']) {
      expect(await code(`/v1/tracking/lists/00000000-0000-4000-8000-000000000000/${method}`)).toEqual([404, null, null])
    }
    expect(await code(`/v1/tracking/lists/${IDS.entityList}/matches`)).toEqual([400, 'kind_mismatch', null])

    const { createApiKey } = await import('../../electron/core/service/keys')
    const internal = createApiKey(w.store, { name: 'internal', internal: true }, w.now()).value
    expect(await code(`/v1/tracking/lists/${IDS.entityList}/metrics`, { 'X-API-Key': internal })).toEqual([403, 'project_key_required', null])

    // a key made for a market the store later stopped having
    w.store.sqlite.prepare(`INSERT INTO regions (alpha_2, alpha_3, name, languages) VALUES ('FR', 'FRA', 'France', '[]')`).run()
    const noMarkets = createApiKey(w.store, { name: 'closed', projectId: w.projectId, countries: ['FR'] }, w.now()).value
    w.store.sqlite.prepare(`DELETE FROM regions WHERE alpha_2 = 'FR'`).run()
    expect(await code(`/v1/tracking/lists/${IDS.entityList}/rollup`, { 'X-API-Key': noMarkets })).toEqual([403, 'market_not_entitled', null])
    const usOnly = createApiKey(w.store, { name: 'us', projectId: w.projectId, countries: ['US'] }, w.now()).value
    const closed = await w.get(`/v1/tracking/lists/${IDS.entityList}/metrics?country=DE`, { 'X-API-Key': usOnly })
    expect(closed.status).toBe(403)
    const all = await ok('getTrackingMetrics', `/v1/tracking/lists/${IDS.entityList}/metrics`)
    expect(all.scope.markets).toEqual(['DE', 'US'])

    w.store.sqlite.prepare(`UPDATE tracking_lists SET scan_status = 'pending', last_scanned_at = NULL WHERE id = ?`).run(IDS.mentionList)
    expect(await code(`/v1/tracking/lists/${IDS.mentionList}/metrics`)).toEqual([503, 'computing', '5'])
  })

  it('answers 429 past the plan request limit on tracking methods too, with no tracking code', async () => {
    const { createApiKey } = await import('../../electron/core/service/keys')
    w.store.sqlite.prepare(`UPDATE plans SET requests_per_minute = 2 WHERE id = 'pro'`).run()
    const headers = { 'X-API-Key': createApiKey(w.store, { name: 'limited', projectId: w.projectId }, w.now()).value }
    expect((await w.get(`/v1/tracking/lists/${IDS.entityList}/metrics`, headers)).status).toBe(200)
    expect((await w.get(`/v1/tracking/lists/${IDS.entityList}/rollup`, headers)).status).toBe(200)
    const limited = await w.get(`/v1/tracking/lists/${IDS.mentionList}/matches`, headers)
    expect(limited.status).toBe(429)
    expect(typeof ((await limited.json()) as { detail: unknown }).detail).toBe('string')
  })

  it('moves a too early date_from silently to the plan history depth', async () => {
    const start = makeWorld({ plan: 'start' })
    seedFixture(start.store, start.projectId)
    // data since January, so the plan's 30 days are what cuts the window
    start.store.sqlite.prepare(`UPDATE regions SET first_data_at = '2026-01-02T00:00:00.000Z' WHERE alpha_2 = 'DE'`).run()
    const body = (await (await start.get(`/v1/tracking/lists/${IDS.entityList}/metrics?period=custom&date_from=2026-01-01&date_to=2026-11-20T12:00:00Z`, start.session)).json()) as any
    expect(body.scope.from).toBe('2026-10-21T12:00:00.000Z')
    expect(body.scope.to).toBe('2026-11-20T12:00:00.000Z')
  })
})

describe('list editing', () => {
  it('creates lists of every kind and normalises their items', async () => {
    const created = await app('/app/lists', { kind: 'publisher', name: 'Rivals', color_index: 5 })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ kind: 'publisher', name: 'Rivals', color_index: 5, item_count: 0, items: [] })
    const id = created.body.id
    const added = await app(`/app/lists/${id}/items`, { items: [{ value: 'https://WWW.Example.com/news?x=1' }, { value: 'zeitung.de' }, { value: 'example.com' }] })
    expect(added.status).toBe(200)
    expect(added.body.items.map((i: any) => [i.key, i.name])).toEqual([
      ['zeitung.de', 'Die Zeitung'],
      ['example.com', 'Example News'],
    ])
    expect((await app(`/app/lists/${id}/items`, { items: [{ value: 'not a domain' }] })).status).toBe(400)

    const entities = (await app('/app/lists', { kind: 'entity', name: 'People' })).body.id
    const e = await app(`/app/lists/${entities}/items`, { items: [{ value: 'federal reserve' }, { value: '/m/berlin' }, { value: 'Angela Merkel' }] })
    expect(e.body.items.map((i: any) => [i.key, i.name, i.type])).toEqual([
      ['Angela Merkel', 'Angela Merkel', null],
      ['/m/berlin', 'Berlin', 'Place'],
      ['/m/fed', 'Federal Reserve', 'Organization'],
    ])

    const categories = (await app('/app/lists', { kind: 'category', name: 'Sections' })).body.id
    const c = await app(`/app/lists/${categories}/items`, { items: [{ value: 'Business/Economy/' }] })
    expect(c.body.items.map((i: any) => i.key)).toEqual(['/Business/Economy'])

    const trends = (await app('/app/lists', { kind: 'trend', name: 'Stories' })).body.id
    expect((await app(`/app/lists/${trends}/items`, { items: [{ value: IDS.child.toUpperCase() }] })).body.items[0]).toMatchObject({ key: IDS.child, name: 'Market reaction' })
    expect((await app(`/app/lists/${trends}/items`, { items: [{ value: '00000000-0000-4000-8000-000000000000' }] })).status).toBe(404)

    const mentions = await app('/app/lists', { kind: 'mention', name: 'Words', countries: ['us'], langs: ['EN'], search_scope: 'title' })
    expect(mentions.body).toMatchObject({ countries: ['US'], langs: ['EN'], search_scope: 'title', active: true, scan_status: 'pending' })
    const m = await app(`/app/lists/${mentions.body.id}/items`, {
      items: [{ value: 'rates' }, { value: 'Fed  holds', match_type: 'exact' }, { value: 'RATES' }],
    })
    expect(m.body.items.map((i: any) => [i.name, i.type])).toEqual([
      ['Fed holds', 'exact'],
      ['rates', 'broad'],
    ])
    expect(m.body.mentions).toEqual(['Fed holds', 'rates'])
    await w.core.scanner.idle()
    const scanned = await ok('getTrackingList', `/v1/tracking/lists/${mentions.body.id}`)
    expect(scanned).toMatchObject({ scan_status: 'ready', matches_count: 2, scan_error: null })
    expect(scanned.items.map((i: any) => [i.name, i.matches_count])).toEqual([
      ['Fed holds', 1],
      ['rates', 1],
    ])
  })

  it('resolves an entity item kept by name once that entity arrives with new data', async () => {
    const { IngestWriter } = await import('../../electron/core/ingest/writer')
    new IngestWriter(w.store).write({ entities: [{ id: '/m/scholz', name: 'Olaf Scholz', type: 'Person' }] })
    const { refreshAnalytics } = await import('../../electron/core/jobs/refresh')
    refreshAnalytics(w.store, w.now())
    const list = await ok('getTrackingList', `/v1/tracking/lists/${IDS.entityList}`)
    expect(list.items.map((i: any) => [i.key, i.name, i.type])).toEqual([
      ['/m/scholz', 'Olaf Scholz', 'Person'],
      ['/m/fed', 'Federal Reserve', 'Organization'],
    ])
  })

  it('renames, recolours, removes items and deletes lists', async () => {
    const renamed = await app(`/app/lists/${IDS.entityList}`, { name: 'Orgs', color_index: 7 })
    expect(renamed.body).toMatchObject({ name: 'Orgs', color_index: 7 })
    expect((await app(`/app/lists/${IDS.entityList}`, {})).status).toBe(422)
    expect((await app(`/app/lists/${IDS.entityList}`, { search_scope: 'title' })).status).toBe(400)
    const removed = await app(`/app/lists/${IDS.entityList}/items/remove`, { keys: ['Olaf Scholz'] })
    expect(removed.body.items.map((i: any) => i.key)).toEqual(['/m/fed'])
    const removedMention = await app(`/app/lists/${IDS.mentionList}/items/remove`, { keys: ['m1'] })
    expect(removedMention.body).toMatchObject({ mentions: ['federal reserve'], matches_count: 2 })
    expect((await app(`/app/lists/${IDS.entityList}/delete`)).body).toEqual({ deleted: IDS.entityList })
    expect((await w.get(`/v1/tracking/lists/${IDS.entityList}`)).status).toBe(404)
    expect((await app(`/app/lists/${IDS.entityList}/delete`)).status).toBe(404)
  })

  it('counts usage as the contract does and enforces the plan limits, leaving the store as it was', async () => {
    const start = makeWorld({ plan: 'start' }) // Start: 10 categories, 10 mention keywords
    const post = async (path: string, body: unknown = {}) => {
      const res = await start.post(path, body, start.session)
      return { status: res.status, body: (await res.json()) as any }
    }
    const usage = async () => ((await (await start.get('/v1/tracking/lists', start.session)).json()) as any).usage
    const a = (await post('/app/lists', { kind: 'category', name: 'A' })).body.id
    const b = (await post('/app/lists', { kind: 'category', name: 'B' })).body.id
    const cats = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ value: `/Cat/${from + i}` }))
    expect((await post(`/app/lists/${a}/items`, { items: cats(0, 8) })).status).toBe(200)
    // the same paths in another list are not counted twice
    expect((await post(`/app/lists/${b}/items`, { items: cats(0, 8) })).status).toBe(200)
    expect((await usage()).category).toEqual({ used: 8, limit: 10 })
    const over = await post(`/app/lists/${b}/items`, { items: cats(8, 3) })
    expect(over.status).toBe(403)
    expect(over.body.detail).toBe(
      "The Start plan tracks at most 10 categories across the project's lists; 8 are in use and this change would make it 11. Remove some items first.",
    )
    expect((await usage()).category).toEqual({ used: 8, limit: 10 })
    expect(((await (await start.get(`/v1/tracking/lists/${b}`, start.session)).json()) as any).item_count).toBe(8)

    const m1 = (await post('/app/lists', { kind: 'mention', name: 'M1' })).body.id
    const m2 = (await post('/app/lists', { kind: 'mention', name: 'M2', active: false })).body.id
    const words = (n: number, type = 'broad') => Array.from({ length: n }, (_, i) => ({ value: `word${i}`, match_type: type }))
    expect((await post(`/app/lists/${m1}/items`, { items: words(6) })).status).toBe(200)
    expect((await post(`/app/lists/${m1}/items`, { items: words(2, 'exact') })).status).toBe(200)
    expect((await post(`/app/lists/${m2}/items`, { items: words(9, 'phrase') })).status).toBe(200) // inactive: not counted
    expect((await usage()).mention).toEqual({ used: 8, limit: 10 })
    const activate = await post(`/app/lists/${m2}`, { active: true })
    expect(activate.status).toBe(403)
    expect((await usage()).mention).toEqual({ used: 8, limit: 10 })
    expect((await usage()).trend).toEqual({ used: 0, limit: null })
  })

  it("keeps another project's lists out of reach", async () => {
    const { createApiKey } = await import('../../electron/core/service/keys')
    const project = w.store.projects.create({ id: '0b000000-0000-4000-8000-000000000001', name: 'Other', planId: 'pro', createdAt: w.now().toISOString() })
    const key = createApiKey(w.store, { name: 'other', projectId: project.id }, w.now()).value
    expect((await w.get(`/v1/tracking/lists/${IDS.entityList}`, { 'X-API-Key': key })).status).toBe(404)
    expect((await w.get(`/v1/tracking/lists/${IDS.entityList}/metrics`, { 'X-API-Key': key })).status).toBe(404)
    expect(((await (await w.get('/v1/tracking/lists', { 'X-API-Key': key })).json()) as any).total).toBe(0)
  })
})

describe('an edit while another connection writes', () => {
  it('waits for the store\'s lock without holding the server (a recompute or an import writing), then is made', async () => {
    const file = path.join(tempDir(), 'feedlens.db')
    const world = makeWorld({ file })
    seedFixture(world.store, world.projectId)
    const other = new Database(file)
    try {
      other.exec('BEGIN IMMEDIATE')
      other.prepare(`INSERT INTO settings (key, value) VALUES ('held', '1')`).run()
      let settled = false
      const created = world.post('/app/lists', { kind: 'category', name: 'Made after the lock' }, world.session).then((res) => {
        settled = true
        return res
      })
      // meanwhile the server answers reads
      for (let turn = 0; turn < 5; turn++) {
        expect((await world.get('/v1/tracking/lists', world.session)).status).toBe(200)
        await new Promise((resolve) => setImmediate(resolve))
      }
      expect(settled).toBe(false)
      other.exec('COMMIT')
      const res = await created
      expect(res.status).toBe(200)
      const names = ((await (await world.get('/v1/tracking/lists', world.session)).json()) as { lists: Array<{ name: string }> }).lists.map((l) => l.name)
      expect(names).toContain('Made after the lock')
    } finally {
      other.close()
      world.core.close()
    }
  })
})
