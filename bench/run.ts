/**
 * `npm run bench`: what users feel, at each scale of the demo world. Computed answers (each call
 * another window or another question, never the same URL again), the busiest entities and lists,
 * DuckDB on the same raw observations, keyed and keyless throughput against bare node:http, the
 * import's median against parsing plus a raw insert, trends kept current across midnight, and
 * the server's memory. Worlds are cached under bench/.cache (--fresh makes them anew); the last
 * results are written to bench/.cache/results.json and summed up in a table at the end.
 */
import { Command } from 'commander'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { demoScales, type DemoScale } from '../electron/core/demo/scales'
import { boundHeapGrowth } from '../electron/core/paths/heap-growth'
import { DuckWorld } from './duckdb'
import { measureImport, type ImportResults } from './import'
import { CACHE, line, ms, n, openWorld, type Timing } from './lib'
import type { StorylineQuality } from '../electron/core/analytics/trends/quality'
import { measureQuality, type QualityResults } from './quality'
import { measureReads, measureReadsDuringImport, measureWorstCase, type ReadResults } from './reads'
import { FIRST_SCREEN_JS_GOAL, measureScreens, type FirstScreenJs, type ScreenResults } from './screens'
import { measureSync, type SyncResults } from './sync'
import { measureThroughput, type ThroughputResults } from './throughput'
import { makeBenchLists, measureStart, measureTracking, type StartResults, type TrackingResults } from './tracking'
import { measureTrends, type TrendResults } from './trends'

const PARTS = ['tracking', 'duckdb', 'start', 'reads', 'import', 'trends', 'quality', 'throughput', 'worst', 'contention', 'screens', 'sync'] as const

const program = new Command()
  .option('--scales <list>', 'demo scales to measure (small, medium, large)', 'small,medium')
  .option('--calls <n>', 'calls per measurement, each asking something else', '60')
  .option('--import-runs <n>', 'imports (and syncs) per scale (the median is reported)', '3')
  .option('--fresh', 'make the cached worlds anew')
  .option('--only <parts>', `measure only these parts: ${PARTS.join(', ')}`, PARTS.join(','))
  .parse()
const opts = program.opts<{ scales: string; calls: string; importRuns: string; fresh?: boolean; only: string }>()
const parts = new Set(opts.only.split(','))
const scales = opts.scales.split(',').filter((s): s is DemoScale => (demoScales as readonly string[]).includes(s))
const calls = Number(opts.calls)
// as the command line and the app do: the worlds' builds and passes measured as users run them
boundHeapGrowth()

interface ScaleResults {
  articles: number
  observations: number
  tracking?: TrackingResults
  start?: StartResults
  reads?: ReadResults
  import?: ImportResults
  trends?: TrendResults
  quality?: QualityResults
  throughput?: ThroughputResults
  screens?: ScreenResults
  firstScreenJs?: FirstScreenJs | null
  sync?: SyncResults
}

async function measureScale(scale: DemoScale): Promise<ScaleResults> {
  const store = await openWorld(scale, opts.fresh)
  const counts = store.counts()
  line(`\n## ${scale}: ${n(counts.articles)} articles, ${n(counts.observations)} observations, ${counts.trends} trends`)
  const results: ScaleResults = { articles: counts.articles, observations: counts.observations }
  const lists = makeBenchLists(store)
  // the activity index as every import's refresh leaves it beside the store (a server starts from it)
  store.activity.prepareNow()
  if (parts.has('tracking')) {
    line('tracking lists:')
    const duck = parts.has('duckdb') ? await DuckWorld.load(store) : null
    try {
      results.tracking = await measureTracking(store, lists, calls, duck)
    } finally {
      duck?.close()
    }
  }
  if (parts.has('reads')) {
    line('other methods (each call another page, trend, entity or country; in-process HTTP app):')
    results.reads = await measureReads(store, calls)
  }
  if (parts.has('worst')) {
    line('the most expensive valid request of every method (widest window cut to the data, finest grain, largest page; a new window each call):')
    await measureWorstCase(store, lists)
  }
  if (parts.has('trends')) {
    line('trends:')
    results.trends = await measureTrends(store)
  }
  if (parts.has('quality')) {
    line('trend quality (against known storylines):')
    results.quality = await measureQuality(store, parts.has('trends'))
  }
  if (parts.has('import')) {
    line('import:')
    results.import = await measureImport(store, Number(opts.importRuns))
  }
  if (parts.has('sync')) {
    line('sync (the feed of a server, into an empty folder):')
    results.sync = await measureSync(scale, store, Number(opts.importRuns))
  }
  // the index file as an import's refresh leaves it: the trends part above gave the trends a new
  // generation, and a server started on a copy with the older file read every member again
  store.activity.prepareNow()
  store.close()
  if (parts.has('start')) {
    line('a server that starts:')
    results.start = await measureStart(scale, lists, calls)
  }
  if (parts.has('throughput')) {
    line('throughput:')
    results.throughput = await measureThroughput(scale)
  }
  if (parts.has('screens')) {
    line('screens of the window, ready (Chromium, CPU 4x slower):')
    ;({ screens: results.screens, firstScreenJs: results.firstScreenJs } = await measureScreens(scale))
  }
  if (parts.has('contention')) {
    const again = await openWorld(scale)
    try {
      await measureReadsDuringImport(scale, again)
    } finally {
      again.close()
    }
  }
  return results
}

const p95 = (t: Timing | undefined) => (t ? ms(t.p95) : '–')

/** The issue's table with this run's figures, and how each computed method grows with the data. */
function summary(all: Partial<Record<DemoScale, ScaleResults>>): void {
  line('\n## Summary')
  // with two scales or more, the last column is the growth from the one before the last to the last (large against medium)
  const [before, last] = scales.length >= 2 ? [scales[scales.length - 2]!, scales[scales.length - 1]!] : [null, null]
  const ratioHeader = before && last ? ` ${last} / ${before} |` : ''
  const cells = (f: (r: ScaleResults) => string, figure?: (r: ScaleResults) => number | undefined) => {
    const shown = scales.map((s) => (all[s] ? f(all[s]!) : '–')).join(' | ')
    if (!before || !last) return shown
    const [a, b] = [all[before] && figure?.(all[before]!), all[last] && figure?.(all[last]!)]
    return `${shown} | ${a !== undefined && b !== undefined && a > 0 ? `${(b / a).toFixed(2)}x` : '–'}`
  }
  line(`| what | ${scales.join(' | ')} |${ratioHeader}`)
  line(`| --- | ${scales.map(() => '---').join(' | ')} |${ratioHeader ? ' --- |' : ''}`)
  const t = (f: (r: TrackingResults) => Timing) => (r: ScaleResults) => (r.tracking ? `p50 ${ms(f(r.tracking).p50)}, p95 ${ms(f(r.tracking).p95)}` : '–')
  line(`| metrics, 200 entities, 30 d, limit 200, computed | ${cells(t((x) => x.metrics200), (r) => r.tracking?.metrics200.p95)} |`)
  line(
    `| the same over HTTP (\`feedlens serve\`, loopback; the start part) | ${cells(
      (r) => (r.start ? `p50 ${ms(r.start.metricsOverHttp.p50)}, p95 ${ms(r.start.metricsOverHttp.p95)}` : '–'),
      (r) => r.start?.metricsOverHttp.p95,
    )} |`,
  )
  line(
    `| the same from a script of its own (a Node process apart from the bench's) | ${cells(
      (r) => (r.start ? `p50 ${ms(r.start.metricsFromScript.p50)}, p95 ${ms(r.start.metricsFromScript.p95)}` : '–'),
      (r) => r.start?.metricsFromScript.p95,
    )} |`,
  )
  line(`| the same, first page (limit 50) | ${cells(t((x) => x.metrics200Default), (r) => r.tracking?.metrics200Default.p95)} |`)
  line(
    `| DuckDB on the same question (same answers?) | ${cells((r) =>
      r.tracking?.duck ? `p50 ${ms(r.tracking.duck.duckdb.p50)}, p95 ${ms(r.tracking.duck.duckdb.p95)}: ${(r.tracking.duck.duckdb.p50 / r.tracking.duck.feedlens.p50).toFixed(1)}x Feedlens (${r.tracking.duck.mismatches.length === 0 ? `${n(r.tracking.duck.comparisons)} figures equal` : 'DIFFERENT'})` : '–',
    )} |`,
  )
  line(`| roll-up, 500 entities, 30 d, computed | ${cells(t((x) => x.rollup500), (r) => r.tracking?.rollup500.p95)} |`)
  line(`| metrics, a window 100 days back | ${cells(t((x) => x.metricsOld), (r) => r.tracking?.metricsOld.p95)} |`)
  line(`| metrics, 7 d, hourly | ${cells(t((x) => x.metricsHourly7d), (r) => r.tracking?.metricsHourly7d.p95)} |`)
  line(`| first metrics answer of a server that starts: after it listens (from its process start; a bare Node process reading the index file) | ${cells((r) => (r.start ? `${ms(r.start.firstAnswer)} (${ms(r.start.firstAnswerFromSpawn)}; ${ms(r.start.bareRead)})` : '–'), (r) => r.start?.firstAnswer)} |`)
  line(`| the same without the index file; while the start recomputes trends and signals | ${cells((r) => (r.start ? `${ms(r.start.firstAnswerCold)}; ${ms(r.start.firstAnswerCatchingUp)}` : '–'))} |`)
  line(
    `| reads while a start recomputes trends and signals (how long) | ${cells((r) =>
      r.throughput ? `p50 ${ms(r.throughput.duringCatchUp.reads.p50)}, p95 ${ms(r.throughput.duringCatchUp.reads.p95)}, max ${ms(r.throughput.duringCatchUp.reads.max)} (${r.throughput.duringCatchUp.seconds.toFixed(0)} s)` : '–',
    )} |`,
  )
  line(`| keyed throughput, % of bare node:http | ${cells((r) => (r.throughput ? `${(r.throughput.keyed.share * 100).toFixed(0)}%` : '–'))} |`)
  line(`| keyless throughput, % of bare node:http | ${cells((r) => (r.throughput ? `${(r.throughput.keyless.share * 100).toFixed(0)}%` : '–'))} |`)
  const read = (name: string) => (r: ScaleResults) => p95(r.reads?.[name])
  line(`| trends list p95 | ${cells(read('GET /v1/trends (pages, 3 sorts)'))} |`)
  line(`| trend articles p95 (busiest trend) | ${cells(read('GET /v1/trends/{id}/articles (the busiest trend, pages)'))} |`)
  line(`| regions by the busiest entity, 7 d, p95 | ${cells(read('GET /v1/geo/regions (the busiest entity, 7 d)'))} |`)
  line(
    `| import, median observations/s (% of parsing + raw insert) | ${cells((r) => (r.import ? `${n(r.import.median)}/s (${((r.import.median / r.import.baselineMedian) * 100).toFixed(0)}%)` : '–'), (r) => r.import?.median)} |`,
  )
  line(
    `| sync from a server held to one CPU, median observations/s (% of importing the same) | ${cells(
      (r) => (r.sync ? `${n(r.sync.syncMedian)}/s (${((r.sync.syncMedian / r.sync.importMedian) * 100).toFixed(0)}%)` : '–'),
      (r) => r.sync?.syncMedian,
    )} |`,
  )
  line(
    `| trends update after a 3-hour batch, slowest (a new day) | ${cells((r) =>
      r.trends ? `${Math.max(...r.trends.batches.map((b) => b.seconds)).toFixed(2)} s (${r.trends.batches.find((b) => b.afterMidnight)?.seconds.toFixed(2) ?? '–'} s)` : '–',
    (r) => (r.trends ? Math.max(...r.trends.batches.map((b) => b.seconds)) : undefined))} |`,
  )
  line(
    `| trends full pass (a third of the stored members moved) | ${cells((r) => (r.trends ? `${r.trends.fullPassSeconds.toFixed(1)} s (${r.trends.rewritePassSeconds.toFixed(1)} s)` : '–'), (r) => r.trends?.fullPassSeconds)} |`,
  )
  line(
    `| full pass and signals on the app's refresh thread: the median of its runs (each run; on the bench's thread) | ${cells(
      (r) =>
        r.trends?.onRefreshThreadSeconds != null
          ? `${r.trends.onRefreshThreadSeconds.toFixed(1)} s (${(r.trends.onRefreshThreadRuns ?? [r.trends.onRefreshThreadSeconds]).map((s) => s.toFixed(1)).join(', ')}; ${(r.trends.fullPassSeconds + r.trends.signalsSeconds).toFixed(1)} s)`
          : '–',
      (r) => r.trends?.onRefreshThreadSeconds ?? undefined,
    )} |`,
  )
  line(
    `| the whole pass and signals on the app's refresh thread (the way of computing changed: every article clustered, on a thread of its own, beside the last 201 days, as a store's first pass) | ${cells(
      (r) => (r.trends?.wholeOnRefreshThreadSeconds != null ? `${r.trends.wholeOnRefreshThreadSeconds.toFixed(1)} s` : '–'),
      (r) => r.trends?.wholeOnRefreshThreadSeconds ?? undefined,
    )} |`,
  )
  line(`| peak memory of the bench's process after the full pass (MiB) | ${cells((r) => (r.trends ? n(r.trends.peakMiB) : '–'), (r) => r.trends?.peakMiB)} |`)
  line(
    `| the full pass in a process of its own, as a server runs it daily (settled trends left as stored): time; peak memory (MiB); ratio of the memories | ${cells(
      (r) => (r.trends?.alone ? `${r.trends.alone.seconds.toFixed(1)} s; ${n(r.trends.alone.peakMiB)}` : '–'),
      (r) => r.trends?.alone?.peakMiB,
    )} |`,
  )
  line(
    `| the same full pass again, its last full pass a daily one (every day's but the first after a store's first): time, the median of its runs (each run); peak memory (MiB); ratio of the times | ${cells(
      (r) =>
        r.trends?.aloneAgain
          ? `${r.trends.aloneAgain.seconds.toFixed(1)} s (${(r.trends.aloneAgainRuns ?? [r.trends.aloneAgain]).map((a) => a.seconds.toFixed(1)).join(', ')}); ${n(r.trends.aloneAgain.peakMiB)}`
          : '–',
      (r) => r.trends?.aloneAgain?.seconds,
    )} |`,
  )
  line(
    `| the whole pass in a process of its own (every article clustered, then the last 201 days again, as a store's first pass): time; peak memory (MiB); ratio of the memories | ${cells(
      (r) => (r.trends?.wholeAlone ? `${r.trends.wholeAlone.seconds.toFixed(1)} s; ${n(r.trends.wholeAlone.peakMiB)}` : '–'),
      (r) => r.trends?.wholeAlone?.peakMiB,
    )} |`,
  )
  const quality = (of: (r: QualityResults) => StorylineQuality) => (r: ScaleResults) => {
    if (!r.quality) return '–'
    const q = of(r.quality)
    return `F1 ${q.f1.toFixed(3)}, label fit ${(q.labelFit * 100).toFixed(0)}%, at most ${q.maxStorylines} storylines a trend`
  }
  line(`| trend quality, UCI headlines | ${cells(quality((q) => q.uci))} |`)
  line(`| trend quality, demo world | ${cells(quality((q) => q.demo))} |`)
  line(`| server memory (RSS) | ${cells((r) => (r.start ? `${n(r.start.rss)} MiB` : '–'), (r) => r.start?.rss)} |`)
  line(`| server memory after the metrics calls over HTTP; after it rested | ${cells((r) => (r.start ? `${n(r.start.rssAfterTail)}; ${n(r.start.rssRested)} MiB` : '–'), (r) => r.start?.rssRested)} |`)
  line(`| server memory after a script read 400 pages of 500 articles; after it rested | ${cells((r) => (r.start ? `${n(r.start.rssAfterPaging)}; ${n(r.start.rssRestedAfterPaging)} MiB` : '–'), (r) => r.start?.rssRestedAfterPaging)} |`)
  line(
    `| screens ready in Chromium at 4x CPU, the slowest p50 | ${cells((r) => {
      if (!r.screens) return '–'
      const slowest = (which: 'link' | 'inApp') => Object.entries(r.screens!).sort((a, b) => b[1][which].p50 - a[1][which].p50)[0]!
      return `as a link ${ms(slowest('link')[1].link.p50)} (${slowest('link')[0]}), inside the window ${ms(slowest('inApp')[1].inApp.p50)} (${slowest('inApp')[0]})`
    }, (r) => (r.screens ? Math.max(...Object.values(r.screens).map((x) => x.link.p50)) : undefined))} |`,
  )
  line(`| first screen's JavaScript, gzipped (goal ≤ ${FIRST_SCREEN_JS_GOAL / 1024} KB) | ${cells((r) => (r.firstScreenJs ? `${(r.firstScreenJs.gzipBytes / 1024).toFixed(1)} KB` : '–'), (r) => r.firstScreenJs?.gzipBytes ?? undefined)} |`)
  const methods: Array<[string, (r: ScaleResults) => Timing | undefined]> = [
    ['metrics 200 entities 30 d', (r) => r.tracking?.metrics200],
    ['metrics first page', (r) => r.tracking?.metrics200Default],
    ['metrics hourly 7 d', (r) => r.tracking?.metricsHourly7d],
    ['metrics 100 days back', (r) => r.tracking?.metricsOld],
    ['roll-up 500 entities 30 d', (r) => r.tracking?.rollup500],
    ['roll-up 500 entities 24 h', (r) => r.tracking?.rollup500Day],
    ['metrics mention list', (r) => r.tracking?.metricsMention],
    ...Object.keys(Object.values(all)[0]?.reads ?? {}).map((name): [string, (r: ScaleResults) => Timing | undefined] => [name, (r) => r.reads?.[name]]),
  ]
  if (all.medium && all.large) {
    line('\ngrowth of p95 from medium to large (goal: within 2x):')
    for (const [name, of] of methods) {
      const m = of(all.medium)
      const l = of(all.large)
      if (m && l) line(`  ${name.padEnd(58)} ${p95(m).padStart(9)} -> ${p95(l).padStart(9)}  ${(l.p95 / m.p95).toFixed(2)}x`)
    }
  }
}

async function main() {
  line(`# Feedlens benchmark: ${os.cpus().length} cores, Node ${process.version}, ${calls} calls a measurement, scales ${scales.join(', ')}`)
  const all: Partial<Record<DemoScale, ScaleResults>> = {}
  for (const scale of scales) all[scale] = await measureScale(scale)
  summary(all)
  fs.writeFileSync(path.join(CACHE, 'results.json'), JSON.stringify({ at: new Date().toISOString(), scales: all }, null, 2))
}

void main()
