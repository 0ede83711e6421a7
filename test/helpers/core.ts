import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { routes, type RouteId } from '../../shared/contract/routes'
import { Core } from '../../electron/core/core'
import { createHttpApp, type HttpAppOptions } from '../../electron/core/http/app'
import { WebSessions } from '../../electron/core/auth/web-sessions'
import { createApiKey } from '../../electron/core/service/keys'
import { Store } from '../../electron/core/store/store'

export const MIGRATIONS = path.resolve(__dirname, '../../resources/drizzle')
export const FIXED_NOW = new Date('2026-11-20T12:00:00Z')

export { tempDir } from './temp-dirs'

export function openTestStore(file = ':memory:'): Store {
  return Store.open({ file, migrationsFolder: MIGRATIONS })
}

export interface TestWorld {
  core: Core
  store: Store
  app: ReturnType<typeof createHttpApp>
  projectId: string
  key: string
  now: () => Date
  setNow(d: Date): void
  get(path: string, headers?: Record<string, string>): Promise<Response>
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
  session: Record<string, string>
}

/** A core over an in-memory (or given) store with one Pro project, its key, and a movable clock. */
export function makeWorld(options: { file?: string; plan?: string; http?: HttpAppOptions; regions?: string[]; publicRequestsPerMinute?: number; restAfterMs?: number } = {}): TestWorld {
  const store = openTestStore(options.file)
  let now = FIXED_NOW
  const core = new Core({ store, clock: () => now, appUrl: 'http://127.0.0.1:9999', publicRequestsPerMinute: options.publicRequestsPerMinute, restAfterMs: options.restAfterMs })
  for (const code of options.regions ?? []) seedRegion(store, code)
  let project = store.projects.all()[0]
  if (!project) {
    project = store.projects.create({ id: randomUUID(), name: 'Test project', planId: options.plan ?? 'pro', createdAt: now.toISOString() })
  }
  const key = project.planId === 'start' ? '' : createApiKey(store, { name: 'test key', projectId: project.id }, now).value
  const app = createHttpApp(core, options.http)
  const host = 'http://127.0.0.1'
  return {
    core,
    store,
    app,
    projectId: project.id,
    key,
    now: () => now,
    setNow(d) {
      now = d
    },
    get: async (p, headers = { 'X-API-Key': key }) => app.request(`${host}${p}`, { headers }),
    post: async (p, body, headers = {}) =>
      app.request(`${host}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    session: { cookie: WebSessions.cookie(core.sessions.signIn()) },
  }
}

export function seedRegion(store: Store, code: string, name = `Country ${code}`): void {
  store.sqlite
    .prepare(
      `INSERT OR IGNORE INTO regions (alpha_2, alpha_3, name, languages, population, internet_population, is_active, utc_offset_minutes)
       VALUES (?, ?, ?, '["en"]', 1000000, 800000, 1, 0)`,
    )
    .run(code, `${code}X`, name)
}

/** An English article of example.com in the US feed, its URL ending in `slug`: the trend tests' stories. */
export const exampleArticle = (id: string, slug: string, title: string, publishedAt: string, category?: string) => ({
  id,
  url: `https://example.com/${slug}`,
  title,
  domain: 'example.com',
  region: 'US',
  lang: 'en',
  ...(category === undefined ? {} : { category }),
  publishedAt,
})

/** GETs a route, expects 200 and a body of the route's response schema, and returns the body. */
export async function expectOk<K extends RouteId>(w: TestWorld, id: K, url: string, headers?: Record<string, string>): Promise<any> {
  const res = await w.get(url, headers)
  const body = await res.json()
  expect(res.status, `${url}: ${JSON.stringify(body)}`).toBe(200)
  const parsed = routes[id].response.safeParse(body)
  expect(parsed.success, `${url}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
  return body
}
