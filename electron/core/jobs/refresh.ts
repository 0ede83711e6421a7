import { currentImport } from '../store/import-lock'
import type { Store } from '../store/store'
import { runSteps, runStepsInBackground, write } from '../steps'
import { scanDueMentionLists, type MentionScanner } from './mention-scan'
import { refreshThreadOf, type RefreshThread } from './refresh-thread'
import { signalSteps, signalsMethodOutdated, signalsStale } from './signals'
import { refreshTrendsSteps, SKIPPED_SETTING, trendsConsolidationDue, trendsMethodOutdated, trendsStale, type SkippedArticle } from './trends'

/**
 * What happens after new data, in one place: entity items waiting for their entity take it on,
 * trends are brought up to date (topic series need their topics), then every signal series; the
 * store then records that its analytics cover the data written before the refresh began (see
 * FreshnessRepository), so a refresh that was killed, or skipped by `import --no-refresh`, is
 * resumed by the next process that starts.
 */
export function* refreshSteps(store: Store, now: Date, options: { fullTrends?: boolean } = {}): Generator<unknown, void, unknown> {
  const generation = store.freshness.dataGeneration()
  // (asked first: a write would wait for the write lock, which the demo build holds while it makes its indexes)
  if (store.trackingEditor.entityItemsWaiting()) yield* write(store, () => store.trackingEditor.resolveEntityItems())
  yield* refreshTrendsSteps(store, now, { full: options.fullTrends })
  yield* signalSteps(store, now)
  yield* write(store, () => store.freshness.markAnalyticsCurrent(generation))
}

/**
 * The refresh at once, then the keyword scans of mention lists, and the tracking lists' activity
 * index brought up to date and saved beside the store, so that the next process to start answers
 * at once (the CLI, tests).
 */
export function refreshAnalytics(store: Store, now: Date = new Date()): void {
  runSteps(refreshSteps(store, now))
  afterRefreshNow(store, now)
}

/** What follows a refresh that is waited for: the mention lists' scans, and the index saved beside the store. */
function afterRefreshNow(store: Store, now: Date): void {
  scanDueMentionLists(store, () => now)
  store.activity.prepareNow()
}

/**
 * refreshAnalytics for a command that waits for it (`feedlens import`, `sync`, `articles remove`):
 * trends and signals on a refresh thread where the build has one (the store's: its young
 * generation took 8% off an import's refresh at medium and 14% at large, and 0.2 GB off its peak at
 * medium, refresh-thread.ts), stopped when done; else on this thread. The activity index is made
 * on the calling thread meanwhile; then the same scans and index (the trends taken in, and saved)
 * as refreshAnalytics. `begun`: the thread's refresh, when the caller began it (beginRefresh).
 */
export async function refreshAnalyticsAndWait(
  store: Store,
  now: Date = new Date(),
  thread: RefreshThread | null = refreshThreadOf(store),
  begun: BegunRefresh | null = null,
): Promise<void> {
  if (!thread) return refreshAnalytics(store, now)
  try {
    // The activity index is made on this thread meanwhile, on the second core: its cells are the
    // data's, which the refresh does not write; the trends it computes are taken in after it (an
    // update that reads their members). The large world's index took 21 s after its analytics.
    // A refresh the caller began (the demo build's, a store's first pass) may take both cores for
    // its two clusterings: the index waits until the pass needs one (docs/performance.md, session 51).
    const refreshed = begun ?? beginRefresh(thread, now)
    if (begun) await begun.secondCoreFree
    store.activity.prepareNow({ save: false })
    await refreshed.done
  } finally {
    await thread.stop()
  }
  afterRefreshNow(store, now)
}

/**
 * The refresh begun on `thread`, for refreshAnalyticsAndWait to wait for: the demo build begins it
 * before it makes its indexes (the refresh's first 30 s at large read only, beside them).
 */
export function beginRefresh(thread: RefreshThread, now: Date): BegunRefresh {
  let reached = () => {}
  const secondCoreFree = new Promise<void>((resolve) => (reached = resolve))
  const done = thread.refresh(now, false, (name) => {
    if (name === 'second-core-free') reached()
  })
  // (a failure is taken up by the one who waits, once done with the index; a refresh that ends
  // without the milestone, an incremental one or a failed one, ends the wait for it too)
  done.catch(() => undefined).finally(reached)
  return { done, secondCoreFree }
}

/** A refresh begun on a refresh thread: when it is done, and from when it needs one core (or it ended without saying). */
export interface BegunRefresh {
  done: Promise<void>
  secondCoreFree: Promise<void>
}

const refreshing = new WeakMap<Store, Promise<void>>()
/** What follows each refresh of a store in a running process (its alerts evaluated): it reports its own failures. */
const afterRefresh = new WeakMap<Store, () => Promise<unknown>>()

/** Sets what follows each background refresh of the store (one; a later call replaces it). */
export function whenRefreshed(store: Store, next: () => Promise<unknown>): void {
  afterRefresh.set(store, next)
}
/** Refreshes asked of a store and not yet done (the window says "recomputing" meanwhile). */
const running = new WeakMap<Store, number>()

/** Whether this process is bringing the store's trends and signals up to date now. */
export function refreshRunning(store: Store): boolean {
  return (running.get(store) ?? 0) > 0
}

/** Where a store's background refresh runs: its refresh thread, or this thread between requests. */
function refresherOf(store: Store): { refresh(now: Date, fullTrends: boolean): Promise<unknown>; consolidationDue(): boolean } {
  const thread = refreshThreadOf(store)
  if (thread) return { refresh: (now, fullTrends) => thread.refresh(now, fullTrends), consolidationDue: () => thread.consolidationDue }
  return {
    refresh: (now, fullTrends) => runStepsInBackground(refreshSteps(store, now, { fullTrends }), () => store.sqlite.open),
    consolidationDue: () => trendsConsolidationDue(store),
  }
}

/**
 * The refresh in the background: on the store's refresh thread in the built app and CLI, so
 * requests are answered meanwhile; from the sources (tests) on this thread, pausing between steps.
 * Refreshes of one store run one after the other (two imports finishing together): trends updated
 * incrementally build on the state the previous update left.
 */
export function refreshAnalyticsInBackground(store: Store, now: Date = new Date()): Promise<void> {
  const previous = refreshing.get(store) ?? Promise.resolve()
  const next = previous.catch(() => undefined).then(async () => {
    // nothing to do once an earlier refresh covered the data; an import running in another
    // process refreshes when it is done (or leaves it to the next start, with --no-refresh)
    if (!store.sqlite.open || currentImport(store.file)) return
    const refresher = refresherOf(store)
    if (analyticsStale(store)) await refresher.refresh(now, false)
    // the first update of a new day carried the trends on; their clustering is done whole after it
    if (store.sqlite.open && refresher.consolidationDue()) await refresher.refresh(now, true)
    if (store.sqlite.open) await afterRefresh.get(store)?.()
  })
  refreshing.set(store, next)
  running.set(store, (running.get(store) ?? 0) + 1)
  const done = () => running.set(store, (running.get(store) ?? 1) - 1)
  next.then(done, done)
  return next
}

/**
 * After new data in a running app: the refresh in the background, then the mention lists' scans
 * and the tracking lists' index of recent activity follow.
 */
export async function refreshAfterNewData(store: Store, scanner: MentionScanner, now: Date = new Date()): Promise<void> {
  await refreshAnalyticsInBackground(store, now)
  if (!store.sqlite.open) return
  scanner.requestDue()
  void store.activity.prepareInBackground().catch(() => undefined) // failures are reported by the keeper
}

/** Whether data arrived that the analytics do not cover yet, or the trends were computed by an older way of computing them. */
export function analyticsStale(store: Store): boolean {
  return trendsMethodOutdated(store) || signalsMethodOutdated(store) || (store.freshness.behind() ?? (signalsStale(store) || trendsStale(store)))
}

const reported = new WeakMap<Store, string>()

/**
 * Says which articles the last refresh left out and why (once a record: jobs/trends.ts keeps it),
 * for the log of a running app, `feedlens serve`, or a command's stderr.
 */
export function reportSkipped(store: Store, log: (message: string) => void): void {
  const record = store.settings.get(SKIPPED_SETTING)
  if (!record || reported.get(store) === record) return
  reported.set(store, record)
  const skipped = JSON.parse(record) as SkippedArticle[]
  if (skipped.length === 0) return
  const ids = store.articles.headlines(skipped.map((s) => s.seq))
  const lines = skipped.slice(0, 10).map((s) => `  ${ids.get(s.seq)?.id ?? `#${s.seq}`}: ${s.reason}`)
  log(`${skipped.length} article${skipped.length === 1 ? ' was' : 's were'} left out of trends (they could not be read); \`feedlens articles remove ID\` removes them:\n${lines.join('\n')}`)
}
