import { Worker } from 'node:worker_threads'
import type { FeedElement } from '../../../shared/contract/feed'
import { emptyObservationColumns, pushObservation, type IngestBatch } from '../ingest/records'
import { builtWorkerScript } from '../paths/worker-scripts'
import type { EntityRecord, PublisherRecord } from '../store/records'
import { FeedClient, FeedSourceError } from './feed-client'

/** One stream of an upstream's feed: a country's (region) or every market the key sees. */
export interface FeedStreamInput {
  url: string
  key: string
  region?: string
  since?: string
  pageSize: number
  cursor?: string
}

/** A page of the feed, ready to write: one ingest batch and where the feed goes on. */
export interface FeedBatch {
  batch: IngestBatch
  /** the countries the page names (articles' regions, snapshots' feeds) */
  countries: string[]
  elements: number
  articles: number
  observations: number
  nextCursor: string
  remaining: number
  hasMore: boolean
}

/** What the reader worker posts: a page, the end, or why it stopped. */
export type ReaderMessage = { page: FeedBatch } | { end: true } | { error: { reason: FeedSourceError['reason']; message: string } }

/**
 * The pages of a stream, in order, as ingest batches. Fetching, parsing and checking them runs on
 * a worker thread when the built worker is there, so on two cores it overlaps with writing them
 * (as an import's parsing does); otherwise (from the sources, or with a fetch of the caller's) on
 * this thread, one page ahead.
 */
export async function* feedBatches(input: FeedStreamInput, options: { fetch?: typeof fetch } = {}): AsyncGenerator<FeedBatch> {
  const script = options.fetch ? null : builtWorkerScript('feed-reader-worker')
  if (!script) {
    yield* readPages(input, options.fetch)
    return
  }
  const worker = new Worker(script, { workerData: input })
  const ready: ReaderMessage[] = []
  let failure = null as Error | null
  let exited = false
  let wake = null as (() => void) | null
  worker.on('message', (message: ReaderMessage) => {
    ready.push(message)
    wake?.()
  })
  for (const event of ['error', 'messageerror'] as const) {
    worker.on(event, (error: Error) => {
      failure = error
      wake?.()
    })
  }
  worker.on('exit', () => {
    exited = true
    wake?.()
  })
  try {
    for (;;) {
      while (ready.length === 0 && !failure && !exited) await new Promise<void>((resolve) => (wake = resolve))
      const message = ready.shift()
      if (!message) throw new FeedSourceError('failing', `Reading the feed of ${input.url} stopped: ${failure?.message ?? 'its reader ended early'}`)
      if ('error' in message) throw new FeedSourceError(message.error.reason, message.error.message)
      if ('end' in message) return
      worker.postMessage('more')
      yield message.page
    }
  } finally {
    await worker.terminate()
  }
}

/**
 * The pages of a stream on this thread: fetched one after another into a buffer of up to `ahead`
 * pages while the caller works on earlier ones.
 */
export async function* readPages(input: FeedStreamInput, fetchImpl?: typeof fetch, ahead = 1): AsyncGenerator<FeedBatch> {
  const client = new FeedClient(input.url, input.key, fetchImpl)
  const buffer: Array<{ page: FeedBatch } | { error: unknown }> = []
  let wake = null as (() => void) | null
  let space = null as (() => void) | null
  let stopped = false
  void (async () => {
    let cursor = input.cursor
    try {
      while (!stopped) {
        while (buffer.length >= ahead && !stopped) await new Promise<void>((resolve) => (space = resolve))
        const page = await client.page({ cursor, region: input.region, since: input.since, limit: input.pageSize })
        buffer.push({ page: { ...batchOf(page.elements), nextCursor: page.next_cursor, remaining: page.remaining, hasMore: page.has_more } })
        wake?.()
        if (!page.has_more) return
        cursor = page.next_cursor
      }
    } catch (error) {
      buffer.push({ error })
      wake?.()
    }
  })()
  try {
    for (;;) {
      while (buffer.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      const item = buffer.shift()!
      space?.()
      if ('error' in item) throw item.error
      yield item.page
      if (!item.page.hasMore) return
    }
  } finally {
    stopped = true
    space?.()
  }
}

/** A page's elements as one ingest batch, with what the page holds. */
export function batchOf(elements: readonly FeedElement[]): Omit<FeedBatch, 'nextCursor' | 'remaining' | 'hasMore'> {
  const publishers = new Map<string, PublisherRecord>()
  const entities = new Map<string, EntityRecord>()
  const articles: NonNullable<IngestBatch['articles']> = []
  const observations = emptyObservationColumns()
  const countries = new Set<string>()
  for (const element of elements) {
    if (element.type === 'article') {
      const a = element.article
      const p = a.publisher
      countries.add(a.region)
      publishers.set(a.domain, {
        domain: a.domain,
        name: p.name,
        country: p.country,
        profileExists: p.profile_exists,
        knowledgeGraphId: p.knowledge_graph_id,
        totalFollowers: p.total_followers,
      })
      for (const e of a.entities) entities.set(e.id, { id: e.id, name: e.name, type: e.type })
      articles.push({
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
    countries.add(s.country)
    const at = Math.floor(Date.parse(s.observed_at) / 1000)
    for (const e of s.entries) pushObservation(observations, e.article_id, -1, s.country, at, e.position, e.impressions)
  }
  return {
    batch: { publishers: [...publishers.values()], entities: [...entities.values()], articles, observationColumns: observations },
    countries: [...countries],
    elements: elements.length,
    articles: articles.length,
    observations: observations.articleId.length,
  }
}

/** Several pages' batches as one (written in one transaction). */
export function mergeBatches(pages: readonly FeedBatch[]): { batch: IngestBatch; countries: Set<string> } {
  const observations = emptyObservationColumns()
  const batch: IngestBatch = { publishers: [], entities: [], articles: [], observationColumns: observations }
  const countries = new Set<string>()
  for (const page of pages) {
    batch.publishers!.push(...(page.batch.publishers ?? []))
    batch.entities!.push(...(page.batch.entities ?? []))
    batch.articles!.push(...(page.batch.articles ?? []))
    const o = page.batch.observationColumns!
    for (const column of ['articleId', 'articleSeq', 'country', 'observedAt', 'position', 'impressions'] as const) {
      const into = observations[column] as unknown[]
      for (const v of o[column]) into.push(v)
    }
    for (const c of page.countries) countries.add(c)
  }
  return { batch, countries }
}
