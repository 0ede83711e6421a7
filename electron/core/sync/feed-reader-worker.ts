/**
 * The feed reader's worker thread (built as out/main/feed-reader-worker.js): fetches a stream's
 * pages, parses and checks them and gathers them into ingest batches, up to a few pages ahead of
 * the thread that writes them (see feed-pages.ts).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { Credit } from '../ingest/credit'
import { FeedSourceError } from './feed-client'
import { readPages, stepsOf, transferablesOf, type ReaderMessage, type ReaderWorkerData } from './feed-pages'

const AHEAD = 8

async function run(port: NonNullable<typeof parentPort>, { input, limits }: ReaderWorkerData): Promise<void> {
  // the reader answers each step with 'more': at most AHEAD steps wait for it
  const credit = new Credit(AHEAD)
  port.on('message', () => credit.give())
  const post = (message: ReaderMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
  try {
    for await (const step of stepsOf(readPages(input, undefined, AHEAD), limits)) {
      await credit.take()
      post({ step }, transferablesOf(step))
    }
    post({ end: true })
  } catch (error) {
    post({ error: { reason: error instanceof FeedSourceError ? error.reason : 'failing', message: error instanceof Error ? error.message : String(error) } })
  }
  port.close()
}

if (parentPort) void run(parentPort, workerData as ReaderWorkerData)
