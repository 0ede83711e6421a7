import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureDemoLists, ensureDemoProject } from '../../demo/demo-project'
import { generateDemoWorldInBackground } from '../../demo/generate'
import { importFile } from '../../ingest/importer'
import { refreshAfterNewData } from '../../jobs/refresh'
import { ApiError } from '../errors'
import type { HandlerMap } from '../handler-types'
import { APP_VERSION } from '../../version'
import { createApiKey, keyView, projectView } from '../keys'

/** Imports the app runs or keeps waiting at once (one writes at a time); more are refused until one ends. */
export const MAX_IMPORT_JOBS = 4

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
    if (ctx.store.counts().articles > 0) throw new ApiError(409, 'The store already has articles; the demo world is built into an empty store only.')
    if (ctx.jobs.running('demo').length > 0) throw new ApiError(409, 'The demo world is already being built.')
    const job = ctx.jobs.start('demo', `Building the ${body.scale} demo world`, ctx.now, async (report) => {
      const summary = await generateDemoWorldInBackground(ctx.store, {
        scale: body.scale,
        seed: body.seed,
        end: new Date(),
        onProgress: (done, total) => report(done / total, `Building the ${body.scale} demo world: day ${done} of ${total}`),
      })
      const demo = ensureDemoProject(ctx.store, new Date())
      report(1, 'Computing trends and feed signals')
      await refreshAfterNewData(ctx.store, ctx.scanner)
      // the example lists go to the demo project, or to the store's project when it has no lists yet
      const projectId = demo?.projectId ?? ctx.store.projects.all()[0]?.id
      if (projectId) ensureDemoLists(ctx.store, projectId, new Date())
      ctx.scanner.requestDue()
      return { ...summary }
    })
    return { job }
  },

  appStartImport(ctx, { body }) {
    const waiting = ctx.jobs.running('import').length
    if (waiting >= MAX_IMPORT_JOBS) {
      throw new ApiError(409, `${waiting} imports are already running or waiting their turn; start this one when one of them is done.`)
    }
    // The file's text goes to a folder of its own, removed on every path (written or not).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-import-'))
    const file = path.join(dir, body.file_name)
    try {
      fs.writeFileSync(file, body.content)
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true })
      throw error
    }
    const job = ctx.jobs.start('import', `Importing ${body.file_name}`, ctx.now, async (report) => {
      try {
        const result = await importFile(ctx.store, file, {
          format: body.format,
          strict: body.strict,
          country: body.country,
          batchSize: 5000,
          onWait: () => report(0, `Waiting for another import of this store to finish before ${body.file_name}`),
          onProgress: (p) => report(p.totalBytes ? p.bytesRead / p.totalBytes : 1, `Importing ${body.file_name}: ${p.rows.toLocaleString('en-US')} rows`),
        })
        if (result.articles > 0 || result.observationsInserted > 0) {
          report(1, 'Computing trends and feed signals')
          await refreshAfterNewData(ctx.store, ctx.scanner)
        }
        return { ...result, file: body.file_name }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    })
    return { job }
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
