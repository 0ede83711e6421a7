import { describe, expect, it } from 'vitest'
import { updatesFile } from '../../shared/contract/annotations'
import { SHIPPED_UPDATES } from '../../electron/core/timeline/google-updates'
import shipped from '../../electron/core/timeline/google-updates.json'
import { makeWorld } from '../helpers/core'

/** The timeline's annotations over the app's methods: Google's updates (shipped, and a newer file imported) and the analyst's notes. */
describe('annotations (/app/annotations, /app/notes)', () => {
  const world = makeWorld()
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = method === 'GET' ? await world.get(url, world.session) : await world.post(url, body ?? {}, world.session)
    return { status: res.status, body: (await res.json()) as any }
  }

  it('ships a file of Google\'s updates that its schema accepts, each with its days and its source', () => {
    expect(updatesFile.safeParse(shipped).success).toBe(true)
    expect(SHIPPED_UPDATES.updates.length).toBeGreaterThanOrEqual(10)
    for (const u of SHIPPED_UPDATES.updates) expect(u.source_url).toMatch(/^https:\/\//)
    // the schema refuses what is not such a file
    expect(updatesFile.safeParse({ ...shipped, updates: [{ ...shipped.updates[0], end: '2024-03-01' }] }).success).toBe(false)
    expect(updatesFile.safeParse({ ...shipped, updates: [shipped.updates[0], shipped.updates[0]] }).success).toBe(false)
    expect(updatesFile.safeParse({ ...shipped, version: '2026-02-30' }).success).toBe(false)
  })

  it('gives the updates that touch a period, and the notes of a country and of every country', async () => {
    const march = await call('GET', '/app/annotations?date_from=2025-03-20&date_to=2025-04-01')
    expect(march.status).toBe(200)
    expect(march.body.annotations).toEqual([
      { kind: 'update', id: '2025-03-core', title: 'March 2025 core update', day_from: '2025-03-13', day_to: '2025-03-27', country: '', detail: 'core', source_url: 'https://status.search.google.com/summary' },
    ])
    expect(march.body.updates_version).toBe(SHIPPED_UPDATES.version)
    const de = await call('POST', '/app/notes', { day_from: '2026-11-21', text: 'Our homepage redesign went live', country: 'de' })
    expect(de.body.note).toEqual({ kind: 'note', id: expect.any(String), title: 'Our homepage redesign went live', day_from: '2026-11-21', day_to: '2026-11-21', country: 'DE', detail: '', source_url: null })
    await call('POST', '/app/notes', { day_from: '2026-11-18', day_to: '2026-11-22', text: 'Election week' })
    await call('POST', '/app/notes', { day_from: '2026-11-21', text: 'US only', country: 'US' })
    const inDe = await call('GET', '/app/annotations?date_from=2026-11-21&date_to=2026-11-22&country=DE')
    expect(inDe.body.annotations.map((a: { title: string }) => a.title)).toEqual(['Election week', 'Our homepage redesign went live'])
    expect((await call('GET', '/app/annotations?date_from=2026-11-21&date_to=2026-11-22')).body.annotations).toHaveLength(3)
    // a period that ends where a note starts does not touch it
    expect((await call('GET', '/app/annotations?date_from=2026-11-15&date_to=2026-11-18')).body.annotations).toEqual([])
  })

  it('changes and deletes a note, refuses what is not one with the contract\'s 4xx', async () => {
    const made = (await call('POST', '/app/notes', { day_from: '2026-11-10', text: 'Typo' })).body.note
    world.setNow(new Date('2026-11-22T09:00:00Z'))
    const changed = await call('POST', `/app/notes/${made.id}`, { text: 'Fixed', day_to: '2026-11-12' })
    expect(changed.body.note).toMatchObject({ title: 'Fixed', day_from: '2026-11-10', day_to: '2026-11-12' })
    expect((await call('POST', `/app/notes/${made.id}`, { day_to: '2026-11-01' })).status).toBe(422)
    for (const bad of [{ day_from: '2026-11-31', text: 'x' }, { day_from: '2026-11-10', text: '' }, { day_from: '2026-11-10', text: 'x'.repeat(501) }, { day_from: '2026-11-10', day_to: '2026-11-09', text: 'x' }, { day_from: '2026-11-10', text: 'x', country: 'USA' }]) {
      const res = await call('POST', '/app/notes', bad)
      expect(res.status, JSON.stringify(bad)).toBe(422)
      expect(Array.isArray(res.body.detail)).toBe(true)
    }
    expect(await call('POST', `/app/notes/${made.id}/remove`)).toEqual({ status: 200, body: { removed: made.id } })
    expect((await call('POST', `/app/notes/${made.id}/remove`)).status).toBe(404)
  })

  it('imports notes from CSV as the window exports them: every line checked first, a note already there once', async () => {
    const csv = 'day_from,day_to,country,text\n2026-11-21,,DE,Our homepage redesign went live\n2026-10-01,2026-10-03,,"Conference, with a comma"\n'
    expect((await call('POST', '/app/notes/import', { csv })).body).toEqual({ added: 1, unchanged: 1 })
    expect((await call('POST', '/app/notes/import', { csv })).body).toEqual({ added: 0, unchanged: 2 })
    const bad = await call('POST', '/app/notes/import', { csv: 'day_from,text\n2026-11-01,ok\nyesterday,broken\n2026-11-02,\n' })
    expect(bad.status).toBe(422)
    expect(bad.body.detail.map((d: { msg: string }) => d.msg)).toEqual([expect.stringMatching(/^line 3: /), expect.stringMatching(/^line 4: Write the note/)])
    // nothing of that file was written
    expect((await call('GET', '/app/annotations?date_from=2026-11-01&date_to=2026-11-02')).body.annotations).toEqual([])
    expect((await call('POST', '/app/notes/import', { csv: 'when,what\n1,2\n' })).status).toBe(422)
  })

  it('lists the store\'s own events on their days, so that new data is never mistaken for the feed', async () => {
    const dir = (await import('../helpers/core')).tempDir()
    const fs = await import('node:fs')
    const file = `${dir}/feed.ndjson`
    fs.writeFileSync(file, `${JSON.stringify({ observed_at: '2026-11-20T10:00:00Z', country: 'US', position: 1, estimated_impressions: 100, url: 'https://news.example/a', title: 'A headline', lang: 'en' })}\n`)
    const { importFile } = await import('../../electron/core/ingest/importer')
    await importFile(world.store, file)
    const today = new Date().toISOString().slice(0, 10)
    const next = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const events = (await call('GET', `/app/annotations?date_from=${today}&date_to=${next}`)).body.annotations.filter((a: { kind: string }) => a.kind === 'event')
    expect(events).toEqual([{ kind: 'event', id: expect.any(String), title: 'Imported feed.ndjson: 1 articles, 1 new observations', day_from: today, day_to: today, country: '', detail: 'import', source_url: null }])
    // the same file again writes nothing new: no event
    await importFile(world.store, file)
    expect((await call('GET', `/app/annotations?date_from=${today}&date_to=${next}`)).body.annotations.filter((a: { kind: string }) => a.kind === 'event')).toHaveLength(1)
  })

  it('takes a newer file of Google\'s updates whole, and changes nothing for an older one', async () => {
    const newer = { version: '2026-12-01', source: 'Google Search Status Dashboard', updates: [{ id: '2026-11-core', name: 'November 2026 core update', kind: 'core', start: '2026-11-19', end: null, source_url: 'https://status.search.google.com/incidents/abc' }] }
    expect((await call('POST', '/app/annotations/updates', { file: JSON.stringify(newer) })).body).toEqual({ version: '2026-12-01', updates: 1, taken: true })
    const now = await call('GET', '/app/annotations?date_from=2026-11-21&date_to=2026-11-22&country=DE')
    expect(now.body.updates_version).toBe('2026-12-01')
    // an update not announced as complete runs on
    expect(now.body.annotations[0]).toEqual({ kind: 'update', id: '2026-11-core', title: 'November 2026 core update', day_from: '2026-11-19', day_to: null, country: '', detail: 'core', source_url: 'https://status.search.google.com/incidents/abc' })
    expect((await call('GET', '/app/annotations?date_from=2025-03-20&date_to=2025-04-01')).body.annotations).toEqual([])
    expect((await call('POST', '/app/annotations/updates', { file: JSON.stringify(shipped) })).body).toEqual({ version: '2026-12-01', updates: 1, taken: false })
    // What moved names it on a day it covers
    const moved = await call('GET', '/app/signals/movers?country=all&bucket=2026-11-21')
    expect(moved.body.story.updates).toEqual(['November 2026 core update'])
    expect((await call('POST', '/app/annotations/updates', { file: '{"version": "2027-01-01"}' })).status).toBe(422)
    expect((await call('POST', '/app/annotations/updates', { file: 'not json' })).status).toBe(422)
  })
})
