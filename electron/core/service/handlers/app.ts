import { analyticsStale, refreshRunning } from '../../jobs/refresh'
import { startDemoJob, startImportJob } from '../../jobs/app-jobs'
import { ApiError } from '../errors'
import type { HandlerMap } from '../handler-types'
import { APP_VERSION } from '../../version'
import { createApiKey, keyView, projectView } from '../keys'

type AppRoutes = 'appStatus' | 'appListProjects' | 'appListKeys' | 'appCreateKey' | 'appRevokeKey' | 'appBuildDemo' | 'appStartImport' | 'appGetJob'

export const appHandlers: HandlerMap<AppRoutes> = {
  appStatus(ctx) {
    const p = ctx.principal
    const project = p.kind === 'app' && p.projectId ? ctx.store.projects.get(p.projectId) : undefined
    return {
      version: APP_VERSION,
      data_dir: ctx.store.file,
      project: project ? projectView(ctx.store, project) : null,
      counts: ctx.store.counts(),
      analytics: { refreshing: refreshRunning(ctx.store), behind: analyticsStale(ctx.store), generation: ctx.store.freshness.analyticsGeneration() },
    }
  },
  appListProjects(ctx) {
    return { projects: ctx.store.projects.all().map((p) => projectView(ctx.store, p)) }
  },
  appListKeys(ctx) {
    return { keys: ctx.store.apiKeys.all().map(keyView) }
  },
  appCreateKey(ctx, { body }) {
    return createApiKey(ctx.store, { name: body.name, projectId: body.project_id, internal: body.internal, countries: body.countries }, ctx.now)
  },
  appBuildDemo(ctx, { body }) {
    return { job: startDemoJob(ctx, body, ctx.now) }
  },

  appStartImport(ctx, { body }) {
    return { job: startImportJob(ctx, body, ctx.now) }
  },

  appGetJob(ctx, { params }) {
    const job = ctx.jobs.get(params.job_id)
    if (!job) throw new ApiError(404, `Job ${params.job_id} not found`)
    return { job }
  },

  appRevokeKey(ctx, { params }) {
    const row = ctx.store.apiKeys.revoke(params.key_id, ctx.now.toISOString())
    if (!row) throw new ApiError(404, `API key ${params.key_id} not found`)
    return { key: keyView(row) }
  },
}
