import { Worker } from 'node:worker_threads'
import type { FeedArticle, FeedElement, FeedResponse, FeedSnapshot } from '../../../shared/contract/feed'
import type { IngestBatch } from '../ingest/records'
import { MAX_ENTRY_VALUE } from '../store/feed-entries'
import { builtWorkerScript, WorkerStopped, workerMessages } from '../paths/worker-scripts'
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

/** How much a write batch holds at most (as `feedlens import` batches). */
export interface BatchLimits {
  observations: number
  articles: number
}

/** What the next write holds: one ingest batch, and the cursor that follows the last page in it. */
export interface FeedWrite {
  batch: IngestBatch
  /** the countries the batch names (articles' regions, snapshots' feeds) */
  countries: string[]
  cursor: string
}

/** One page read: how far the stream got and, when a batch is full or the stream ends, the write. */
export interface FeedStep {
  elements: number
  remaining: number
  write?: FeedWrite
}

/** What the reader worker posts: a step, the end, or why it stopped. */
export type ReaderMessage = { step: FeedStep } | { end: true } | { error: { reason: FeedSourceError['reason']; message: string } }

/**
 * The steps of reading a stream, in order. Fetching, parsing, checking and batching the pages
 * runs on a worker thread when the built worker is there, so on two cores it overlaps with
 * writing them (as an import's parsing does); otherwise (from the sources, or with a fetch of the
 * caller's) on this thread, one page ahead.
 */
export async function* feedSteps(input: FeedStreamInput, limits: BatchLimits, options: { fetch?: typeof fetch } = {}): AsyncGenerator<FeedStep> {
  const script = options.fetch ? null : builtWorkerScript('feed-reader-worker')
  if (!script) {
    yield* stepsOf(readPages(input, options.fetch), limits)
    return
  }
  const worker = new Worker(script, { workerData: { input, limits } satisfies ReaderWorkerData })
  try {
    for await (const message of workerMessages(worker, (m: ReaderMessage) => 'end' in m)) {
      if ('error' in message) throw new FeedSourceError(message.error.reason, message.error.message)
      yield message.step
    }
  } catch (error) {
    if (!(error instanceof WorkerStopped)) throw error
    throw new FeedSourceError('failing', `Reading the feed of ${input.url} stopped: ${error.failure?.message ?? 'its reader ended early'}`)
  }
}

/** What the reader worker is started with. */
export interface ReaderWorkerData {
  input: FeedStreamInput
  limits: BatchLimits
}

/** The buffers of a step's typed arrays, to move to another thread rather than copy. */
export function transferablesOf(step: FeedStep): ArrayBuffer[] {
  const c = step.write?.batch.snapshotColumns
  return c ? [c.article.buffer, c.position.buffer, c.impressions.buffer] as ArrayBuffer[] : []
}

/** Pages as steps: each page's elements held in a batch until it is full or the stream ends. */
export async function* stepsOf(pages: AsyncIterable<FeedResponse>, limits: BatchLimits): AsyncGenerator<FeedStep> {
  let held = new BatchBuilder()
  for await (const page of pages) {
    held.add(page.elements)
    const step: FeedStep = { elements: page.elements.length, remaining: page.remaining }
    if (!page.has_more || held.observations >= limits.observations || held.articles >= limits.articles) {
      step.write = held.build(page.next_cursor)
      held = new BatchBuilder()
    }
    yield step
  }
}

/**
 * The pages of a stream on this thread: fetched one after another into a buffer of up to `ahead`
 * pages while the caller works on earlier ones.
 */
export async function* readPages(input: FeedStreamInput, fetchImpl?: typeof fetch, ahead = 1): AsyncGenerator<FeedResponse> {
  const client = new FeedClient(input.url, input.key, fetchImpl)
  const buffer: Array<{ page: FeedResponse } | { error: unknown }> = []
  let wake = null as (() => void) | null
  let space = null as (() => void) | null
  let stopped = false
  void (async () => {
    let cursor = input.cursor
    try {
      while (!stopped) {
        while (buffer.length >= ahead && !stopped) await new Promise<void>((resolve) => (space = resolve))
        const page = await client.page({ cursor, region: input.region, since: input.since, limit: input.pageSize })
        buffer.push({ page })
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
      if (!item.page.has_more) return
    }
  } finally {
    stopped = true
    space?.()
  }
}

/** Feed elements gathered into one ingest batch: articles with their publishers and entities, snapshots as columns. */
export class BatchBuilder {
  private readonly publishers = new Map<string, PublisherRecord>()
  private readonly entities = new Map<string, EntityRecord>()
  private readonly articleRecords: NonNullable<IngestBatch['articles']> = []
  private readonly countries = new Set<string>()
  private readonly articleIndex = new Map<string, number>()
  private readonly snapshots = { articleIds: [] as string[], country: [] as string[], observedAt: [] as number[], ends: [] as number[] }
  private readonly entries = { article: [] as number[], position: [] as number[], impressions: [] as number[] }

  get articles(): number {
    return this.articleRecords.length
  }

  get observations(): number {
    return this.entries.article.length
  }

  add(elements: readonly FeedElement[]): void {
    for (const element of elements) {
      if (element.type === 'article') this.addArticle(element.article)
      else this.addSnapshot(element.snapshot)
    }
  }

  private addArticle(a: FeedArticle): void {
    const p = a.publisher
    this.countries.add(a.region)
    this.publishers.set(a.domain, {
      domain: a.domain,
      name: p.name,
      country: p.country,
      profileExists: p.profile_exists,
      knowledgeGraphId: p.knowledge_graph_id,
      totalFollowers: p.total_followers,
    })
    for (const e of a.entities) this.entities.set(e.id, { id: e.id, name: e.name, type: e.type })
    this.articleRecords.push({
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
  }

  private addSnapshot(s: FeedSnapshot): void {
    const { snapshots, entries, articleIndex } = this
    this.countries.add(s.country)
    for (const e of s.entries) {
      // typed columns would wrap a value past 32 bits: refused here, as the writer refuses it
      if (!(e.position <= MAX_ENTRY_VALUE && e.impressions <= MAX_ENTRY_VALUE)) {
        throw new FeedSourceError('not-a-feed', `A snapshot entry is out of range: position ${e.position}, impressions ${e.impressions}`)
      }
      let k = articleIndex.get(e.article_id)
      if (k === undefined) articleIndex.set(e.article_id, (k = snapshots.articleIds.push(e.article_id) - 1))
      entries.article.push(k)
      entries.position.push(e.position)
      entries.impressions.push(e.impressions)
    }
    snapshots.country.push(s.country)
    snapshots.observedAt.push(Math.floor(Date.parse(s.observed_at) / 1000))
    snapshots.ends.push(entries.article.length)
  }

  /** The batch to write with the cursor after it. */
  build(cursor: string): FeedWrite {
    const { entries } = this
    const snapshotColumns =
      entries.article.length > 0
        ? { ...this.snapshots, article: Uint32Array.from(entries.article), position: Uint32Array.from(entries.position), impressions: Uint32Array.from(entries.impressions) }
        : undefined
    return {
      batch: { publishers: [...this.publishers.values()], entities: [...this.entities.values()], articles: this.articleRecords, snapshotColumns },
      countries: [...this.countries],
      cursor,
    }
  }
}
