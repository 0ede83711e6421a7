import { routes, type RouteId, type RouteInput, type RouteResponse } from '../../shared/contract/routes'
import { appPrincipal, type Principal } from './auth/principal'
import { KeyPrincipals } from './auth/key-principals'
import { WebSessions } from './auth/web-sessions'
import type { RequestContext } from './service/context'
import { JobRegistry, type JobView } from './jobs/jobs'
import { MentionScanner } from './jobs/mention-scan'
import { analyticsStale, refreshAnalyticsInBackground, reportSkipped, whenRefreshed } from './jobs/refresh'
import { evaluateAlerts, type AlertView } from './service/alerts'
import { stopRefreshThread } from './jobs/refresh-thread'
import { describeError } from './store/busy'
import { RateLimiter } from './limits/rate-limiter'
import { AnswerCache, hourOf } from './service/answer-cache'
import { handlers } from './service/service'
import type { Store } from './store/store'
import { dataFolderVault, isSyncDue, type KeyVault } from './sync/key-vault'
import { startSyncJob } from './service/app-jobs'
import { DEFAULT_PUBLIC_REQUESTS_PER_MINUTE, REST_AFTER_MS } from './serve-defaults'
import { scratch } from './analytics/activity/scratch'
import { collectGarbage } from './paths/heap-growth'

export { DEFAULT_PUBLIC_REQUESTS_PER_MINUTE }

export interface CoreOptions {
  store: Store
  /** Base of cabinet_url values; the web UI's address. */
  appUrl?: string
  clock?: () => Date
  /** Requests per minute for all /public methods together (one bucket: every loopback client is 127.0.0.1). */
  publicRequestsPerMinute?: number
  /** Where upstreams' API keys are kept: the OS keychain in the desktop app; the data folder otherwise. */
  keyVault?: KeyVault
  /** Without a request for this long (ms), a process running its background work rests (Core.rest); default REST_AFTER_MS. */
  restAfterMs?: number
}

/** What a rest let go of: the kept answers, working arrays (bytes) and hourly cells, and the process's memory before it (MiB; what is freed goes back over the next seconds). */
export interface RestReport {
  answers: number
  scratchBytes: number
  hourCells: number
  rssBefore: number
}

/** The service core: the store, the dispatch table, and what a request needs to run. */
export class Core {
  readonly store: Store
  /** The web UI's sign-in links and sessions. */
  readonly sessions: WebSessions
  /** Who each API key is, remembered while the store holds. */
  readonly keys: KeyPrincipals
  readonly publicRequestsPerMinute: number
  readonly jobs = new JobRegistry()
  readonly rateLimiter: RateLimiter
  readonly scanner: MentionScanner
  appUrl: string
  readonly keyVault: KeyVault
  private readonly clock: () => Date
  private readonly restAfterMs: number
  /** When the last request came (performance.now()), and whether the process has rested since. */
  private lastCallAt = performance.now()
  private rested = true

  constructor(options: CoreOptions) {
    this.store = options.store
    this.restAfterMs = options.restAfterMs ?? REST_AFTER_MS
    this.appUrl = options.appUrl ?? 'http://127.0.0.1'
    this.clock = options.clock ?? (() => new Date())
    this.keyVault = options.keyVault ?? dataFolderVault
    this.sessions = new WebSessions(this.store, () => this.now())
    this.keys = new KeyPrincipals(this.store)
    this.publicRequestsPerMinute = options.publicRequestsPerMinute ?? DEFAULT_PUBLIC_REQUESTS_PER_MINUTE
    this.rateLimiter = new RateLimiter(this.store)
    this.scanner = new MentionScanner(this.store, () => this.now())
    // after every import, sync and recompute in this process
    whenRefreshed(this.store, () => this.evaluateAlerts())
  }

  /**
   * Every alert rule evaluated against the store as it is now (the activity index brought up to
   * date first): what fired is in the inbox and told to onAlert's listeners. Never throws.
   */
  async evaluateAlerts(): Promise<AlertView[]> {
    try {
      if (!this.store.sqlite.open || this.store.alerts.ruleCount() === 0) return []
      await this.store.activity.prepareInBackground().catch(() => undefined)
      if (!this.store.sqlite.open) return []
      return (await evaluateAlerts(this.context(this.appPrincipal()), this.log)).fired
    } catch (error) {
      this.log(`Evaluating the alerts failed (tried again after the next refresh): ${describeError(error)}`)
      return []
    }
  }

  private scanTimer: NodeJS.Timeout | null = null
  private restTimer: NodeJS.Timeout | null = null

  /**
   * What a long-running process (the app, `feedlens serve`) keeps doing: resumes the refresh of
   * trends and signals when the store holds data they do not cover (a refresh killed, an import
   * with --no-refresh, data written while closed), then looks every minute for mention lists due
   * a scan and rebuilds the tracking lists' in-memory index of recent activity when the data
   * changed. Nothing here throws: a failure is reported and the next minute tries again.
   */
  startBackgroundWork(options: { afterRefresh?: () => void; log?: (message: string) => void } = {}): Promise<boolean> {
    const log = options.log ?? ((m: string) => console.error(m))
    this.log = log
    // SQLite waits for a lock by blocking this thread, which answers requests: wait briefly, and
    // write in the background only once the store is free (steps.ts).
    this.store.setBusyTimeout(SERVE_BUSY_TIMEOUT_MS)
    this.store.activity.onError = log
    // the activity index loads (its snapshot) or builds while the rest starts
    void this.store.activity.prepareInBackground().catch(() => undefined)
    const refresh = analyticsStale(this.store) ? refreshAnalyticsInBackground(this.store, this.now()) : Promise.resolve()
    this.scanTimer = setInterval(() => this.keepCurrent(), SCAN_CHECK_MS)
    this.scanTimer.unref()
    this.restTimer = setInterval(() => this.restWhenIdle(), Math.max(1, Math.min(REST_CHECK_MS, this.restAfterMs / 2)))
    this.restTimer.unref()
    // resolves once the first refresh is done (true) or failed (false, reported; tried again in a minute)
    return refresh
      .then(() => {
        if (!this.store.sqlite.open) return true
        reportSkipped(this.store, log)
        options.afterRefresh?.()
        return true
      })
      .catch((error: unknown) => {
        log(`Computing trends and signals failed: ${describeError(error)}`)
        return false
      })
      .finally(() => this.keepCurrent())
  }

  private log: (message: string) => void = (m) => console.error(m)

  /** Mention lists due a scan are scanned, and the tracking lists' in-memory index follows the data. */
  private keepCurrent(): void {
    try {
      if (!this.store.sqlite.open) return
      if (analyticsStale(this.store)) {
        // another process wrote data and did not refresh (import --no-refresh): do it here
        void refreshAnalyticsInBackground(this.store, this.now())
          .then(() => this.store.sqlite.open && reportSkipped(this.store, this.log))
          .catch((error: unknown) => this.log(`Computing trends and signals failed: ${describeError(error)}`))
      }
      this.scanner.requestDue()
      this.syncDueSources()
      void this.store.activity.prepareInBackground().catch(() => undefined) // failures are reported by the keeper
    } catch (error) {
      this.log(`Background work failed (tried again in a minute): ${describeError(error)}`)
    }
  }

  /**
   * Gives back the memory kept only to answer faster, once no request came for restAfterMs: after
   * a morning of exploring, an app left open holds what its busiest answers needed (kept answers,
   * working arrays, SQLite's page cache, hourly cells: docs/performance.md) until it is used again.
   * Once per quiet spell. Never throws.
   */
  private restWhenIdle(): void {
    try {
      if (this.rested || performance.now() - this.lastCallAt < this.restAfterMs || !this.store.sqlite.open) return
      const report = this.rest()
      this.onRest?.(report)
    } catch (error) {
      this.rested = true // once a quiet spell, as a rest that succeeds: not again at every look
      this.log(`Giving back memory at rest failed (tried again after the next request): ${describeError(error)}`)
    }
  }

  /** Told what each rest gave back (tests, `feedlens serve --log`). */
  onRest: ((report: RestReport) => void) | null = null

  /**
   * Lets go of the caches (kept answers, the tracking computations' working arrays, SQLite's page
   * cache, the activity index's hourly cells) and collects at once. What the store is and the
   * activity index stay: the next request answers as it would after a start, filling them again.
   */
  rest(): RestReport {
    const rssBefore = process.memoryUsage.rss() / 1_048_576
    const report = { answers: this.answers.size, scratchBytes: scratch.keptBytes(), hourCells: this.store.activity.keptHourCells }
    this.answers.clear()
    scratch.release()
    this.store.releaseCaches()
    collectGarbage()
    this.rested = true
    return { ...report, rssBefore }
  }

  /** Sources of Settings > Sources with a schedule whose time has come are synced (a job each, or the one running): their jobs. */
  syncDueSources(): JobView[] {
    const now = this.now()
    const started: JobView[] = []
    for (const source of this.store.upstreams.all()) {
      if (!isSyncDue({ scheduleMinutes: source.scheduleMinutes, hasKey: source.keySecret !== null, lastSyncedAt: source.lastSyncedAt }, now)) continue
      try {
        started.push(startSyncJob(this.context(this.appPrincipal()), source.url, now))
      } catch (error) {
        this.log(`The scheduled sync from ${source.url} could not start: ${describeError(error)}`)
      }
    }
    return started
  }

  /** Saves what is held in memory (request counters), stops the refresh thread and closes the store. */
  close(): void {
    if (this.scanTimer) clearInterval(this.scanTimer)
    if (this.restTimer) clearInterval(this.restTimer)
    this.rateLimiter.close()
    void stopRefreshThread(this.store)
    this.store.close()
  }

  now(): Date {
    return this.clock()
  }

  /** The project the app acts for: the first one of the store. */
  appPrincipal(): Principal {
    return appPrincipal(this.store)
  }

  context(principal: Principal): RequestContext {
    return { principal, store: this.store, now: this.now(), appUrl: this.appUrl, jobs: this.jobs, scanner: this.scanner, answers: this.answers, keyVault: this.keyVault }
  }

  /** Answers of every method kept while the data holds: keyless answers, their bytes, metrics and roll-ups. */
  readonly answers = new AnswerCache(() => this.store.version)

  async call<K extends RouteId>(id: K, principal: Principal, input: RouteInput<K>): Promise<RouteResponse<K>> {
    if (!UNATTENDED.has(id)) {
      this.lastCallAt = performance.now()
      this.rested = false
    }
    if (WRITES.has(id)) return this.writeWhenFree(() => handlers[id](this.context(principal), input) as RouteResponse<K>)
    if (routes[id].access !== 'public' || routes[id].method !== 'GET') return handlers[id](this.context(principal), input)
    // Keyless answers depend on the data only (not on who asks), and some read the clock.
    return this.answers.remember(`public|${id}|${JSON.stringify(input.query)}|${hourOf(this.now())}`, () => handlers[id](this.context(principal), input))
  }

  /**
   * A write of the window's (a list, a key) as one transaction once the store's write lock is
   * free: the refresh thread or an import in another process holds it for a second or two at
   * most. Waited for without holding this thread, up to WRITE_WAIT_MS; then the store is busy
   * (503), nothing changed.
   */
  private async writeWhenFree<T>(work: () => T): Promise<T> {
    const deadline = performance.now() + WRITE_WAIT_MS
    const written = await this.store.writeWhenFree(work, () => performance.now() < deadline)
    if (!written.done) throw Object.assign(new Error('The store stayed locked by another writer.'), { code: 'SQLITE_BUSY' })
    return written.value
  }

  /** The key under which the bytes of a keyless GET are kept for the loopback server's fast path. */
  publicBytesKey(url: string): string {
    return `bytes|${hourOf(this.now())}|${url}`
  }

  /** The same for a keyed GET: each key's own (its markets and plan shape the answer). */
  keyedBytesKey(keyId: string, url: string): string {
    return `bytes|key:${keyId}|${hourOf(this.now())}|${url}`
  }
}

/** The window's writes: each handler's work is one transaction, waiting for the store's lock (Core.writeWhenFree). */
const WRITES: ReadonlySet<RouteId> = new Set<RouteId>(['appRemoveArticles', 'appCreateKey', 'appRevokeKey', 'appCreateList', 'appUpdateList', 'appDeleteList', 'appAddListItems', 'appRemoveListItems', 'appScanList', 'appImportSearchConsole', 'appSaveView', 'appUpdateView', 'appRemoveView', 'appCreateNote', 'appUpdateNote', 'appRemoveNote', 'appImportNotes', 'appImportUpdates'])
/** How long a write of the window waits for the store's lock before the store is reported busy. */
const WRITE_WAIT_MS = 10_000
/** How long a running app's statements wait for another process's lock before answering busy. */
export const SERVE_BUSY_TIMEOUT_MS = 250
/** Calls that are no one's use of the app: the window asks its status every 10 seconds, looked at or not (they do not keep it from resting). */
const UNATTENDED: ReadonlySet<RouteId> = new Set<RouteId>(['appStatus'])
/** How often a running app looks whether it should rest (REST_AFTER_MS). */
const REST_CHECK_MS = 30_000
/** How often a running app looks for mention lists due a scan. */
const SCAN_CHECK_MS = 60_000
