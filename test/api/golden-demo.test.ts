import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { WebSessions } from '../../electron/core/auth/web-sessions'
import { Core } from '../../electron/core/core'
import { ensureDemoLists, ensureDemoProject } from '../../electron/core/service/demo-project'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { createHttpApp } from '../../electron/core/http/app'
import { refreshAnalytics } from '../../electron/core/jobs/refresh'
import { openTestStore } from '../helpers/core'
import Ajv from 'ajv'

/**
 * The API's answers on the small demo world, byte for byte: a restructuring of the code must not
 * change them. The expected answers are kept as hashes in test/fixtures/golden-demo.json; after a
 * change that is meant to change answers, write them anew with UPDATE_GOLDEN=1 (and say why in
 * the commit).
 */

const GOLDEN = path.resolve(__dirname, '../fixtures/golden-demo.json')
const END = new Date('2026-11-20T12:00:00Z')
const store = openTestStore()
let app: ReturnType<typeof createHttpApp>
let session: Record<string, string>
let urls: string[]
/** Names of the ids in the URLs, so the record reads as what was asked. */
const names = new Map<string, string>()
const label = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => names.get(id) ?? id).replace(/entity=[^&"]+/, 'entity={entity}')

beforeAll(() => {
  generateDemoWorld(store, { scale: 'small', seed: 42, end: END })
  const projectId = ensureDemoProject(store, END)!.projectId
  refreshAnalytics(store, END)
  ensureDemoLists(store, projectId, END)
  refreshAnalytics(store, END)
  const core = new Core({ store, clock: () => END, publicRequestsPerMinute: 1_000_000, appUrl: 'http://127.0.0.1:8737' })
  app = createHttpApp(core)
  session = { cookie: WebSessions.cookie(core.sessions.signIn()) }
  const one = (sql: string) => store.sqlite.prepare(sql).pluck().get() as string
  const lists = store.sqlite.prepare(`SELECT id, kind, name FROM tracking_lists ORDER BY kind, name`).all() as Array<{ id: string; kind: string; name: string }>
  for (const l of lists) names.set(l.id, `{${l.kind} list ${l.name}}`)
  // ids made at random (lists, their items, the project) are named in answers, which are otherwise compared byte for byte
  for (const i of store.sqlite.prepare(`SELECT i.id, l.name, i.key, i.type FROM tracking_items i JOIN tracking_lists l ON l.id = i.list_id`).all() as Array<{ id: string; name: string; key: string; type: string | null }>) {
    names.set(i.id, `{item ${i.name}: ${i.key} ${i.type ?? ''}}`)
  }
  for (const p of store.projects.all()) names.set(p.id, `{project ${p.name}}`)
  const trend = one('SELECT id FROM trends ORDER BY article_count DESC, id LIMIT 1')
  const child = one('SELECT child_id FROM trend_links ORDER BY strength DESC, child_id LIMIT 1')
  const parent = one('SELECT parent_id FROM trend_links ORDER BY strength DESC, child_id LIMIT 1')
  const theme = one('SELECT id FROM themes ORDER BY n_articles DESC, id LIMIT 1')
  const topic = one('SELECT id FROM topics ORDER BY n_articles DESC, id LIMIT 1')
  const article = one('SELECT a.id FROM articles a JOIN article_facets f ON f.article_seq = a.seq ORDER BY f.impressions DESC, a.id LIMIT 1')
  const entity = one('SELECT entity_id FROM article_entities GROUP BY entity_id ORDER BY count(*) DESC, entity_id LIMIT 1')
  const domain = one('SELECT domain FROM publishers ORDER BY domain LIMIT 1')
  for (const [id, name] of [[trend, 'trend'], [child, 'child'], [parent, 'parent'], [theme, 'theme'], [topic, 'topic'], [article, 'article']] as const) names.set(id, `{${name}}`)
  urls = [
    '/v1/tracking/lists',
    ...lists.flatMap((l) => [
      `/v1/tracking/lists/${l.id}`,
      `/v1/tracking/lists/${l.id}/metrics`,
      `/v1/tracking/lists/${l.id}/metrics?period=7d&grain=hour`,
      `/v1/tracking/lists/${l.id}/metrics?period=30d&country=US&limit=3&offset=1`,
      `/v1/tracking/lists/${l.id}/metrics?period=custom&date_from=2026-09-01&date_to=2026-10-01`,
      `/v1/tracking/lists/${l.id}/rollup?period=7d`,
      `/v1/tracking/lists/${l.id}/rollup?period=custom&date_from=2026-09-01&date_to=2026-10-01&country=DE`,
      ...(l.kind === 'mention' ? [`/v1/tracking/lists/${l.id}/matches`, `/v1/tracking/lists/${l.id}/matches?limit=5&scope=title`] : []),
    ]),
    '/v1/geo/regions?with_stats=true',
    `/v1/geo/regions?entity=${encodeURIComponent(entity)}&window=7d`,
    '/v1/geo/regions/US',
    '/v1/geo/regions/de/cities?active_only=true',
    '/v1/geo/languages?with_article_counts=true',
    '/v1/articles',
    '/v1/articles?region=FR&sort_by=impressions&limit=20',
    '/v1/articles?search=election&has_entities=true',
    `/v1/articles/${article}?include_markdown=true`,
    `/v1/articles/${article}/observations?limit=50`,
    '/v1/trends',
    '/v1/trends?state=hot&sort_by=article_count&limit=100',
    `/v1/trends/${trend}`,
    `/v1/trends/${trend}/articles?sort_by=assignment_score`,
    `/v1/trends/${child}/parents`,
    `/v1/trends/${parent}/children`,
    '/v1/themes',
    `/v1/themes/${theme}/topics`,
    `/v1/topics/${topic}/trends`,
    '/public/discover/volatility',
    '/public/discover/volatility?country=DE&granularity=3h',
    '/public/discover/category-volatility',
    '/public/discover/category-volatility?category=News&granularity=3h',
    '/public/discover/topic-volatility',
    '/public/discover/format-interest?country=US',
    '/public/discover/categories?limit=50',
    `/public/engine-profile?domain=${domain}`,
    '/public/engine-profile/query?q=news',
  ]
}, 120_000)

async function answers(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const url of urls) {
    const res = await app.request(`http://127.0.0.1${url}`, { headers: session })
    let text = label(Buffer.from(await res.arrayBuffer()).toString('utf8'))
    // the demo's lists are all made at one instant: their order in the index follows their random ids
    if (url === '/v1/tracking/lists') {
      const index = JSON.parse(text) as { lists: Array<{ name: string }> }
      index.lists.sort((a, b) => a.name.localeCompare(b.name))
      text = JSON.stringify(index)
    }
    const body = Buffer.from(text)
    out[label(url)] = `${res.status} ${createHash('sha256').update(body).digest('hex').slice(0, 24)}`
  }
  return out
}

describe('the API on the small demo world, byte for byte', () => {
  it('answers every method as recorded', async () => {
    const now = await answers()
    if (process.env.UPDATE_GOLDEN) fs.writeFileSync(GOLDEN, `${JSON.stringify(now, null, 1)}\n`)
    const recorded = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as Record<string, string>
    expect(now).toEqual(recorded)
    expect(Object.values(now).every((v) => v.startsWith('200 '))).toBe(true)
  })
})

describe('the answers as /openapi.json declares them', () => {
  it('validates every answer of every method (and its errors) against the document with a third-party validator (Ajv)', async () => {
    const doc = (await (await app.request('http://127.0.0.1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: { 'application/json': { schema: object } } }> }>>
    }
    const ajv = new Ajv({ strict: false, allErrors: true })
    const operations = Object.entries(doc.paths).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`), template, op })),
    )
    // the answers above, and each method's errors: no key, a closed country, a bad value, an unknown id, another method, another host
    const asked: Array<{ url: string; method?: string; headers?: Record<string, string> }> = urls.flatMap((url) => {
      const [pathname, query = ''] = url.split('?')
      return [
        { url },
        { url, headers: {} },
        { url: `${pathname}?${query}&limit=0&country=ZZZ&period=week&granularity=hour` },
        { url: pathname!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/, '00000000-0000-4000-8000-000000000000') },
        { url, method: 'DELETE' },
        { url, headers: { ...session, host: 'evil.example' } },
      ]
    })
    let checked = 0
    const mismatches: string[] = []
    for (const a of asked) {
      const res = await app.request(`http://127.0.0.1${a.url}`, { method: a.method ?? 'GET', headers: a.headers ?? session })
      const pathname = a.url.split('?')[0]!
      const op = operations.find((o) => o.pattern.test(pathname) && o.method === 'GET')!
      expect(op, a.url).toBeDefined()
      const declared = op.op.responses[String(res.status)]
      if (!declared) {
        mismatches.push(`${a.method ?? 'GET'} ${label(a.url)}: ${res.status} is not declared`)
        continue
      }
      const schema = declared.content?.['application/json'].schema
      if (!schema) continue
      const validate = ajv.compile(schema)
      if (!validate(await res.json())) mismatches.push(`${a.method ?? 'GET'} ${label(a.url)} ${res.status}: ${ajv.errorsText(validate.errors)}`)
      checked++
    }
    expect(mismatches).toEqual([])
    expect(checked).toBeGreaterThan(300)
  })
})
