import type Database from 'better-sqlite3'
import { setTimeout as sleep } from 'node:timers/promises'
import { isBusyError } from './busy'
import { ActivityKeeper } from './activity/activity-keeper'
import { VolatilityPairs } from './volatility-pairs'
import { removeArticleRows } from './repositories/article-removal'
import { withReadIndexesDeferred } from './deferred-indexes'
import { openStore, WAL_AUTOCHECKPOINT_PAGES, type Db, type OpenedStore, type OpenStoreOptions } from './database'
import {
  ApiKeysRepository,
  AppSessionsRepository,
  PlansRepository,
  ProjectsRepository,
  RateCountersRepository,
  SettingsRepository,
} from './repositories/access'
import { ArticlesRepository } from './repositories/articles'
import { EntitiesRepository } from './repositories/entities'
import { FeedRepository } from './repositories/feed'
import { UpstreamsRepository } from './repositories/upstreams'
import { AlertsRepository } from './repositories/alerts'
import { AnnotationsRepository } from './repositories/annotations'
import { FindRepository } from './repositories/find'
import { SavedViewsRepository } from './repositories/saved-views'
import { SearchConsoleRepository } from './repositories/search-console'
import { FreshnessRepository } from './repositories/freshness'
import { GeoRepository } from './repositories/geo'
import { PublishersRepository } from './repositories/publishers'
import { ReferenceRepository } from './repositories/reference'
import { MoversRepository, SignalsRepository, SignalWriter } from './repositories/signals'
import { MentionScanRepository } from './repositories/mention-scans'
import { ActivityRowsRepository } from './activity/activity-rows'
import { MatchesRepository, TrackingEditor, TrackingRepository } from './repositories/tracking'
import { TrendsRepository } from './repositories/trends'
import { TrendWriter } from './repositories/trend-writer'

/** How long SQLite's data_version read by a store stays its answer (ms). */
const EXTERNAL_CHECK_MS = 2

/** Pages (1 GiB) the write-ahead log may grow to during a bulk load before it is checkpointed. */
const BULK_CHECKPOINT_PAGES = 262_144
/** The page cache of a bulk load (MiB), unless it asks for another. */
export const BULK_CACHE_MIB = 1024

/** The store: one SQLite database and the repositories that hold every SQL statement. */
export class Store {
  readonly plans: PlansRepository
  readonly projects: ProjectsRepository
  readonly apiKeys: ApiKeysRepository
  readonly rateCounters: RateCountersRepository
  readonly settings: SettingsRepository
  readonly appSessions: AppSessionsRepository
  readonly freshness: FreshnessRepository
  readonly geo: GeoRepository
  readonly articles: ArticlesRepository
  readonly publishers: PublishersRepository
  readonly trends: TrendsRepository
  readonly tracking: TrackingRepository
  readonly signals: SignalsRepository
  readonly reference: ReferenceRepository
  readonly signalWriter: SignalWriter
  readonly movers: MoversRepository
  readonly trendWriter: TrendWriter
  readonly activityRows: ActivityRowsRepository
  readonly matches: MatchesRepository
  readonly trackingEditor: TrackingEditor
  readonly mentionScans: MentionScanRepository
  readonly feed: FeedRepository
  readonly entities: EntitiesRepository
  readonly upstreams: UpstreamsRepository
  /** the analyst's own site as Search Console counts it */
  readonly searchConsole: SearchConsoleRepository
  /** "Find anything": every kind of thing by its name */
  readonly find: FindRepository
  /** the views saved under a name */
  readonly views: SavedViewsRepository
  /** the timeline's notes and Google's announced updates */
  readonly annotations: AnnotationsRepository
  /** alert rules and the inbox of what fired */
  readonly alerts: AlertsRepository

  private localVersion = 0
  private localDataVersion = 0
  /** SQLite's own change counter as last read: it moves when another connection (another process) commits. */
  private seenExternal = -1
  private externalChanges = 0
  private readonly dataVersionPragma: Database.Statement

  /**
   * Grows whenever the data, a list or what is computed from them changes, here or in another
   * process (SQLite's data_version); answers cached under an older version are stale.
   */
  get version(): number {
    this.followOtherProcesses()
    return this.localVersion + this.externalChanges
  }

  /** Grows when articles, observations or trends change (not lists), here or in another process: what the activity index holds. */
  get dataVersion(): number {
    this.followOtherProcesses()
    return this.localDataVersion + this.externalChanges
  }

  /** Marks cached answers stale: 'data' for ingest and recomputed trends or signals, 'lists' for lists and their scans. */
  changed(what: 'data' | 'lists' = 'data'): void {
    this.localVersion++
    if (what === 'data') this.localDataVersion++
  }

  private externalCheckedAt = Number.NEGATIVE_INFINITY

  /**
   * A commit by another connection counts as a change of the data (what it changed is not known).
   * SQLite's counter is read at most every EXTERNAL_CHECK_MS: a busy server asks for the version
   * several times a request, and another process's write is seen within milliseconds anyway.
   */
  private followOtherProcesses(): void {
    if (!this.opened.sqlite.open) return
    const now = performance.now()
    if (now - this.externalCheckedAt < EXTERNAL_CHECK_MS) return
    this.externalCheckedAt = now
    const seen = this.dataVersionPragma.get() as number
    if (seen !== this.seenExternal) {
      if (this.seenExternal !== -1) this.externalChanges++
      this.seenExternal = seen
    }
  }

  /** The feed's activity in memory for tracking lists, following the data (its snapshot beside the store's file). */
  readonly activity: ActivityKeeper

  /** The feed snapshots' pair distances of the volatility series asked so far, per country (while the data stays). */
  readonly volatilityPairs = new VolatilityPairs(this)

  constructor(private readonly opened: OpenedStore) {
    const { db, sqlite } = opened
    this.dataVersionPragma = sqlite.prepare('PRAGMA data_version').pluck()
    this.plans = new PlansRepository(db)
    this.projects = new ProjectsRepository(db)
    this.apiKeys = new ApiKeysRepository(db)
    this.rateCounters = new RateCountersRepository(db)
    this.settings = new SettingsRepository(db)
    this.appSessions = new AppSessionsRepository(db)
    this.freshness = new FreshnessRepository(sqlite)
    this.geo = new GeoRepository(sqlite)
    this.articles = new ArticlesRepository(sqlite)
    this.publishers = new PublishersRepository(sqlite)
    this.trends = new TrendsRepository(sqlite)
    this.tracking = new TrackingRepository(sqlite)
    this.signals = new SignalsRepository(sqlite)
    this.reference = new ReferenceRepository(sqlite)
    this.signalWriter = new SignalWriter(sqlite)
    this.movers = new MoversRepository(sqlite)
    this.trendWriter = new TrendWriter(sqlite)
    this.activityRows = new ActivityRowsRepository(sqlite)
    this.matches = new MatchesRepository(sqlite)
    this.trackingEditor = new TrackingEditor(sqlite)
    this.mentionScans = new MentionScanRepository(sqlite)
    this.feed = new FeedRepository(sqlite)
    this.entities = new EntitiesRepository(sqlite)
    this.upstreams = new UpstreamsRepository(sqlite)
    this.searchConsole = new SearchConsoleRepository(sqlite)
    this.find = new FindRepository(sqlite)
    this.views = new SavedViewsRepository(db)
    this.annotations = new AnnotationsRepository(db)
    this.alerts = new AlertsRepository(db)
    this.activity = new ActivityKeeper(this, this.activityRows, opened.file === ':memory:' ? null : `${opened.file}.activity`)
  }

  static open(options: OpenStoreOptions): Store {
    return new Store(openStore(options))
  }

  get file(): string {
    return this.opened.file
  }

  /** What it was opened with: another connection to the same file opens as Store.open(store.openOptions). */
  get openOptions(): OpenStoreOptions {
    return { file: this.opened.file, migrationsFolder: this.opened.migrationsFolder }
  }

  get sqlite(): Database.Database {
    return this.opened.sqlite
  }

  get db(): Db {
    return this.opened.db
  }

  /** Runs fn in one transaction (nested calls become savepoints). */
  transaction<T>(fn: () => T): T {
    return this.opened.sqlite.transaction(fn)()
  }

  /**
   * How long a statement waits for a lock another connection holds before SQLITE_BUSY. The CLI
   * keeps SQLite's wait (5 s); a long-running process (the app, `feedlens serve`) waits briefly,
   * since SQLite waits by blocking the thread that answers requests, and writes through
   * tryWrite/writeWhenFree instead.
   */
  setBusyTimeout(ms: number): void {
    this.opened.sqlite.pragma(`busy_timeout = ${Math.max(0, Math.round(ms))}`)
  }

  /**
   * Runs a write as one transaction if the store is free now; `{done: false}` when another
   * connection holds the write lock (the caller tries again later). Never waits.
   */
  tryWrite<T>(work: () => T): { done: true; value: T } | { done: false } {
    const sqlite = this.opened.sqlite
    if (sqlite.inTransaction) return { done: true, value: this.transaction(work) }
    const previous = sqlite.pragma('busy_timeout', { simple: true }) as number
    sqlite.pragma('busy_timeout = 0')
    try {
      return { done: true, value: sqlite.transaction(work).immediate() }
    } catch (error) {
      if (isBusyError(error)) return { done: false }
      throw error
    } finally {
      sqlite.pragma(`busy_timeout = ${previous}`)
    }
  }

  /**
   * Runs a write as one transaction once the store's write lock is free, waiting without blocking
   * the event loop (another process may hold it for seconds); `{done: false}` if `keepGoing`
   * turns false (or the store closes) first.
   */
  async writeWhenFree<T>(work: () => T, keepGoing: () => boolean = () => true): Promise<{ done: true; value: T } | { done: false }> {
    for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
      if (!this.opened.sqlite.open || !keepGoing()) return { done: false }
      const attempt = this.tryWrite(work)
      if (attempt.done) return attempt
      await sleep(wait)
    }
  }

  /** Removes articles with everything derived from them (repositories/article-removal.ts); the ids removed. */
  removeArticles(ids: readonly string[], at: Date): string[] {
    return this.transaction(() => {
      const removed = removeArticleRows(this.opened.sqlite, ids)
      if (removed.length > 0) this.freshness.markDataRemoved(at)
      return removed
    })
  }

  counts(): { articles: number; observations: number; trends: number } {
    const one = (table: string) => (this.opened.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    const observations = this.opened.sqlite.prepare(`SELECT coalesce(sum(entry_count), 0) FROM feed_snapshots`).pluck().get() as number
    return { articles: one('articles'), observations, trends: one('trends') }
  }

  /**
   * Refreshes the planner's statistics after a bulk load. A full ANALYZE (a few seconds at
   * medium scale): sampled statistics misjudge the near-unique time columns.
   */
  analyze(): void {
    this.opened.sqlite.pragma('analysis_limit = 0')
    this.opened.sqlite.exec('ANALYZE')
    this.settings.set('analyzed_at_articles', String(this.articleCount()))
  }

  /** ANALYZE again only once the store has grown by a fifth since the last time. */
  analyzeIfGrown(): void {
    const before = Number(this.settings.get('analyzed_at_articles') ?? 0)
    if (this.articleCount() >= before * 1.2 + 1000) this.analyze()
  }

  private articleCount(): number {
    return this.opened.sqlite.prepare(`SELECT coalesce(sum(n), 0) FROM article_counts`).pluck().get() as number
  }

  /**
   * Runs a bulk load with a 1 GB page cache (or `cacheMiB`), so the growing indexes stay in
   * memory, and the write-ahead log checkpointed once at the end (or every BULK_CHECKPOINT_PAGES)
   * rather than every 40 MB: a batch rewrites many of the pages the one before it wrote, and
   * copying them into the store file after every few batches took about a sixth of an import's
   * time. The cache's memory outlives the load: SQLite frees its pages, but the C allocator keeps
   * most of them for the process (`shrink_memory` gave back a tenth, tried).
   */
  bulk<T>(work: () => T, cacheMiB = BULK_CACHE_MIB): T {
    const end = this.beginBulk(cacheMiB)
    try {
      return work()
    } finally {
      end()
    }
  }

  /**
   * A load into a store nothing reads meanwhile, with the loaded tables' read-only indexes and the
   * articles' full-text index built at its end (deferred-indexes.ts): the demo world's build.
   * `beside` starts what may run on another connection while they are made.
   */
  deferringReadIndexes<T>(work: () => T, beside?: (made: T) => void): T {
    return withReadIndexesDeferred(this.opened.sqlite, work, beside)
  }

  /** The same for work that awaits (imports read their files between batches). */
  bulkAsync<T>(work: () => Promise<T>, cacheMiB = BULK_CACHE_MIB): Promise<T> {
    const end = this.beginBulk(cacheMiB)
    return work().finally(end)
  }

  private beginBulk(cacheMiB: number): () => void {
    const sqlite = this.opened.sqlite
    sqlite.pragma(`cache_size = -${Math.round(cacheMiB * 1024)}`)
    sqlite.pragma(`wal_autocheckpoint = ${BULK_CHECKPOINT_PAGES}`)
    return () => {
      if (!sqlite.open) return
      sqlite.pragma('wal_checkpoint(TRUNCATE)')
      sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`)
      sqlite.pragma('cache_size = -131072')
    }
  }

  /**
   * Logs every statement that takes longer than `thresholdMs` (`feedlens serve --log`): its name
   * (what it does to which table) and its time. Statements prepared from now on are timed.
   */
  logSlowStatements(thresholdMs: number, log: (line: string) => void): void {
    const sqlite = this.opened.sqlite
    const prepare = sqlite.prepare.bind(sqlite)
    const timed = new WeakSet<Database.Statement>()
    sqlite.prepare = ((source: string) => {
      const statement = prepare(source)
      // kept statements come back (database.ts): time each one once
      if (timed.has(statement)) return statement
      timed.add(statement)
      const name = statementName(source)
      for (const method of ['run', 'get', 'all'] as const) {
        const original = statement[method].bind(statement) as (...args: unknown[]) => unknown
        ;(statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
          const started = performance.now()
          try {
            return original(...args)
          } finally {
            const ms = performance.now() - started
            if (ms > thresholdMs) log(`slow statement (${ms.toFixed(0)} ms): ${name}`)
          }
        }
      }
      return statement
    }) as typeof sqlite.prepare
  }

  /**
   * Gives back what the store keeps in memory only to answer faster: SQLite's page cache (up to
   * 128 MiB, filled with what was read) and the activity index's hourly cells. The index itself
   * stays. A process at rest (Core.rest); the next reads fill them again.
   */
  releaseCaches(): void {
    this.activity.releaseMemory()
    if (this.opened.sqlite.open) this.opened.sqlite.pragma('shrink_memory')
  }

  close(): void {
    this.activity.close()
    if (this.opened.sqlite.open) this.opened.sqlite.close()
  }
}

/** A statement's name for logs: what it does and to which tables, e.g. "SELECT trend_articles, articles". */
export function statementName(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim()
  const verb = /^(WITH\b.*?\)\s*)?(SELECT|INSERT|UPDATE|DELETE|REPLACE)\b/i.exec(text)?.[2]?.toUpperCase() ?? text.split(' ')[0]!.toUpperCase()
  const tables = [...text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]!).filter((t) => !/^(json_each|select|set)$/i.test(t))
  return `${verb} ${[...new Set(tables)].join(', ') || '(no table)'}`
}
