import { randomBytes } from 'node:crypto'
import { routes, type RouteId, type RouteInput, type RouteResponse } from '../../shared/contract/routes'
import type { Principal, RequestContext } from './service/context'
import { JobRegistry } from './jobs/jobs'
import { MentionScanner } from './jobs/mention-scan'
import { analyticsStale, refreshAnalyticsInBackground } from './jobs/signals'
import { RateLimiter } from './limits/rate-limiter'
import { handlers } from './service/service'
import type { Store } from './store/store'

export interface CoreOptions {
  store: Store
  /** Base of cabinet_url values; the web UI's address. */
  appUrl?: string
  clock?: () => Date
  /** The app's session token (IPC and the web UI); random unless given. */
  sessionToken?: string
  /** Requests per minute for all /public methods together (one bucket: every loopback client is 127.0.0.1). */
  publicRequestsPerMinute?: number
}

/** The service core: the store, the dispatch table, and what a request needs to run. */
export class Core {
  readonly store: Store
  readonly sessionToken: string
  readonly publicRequestsPerMinute: number
  readonly jobs = new JobRegistry()
  readonly rateLimiter: RateLimiter
  readonly scanner: MentionScanner
  appUrl: string
  private readonly clock: () => Date

  constructor(options: CoreOptions) {
    this.store = options.store
    this.appUrl = options.appUrl ?? 'http://127.0.0.1'
    this.clock = options.clock ?? (() => new Date())
    this.sessionToken = options.sessionToken ?? randomBytes(32).toString('base64url')
    this.publicRequestsPerMinute = options.publicRequestsPerMinute ?? DEFAULT_PUBLIC_REQUESTS_PER_MINUTE
    this.rateLimiter = new RateLimiter(this.store)
    this.scanner = new MentionScanner(this.store, () => this.now())
  }

  private scanTimer: NodeJS.Timeout | null = null

  /**
   * What a long-running process (the app, `feedlens serve`) keeps doing: brings trends and
   * signals up to date when the store changed while closed, then looks every minute for mention
   * lists due a scan (new articles, a changed list, next_scan_at passed) and rebuilds the
   * tracking lists' in-memory index of recent activity when the data changed.
   */
  startBackgroundWork(options: { afterRefresh?: () => void; log?: (message: string) => void } = {}): void {
    const log = options.log ?? ((m: string) => console.error(m))
    const refresh = analyticsStale(this.store) ? refreshAnalyticsInBackground(this.store, this.now()) : Promise.resolve()
    refresh
      .then(() => this.store.sqlite.open && options.afterRefresh?.())
      .catch((error: unknown) => log(`Computing trends and signals failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`))
      .finally(() => this.keepCurrent())
    this.scanTimer = setInterval(() => this.keepCurrent(), SCAN_CHECK_MS)
    this.scanTimer.unref()
  }

  /** Mention lists due a scan are scanned, and the tracking lists' in-memory index follows the data. */
  private keepCurrent(): void {
    if (!this.store.sqlite.open) return
    this.scanner.requestDue()
    void this.store.recentActivity.prepareInBackground(this.now())
  }

  /** Saves what is held in memory (request counters) and closes the store. */
  close(): void {
    if (this.scanTimer) clearInterval(this.scanTimer)
    this.rateLimiter.close()
    this.store.close()
  }

  now(): Date {
    return this.clock()
  }

  /** The project the app acts for: the first one of the store. */
  appPrincipal(): Principal {
    const project = this.store.projects.all()[0]
    const plan = project ? this.store.plans.get(project.planId) : undefined
    return { kind: 'app', projectId: project?.id ?? null, plan: plan ?? null }
  }

  context(principal: Principal): RequestContext {
    return { principal, store: this.store, now: this.now(), appUrl: this.appUrl, jobs: this.jobs, scanner: this.scanner }
  }

  call<K extends RouteId>(id: K, principal: Principal, input: RouteInput<K>): RouteResponse<K> {
    if (routes[id].access !== 'public' || routes[id].method !== 'GET') return handlers[id](this.context(principal), input)
    // Keyless answers depend on the data only (not on who asks): they are kept until the data
    // or what is computed from it changes. Within one hour, since some read the clock.
    const key = `${id}|${JSON.stringify(input.query)}|${Math.floor(this.now().getTime() / 3_600_000)}`
    const hit = this.publicAnswers.get(key)
    if (hit && hit.version === this.store.version) return hit.answer as RouteResponse<K>
    const answer = handlers[id](this.context(principal), input)
    if (this.publicAnswers.size >= 2000) this.publicAnswers.clear()
    this.publicAnswers.set(key, { version: this.store.version, answer })
    return answer
  }

  private readonly publicAnswers = new Map<string, { version: number; answer: unknown }>()

  /**
   * Serialized keyless answers by raw URL, filled by the HTTP app and served by the loopback
   * server without going through the router again (the same bytes, while the data version holds).
   */
  readonly publicResponses = new Map<string, { version: number; hour: number; body: Buffer; headers: Record<string, string | number> }>()
}

export const DEFAULT_PUBLIC_REQUESTS_PER_MINUTE = 1200
/** How often a running app looks for mention lists due a scan. */
const SCAN_CHECK_MS = 60_000
