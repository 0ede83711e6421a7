/**
 * Trends kept current: the full pass (first in a process of its own, as a server runs it, then
 * in this one), then a day of 3-hour batches of new snapshots (the one after midnight included),
 * each written and followed by the trends' update. The batches are rolled back, so the cached
 * world stays as it was.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { backtestForecasts } from '../electron/core/analytics/trends/backtest'
import { dailyCountsOn } from '../electron/core/analytics/trends/market-view'
import { nextSnapshotBatch } from '../electron/core/demo/next-snapshot'
import { IngestWriter } from '../electron/core/ingest/writer'
import { refreshSignals } from '../electron/core/jobs/signals'
import { REFRESH_YOUNG_GENERATION_MB, RefreshThread } from '../electron/core/jobs/refresh-thread'
import { forgetTrendState, refreshTrends, TRENDS_METHOD } from '../electron/core/jobs/trends'
import type { Store } from '../electron/core/store/store'
import { builtWorker, END, here, line, median, n, peakMiB } from './lib'

export interface TrendResults {
  fullPassSeconds: number
  /** the full pass when a third of the stored memberships differ from it */
  rewritePassSeconds: number
  signalsSeconds: number
  /**
   * the same full pass and signals on the app's refresh thread (the built worker, as `feedlens serve`
   * and the app run them), the median of AGAIN_RUNS runs; null without the build
   */
  onRefreshThreadSeconds: number | null
  /** each run of `onRefreshThreadSeconds`: one run moved by as much as the ratio's distance from 2.5x (session 53: 2.45-2.57x) */
  onRefreshThreadRuns?: number[]
  /** the same after the way of computing changed (every article clustered, as a store's first pass; its clustering of every article on a thread of its own); null without the build */
  wholeOnRefreshThreadSeconds?: number | null
  /** the bench process's peak memory after the full pass (MiB): the world and the pass */
  peakMiB: number
  /**
   * the same full pass in a process of its own, as a server runs it (one store; the bench's own
   * process holds what the scales before it left); null when it could not run
   */
  alone: { seconds: number; peakMiB: number } | null
  /**
   * the same full pass again in a process of its own, after `alone`: a daily pass whose last full
   * pass was a daily one, as every day's but the first after a store's first pass (the write has
   * little to change); null when it could not run
   */
  aloneAgain?: { seconds: number; peakMiB: number } | null
  /**
   * each run of `aloneAgain` (AGAIN_RUNS of them, one after the other): aloneAgain is the run of
   * the median time. One run's time moved by up to a fifth on this machine between runs of the
   * same pass on the same world (medium 9.9-12.5 s), as much as the ratio's distance from its goal.
   */
  aloneAgainRuns?: Array<{ seconds: number; peakMiB: number }>
  /** a whole pass (the settled trends' articles clustered too, then the last 201 days again, as a store's first pass) in a process of its own, run before `alone` */
  wholeAlone?: { seconds: number; peakMiB: number } | null
  /** the update after each batch (seconds), and whether it crossed midnight */
  batches: Array<{ at: string; seconds: number; mode: string; written: number; afterMidnight: boolean }>
}

/** Runs of the daily pass after a daily one (each leaves the world as it found it): the figure is their median. */
const AGAIN_RUNS = 3

/**
 * A full pass (or a whole one) on the world in a process of its own (bench/pass-alone.ts): its time
 * and peak memory. Its young generation is the app's refresh thread's, where a server runs its
 * passes: two semi-spaces and the space beside them, a third of REFRESH_YOUNG_GENERATION_MB each
 * (before session 40 it had V8's default, 16 MB a semi-space: 10-16% slower, 46-92 MB less, measured).
 */
function passAlone(store: Store, whole = false): TrendResults['alone'] {
  const youngGeneration = `--max-semi-space-size=${REFRESH_YOUNG_GENERATION_MB / 3}`
  const run = spawnSync(process.execPath, [youngGeneration, '--import', 'tsx', path.join(here, 'pass-alone.ts'), store.file, ...(whole ? ['whole'] : [])], { encoding: 'utf8', maxBuffer: 1 << 20 })
  const last = run.stdout.trim().split('\n').pop() ?? ''
  try {
    return JSON.parse(last) as { seconds: number; peakMiB: number }
  } catch {
    line(`  the full pass in a process of its own did not run (exit ${run.status}): ${run.stderr.trim().split('\n').pop() ?? ''}`)
    return null
  }
}

export async function measureTrends(store: Store): Promise<TrendResults> {
  // first, before this process keeps a pass's state: the pass written by another process is one
  // that this process's next update would not build on
  // the whole pass first: it also leaves the world as a daily full pass finds it (settled trends
  // written, the last article clustered recorded), whatever wrote the cached world before
  const wholeAlone = passAlone(store, true)
  if (wholeAlone) line(`  whole pass (every article clustered, then the last 201 days again, as a store's first) in a process of its own: ${wholeAlone.seconds.toFixed(1)} s, peak memory of that process ${n(wholeAlone.peakMiB)} MiB`)
  const alone = passAlone(store)
  if (alone) line(`  full pass (settled trends left as stored) in a process of its own: ${alone.seconds.toFixed(1)} s, peak memory of that process ${n(alone.peakMiB)} MiB`)
  // The first daily pass after the whole one wrote many members until session 46 (283,000 at
  // large: the whole pass weighed words by the early articles too); since, the whole pass ends as
  // a daily one would, and the pass after it writes none. Every later day's pass follows a daily one.
  const aloneAgainRuns: Array<{ seconds: number; peakMiB: number }> = []
  for (let i = 0; i < AGAIN_RUNS; i++) {
    const run = passAlone(store)
    if (!run) break
    aloneAgainRuns.push(run)
    line(`  the same full pass again (its last full pass a daily one) in a process of its own, run ${i + 1}: ${run.seconds.toFixed(1)} s, peak memory of that process ${n(run.peakMiB)} MiB`)
  }
  // the run at the median (the bench's one rule for a median: lib.ts)
  const aloneAgainMedian = median(aloneAgainRuns.map((r) => r.seconds))
  const aloneAgain = aloneAgainRuns.find((r) => r.seconds === aloneAgainMedian) ?? null
  if (aloneAgain) line(`  the same full pass again, the median of ${aloneAgainRuns.length} runs: ${aloneAgain.seconds.toFixed(1)} s`)
  let started = performance.now()
  const full = refreshTrends(store, END, { full: true })
  const fullPassSeconds = (performance.now() - started) / 1000
  const peak = peakMiB()
  line(`  full pass: ${fullPassSeconds.toFixed(1)} s (${n(full.trends)} trends; peak memory of this process so far ${n(peak)} MiB)`)
  // What a store meets on its first start after the way of computing changed: most of its stored
  // memberships differ from the new pass's. A third of the members are moved into the busiest
  // trend, the trends are marked as computed another way (so the pass clusters every article, and
  // the articles before its horizon keep no stored trend), and the full pass writes them back (the
  // world ends as it was). A third by their articles' seqs: the rows' own ids lose their spread as
  // passes rewrite them (after many runs of the bench only 295 of medium's 227,673 rows had an id
  // divisible by 3).
  const moved = store.sqlite
    .prepare(`UPDATE OR IGNORE trend_articles SET trend_id = (SELECT trend_id FROM trend_articles GROUP BY trend_id ORDER BY count(*) DESC LIMIT 1) WHERE article_seq % 3 = 0`)
    .run().changes
  store.settings.set('trends_method', `${TRENDS_METHOD} (before)`)
  forgetTrendState(store)
  started = performance.now()
  refreshTrends(store, END, { full: true })
  const rewritePassSeconds = (performance.now() - started) / 1000
  line(`  full pass that moves ${n(moved)} stored members back (a changed way of computing): ${rewritePassSeconds.toFixed(1)} s`)
  const batches: TrendResults['batches'] = []
  store.sqlite.exec('BEGIN')
  try {
    for (let i = 1; i <= 6; i++) {
      const at = new Date(END.getTime() + i * 3 * 3_600_000)
      const batch = nextSnapshotBatch(store, 3)
      new IngestWriter(store).write(batch)
      started = performance.now()
      const update = refreshTrends(store, at)
      const seconds = (performance.now() - started) / 1000
      const afterMidnight = update.newDay === true
      batches.push({ at: at.toISOString(), seconds, mode: update.mode, written: update.touched, afterMidnight })
      line(
        `  3-hour batch to ${at.toISOString().slice(0, 16)} (${n(batch.observations!.length)} observations, ${batch.articles!.length} new articles): update ${seconds.toFixed(2)} s, ` +
          `${update.mode}, ${n(update.touched)} of ${n(update.trends)} trends written${afterMidnight ? ' (a new day: every trend moves a day on, those that read otherwise are written)' : ''}`,
      )
    }
  } finally {
    store.sqlite.exec('ROLLBACK')
    forgetTrendState(store)
  }
  const lastDay = store.trends.lastDay()
  const history = (
    store.sqlite.prepare('SELECT structural_type AS structuralType, daily_counts AS daily, daily_through AS through FROM trends').all() as Array<{ structuralType: string; daily: string; through: number | null }>
  ).map((t) => ({ structuralType: t.structuralType, daily: dailyCountsOn(JSON.parse(t.daily) as number[], t.through, lastDay) }))
  line('  forecast backtest (7-day article count, cuts every 7 days; MAPE over cuts with at least one article after):')
  for (const r of backtestForecasts(history)) line(`    ${r.structuralType.padEnd(14)} ${String(r.cases).padStart(6)} cuts  MAPE ${String(r.mape).padStart(6)} %  median APE ${String(r.medianApe).padStart(6)} %`)
  started = performance.now()
  const signals = refreshSignals(store, END)
  const signalsSeconds = (performance.now() - started) / 1000
  line(`  signals: ${signalsSeconds.toFixed(1)} s (${n(signals.points)} series points)`)
  const onRefreshThreadRuns: number[] = []
  for (let i = 0; i < AGAIN_RUNS; i++) {
    const seconds = await onRefreshThread(store, fullPassSeconds + signalsSeconds, false, i + 1)
    if (seconds === null) break
    onRefreshThreadRuns.push(seconds)
  }
  const onRefreshThreadSeconds = onRefreshThreadRuns.length === 0 ? null : median(onRefreshThreadRuns)
  if (onRefreshThreadSeconds !== null) line(`  full pass and signals on the app's refresh thread, the median of ${onRefreshThreadRuns.length} runs: ${onRefreshThreadSeconds.toFixed(1)} s`)
  const wholeOnRefreshThreadSeconds = onRefreshThreadSeconds === null ? null : await onRefreshThread(store, fullPassSeconds + signalsSeconds, true)
  return { fullPassSeconds, rewritePassSeconds, signalsSeconds, onRefreshThreadSeconds, onRefreshThreadRuns, wholeOnRefreshThreadSeconds, batches, peakMiB: peak, alone, aloneAgain, aloneAgainRuns, wholeAlone }
}

/**
 * A full pass and the signals as the app and `feedlens serve` run them: on the refresh thread
 * (its own connection, its own young generation: refresh-thread.ts), the built worker. The bench
 * runs the passes above on its own thread, as the CLI's import does.
 */
async function onRefreshThread(store: Store, onThisThread: number, whole = false, run = 1): Promise<number | null> {
  const script = builtWorker('refresh-worker')
  if (!script) {
    line('  on the refresh thread: not measured (the worker is not built: `npm run build`)')
    return null
  }
  forgetTrendState(store)
  // (whole: the trends marked as computed another way, so the pass clusters every article and then
  // the last 201 days again, as a store's first pass does; its clustering of every article runs on
  // a thread of its own, jobs/clustering-beside.ts)
  if (whole) store.settings.set('trends_method', `${TRENDS_METHOD} (before)`)
  const thread = new RefreshThread(script, store.openOptions)
  try {
    const started = performance.now()
    await thread.refresh(END, !whole)
    const seconds = (performance.now() - started) / 1000
    if (whole) line(`  whole pass and signals on the app's refresh thread (the way of computing changed, as a store's first pass): ${seconds.toFixed(1)} s`)
    else line(`  full pass and signals on the app's refresh thread, run ${run}: ${seconds.toFixed(1)} s (on the bench's thread above: ${onThisThread.toFixed(1)} s)`)
    return seconds
  } finally {
    await thread.stop()
  }
}
