import { Worker } from 'node:worker_threads'
import { builtWorkerScript, WorkerStopped, workerMessages } from '../paths/worker-scripts'
import { parseFile, type FileKind, type ParsedChunk } from './file-segments'
import type { ParseWorkerInput } from './parse-worker'

/** The parse worker failed halfway: the import ends with this error (the batches before it are written, whole). */
export class ParseWorkerError extends Error {
  constructor(file: string, cause: Error, bytesRead: number) {
    super(`${file}: reading the file failed after ${bytesRead.toLocaleString('en-US')} bytes (${cause.message}); the rows before were imported, and importing the file again goes on from them.`)
    this.name = 'ParseWorkerError'
  }
}

const parseWorkerScript = () => builtWorkerScript('parse-worker')

/** Whether imports parse on a worker thread here (the built app and CLI, not the sources). */
export function parseWorkerAvailable(): boolean {
  return parseWorkerScript() !== null
}

/**
 * A file's parsed chunks, in file order. Parsing runs on a worker thread when the built worker
 * is there, so on two cores reading and checking the rows overlaps with writing the batches;
 * given the store's file, the worker also looks up the stored articles the rows refer to.
 * Otherwise it runs on this thread. Both give the same chunks, but for storedArticles.
 */
export async function* parsedChunks(
  file: string,
  kind: FileKind,
  observations: boolean,
  options: { useWorker: boolean; storeFile: string | null },
): AsyncGenerator<ParsedChunk> {
  const script = options.useWorker ? parseWorkerScript() : null
  if (!script) {
    yield* parseFile(file, kind, observations)
    return
  }
  const input: ParseWorkerInput = { file, kind, observations, storeFile: options.storeFile }
  let bytesHandedOver = 0
  try {
    for await (const chunk of workerMessages(new Worker(script, { workerData: input }), (c: ParsedChunk | null) => c === null)) {
      bytesHandedOver = chunk.bytesRead
      yield chunk
    }
    return
  } catch (error) {
    if (!(error instanceof WorkerStopped)) throw error
    // a chunk was handed over: the import must not go on without the rest of them
    if (error.received > 0) throw new ParseWorkerError(file, error.failure ?? new Error('it stopped before the end of the file'), bytesHandedOver)
  }
  // The worker could not start here (or failed before its first chunk): parse on this thread,
  // which reports a problem of the file itself the same way.
  yield* parseFile(file, kind, observations)
}
