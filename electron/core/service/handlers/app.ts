import { analyticsStale, refreshAfterNewData, refreshRunning } from '../../jobs/refresh'
import { SKIPPED_SETTING, type SkippedArticle } from '../../jobs/trends'
import { startDemoJob, startImportJob } from '../app-jobs'
import { ApiError } from '../../errors'
import type { HandlerMap } from '../handler-types'
import { APP_VERSION } from '../../version'
import { createApiKey, keyView, projectView } from '../keys'

type AppRoutes = 'appRemoveArticles' | 'appStatus' | 'appListProjects' | 'appListKeys' | 'appCreateKey' | 'appRevokeKey' | 'appBuildDemo' | 'appStartImport' | 'appGetJob'

/** The articles the last refresh left out, the first ones, as the window names them. */
function skippedArticles(ctx: Parameters<HandlerMap<'appStatus'>['appStatus']>[0]): Array<{ id: string; title: string; reason: string }> {
  const skipped = (JSON.parse(ctx.store.settings.get(SKIPPED_SETTING) ?? '[]') as SkippedArticle[]).slice(0, 20)
  if (skipped.length === 0) return []
  const known = ctx.store.articles.headlines(skipped.map((s) => s.seq))
  return skipped.flatMap((s) => {
    const a = known.get(s.seq)
    return a ? [{ id: a.id, title: a.title.slice(0, 200), reason: s.reason }] : []
  })
}

export const appHandlers: HandlerMap<AppRoutes> = {
  appStatus(ctx) {
    const p = ctx.principal
    const project = p.kind === 'app' && p.projectId ? ctx.store.projects.get(p.projectId) : undefined
    const alerts = ctx.store.alerts.counts()
    return {
      version: APP_VERSION,
      data_dir: ctx.store.file,
      project: project ? projectView(ctx.store, project) : null,
      counts: ctx.store.counts(),
      analytics: {
        refreshing: refreshRunning(ctx.store),
        behind: analyticsStale(ctx.store),
        generation: ctx.store.freshness.analyticsGeneration(),
        skipped: skippedArticles(ctx),
      },
      alerts: { unread: alerts.unread, newest_at: alerts.newestAt },
    }
  },
  /** A write of the window (one transaction, Core.call): the articles go, then trends and signals follow in the background. */
  appRemoveArticles(ctx, { body }) {
    const removed = ctx.store.removeArticles(body.ids, ctx.now)
    // after this write commits: the refresh waits for the lock it holds
    if (removed.length > 0) setImmediate(() => void refreshAfterNewData(ctx.store, ctx.scanner).catch(() => undefined))
    return { removed }
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
