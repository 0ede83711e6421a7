import type { FeedResponse } from '../../../shared/contract/feed'
import { registerCountry } from '../ingest/countries'
import { IngestWriter } from '../ingest/writer'
import { emptyObservationColumns, pushObservation, type IngestBatch } from '../ingest/records'
import type { EntityRecord, PublisherRecord } from '../store/records'
import type { SyncResult } from '../store/repositories/upstreams'
import type { Store } from '../store/store'
import { FeedClient, FeedSourceError } from './feed-client'

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
  fetch?: typeof fetch
  onProgress?: (p: SyncProgress) => void
  /** a sentence worth telling the user (a cursor the upstream no longer knows, ...) */
  onNotice?: (message: string) => void
}

export interface SyncProgress extends SyncResult {
  /** at most this many elements are left to read (the upstream's estimate) */
  remaining: number
}

const PAGE_SIZE = 1000

/**
 * Pulls an upstream's `/v2/feed` into the store: page by page, each page written with the cursor
 * that follows it in one transaction, so a sync killed at any moment resumes where the store says
 * it stopped, with nothing lost or doubled (and the import is idempotent besides). The next page is
 * fetched while one is written. Returns what came in; trends and signals are the caller's to refresh.
 */
export async function syncFrom(store: Store, options: SyncOptions): Promise<SyncResult> {
  const client = new FeedClient(options.url, options.key, options.fetch)
  const url = client.baseUrl
  const countries = options.countries && options.countries.length > 0 ? [...new Set(options.countries.map((c) => c.toUpperCase()))].sort() : null
  const known = store.upstreams.get(url)
  // other countries than last time: their streams are other streams, read from the beginning
  if (options.restart || (known && JSON.stringify(known.countries) !== JSON.stringify(countries))) store.upstreams.resetCursors(url, countries)
  const cursors = store.upstreams.get(url)?.cursors ?? {}
  const writer = new IngestWriter(store)
  const result: SyncResult = { articles: 0, observations: 0, elements: 0 }
  const since = options.since?.toISOString()
  try {
    for (const stream of countries ?? ['*']) {
      const region = stream === '*' ? undefined : stream
      let cursor = cursors[stream]
      const ask = (from: string | undefined) => client.page({ cursor: from, region, since, limit: options.pageSize ?? PAGE_SIZE })
      let pending = ask(cursor).catch(async (error: unknown) => {
        if (!(error instanceof FeedSourceError && error.reason === 'cursor' && cursor)) throw error
        options.onNotice?.(`${error.message}. Reading ${region ? `${region}'s feed` : 'the feed'} again from the beginning (what is stored already is not written twice).`)
        cursor = undefined
        return ask(undefined)
      })
      for (;;) {
        const page = await pending
        if (page.has_more) {
          pending = ask(page.next_cursor)
          pending.catch(() => undefined) // awaited on the next turn; a failure is reported there
        }
        const batch = batchOf(page)
        store.transaction(() => {
          for (const code of countriesOf(page)) if (!store.geo.region(code)) registerCountry(store, code)
          const counts = writer.write(batch)
          store.upstreams.saveCursor(url, countries, stream, page.next_cursor)
          result.articles += counts.articles
          result.observations += counts.observationsInserted
        })
        result.elements += page.elements.length
        options.onProgress?.({ ...result, remaining: page.remaining })
        if (!page.has_more) break
      }
    }
  } catch (error) {
    store.upstreams.recordRun(url, new Date().toISOString(), { ...result, error: (error as Error).message })
    throw error
  }
  store.upstreams.recordRun(url, new Date().toISOString(), result)
  return result
}

/** The countries a page names (articles' regions, snapshots' feeds). */
function countriesOf(page: FeedResponse): Set<string> {
  return new Set(page.elements.map((e) => (e.type === 'article' ? e.article.region : e.snapshot.country)))
}

/** A page of the feed as one ingest batch: its publishers, entities, articles and observations. */
export function batchOf(page: FeedResponse): IngestBatch {
  const publishers = new Map<string, PublisherRecord>()
  const entities = new Map<string, EntityRecord>()
  const batch: Required<Pick<IngestBatch, 'articles'>> & IngestBatch = { articles: [] }
  const observations = emptyObservationColumns()
  for (const element of page.elements) {
    if (element.type === 'article') {
      const a = element.article
      const p = a.publisher
      publishers.set(a.domain, {
        domain: a.domain,
        name: p.name,
        country: p.country,
        profileExists: p.profile_exists,
        knowledgeGraphId: p.knowledge_graph_id,
        totalFollowers: p.total_followers,
      })
      for (const e of a.entities) entities.set(e.id, { id: e.id, name: e.name, type: e.type })
      batch.articles.push({
        id: a.id,
        url: a.url,
        title: a.title,
        domain: a.domain,
        region: a.region,
        lang: a.lang,
        category: a.category,
        contentType: a.content_type,
        summary: a.summary,
        markdown: a.markdown,
        images: a.images,
        publishedAt: a.published_at,
        entities: a.entities.map((e) => ({ id: e.id, score: e.score, extracted: e.extracted })),
      })
      continue
    }
    const s = element.snapshot
    const at = Math.floor(Date.parse(s.observed_at) / 1000)
    for (const e of s.entries) pushObservation(observations, e.article_id, -1, s.country, at, e.position, e.impressions)
  }
  return { publishers: [...publishers.values()], entities: [...entities.values()], articles: batch.articles, observationColumns: observations }
}
