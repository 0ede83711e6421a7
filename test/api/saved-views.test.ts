import { describe, expect, it } from 'vitest'
import { makeWorld } from '../helpers/core'

/** Saved views over the app's methods: any view of the window kept under a name, renamed, forgotten; found by Ctrl+K. */
describe('saved views (/app/views)', () => {
  const world = makeWorld()
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = method === 'GET' ? await world.get(url, world.session) : await world.post(url, body ?? {}, world.session)
    return { status: res.status, body: (await res.json()) as any }
  }

  it('saves views by name, lists them by name, refuses a name taken whatever its case with 409', async () => {
    expect(await call('GET', '/app/views')).toEqual({ status: 200, body: { views: [] } })
    const shake = await call('POST', '/app/views', { name: '  German shake-up ', path: '/signals?country=DE&bucket=2026-11-21' })
    expect(shake.status).toBe(200)
    expect(shake.body.view).toEqual({ id: expect.any(String), name: 'German shake-up', path: '/signals?country=DE&bucket=2026-11-21', created_at: '2026-11-20T12:00:00.000Z', updated_at: '2026-11-20T12:00:00.000Z' })
    await call('POST', '/app/views', { name: 'Brand watch, 30 days', path: '/tracking/e1000000-0000-4000-8000-000000000005/matches?period=30d' })
    expect((await call('GET', '/app/views')).body.views.map((v: { name: string }) => v.name)).toEqual(['Brand watch, 30 days', 'German shake-up'])
    const taken = await call('POST', '/app/views', { name: 'german SHAKE-UP', path: '/trends' })
    expect(taken.status).toBe(409)
    expect(taken.body.detail).toBe('A view is already saved as “German shake-up”: choose another name, or rename that one.')
  })

  it('keeps only paths of the window (a section or an article), with the contract\'s 422', async () => {
    for (const path of ['https://evil.example/trends', '/v1/trends', '/nowhere', 'trends', '/trendsx', '//evil.example', '']) {
      const res = await call('POST', '/app/views', { name: `bad ${path}`, path })
      expect(res.status, path).toBe(422)
      expect(res.body.detail[0].loc).toEqual(['body', 'path'])
    }
    expect((await call('POST', '/app/views', { name: '', path: '/trends' })).status).toBe(422)
    expect((await call('POST', '/app/views', { name: 'x'.repeat(81), path: '/trends' })).status).toBe(422)
    expect((await call('POST', '/app/views', { name: 'An article', path: '/article/4a3b0e8e-5f0b-5d5c-9d8e-1a2b3c4d5e6f' })).status).toBe(200)
  })

  it('renames a view or keeps another path under its name, forgets it, and says 404 of one it does not know', async () => {
    const [view] = (await call('GET', '/app/views')).body.views.filter((v: { name: string }) => v.name === 'German shake-up')
    world.setNow(new Date('2026-11-21T08:00:00Z'))
    const renamed = await call('POST', `/app/views/${view.id}`, { name: 'Germany, 21 November' })
    expect(renamed.body.view).toMatchObject({ id: view.id, name: 'Germany, 21 November', path: view.path, updated_at: '2026-11-21T08:00:00.000Z' })
    expect((await call('POST', `/app/views/${view.id}`, { path: '/signals?country=DE&bucket=2026-11-22' })).body.view.path).toBe('/signals?country=DE&bucket=2026-11-22')
    expect((await call('POST', `/app/views/${view.id}`, { name: 'brand watch, 30 DAYS' })).status).toBe(409)
    // found by Ctrl+K, first of all kinds
    const found = await call('GET', '/app/find?q=germ')
    expect(found.body.results[0]).toEqual({ kind: 'view', id: view.id, label: 'Germany, 21 November', detail: '/signals?country=DE&bucket=2026-11-22', count: 0 })
    expect(await call('POST', `/app/views/${view.id}/remove`)).toEqual({ status: 200, body: { removed: view.id } })
    expect((await call('POST', `/app/views/${view.id}/remove`)).status).toBe(404)
    expect((await call('POST', '/app/views/not-a-uuid', { name: 'x' })).status).toBe(422)
    expect((await call('GET', '/app/views')).body.views.map((v: { name: string }) => v.name)).toEqual(['An article', 'Brand watch, 30 days'])
  })

  it('is the window\'s: a key of the contract\'s methods is refused', async () => {
    expect((await world.get('/app/views')).status).toBe(401)
  })
})
