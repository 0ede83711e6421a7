import { Worker } from 'node:worker_threads'
import { builtWorkerScript } from '../paths/worker-scripts'
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
  const worker = new Worker(script, { workerData: input })
  const ready: Array<ParsedChunk | null> = []
  let failure: Error | null = null
  let exited = false
  let wake: (() => void) | null = null
  worker.on('message', (chunk: ParsedChunk | null) => {
    ready.push(chunk)
    wake?.()
  })
  worker.on('error', (error) => {
    failure = error
    wake?.()
  })
  // a chunk that could not be handed over: the import must not go on without its rows
  worker.on('messageerror', (error) => {
    failure = error
    wake?.()
  })
  worker.on('exit', () => {
    exited = true
    wake?.()
  })
  let yielded = false
  let bytesHandedOver = 0
  try {
    for (;;) {
      while (ready.length === 0 && !failure && !exited) await new Promise<void>((resolve) => (wake = resolve))
      if (failure && (yielded || ready.length > 0)) throw new ParseWorkerError(file, failure, bytesHandedOver)
      if (ready.length === 0) {
        if (yielded) throw new ParseWorkerError(file, new Error('it stopped before the end of the file'), bytesHandedOver)
        break
      }
      const chunk = ready.shift()!
      if (chunk === null) return
      worker.postMessage('more')
      yielded = true
      bytesHandedOver = chunk.bytesRead
      yield chunk
    }
  } finally {
    await worker.terminate()
  }
  // The worker could not start here (or failed before its first chunk): parse on this thread,
  // which reports a problem of the file itself the same way.
  yield* parseFile(file, kind, observations)
}
