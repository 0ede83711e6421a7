import { z } from 'zod'
import { paramDoc } from '../../../shared/contract/params'
import { errorSchemas, routes, type RouteDef } from '../../../shared/contract/routes'
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
      '422': errorResponse('A parameter has a wrong type, value or range', errorSchemas.validation),
      '429': errorResponse('Request limit exceeded (with Retry-After)', errorSchemas.plain),
    }
    if (def.access === 'key') {
      responses['401'] = errorResponse('Key missing, invalid or revoked', errorSchemas.plain)
      responses['403'] = errorResponse('No access to the market, or a project key is required', def.tracking ? errorSchemas.tracking : errorSchemas.plain)
      responses['404'] = errorResponse('Not found', errorSchemas.plain)
    }
    if (def.tracking) {
      responses['400'] = errorResponse('kind_mismatch', errorSchemas.tracking)
      responses['503'] = errorResponse('computing (with Retry-After)', errorSchemas.tracking)
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
