import { Worker } from 'node:worker_threads'
import { builtWorkerScript } from '../paths/worker-scripts'
import type { OpenStoreOptions } from '../store/database'
import type { Store } from '../store/store'
import type { Milestone } from '../steps'

/** What the thread asks its worker (refresh-worker.ts): one refresh. */
export interface RefreshRequest {
  id: number
  /** the clock of the app, ISO */
  now: string
  fullTrends: boolean
}

/** What the worker answers, once the refresh is done or failed, and each milestone it passes on the way. */
export type RefreshReply =
  | { id: number; ok: true; consolidationDue: boolean }
  | { id: number; ok: false; error: string }
  | { id: number; milestone: Milestone['milestone'] }

/**
 * The refresh worker's young generation (two semi-spaces of 64 MB and the space beside them; V8's
 * default is 16 MB a semi-space). A full pass makes millions of short-lived rows, words and
 * vectors: with room for them, fewer outlive a scavenge only to be collected later, and the pass
 * took 9% less at medium and 12% less at large for 80-100 MB more at its peak (docs/performance.md,
 * session 24).
 */
export const REFRESH_YOUNG_GENERATION_MB = 192

/**
 * The refresh of trends and signals on a worker thread (refresh-worker.ts) with its own
 * connection to the store: started on first use, kept for the trends' incremental state, started
 * again after a failure. The store's readers see its writes through SQLite's data_version.
 */
export class RefreshThread {
  private worker: Worker | null = null
  private nextId = 1
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void; reached?: (name: Milestone['milestone']) => void }>()
  /** Whether the last refresh carried the trends into a day their clustering has not seen whole (a full pass is due). */
  consolidationDue = false

  constructor(
    private readonly script: URL,
    private readonly options: OpenStoreOptions,
  ) {}

  /**
   * Resolves when the worker has brought the store up to date; rejects with the reason it could
   * not. `reached` hears of each milestone of the refresh (steps.ts) as it passes it.
   */
  refresh(now: Date, fullTrends: boolean, reached?: (name: Milestone['milestone']) => void): Promise<void> {
    const worker = this.worker ?? this.start()
    const id = this.nextId++
    // waiting for an answer keeps the process alive; an idle worker does not
    worker.ref()
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, reached })
      worker.postMessage({ id, now: now.toISOString(), fullTrends } satisfies RefreshRequest)
    })
  }

  /** The engine's limits of the running worker (null before the first refresh and after stop). */
  get limits(): Worker['resourceLimits'] | null {
    return this.worker?.resourceLimits ?? null
  }

  /** Stops the worker (a refresh under way is rolled back by SQLite and done by the next process). */
  async stop(): Promise<void> {
    const worker = this.worker
    if (!worker) return
    this.worker = null
    this.settleAll(new Error('the app is closing'))
    await worker.terminate()
  }

  private start(): Worker {
    const worker = new Worker(this.script, { workerData: this.options, resourceLimits: { maxYoungGenerationSizeMb: REFRESH_YOUNG_GENERATION_MB } })
    this.worker = worker
    worker.on('message', (reply: RefreshReply) => {
      const waiting = this.pending.get(reply.id)
      if ('milestone' in reply) {
        waiting?.reached?.(reply.milestone)
        return
      }
      this.pending.delete(reply.id)
      if (this.pending.size === 0) worker.unref()
      if (reply.ok) {
        this.consolidationDue = reply.consolidationDue
        waiting?.resolve()
      } else waiting?.reject(new Error(reply.error))
    })
    // a worker that failed or stopped is replaced on the next refresh
    const failed = (error: Error) => {
      if (this.worker !== worker) return
      this.worker = null
      this.settleAll(error)
    }
    worker.on('error', failed)
    worker.on('exit', (code) => failed(new Error(`the refresh thread stopped (exit code ${code})`)))
    return worker
  }

  private settleAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error)
    this.pending.clear()
  }
}

const threads = new WeakMap<Store, RefreshThread>()

/** The store's refresh thread; null where there is none (the TypeScript sources, a store in memory). */
export function refreshThreadOf(store: Store): RefreshThread | null {
  let thread = threads.get(store)
  if (thread) return thread
  const script = builtWorkerScript('refresh-worker')
  if (!script || store.file === ':memory:') return null
  thread = new RefreshThread(script, store.openOptions)
  threads.set(store, thread)
  return thread
}

/** Stops the store's refresh thread, if it has one (the store is closing). */
export function stopRefreshThread(store: Store): Promise<void> {
  return threads.get(store)?.stop() ?? Promise.resolve()
}
