import { Worker } from 'node:worker_threads'
import type { FeedArticle, FeedElement, FeedResponse, FeedSnapshot } from '../../../shared/contract/feed'
import { SnapshotColumnsBuilder, type IngestBatch } from '../ingest/records'
import { MAX_ENTRY_VALUE } from '../store/feed-entries'
import { builtWorkerScript, WorkerStopped, workerMessages } from '../paths/worker-scripts'
import { articleBasics, type EntityRecord, type PublisherRecord } from '../store/records'
import { isFormatGroup } from '../../../shared/contract/values'
import { FeedClient, FeedSourceError } from './feed-client'
import { feedArticleProblem, feedSnapshotProblem } from './feed-rules'

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

/** An element of the upstream's left out, and why. */
export interface RefusedElement {
  what: string
  reason: string
}

/** One page read: how far the stream got, what it left out, and, when a batch is full or the stream ends, the write. */
export interface FeedStep {
  elements: number
  remaining: number
  refused: RefusedElement[]
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
    for await (const message of workerMessages(worker, (m: ReaderMessage) => 'end' in m, (m) => 'step' in m && m.step.write !== undefined)) {
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

/**
 * Pages as steps: each page's elements checked (feed-rules.ts) and held in a batch until it is
 * full or the stream ends. An article refused is left out with every entry that names it, in this
 * page or a later one, each said (the stream's refused ids are remembered for it).
 */
export async function* stepsOf(pages: AsyncIterable<FeedResponse>, limits: BatchLimits): AsyncGenerator<FeedStep> {
  const refusedIds = new Set<string>()
  let held = new BatchBuilder(refusedIds)
  for await (const page of pages) {
    const refused = held.add(page.elements)
    const step: FeedStep = { elements: page.elements.length, remaining: page.remaining, refused }
    if (!page.has_more || held.observations >= limits.observations || held.articles >= limits.articles) {
      step.write = held.build(page.next_cursor)
      held = new BatchBuilder(refusedIds)
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
    const progress = new StreamProgress(client.baseUrl, cursor)
    try {
      while (!stopped) {
        while (buffer.length >= ahead && !stopped) await new Promise<void>((resolve) => (space = resolve))
        const page = await client.page({ cursor, region: input.region, since: input.since, limit: input.pageSize })
        if (page.has_more) progress.check(page)
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

/** Pages in a row that bring nothing and leave as much to read as before, at most: more is an upstream that goes nowhere. */
const MAX_IDLE_PAGES = 3

/**
 * Whether a stream moves on: a cursor met before (a loop), or pages that bring nothing while as
 * much is left to read, stop it with a sentence instead of asking for ever.
 */
export class StreamProgress {
  private readonly cursors = new Set<string>()
  private idle = 0
  private left = Number.POSITIVE_INFINITY

  constructor(
    private readonly url: string,
    first: string | undefined,
  ) {
    if (first) this.cursors.add(first)
  }

  check(page: { next_cursor: string; elements: readonly unknown[]; remaining: number }): void {
    if (this.cursors.has(page.next_cursor)) {
      throw new FeedSourceError('failing', `${this.url}/v2/feed sends a cursor it sent before: its feed goes round in a loop, so the sync stops here (what came before it is kept).`)
    }
    this.cursors.add(page.next_cursor)
    this.idle = page.elements.length === 0 && page.remaining >= this.left ? this.idle + 1 : 0
    this.left = Math.min(this.left, page.remaining)
    if (this.idle > MAX_IDLE_PAGES) {
      throw new FeedSourceError('failing', `${this.url}/v2/feed sent ${this.idle} pages in a row with nothing new and as much left to read: it goes nowhere, so the sync stops here (what came before is kept).`)
    }
  }
}

/** Feed elements gathered into one ingest batch: articles with their publishers and entities, snapshots as columns. */
export class BatchBuilder {
  private readonly publishers = new Map<string, PublisherRecord>()
  private readonly entities = new Map<string, EntityRecord>()
  private readonly articleRecords: NonNullable<IngestBatch['articles']> = []
  private readonly countries = new Set<string>()
  private readonly snapshots = new SnapshotColumnsBuilder()

  get articles(): number {
    return this.articleRecords.length
  }

  get observations(): number {
    return this.snapshots.entries
  }

  /** @param refusedIds the stream's refused articles: entries naming them are left out too */
  constructor(private readonly refusedIds = new Set<string>()) {}

  /** Adds a page's elements; returns those left out, each with why. */
  add(elements: readonly FeedElement[]): RefusedElement[] {
    const refused: RefusedElement[] = []
    for (const element of elements) {
      if (element.type === 'article') {
        const problem = feedArticleProblem(element.article)
        if (problem === null) this.addArticle(element.article)
        else {
          this.refusedIds.add(element.article.id)
          refused.push({ what: `article ${element.article.id}`, reason: problem })
        }
        continue
      }
      const problem = feedSnapshotProblem(element.snapshot)
      if (problem !== null) refused.push({ what: `snapshot of ${element.snapshot.country.slice(0, 20)} at ${element.snapshot.observed_at.slice(0, 40)}`, reason: problem })
      else {
        const left = this.addSnapshot(element.snapshot)
        if (left > 0) refused.push({ what: `${left} entries of the snapshot of ${element.snapshot.country} at ${element.snapshot.observed_at}`, reason: 'they name an article that was refused' })
      }
    }
    return refused
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
      ...articleBasics(a),
      // (feed-rules.ts refused any other)
      contentType: isFormatGroup(a.content_type) ? a.content_type : null,
      summary: a.summary,
      markdown: a.markdown,
      images: a.images,
      publishedAt: a.published_at,
      entities: a.entities.map((e) => ({ id: e.id, score: e.score, extracted: e.extracted })),
    })
  }

  /** Adds a snapshot's entries; returns how many were left out (naming a refused article). */
  private addSnapshot(s: FeedSnapshot): number {
    const { snapshots } = this
    let left = 0
    const start = snapshots.entries
    for (const e of s.entries) {
      if (this.refusedIds.has(e.article_id)) {
        left++
        continue
      }
      // typed columns would wrap a value past 32 bits: refused here, as the writer refuses it
      if (!(e.position <= MAX_ENTRY_VALUE && e.impressions <= MAX_ENTRY_VALUE)) {
        throw new FeedSourceError('not-a-feed', `A snapshot entry is out of range: position ${e.position}, impressions ${e.impressions}`)
      }
      snapshots.addEntry(e.article_id, e.position, e.impressions)
    }
    // a snapshot with nothing left is no snapshot
    if (snapshots.entries === start && s.entries.length > 0) return left
    this.countries.add(s.country)
    snapshots.endSnapshot(s.country, Math.floor(Date.parse(s.observed_at) / 1000))
    return left
  }

  /** The batch to write with the cursor after it. */
  build(cursor: string): FeedWrite {
    const snapshotColumns = this.snapshots.entries > 0 ? this.snapshots.columns() : undefined
    return {
      batch: { publishers: [...this.publishers.values()], entities: [...this.entities.values()], articles: this.articleRecords, snapshotColumns },
      countries: [...this.countries],
      cursor,
    }
  }
}
