import type { Store } from '../store/store'
import { IngestWriter } from '../ingest/writer'
import { runStepsInBackground, waitFor, type WaitRequest } from '../steps'
import { languageName } from '../geo/reference-countries'
import { builtWorkerScript } from '../paths/worker-scripts'
import { handedOver, handOverReader } from '../paths/worker-hand-over'
import { demoWorldRecords, type CountryFacts, type DemoOptions, type DemoSummary, type DemoWorldEnd, type DemoWorldRecord, type WorldOptions } from './world'

export type { DemoOptions, DemoSummary }

/**
 * Builds the demo world into an empty store: countries with cities and languages, publishers
 * with profiles, entities, storylines with lifecycle shapes, articles in the countries'
 * languages, and feed snapshots every 3 hours, written day by day through the ingest writer
 * (so every aggregate is maintained as it would be for live data). The same seed, scale and
 * end give the same store. The true storyline of each article goes to storyline_truth.
 * `beforeIndexes` is called once the world is written, before its read-only indexes are made.
 */
export function generateDemoWorld(
  store: Store,
  options: DemoOptions,
  worker: URL | null = builtWorkerScript(WORLD_WORKER),
  beforeIndexes?: (summary: DemoSummary) => void,
): DemoSummary {
  return store.bulk(() => {
    // nothing reads the store while it is built at once: its read-only indexes are built at the
    // end, and `beforeIndexes` may start a reader on another connection while they are made
    const writer = new IngestWriter(store, { holdSightings: true })
    const days = demoWorldSteps(store, writer, options, worldRecords(options, worker))
    const summary = store.deferringReadIndexes(() => runDaysInTransactions(store, days, () => writer.writeHeldSightings()), beforeIndexes)
    store.analyze()
    return summary
  }, DEMO_BULK_CACHE_MIB)
}

/**
 * Days a build run at once writes per transaction. Each day rewrites many pages the days before
 * wrote (the facets of every article still in the feed, the growing indexes), and every commit
 * copies each page it changed into the write-ahead log: committed a week at a time, the large
 * world's build wrote 20 GB instead of 42 and took 281 s instead of 310 (docs/performance.md,
 * session 26). A failure still leaves nothing half-written: the week's transaction rolls back.
 * The writer holds the articles' sightings for the week (`beforeCommit` writes them): an article
 * stays in the feed for days, and its span written daily took the large build's writing thread 20 s.
 */
const DAYS_PER_TRANSACTION = 7

function runDaysInTransactions(store: Store, days: Generator<unknown, DemoSummary>, beforeCommit: () => void): DemoSummary {
  try {
    for (;;) {
      const next = store.transaction(() => {
        let step = days.next()
        for (let day = 1; day < DAYS_PER_TRANSACTION && !step.done; day++) step = days.next()
        beforeCommit()
        return step
      })
      if (next.done) return next.value
    }
  } finally {
    // a failed commit leaves the days unfinished: their records' worker is stopped
    days.return(undefined as never)
  }
}

/**
 * The page cache of a demo world's build (MiB). The cache's memory stays with the process after
 * the build, and the trends' full pass that follows stacks on it: with an import's 1 GB the large
 * world's build peaked at 4.1 GB. With 256 MB the medium world builds as fast (95 against 102 s)
 * and ends holding 0.7 GB instead of 1.5; the large world builds a third slower (409 against 307
 * s: its indexes outgrow the cache) and peaks at 3.3 GB. Memory is chosen over time: a laptop
 * that runs out of memory does not finish at all (docs/performance.md, session 24).
 */
const DEMO_BULK_CACHE_MIB = 256

/**
 * The same, yielding to the event loop after each day, so a server (the app's window) keeps
 * answering meanwhile: the records are made on the worker as for generateDemoWorld, and each day
 * is awaited before it is taken, so this thread never blocks on the worker.
 */
export async function generateDemoWorldInBackground(store: Store, options: DemoOptions, worker: URL | null = builtWorkerScript(WORLD_WORKER)): Promise<DemoSummary> {
  return store.bulkAsync(async () => {
    const reader = worker ? handOverReader<DemoWorldRecord, DemoWorldEnd>(worker, { options: worldOptions(options) }, handOverOptions) : null
    try {
      const records = reader?.records ?? demoWorldRecords(worldOptions(options))
      // a day a transaction (the window reads between them), each day's sightings written with it
      const summary = await runStepsInBackground(demoWorldSteps(store, new IngestWriter(store), options, records, reader?.arrival), () => store.sqlite.open)
      if (!summary) throw new Error('The store was closed while the demo world was being built.')
      store.analyze()
      return summary
    } finally {
      reader?.stop()
    }
  }, DEMO_BULK_CACHE_MIB)
}

/** The demo world's worker (world-worker.ts): the world's records made beside the writes. */
export const WORLD_WORKER = 'demo-world-worker'

/**
 * Days the worker makes ahead of the writes. A large world's day is some 12,000 articles with
 * their texts and 240,000 sightings: two keep the writes fed (they waited 5 s of 140 at large)
 * without holding a week of them.
 */
const DAYS_AHEAD = 2

/** A worker silent this long has died (its exit cannot be heard while the build waits); a large world's day takes about a second. */
const WORKER_SILENT_MS = 60_000

const worldOptions = ({ onProgress: _, ...options }: DemoOptions): WorldOptions => options

/**
 * The world's records: made on the worker thread `worker` (the built app and CLI) while this
 * thread writes, which took the large world's generation from 199 to 140 s on two cores
 * (docs/performance.md, session 27); on this thread without it (the sources: tests, the bench
 * unless it names the built worker). The same records either way.
 */
function worldRecords(options: DemoOptions, worker: URL | null): Generator<DemoWorldRecord, DemoWorldEnd> {
  if (!worker) return demoWorldRecords(worldOptions(options))
  return handedOver<DemoWorldRecord, DemoWorldEnd>(worker, { options: worldOptions(options) }, handOverOptions)
}

const handOverOptions = { ahead: DAYS_AHEAD, silentMs: WORKER_SILENT_MS, what: "the demo world's worker" }

/**
 * Writes the world's records, a day per step; the last step returns the summary. `arrival`
 * (a worker's records read in the background): a wait for the next record, yielded before it is
 * taken when it is not there yet.
 */
function* demoWorldSteps(
  store: Store,
  writer: IngestWriter,
  options: DemoOptions,
  records: Generator<DemoWorldRecord, DemoWorldEnd>,
  arrival?: () => Promise<void> | null,
): Generator<number | WaitRequest, DemoSummary> {
  const take = function* () {
    const arriving = arrival?.()
    if (arriving) yield waitFor(arriving)
    return records.next()
  }
  try {
    for (let next = yield* take(); ; next = yield* take()) {
      if (next.done) {
        const end = next.value
        store.reference.insertStorylines(end.storylines)
        store.reference.insertShakeups(end.shakeups)
        for (const { country, cities } of end.citiesWritten) store.reference.upsertCities(country, cities)
        return end.summary
      }
      const record = next.value
      if (record.kind === 'start') {
        writeReferenceData(store, record.countries)
        writer.write({ publishers: record.publishers })
        continue
      }
      writer.write(record.batch)
      options.onProgress?.(record.done, record.total)
      yield record.done
    }
  } finally {
    // however the writing ends (a failure, a store closed in the background), the worker stops
    records.return(undefined as never)
  }
}

function writeReferenceData(store: Store, countries: CountryFacts[]): void {
  store.transaction(() => {
    for (const c of countries) {
      store.reference.upsertRegion({
        alpha2: c.alpha2,
        alpha3: c.alpha3,
        name: c.name,
        languages: c.languages,
        population: c.population,
        internetPopulation: c.internetPopulation,
        utcOffsetMinutes: c.utcOffsetMinutes,
      })
      store.reference.upsertCities(c.alpha2, c.cities.map((city) => ({ id: city.id, name: city.name, isActive: false })))
    }
    for (const code of [...new Set(countries.flatMap((c) => c.languages))].sort()) store.reference.upsertLanguage(code, languageName(code))
  })
}
