import { randomUUID } from 'node:crypto'
import type { RouteResponse } from '../../../shared/contract/routes'
import { displayPrefix, generateKeyValue, hashKey } from '../auth/api-keys'
import type { ApiKeyRow, PlanRow, ProjectRow } from '../store/repositories/access'
import type { Store } from '../store/store'
import { ApiError } from '../errors'

/**
 * The rules of projects and API keys, shared by the app's methods, the CLI and the demo: which
 * project a request means, what a key may be (the plan's API access and key count, countries of
 * the store), and how keys and projects are shown (never a key's value after its creation).
 */

type ApiKeyView = RouteResponse<'appListKeys'>['keys'][number]

export function planView(p: PlanRow) {
  return {
    id: p.id,
    name: p.name,
    api_access: p.apiAccess,
    history_days: p.historyDays,
    requests_per_minute: p.requestsPerMinute,
    requests_per_month: p.requestsPerMonth,
    keys_per_project: p.keysPerProject,
  }
}

export function projectView(store: Store, p: ProjectRow) {
  return { id: p.id, name: p.name, plan: planView(store.plans.get(p.planId)!), created_at: p.createdAt }
}

export function keyView(k: ApiKeyRow): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    project_id: k.projectId,
    internal: k.projectId === null,
    countries: k.countries ?? null,
    prefix: k.prefix,
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
    last_used_at: k.lastUsedAt,
  }
}

/** The project named, or the store's only one; otherwise a 404 or a 400 that says what to do. */
export function chosenProject(store: Store, projectId: string | undefined, say: { none: string; several: string }): ProjectRow {
  if (projectId) {
    const project = store.projects.get(projectId)
    if (!project) throw new ApiError(404, `Project ${projectId} not found`)
    return project
  }
  const projects = store.projects.all()
  if (projects.length === 1) return projects[0]!
  throw new ApiError(400, projects.length === 0 ? say.none : say.several)
}

/** Creates a key and returns its value once; the store keeps only the hash. Used by the app and the CLI. */
export function createApiKey(
  store: Store,
  input: { name: string; projectId?: string; internal?: boolean; countries?: string[] },
  now: Date,
): { key: ApiKeyView; value: string } {
  return store.transaction(() => {
    let projectId: string | null = null
    if (!input.internal) {
      const project = chosenProject(store, input.projectId, {
        none: 'There is no project yet: create one (feedlens serve --demo creates the demo project) or make an internal key.',
        several: 'This store has several projects: say which one the key is for.',
      })
      projectId = project.id
      const plan = store.plans.get(project.planId)!
      if (!plan.apiAccess) {
        throw new ApiError(403, `API access is part of the Pro plan; the project "${project.name}" is on the ${plan.name} plan.`)
      }
      const active = store.apiKeys.countActiveForProject(projectId)
      if (plan.keysPerProject !== null && active >= plan.keysPerProject) {
        throw new ApiError(
          409,
          `The ${plan.name} plan allows ${plan.keysPerProject} active keys per project; revoke one before creating another.`,
        )
      }
    }
    const countries = input.countries && input.countries.length > 0 ? input.countries : null
    if (countries) {
      const known = new Set(store.geo.regionCodes())
      const unknown = countries.filter((c) => known.size > 0 && !known.has(c))
      if (unknown.length > 0) throw new ApiError(400, `Unknown countries for this store: ${unknown.join(', ')}`)
    }
    const value = generateKeyValue()
    const row = store.apiKeys.insert({
      id: randomUUID(),
      projectId,
      name: input.name,
      keyHash: hashKey(value),
      prefix: displayPrefix(value),
      countries,
      createdAt: now.toISOString(),
    })
    return { key: keyView(row), value }
  })
}

