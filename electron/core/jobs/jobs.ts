import { randomUUID } from 'node:crypto'
import type { JobKind, JobResult } from '../../../shared/contract/app'
import type { RouteResponse } from '../../../shared/contract/routes'

export type JobView = RouteResponse<'appGetJob'>['job']

/**
 * Background work of the app (building the demo world, importing a file): started by a
 * request, watched by polling. Work yields to the event loop between steps, so the API and
 * the window keep answering while it runs.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, JobView>()
  /** Told of every job that starts (the desktop shell follows syncs on the taskbar and in notifications). */
  onStart: ((job: JobView) => void) | null = null

  start<K extends JobKind>(kind: K, message: string, now: Date, work: (report: (progress: number, message?: string) => void) => Promise<JobResult<K>>): JobView {
    // the kind and its result go together: work of kind K ends with JobResult<K>
    const job = {
      id: randomUUID(),
      kind,
      status: 'running',
      progress: 0,
      message,
      result: null,
      error: null,
      started_at: now.toISOString(),
      finished_at: null,
    } as JobView
    this.jobs.set(job.id, job)
    try {
      this.onStart?.({ ...job })
    } catch (error) {
      console.error('A job start listener failed:', error)
    }
    const report = (progress: number, text?: string) => {
      job.progress = Math.max(0, Math.min(1, progress))
      if (text) job.message = text
    }
    void work(report).then(
      (result) => Object.assign(job, { status: 'done', progress: 1, result, finished_at: new Date().toISOString() }),
      (error: unknown) =>
        Object.assign(job, { status: 'failed', error: error instanceof Error ? error.message : String(error), finished_at: new Date().toISOString() }),
    )
    return { ...job }
  }

  get(id: string): JobView | undefined {
    const job = this.jobs.get(id)
    return job && { ...job }
  }

  /** The jobs of a kind still running (or waiting their turn). */
  running(kind: JobView['kind']): JobView[] {
    return [...this.jobs.values()].filter((j) => j.kind === kind && j.status === 'running')
  }
}
