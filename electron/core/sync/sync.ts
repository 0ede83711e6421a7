import { registerCountry } from '../ingest/countries'
import { IngestWriter } from '../ingest/writer'
import type { SyncResult } from '../store/repositories/upstreams'
import type { Store } from '../store/store'
import { FeedSourceError, normalizeUpstreamUrl } from './feed-client'
import { feedSteps, type FeedWrite, type RefusedElement } from './feed-pages'
import { printable } from '../ingest/field-rules'

export interface SyncOptions {
  url: string
  key: string
  /** read only these countries' feeds (one stream each); absent: every market the key sees */
  countries?: string[]
  /** only snapshots observed at or after this instant */
  since?: Date
  /** read the feeds from the beginning, not from where the last sync stopped */
  restart?: boolean
  /** elements asked for per page */
  pageSize?: number
  /** observations held before a write (fewer keep a window's thread free more often) */
  batchObservations?: number
  fetch?: typeof fetch
  /** how a write runs: at once in a transaction (the CLI), or once the store is free (the app: see Store.writeWhenFree) */
  write?: (work: () => void) => void | Promise<void>
  onProgress?: (p: SyncProgress) => void
  /** a sentence worth telling the user (a cursor the upstream no longer knows, ...) */
  onNotice?: (message: string) => void
}

export interface SyncProgress extends SyncResult {
  /** at most this many elements are left to read (the upstream's estimate) */
  remaining: number
}

const PAGE_SIZE = 1000
/** Refused elements told one by one in a sync's notices; the rest are counted. */
const REFUSALS_TOLD = 10
/** Observations held before they are written, as `feedlens import` batches them (aggregates are rewritten once a batch). */
const BATCH_OBSERVATIONS = 500_000
/** Articles held before they are written (they carry their text), as `feedlens import` batches them. */
const BATCH_ARTICLES = 20_000

/**
 * Pulls an upstream's `/v2/feed` into the store: pages gathered into an import's batch, then
 * written with the cursor that follows the last of them in one transaction, so a sync killed at any moment
 * resumes where the store says it stopped, with nothing lost or doubled (and the import is
 * idempotent besides). Pages are read and gathered ahead while earlier batches are written (feed-pages.ts).
 * Returns what came in; trends and signals are the caller's to refresh.
 */
export async function syncFrom(store: Store, options: SyncOptions): Promise<SyncResult> {
  const url = normalizeUpstreamUrl(options.url)
  const countries = options.countries && options.countries.length > 0 ? [...new Set(options.countries.map((c) => c.toUpperCase()))].sort() : null
  // each stream (a country, or '*' for all the key's) keeps its own cursor: a stream not read before starts at the beginning
  if (options.restart) store.upstreams.resetCursors(url, countries)
  const cursors = store.upstreams.get(url)?.cursors ?? {}
  const writer = new IngestWriter(store)
  const result: SyncResult = { articles: 0, observations: 0, elements: 0 }
  // what was left out is said, the first few in full (the rest counted)
  let told = 0
  const tellRefused = (refused: RefusedElement[]) => {
    for (const r of refused) {
      result.refused = (result.refused ?? 0) + 1
      if (told++ < REFUSALS_TOLD) options.onNotice?.(`Left out ${printable(r.what, 200)} of ${url}: ${printable(r.reason, 300)}.`)
      else if (told === REFUSALS_TOLD + 1) options.onNotice?.(`More of ${url}'s elements are left out; the sync counts them all.`)
    }
  }
  const writeNow = options.write ?? ((work: () => void) => store.transaction(work))

  /** Reads a stream from a cursor to its end, each batch written with the cursor after it. */
  const readStream = async (stream: string, cursor: string | undefined): Promise<void> => {
    const write = ({ batch, countries: named, cursor: through }: FeedWrite) =>
      writeNow(() => {
        for (const code of named) if (!store.geo.region(code)) registerCountry(store, code)
        const counts = writer.write(batch)
        store.upstreams.saveCursor(url, countries, stream, through)
        result.articles += counts.articles
        result.observations += counts.observationsInserted
      })
    const input = { url, key: options.key, region: stream === '*' ? undefined : stream, since: options.since?.toISOString(), pageSize: options.pageSize ?? PAGE_SIZE, cursor }
    const limits = { observations: options.batchObservations ?? BATCH_OBSERVATIONS, articles: BATCH_ARTICLES }
    for await (const step of feedSteps(input, limits, { fetch: options.fetch })) {
      if (step.refused.length > 0) tellRefused(step.refused)
      if (step.write) await write(step.write)
      result.elements += step.elements
      options.onProgress?.({ ...result, remaining: step.remaining })
    }
  }

  try {
    for (const stream of countries ?? ['*']) {
      const cursor = cursors[stream]
      try {
        await readStream(stream, cursor)
      } catch (error) {
        if (!(error instanceof FeedSourceError && error.reason === 'cursor' && cursor)) throw error
        const region = stream === '*' ? null : stream
        options.onNotice?.(`${error.message}. Reading ${region ? `${region}'s feed` : 'the feed'} again from the beginning (what is stored already is not written twice).`)
        await readStream(stream, undefined)
      }
    }
  } catch (error) {
    store.upstreams.recordRun(url, new Date().toISOString(), { ...result, error: (error as Error).message })
    throw error
  }
  store.upstreams.recordRun(url, new Date().toISOString(), result)
  if (result.observations > 0) {
    store.annotations.noteEvent('sync', `Synced from ${url}: ${result.articles.toLocaleString('en-US')} articles, ${result.observations.toLocaleString('en-US')} new observations`)
  }
  return result
}
