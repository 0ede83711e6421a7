import { runningSync, startSyncJob } from '../app-jobs'
import type { UpstreamRow } from '../../store/repositories/upstreams'
import { FeedSourceError, normalizeUpstreamUrl } from '../../sync/feed-client'
import type { RequestContext } from '../context'
import { ApiError, ValidationApiError } from '../../errors'
import type { HandlerMap } from '../handler-types'

/** An upstream as Settings > Sources shows it: never its key. */
function sourceView(ctx: RequestContext, row: UpstreamRow) {
  return {
    url: row.url,
    countries: row.countries,
    key_storage: row.keySecret ? row.keyStorage : null,
    schedule_minutes: row.scheduleMinutes,
    last_synced_at: row.lastSyncedAt,
    last_result: row.lastResult,
    job_id: runningSync(ctx.jobs, row.url)?.id ?? null,
  }
}

/** The address as it is kept, or a 422 on the body's url. */
function upstreamUrl(url: string): string {
  try {
    return normalizeUpstreamUrl(url)
  } catch (error) {
    if (error instanceof FeedSourceError) throw new ValidationApiError([{ loc: ['body', 'url'], msg: error.message, type: 'value_error' }])
    throw error
  }
}

function known(ctx: RequestContext, url: string): UpstreamRow {
  const row = ctx.store.upstreams.get(upstreamUrl(url))
  if (!row) throw new ApiError(404, `No source ${url}.`)
  return row
}

export const sourceHandlers: HandlerMap<'appListSources' | 'appSaveSource' | 'appRemoveSource' | 'appSyncSource'> = {
  appListSources(ctx) {
    return { sources: ctx.store.upstreams.all().map((row) => sourceView(ctx, row)) }
  },

  appSaveSource(ctx, { body }) {
    const url = upstreamUrl(body.url)
    const existing = ctx.store.upstreams.get(url)
    if (!body.key && !existing?.keySecret) throw new ValidationApiError([{ loc: ['body', 'key'], msg: 'An API key of the upstream is needed to sync from it', type: 'missing' }])
    if (runningSync(ctx.jobs, url)) throw new ApiError(409, `A sync from ${url} is running; change the source when it is done.`)
    if (!existing) ctx.store.annotations.addEvent({ at: ctx.now.toISOString(), kind: 'upstream', title: `Source added: ${url}` })
    ctx.store.upstreams.saveSource(url, {
      keySecret: body.key ? ctx.keyVault.seal(body.key) : null,
      keyStorage: body.key ? ctx.keyVault.storage : null,
      countries: body.countries && body.countries.length > 0 ? [...new Set(body.countries)].sort() : null,
      scheduleMinutes: body.schedule_minutes ?? null,
    })
    return { source: sourceView(ctx, ctx.store.upstreams.get(url)!) }
  },

  appRemoveSource(ctx, { body }) {
    const row = known(ctx, body.url)
    if (runningSync(ctx.jobs, row.url)) throw new ApiError(409, `A sync from ${row.url} is running; remove the source when it is done.`)
    ctx.store.upstreams.remove(row.url)
    return { removed: true as const }
  },

  appSyncSource(ctx, { body }) {
    const row = known(ctx, body.url)
    return { job: startSyncJob(ctx, row.url, ctx.now) }
  },
}
