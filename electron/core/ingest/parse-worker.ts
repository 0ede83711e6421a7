/**
 * Worker thread entry: reads and parses one import file (parseFile) and posts its chunks to the
 * importer, typed columns moved without copying. The importer grants one chunk at a time as it
 * takes them, so the worker runs at most CHUNKS_AHEAD chunks (1 MiB of text each) ahead: about a
 * batch's worth, so it keeps parsing while the importer writes one.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { ArticleKeyReader } from '../store/repositories/article-keys'
import { Credit } from './credit'
import { parseFile, transferablesOf, type FileKind } from './file-segments'

export const CHUNKS_AHEAD = 200

export interface ParseWorkerInput {
  file: string
  kind: FileKind
  observations: boolean
  /** The store's file, to look up the articles the file refers to (null: the importer does). */
  storeFile: string | null
  /** Chunks it may run ahead (default CHUNKS_AHEAD). */
  chunksAhead?: number
}

async function run(port: NonNullable<typeof parentPort>, input: ParseWorkerInput): Promise<void> {
  const credit = new Credit(input.chunksAhead ?? CHUNKS_AHEAD)
  port.on('message', () => credit.give())
  const articles = input.storeFile ? new ArticleKeyReader(input.storeFile) : null
  try {
    for await (const chunk of parseFile(input.file, input.kind, input.observations)) {
      if (articles && chunk.newArticleIds.length > 0) {
        const stored = articles.find(chunk.newArticleIds)
        chunk.storedArticles = chunk.newArticleIds.map((id) => stored.get(id) ?? null)
      }
      chunk.onWorker = true
      await credit.take()
      port.postMessage(chunk, transferablesOf(chunk))
    }
  } finally {
    articles?.close()
  }
  port.postMessage(null)
  port.close()
}

if (parentPort) void run(parentPort, workerData as ParseWorkerInput)
