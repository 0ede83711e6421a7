import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Worker } from 'node:worker_threads'

/**
 * A worker thread's built script (out/main/<name>.js), beside the bundle or its chunks folder;
 * null when running from the TypeScript sources (tests, benchmarks of the sources), where the
 * work runs on the calling thread instead.
 */
export function builtWorkerScript(name: string): URL | null {
  if (!import.meta.url.endsWith('.js')) return null
  // a packaged app's bundle is also unpacked beside its asar archive, where a worker can load it
  const here = import.meta.url.replace('/app.asar/', '/app.asar.unpacked/')
  for (const candidate of [`./${name}.js`, `../${name}.js`]) {
    const url = new URL(candidate, here)
    if (fs.existsSync(fileURLToPath(url))) return url
  }
  return null
}

/** A worker's messages stopped before its last: it failed, a message could not be read, or it exited. */
export class WorkerStopped extends Error {
  constructor(
    /** the worker's error; null when it exited without one */
    readonly failure: Error | null,
    /** messages the worker had handed over (yielded, or waiting to be) */
    readonly received: number,
  ) {
    super(failure?.message ?? 'it stopped before its end')
    this.name = 'WorkerStopped'
  }
}

/**
 * The messages of a worker that works a few ahead of its reader: each message `counted` tells
 * (every one by default) is answered with 'more', so the worker can go on; they are yielded in
 * order until the one `isEnd` tells. A
 * failure of the worker (or a message that could not be read: the reader must not go on without
 * it) ends them at once, an exit once the messages before it are yielded, with WorkerStopped.
 * The worker is terminated when its messages end, however they end.
 */
export async function* workerMessages<T, End extends T>(
  worker: Worker,
  isEnd: (message: T) => message is End,
  counted: (message: Exclude<T, End>) => boolean = () => true,
): AsyncGenerator<Exclude<T, End>> {
  const ready: T[] = []
  let failure: Error | null = null
  let exited = false
  let wake: (() => void) | null = null
  worker.on('message', (message: T) => {
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
  let delivered = 0
  try {
    for (;;) {
      while (ready.length === 0 && !failure && !exited) await new Promise<void>((resolve) => (wake = resolve))
      if (failure || ready.length === 0) throw new WorkerStopped(failure, delivered + ready.length)
      const message = ready.shift()!
      if (isEnd(message)) return
      if (counted(message as Exclude<T, End>)) worker.postMessage('more')
      delivered++
      yield message as Exclude<T, End>
    }
  } finally {
    await worker.terminate()
  }
}
