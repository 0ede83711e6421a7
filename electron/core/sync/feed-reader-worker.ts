/**
 * The feed reader's worker thread (built as out/main/feed-reader-worker.js): fetches a stream's
 * pages, parses and checks them and gathers them into ingest batches, up to a few batches ahead of
 * the thread that writes them (see feed-pages.ts).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { Credit } from '../ingest/credit'
import { FeedSourceError } from './feed-client'
import { readPages, stepsOf, transferablesOf, type ReaderMessage, type ReaderWorkerData } from './feed-pages'

/** Pages fetched ahead of the one being gathered. */
const PAGES_AHEAD = 8
/**
 * Batches handed over and not yet taken to be written, at most. Counted in batches, not pages: a
 * batch holds ~30 pages, so a credit of pages stalled the reader (and the upstream) for most of
 * every write.
 */
const BATCHES_AHEAD = 2

async function run(port: NonNullable<typeof parentPort>, { input, limits }: ReaderWorkerData): Promise<void> {
  // the reader answers each batch with 'more' as it takes it (workerMessages); steps that only say how far the stream got pass freely
  const credit = new Credit(BATCHES_AHEAD)
  port.on('message', () => credit.give())
  const post = (message: ReaderMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
  try {
    for await (const step of stepsOf(readPages(input, undefined, PAGES_AHEAD), limits)) {
      if (step.write) await credit.take()
      post({ step }, transferablesOf(step))
    }
    post({ end: true })
  } catch (error) {
    post({ error: { reason: error instanceof FeedSourceError ? error.reason : 'failing', message: error instanceof Error ? error.message : String(error) } })
  }
  port.close()
}

if (parentPort) void run(parentPort, workerData as ReaderWorkerData)
