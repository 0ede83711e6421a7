import path from 'node:path'
import type { JobView } from '../core/jobs/jobs'
import { whyNotImportable } from './importable-files'

/** What the shell needs of the core's jobs to import files and follow them. */
export interface ImportJobs {
  startPathImport(file: string): JobView
  get(id: string): JobView | undefined
}

/** Where an import's progress and its end are shown: the taskbar/dock and a system notification. */
export interface ImportSignals {
  progress(fraction: number | null): void
  notify(title: string, body: string): void
}

/** Files handed to the app: started imports, and the ones refused with why. */
export interface ImportStart {
  started: Array<{ job: JobView; file: string }>
  refused: Array<{ file: string; reason: string }>
}

/**
 * Imports files by their paths (the main process reads them where they lie), each path checked
 * first; the imports run as the window's import jobs do (one writes at a time, the rest wait).
 */
export function importPaths(jobs: ImportJobs, files: readonly unknown[]): ImportStart {
  const started: ImportStart['started'] = []
  const refused: ImportStart['refused'] = []
  for (const file of files) {
    const reason = typeof file === 'string' ? whyNotImportable(file) : 'Not a file path.'
    if (reason) {
      refused.push({ file: typeof file === 'string' ? path.basename(file) : String(file), reason })
      continue
    }
    try {
      started.push({ job: jobs.startPathImport(file as string), file: file as string })
    } catch (error) {
      refused.push({ file: path.basename(file as string), reason: (error as Error).message })
    }
  }
  return { started, refused }
}

/**
 * Follows import jobs until they end: their mean progress on the taskbar/dock, then one
 * notification saying what came in (or why not). Polls (the jobs are in this process, so a
 * poll is a map lookup); a failure of the display never stops the imports.
 */
export class ImportFollower {
  private readonly followed = new Map<string, string>()
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly jobs: ImportJobs,
    private readonly signals: ImportSignals,
    private readonly everyMs = 500,
  ) {}

  /** Follows an import of a file, or a sync (named by its upstream's address). */
  follow(job: JobView, file: string): void {
    this.followed.set(job.id, job.kind === 'sync' ? file : path.basename(file))
    this.timer ??= setInterval(() => this.tick(), this.everyMs)
    this.tick()
  }

  /** One look at the followed jobs (the timer's step; exposed so tests step it themselves). */
  tick(): void {
    try {
      const views = [...this.followed.keys()].map((id) => this.jobs.get(id)).filter((j): j is JobView => j !== undefined)
      for (const job of views.filter((j) => j.status !== 'running')) {
        const name = this.followed.get(job.id)!
        this.followed.delete(job.id)
        const what = job.kind === 'sync' ? 'Sync' : 'Import'
        if (job.status === 'done') this.signals.notify(`${what} done`, `${name}: ${importSummary(job)}`)
        else this.signals.notify(`${what} failed`, `${name}: ${job.error ?? `the ${what.toLowerCase()} did not finish`}`)
      }
      const running = views.filter((j) => j.status === 'running')
      if (running.length === 0) {
        this.stop()
        this.signals.progress(null)
      } else this.signals.progress(running.reduce((s, j) => s + j.progress, 0) / running.length)
    } catch (error) {
      console.error('Following the imports failed:', error)
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}

/** A done import (or sync) in a sentence: what came in, what was skipped, and that the analytics caught up. */
export function importSummary(job: JobView): string {
  const result = (job.result ?? {}) as { articles?: number; observationsInserted?: number; observations?: number; skipped?: number; refused?: boolean }
  const r = job.kind === 'sync' ? { articles: result.articles, observationsInserted: result.observations } : result
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
  if (r.refused) return `refused: ${plural(r.skipped ?? 0, 'line has', 'lines have')} problems, nothing was written.`
  const parts = [plural(r.articles ?? 0, 'article', 'articles'), plural(r.observationsInserted ?? 0, 'new observation', 'new observations')]
  if (r.skipped) parts.push(`${plural(r.skipped, 'line', 'lines')} skipped`)
  const fresh = (r.articles ?? 0) > 0 || (r.observationsInserted ?? 0) > 0
  return `${parts.join(', ')}${fresh ? '; trends and signals are up to date' : ''}.`
}
