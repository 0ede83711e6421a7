import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { errorCasesOf, routes, type RouteDef } from '../../shared/contract/routes'
import { makeWorld, type TestWorld } from '../helpers/core'
import { IDS, seedFixture } from '../helpers/fixture'

/**
 * A seeded, bounded property-based run over every method of /openapi.json: parameters drawn from
 * their documented schemas (valid values, values at and past their bounds, junk), and the answer
 * is never a 5xx and always has the contract's shape: the route's response on 200, the 422 shape,
 * or {detail} (tracking errors: {detail: {code, message}}).
 */

interface Parameter {
  name: string
  in: 'query' | 'path'
  required: boolean
  schema: { type?: string; enum?: string[]; minimum?: number; maximum?: number; format?: string; pattern?: string; minLength?: number; maxLength?: number }
}
type Operation = { operationId: string; parameters: Parameter[]; requestBody?: unknown }
type OpenApi = { paths: Record<string, Record<string, Operation>> }

let w: TestWorld
let openapi: OpenApi
beforeAll(async () => {
  // no request limit gets in the way of the run
  w = makeWorld({ publicRequestsPerMinute: 1_000_000 })
  seedFixture(w.store, w.projectId)
  w.store.sqlite.prepare(`UPDATE plans SET requests_per_minute = NULL, requests_per_month = NULL`).run()
  openapi = (await (await w.get('/openapi.json', {})).json()) as OpenApi
})

/** Strings that break naive parsers: escapes, controls, unicode, huge and odd numbers. */
const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '%', '%zz', '%00', '\u0000', '\uFFFD', '💥', '-1', '0', '1e309', '9'.repeat(40), 'NaN', 'null', 'true', '[]', '{}', '../..', 'all', 'ALL', 'US', 'zz', '0001-01-01', '9999-12-31T23:59:59Z', '2026-02-30', '2026-11-20T25:00:00Z'),
)

const KNOWN_IDS: Record<string, string[]> = {
  list_id: [IDS.entityList, IDS.categoryList, IDS.publisherList, IDS.trendList, IDS.mentionList],
  trend_id: [IDS.trend, IDS.child],
  theme_id: [IDS.theme],
  topic_id: [IDS.topic],
  article_id: [IDS.a1, IDS.a2, IDS.a3],
  alpha_2: ['US', 'de', 'JP'],
}

/** Values of one parameter: mostly what its schema documents, at and past its bounds, sometimes junk. */
function valueOf(p: Parameter): fc.Arbitrary<string | undefined> {
  const s = p.schema
  const documented: Array<fc.Arbitrary<string>> = []
  if (s.enum) documented.push(fc.constantFrom(...s.enum))
  if (s.type === 'integer') {
    const min = s.minimum ?? -5
    const max = s.maximum ?? min + 100_000
    documented.push(fc.integer({ min, max }).map(String), fc.constantFrom(min - 1, max + 1, min, max).map(String))
  }
  if (s.type === 'boolean') documented.push(fc.constantFrom('true', 'false', '1', '0', 'yes', 'off', 'maybe'))
  if (s.format === 'date-time') {
    documented.push(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()))
    documented.push(fc.date({ min: new Date('2026-10-01'), max: new Date('2026-11-25'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)))
  }
  if (s.format === 'uuid') documented.push(fc.uuid(), fc.constantFrom(...(KNOWN_IDS[p.name] ?? [IDS.trend])))
  if (KNOWN_IDS[p.name]) documented.push(fc.constantFrom(...KNOWN_IDS[p.name]!))
  if (p.name === 'country' || p.name === 'region') documented.push(fc.constantFrom('all', 'US', 'de', 'JP', 'us'))
  if (p.name === 'domain') documented.push(fc.constantFrom('example.com', 'https://www.zeitung.de/x', 'not a domain'))
  const value = fc.oneof({ weight: 3, arbitrary: documented.length > 0 ? fc.oneof(...documented) : junk }, { weight: 1, arbitrary: junk })
  return p.required ? value : fc.option(value, { nil: undefined, freq: 3 })
}

function expectContractShape(status: number, body: unknown, def: RouteDef, url: string): void {
  const where = `${status} ${url}: ${JSON.stringify(body).slice(0, 300)}`
  expect(status, where).toBeLessThan(500)
  if (status === 200) {
    const parsed = def.response.safeParse(body)
    expect(parsed.success, `${where} ${JSON.stringify(parsed.error?.issues?.slice(0, 2))}`).toBe(true)
    return
  }
  // an error the route declares (as /openapi.json lists it), in one of the shapes declared for its status
  const declared = errorCasesOf(def).filter((c) => c.status === status)
  expect(declared.length, `${where}: ${status} is not among the route's declared errors`).toBeGreaterThan(0)
  expect(declared.some((c) => c.schema.safeParse(body).success), where).toBe(true)
}

describe('every method of /openapi.json, fuzzed from its parameters (seeded)', () => {
  const operations = () =>
    Object.entries(openapi.paths).flatMap(([template, methods]) => Object.entries(methods).map(([method, op]) => ({ template, method: method.toUpperCase(), op })))

  it('documents every contract method', () => {
    const contract = Object.values(routes).filter((r) => r.access !== 'app')
    expect(operations()).toHaveLength(contract.length)
  })

  it('answers no 5xx, and every answer has the contract\'s shape', async () => {
    for (const { template, method, op } of operations()) {
      const def = routes[op.operationId as keyof typeof routes] as RouteDef
      const params = op.parameters
      const record = fc.record(Object.fromEntries(params.map((p) => [p.name, valueOf(p)])) as Record<string, fc.Arbitrary<string | undefined>>)
      const body = fc.oneof(
        fc.record({ domains: fc.array(fc.oneof(fc.domain(), junk), { maxLength: 120 }) }),
        fc.constantFrom<unknown>(null, [], 'x', { domains: 'x' }, { domains: [1, null] }),
      )
      await fc.assert(
        fc.asyncProperty(record, body, async (values, payload) => {
          let path = template
          const query = new URLSearchParams()
          for (const p of params) {
            const v = values[p.name]
            if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v ?? 'x'))
            else if (v !== undefined) query.append(p.name, v)
          }
          const url = `${path}${query.size > 0 ? `?${query}` : ''}`
          const headers: Record<string, string> = def.access === 'key' ? { 'X-API-Key': w.key } : {}
          const res = method === 'POST' ? await w.post(url, payload, headers) : await w.get(url, headers)
          const text = await res.text()
          let parsed: unknown
          expect(() => (parsed = JSON.parse(text)), `${res.status} ${url}: not JSON: ${text.slice(0, 200)}`).not.toThrow()
          expectContractShape(res.status, parsed, def, url)
        }),
        { seed: 20261122, numRuns: 60, endOnFailure: true },
      )
    }
  }, 120_000)

  it('answers raw query strings of any shape (repeated names, bad escapes, unknown names) without a 5xx', async () => {
    const keyed = (Object.values(routes) as RouteDef[]).filter((r) => r.method === 'GET' && r.access === 'key' && !r.params)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keyed), fc.array(fc.tuple(fc.oneof(fc.constantFrom('limit', 'offset', 'country', 'date_from', 'sort_by', 'q', 'search', 'period'), fc.string({ maxLength: 8 })), junk), { maxLength: 6 }), async (def, pairs) => {
        const raw = pairs.map(([k, v]) => `${k}=${v}`).join('&')
        let res: Response
        try {
          res = await w.app.request(`http://127.0.0.1${def.path}?${raw}`, { headers: { 'X-API-Key': w.key } })
        } catch {
          return // a URL the fetch API itself refuses never reaches the server
        }
        const body = JSON.parse(await res.text()) as unknown
        expectContractShape(res.status, body, def, `${def.path}?${raw}`)
      }),
      { seed: 7, numRuns: 300, endOnFailure: true },
    )
  }, 120_000)
})
