import type { Store } from '../store/store'
import type { Principal } from './principal'
import { ApiError } from '../errors'
import { hashKey } from './api-keys'

/** Query parameter names under which people try to pass keys; they are never read, never logged. */
export const KEY_QUERY_NAMES = ['api_key', 'apikey', 'api-key', 'key', 'token', 'access_token', 'x-api-key']

/** Internal keys are not tied to a project; they get the Pro plan's request limits. */
export const INTERNAL_KEY_PLAN = 'pro'

const unauthorized = (detail: string) => new ApiError(401, detail, { 'WWW-Authenticate': 'Bearer' })

/**
 * Resolves the API key of a request. Exactly one of `X-API-Key` or `Authorization: Bearer`;
 * never the query string.
 */
export function authenticateApiKey(
  keys: { principal(value: string): Principal },
  headers: { apiKey: string | null; authorization: string | null },
  queryNames: string[],
): Principal {
  const headerKey = headers.apiKey?.trim() || null
  let bearer: string | null = null
  if (headers.authorization !== null && headers.authorization.trim() !== '') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization.trim())
    if (!match) throw unauthorized('The Authorization header must have the form "Bearer <API key>".')
    bearer = match[1]!
  }
  if (headerKey && bearer) {
    throw new ApiError(400, 'Send the API key in one header only: X-API-Key or Authorization: Bearer, not both.')
  }
  const value = headerKey ?? bearer
  if (!value) {
    const inQuery = queryNames.some((n) => KEY_QUERY_NAMES.includes(n.toLowerCase()))
    throw unauthorized(
      inQuery
        ? 'API keys are not accepted in the URL. Send the key in the X-API-Key header (or Authorization: Bearer).'
        : 'Missing API key. Send it in the X-API-Key header (or Authorization: Bearer).',
    )
  }
  return keys.principal(value)
}

/** Who a key value is, as the store says now: its project and plan, or why it is refused. */
export function keyPrincipal(store: Store, value: string): Principal {
  const row = store.apiKeys.byHash(hashKey(value))
  if (!row) throw unauthorized('Invalid API key.')
  if (row.revokedAt) throw unauthorized('This API key has been revoked.')

  if (row.projectId === null) {
    const plan = store.plans.get(INTERNAL_KEY_PLAN)!
    return { kind: 'internal-key', keyId: row.id, countries: row.countries ?? null, plan }
  }
  const project = store.projects.get(row.projectId)
  const plan = project && store.plans.get(project.planId)
  if (!project || !plan) throw unauthorized('Invalid API key.')
  if (!plan.apiAccess) {
    throw new ApiError(403, `API access is part of the Pro plan; the project "${project.name}" is on the ${plan.name} plan.`)
  }
  return { kind: 'project-key', keyId: row.id, projectId: project.id, countries: row.countries ?? null, plan }
}
