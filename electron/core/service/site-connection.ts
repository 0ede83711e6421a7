import path from 'node:path'
import type { z } from 'zod'
import type { siteConnectionResponse, sitePullBody } from '../../../shared/contract/site'
import { ApiError, ValidationApiError } from '../errors'
import type { JobView } from '../jobs/jobs'
import type { Store } from '../store/store'
import { connectSearchConsole } from '../sync/search-console/connect'
import { ConnectionProblem, connectionStorage, loadConnection, removeConnection, saveConnection } from '../sync/search-console/credentials'
import { clientConfigOfFile, DEFAULT_API_OPTIONS, type ApiOptions } from '../sync/search-console/google-client'
import { pullReportFields, pullSearchConsole } from '../sync/search-console/pull'
import type { RequestContext } from './context'

/**
 * The window's live connection to Search Console (Settings > Search Console): the consent runs
 * in the background while the person answers Google in their browser, the window polls its state;
 * the token is sealed by the app's vault (the OS keychain on desktop) in a file of the data folder.
 */

type ConnectionView = z.infer<typeof siteConnectionResponse>

/** A consent under way, or the last one's problem, per store (one app, one store). */
const consents = new WeakMap<Store, { consentUrl: string | null; problem: string | null }>()

/** The API's address: Google's, or a proxy's or test server's (FEEDLENS_GSC_API_ROOT). */
export function searchConsoleApiOptions(): ApiOptions {
  return { ...DEFAULT_API_OPTIONS, apiRoot: process.env.FEEDLENS_GSC_API_ROOT || DEFAULT_API_OPTIONS.apiRoot }
}

function dataDirOf(store: Store): string {
  if (store.file === ':memory:') throw new ApiError(409, 'A store in memory keeps no connection: open a data folder.')
  return path.dirname(store.file)
}

export function connectionView(ctx: RequestContext): ConnectionView {
  const state = consents.get(ctx.store) ?? { consentUrl: null, problem: null }
  const stored = ctx.store.file === ':memory:' ? null : connectionStorage(dataDirOf(ctx.store))
  return {
    connected: stored !== null,
    storage: stored?.storage ?? null,
    connected_at: stored?.connectedAt ?? null,
    client_id: stored?.clientId ?? null,
    sites: (stored?.sites ?? []).map((s) => ({ site_url: s.siteUrl, permission_level: s.permissionLevel })),
    consent_url: state.consentUrl,
    problem: state.problem,
  }
}

/** Starts the consent; answers the address of Google's consent page once the loopback redirect listens. */
export async function startConsent(ctx: RequestContext, clientFile: string): Promise<{ consent_url: string }> {
  const client = clientConfigOfFile(clientFile)
  if (!client) {
    throw new ValidationApiError([{ loc: ['body', 'client_file'], msg: 'Not an OAuth client file of Google Cloud Console (a "Desktop app" client\'s JSON, {"installed": {"client_id": …}})', type: 'value_error' }])
  }
  const dataDir = dataDirOf(ctx.store)
  const store = ctx.store
  const vault = ctx.keyVault
  const state = { consentUrl: null as string | null, problem: null as string | null }
  consents.set(store, state)
  let told: (url: string) => void = () => undefined
  const address = new Promise<string>((resolve) => (told = resolve))
  const done = connectSearchConsole({
    client,
    api: searchConsoleApiOptions(),
    openUrl: (url) => {
      state.consentUrl = url
      told(url)
    },
  }).then(
    (result) => {
      if (store.sqlite.open) saveConnection(dataDir, vault, result.connection)
      state.consentUrl = null
      return null
    },
    (error: unknown) => {
      state.consentUrl = null
      state.problem = error instanceof ConnectionProblem ? error.message : `The connection failed: ${(error as Error).message}`
      return state.problem
    },
  )
  const first = await Promise.race([address, done])
  if (first === null || state.problem) throw new ApiError(502, state.problem ?? 'The consent ended before it started.')
  return { consent_url: first }
}

export function disconnect(ctx: RequestContext): ConnectionView {
  removeConnection(dataDirOf(ctx.store))
  consents.delete(ctx.store)
  return connectionView(ctx)
}

/** A pull of a property as a background job of the window; one at a time. */
export function startPullJob(ctx: RequestContext, body: z.output<typeof sitePullBody>): JobView {
  const dataDir = dataDirOf(ctx.store)
  let connection
  try {
    connection = loadConnection(dataDir, ctx.keyVault)
  } catch (error) {
    if (error instanceof ConnectionProblem) throw new ApiError(409, error.message)
    throw error
  }
  if (!connection) throw new ApiError(409, 'Not connected to Search Console: connect first (Settings > Search Console).')
  if (ctx.jobs.running('gsc-pull').length > 0) throw new ApiError(409, 'A pull from Search Console is running; start this one when it is done.')
  const store = ctx.store
  const now = ctx.now
  const found = connection
  return ctx.jobs.start('gsc-pull', `Pulling ${body.property} from Search Console`, now, async (report) => {
    const r = await pullSearchConsole(store, {
      connection: found,
      property: body.property,
      searchType: body.search_type,
      since: body.since,
      now,
      api: searchConsoleApiOptions(),
      onProgress: (done, total, day) => report(done / total, `Pulling ${body.property} from Search Console: ${day} (${done} of ${total} days)`),
    })
    return pullReportFields(r)
  })
}
