import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { z } from 'zod'
import type { demoBody, importBody } from '../../../shared/contract/app'
import { addDemoSiteBesideStore, ensureDemoLists, ensureDemoProject } from './demo-project'
import { generateDemoWorldInBackground } from '../demo/generate'
import { importFile } from '../ingest/importer'
import { ApiError } from '../errors'
import type { Store } from '../store/store'
import type { JobRegistry, JobView } from '../jobs/jobs'
import type { MentionScanner } from '../jobs/mention-scan'
import { analyticsStale, refreshAfterNewData } from '../jobs/refresh'
import { acquireImportLock } from '../store/import-lock'
import type { KeyVault } from '../sync/key-vault'
import { syncFrom } from '../sync/sync'

/** Imports the app runs or keeps waiting at once (one writes at a time); more are refused until one ends. */
export const MAX_IMPORT_JOBS = 4

/** What the app's background jobs work with. */
export interface JobDeps {
  store: Store
  jobs: JobRegistry
  scanner: MentionScanner
}

/** Observations written per transaction by the app's syncs: the window's thread stays free between them. */
const APP_SYNC_BATCH = 20_000

/** The job that last synced each upstream, by registry. */
const syncJobs = new WeakMap<JobRegistry, Map<string, string>>()

/** The sync of an upstream running now, if any. */
export function runningSync(jobs: JobRegistry, url: string): JobView | undefined {
  const id = syncJobs.get(jobs)?.get(url)
  const job = id === undefined ? undefined : jobs.get(id)
  return job?.status === 'running' ? job : undefined
}

/**
 * Syncs from an upstream of Settings > Sources (its key opened from where it is kept), then
 * refreshes what depends on the data; one sync of an upstream at a time, and it takes the store's
 * import lock like any import.
 */
export function startSyncJob(deps: JobDeps & { keyVault: KeyVault }, url: string, now: Date): JobView {
  const { store, jobs, scanner, keyVault } = deps
  const source = store.upstreams.get(url)
  if (!source) throw new ApiError(404, `No source ${url}: add it first.`)
  if (!source.keySecret) throw new ApiError(409, `${url} has no API key stored: enter one to sync from it.`)
  if (source.keyStorage && source.keyStorage !== keyVault.storage) {
    throw new ApiError(409, `The key of ${url} was kept by ${source.keyStorage === 'os-keychain' ? 'the OS keychain of the desktop app' : 'the data folder'}, which this app cannot open: enter it again.`)
  }
  const running = runningSync(jobs, url)
  if (running) return running
  const key = keyVault.open(source.keySecret)
  const job = jobs.start('sync', `Syncing from ${url}`, now, async (report) => {
    const release = await acquireImportLock(store.file, { file: `sync from ${url}` }, () => report(0, `Waiting for an import of this store to finish before syncing from ${url}`))
    try {
      const result = await syncFrom(store, {
        url,
        key,
        countries: source.countries ?? undefined,
        batchObservations: APP_SYNC_BATCH,
        write: async (work) => {
          const done = await store.writeWhenFree(work)
          if (!done.done) throw new Error('The store was closed during the sync.')
        },
        onProgress: (p) =>
          report(p.elements / Math.max(1, p.elements + p.remaining), `Syncing from ${url}: ${p.elements.toLocaleString('en-US')} elements, ${p.observations.toLocaleString('en-US')} new observations`),
      })
      if (result.articles > 0 || result.observations > 0 || analyticsStale(store)) {
        report(1, 'Computing trends and feed signals')
        await refreshAfterNewData(store, scanner)
      }
      return result
    } finally {
      release()
    }
  })
  let byUrl = syncJobs.get(jobs)
  if (!byUrl) syncJobs.set(jobs, (byUrl = new Map()))
  byUrl.set(url, job.id)
  return job
}

/** Builds the demo world into an empty store, then its analytics and the demo project's example lists (Settings' first-start offer). */
export function startDemoJob(deps: JobDeps, input: z.output<typeof demoBody>, now: Date): JobView {
  const { store, jobs, scanner } = deps
  if (store.counts().articles > 0) throw new ApiError(409, 'The store already has articles; the demo world is built into an empty store only.')
  if (jobs.running('demo').length > 0) throw new ApiError(409, 'The demo world is already being built.')
  return jobs.start('demo', `Building the ${input.scale} demo world`, now, async (report) => {
    const summary = await generateDemoWorldInBackground(store, {
      scale: input.scale,
      seed: input.seed,
      end: new Date(),
      onProgress: (done, total) => report(done / total, `Building the ${input.scale} demo world: day ${done} of ${total}`),
    })
    report(1, 'Writing the demo site\'s Search Console export')
    addDemoSiteBesideStore(store, input.seed)
    const demo = ensureDemoProject(store, new Date())
    report(1, 'Computing trends and feed signals')
    await refreshAfterNewData(store, scanner)
    // the example lists go to the demo project, or to the store's project when it has no lists yet
    const projectId = demo?.projectId ?? store.projects.all()[0]?.id
    if (projectId) ensureDemoLists(store, projectId, new Date())
    scanner.requestDue()
    return { ...summary }
  })
}

/** How a file is imported, as the window's import form gives it. */
type ImportChoices = Pick<z.output<typeof importBody>, 'format' | 'strict' | 'country'>

function refuseWhenQueueFull(jobs: JobRegistry): void {
  const waiting = jobs.running('import').length
  if (waiting >= MAX_IMPORT_JOBS) {
    throw new ApiError(409, `${waiting} imports are already running or waiting their turn; start this one when one of them is done.`)
  }
}

/** The import itself, then the refresh of what depends on the data: one job's work. */
async function importThenRefresh(deps: JobDeps, file: string, name: string, choices: ImportChoices, report: (fraction: number, message: string) => void) {
  const { store, scanner } = deps
  const result = await importFile(store, file, {
    ...choices,
    batchSize: 5000,
    onWait: () => report(0, `Waiting for another import of this store to finish before ${name}`),
    onProgress: (p) => report(p.totalBytes ? p.bytesRead / p.totalBytes : 1, `Importing ${name}: ${p.rows.toLocaleString('en-US')} rows`),
  })
  if (result.articles > 0 || result.observationsInserted > 0 || analyticsStale(store)) {
    report(1, 'Computing trends and feed signals')
    await refreshAfterNewData(store, scanner)
  }
  return { ...result, file: name }
}

/**
 * Imports a file the window sent as text (Settings > Import), then refreshes what depends on the
 * data. Its text goes to a folder of its own, removed on every path (written or not).
 */
export function startImportJob(deps: JobDeps, input: z.output<typeof importBody>, now: Date): JobView {
  refuseWhenQueueFull(deps.jobs)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-import-'))
  const file = path.join(dir, input.file_name)
  try {
    fs.writeFileSync(file, input.content)
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return deps.jobs.start('import', `Importing ${input.file_name}`, now, async (report) => {
    try {
      return await importThenRefresh(deps, file, input.file_name, input, report)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
}

/**
 * Imports a file where it lies (the desktop app's File > Import and files dropped on its window:
 * the main process reads the path, nothing is copied through the window), then refreshes.
 */
export function startPathImportJob(deps: JobDeps, file: string, now: Date): JobView {
  refuseWhenQueueFull(deps.jobs)
  const name = path.basename(file)
  return deps.jobs.start('import', `Importing ${name}`, now, (report) => importThenRefresh(deps, file, name, { strict: false }, report))
}
