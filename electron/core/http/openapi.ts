import { z } from 'zod'
import { paramDoc } from '../../../shared/contract/params'
import { errorCasesOf, routes, type RouteDef } from '../../../shared/contract/routes'
import { APP_VERSION } from '../version'

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>

function parameters(where: 'query' | 'path', obj: z.ZodObject | undefined) {
  if (!obj) return []
  return Object.entries(obj.shape).map(([name, schema]) => {
    const s = schema as z.ZodType
    const doc = paramDoc(s)
    return {
      name,
      in: where,
      required: where === 'path' || !s.safeParse(undefined).success,
      schema: doc ? Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined)) : jsonSchema(s, 'input'),
    }
  })
}

const errorResponse = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
})

/** The OpenAPI 3 document of the contract's methods, generated from shared/contract. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [operationId, def] of Object.entries(routes) as Array<[string, RouteDef]>) {
    if (def.access === 'app') continue
    const responses: Record<string, unknown> = {
      '200': { description: 'OK', content: { 'application/json': { schema: jsonSchema(def.response, 'output') } } },
    }
    // one entry a status: cases of one status (a plain and a tracking 400) share it
    for (const c of errorCasesOf(def)) {
      const key = String(c.status)
      const same = errorCasesOf(def).filter((o) => o.status === c.status)
      if (responses[key]) continue
      responses[key] = errorResponse(same.map((o) => o.description).join('; '), same.length === 1 ? c.schema : z.union(same.map((o) => o.schema) as [z.ZodType, z.ZodType]))
    }
    paths[def.path] = {
      ...paths[def.path],
      [def.method.toLowerCase()]: {
        operationId,
        summary: def.summary,
        tags: [def.tag],
        parameters: [...parameters('path', def.params), ...parameters('query', def.query)],
        ...(def.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(def.body, 'input') } } } }
          : {}),
        ...(def.access === 'key' ? { security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }] } : { security: [] }),
        responses,
      },
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Feedlens loopback API',
      version: APP_VERSION,
      description: 'The content-discovery analytics contract, served locally: /v1 needs an API key, /public needs none.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        BearerAuth: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  }
}
