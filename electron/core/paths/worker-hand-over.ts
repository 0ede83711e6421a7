import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'

/**
 * A worker that makes records a few ahead of a reader that takes them synchronously (a build that
 * writes its days in transactions it cannot leave to await): the worker posts each record on a
 * port and counts it in shared memory; the reader blocks on that count (Atomics.wait) until the
 * next record is there, and counts what it took, so the worker waits when it is `ahead` records
 * ahead (its records are held at most that many at once).
 */

/** What the worker side is given in its workerData (beside its own input). */
export interface HandOverChannel {
  port: MessagePort
  /** [records posted, records taken, 1 once the reader stopped] */
  counts: Int32Array
  ahead: number
}

type Message<T, R> = { record: T } | { end: R } | { error: string }

const POSTED = 0
const TAKEN = 1
const STOPPED = 2

/** Thrown by the worker side's post once the reader stopped taking records: the worker ends. */
class ReaderStopped extends Error {
  constructor() {
    super('the reader stopped')
    this.name = 'ReaderStopped'
  }
}

/**
 * The worker side: runs `records` to its end, handing each record over, then the end value; a
 * failure is handed over as the reader's error. Returns when done or when the reader stopped.
 */
export function handOver<T, R>(channel: HandOverChannel, records: () => Generator<T, R>): void {
  const { port, counts, ahead } = channel
  const post = (message: Message<T, R>) => {
    for (;;) {
      if (Atomics.load(counts, STOPPED) === 1) throw new ReaderStopped()
      const taken = Atomics.load(counts, TAKEN)
      if (Atomics.load(counts, POSTED) - taken < ahead) break
      Atomics.wait(counts, TAKEN, taken, 1000)
    }
    port.postMessage(message)
    Atomics.add(counts, POSTED, 1)
    Atomics.notify(counts, POSTED)
  }
  try {
    const it = records()
    for (let next = it.next(); ; next = it.next()) {
      if (next.done) {
        post({ end: next.value })
        break
      }
      post({ record: next.value })
    }
  } catch (error) {
    if (error instanceof ReaderStopped) return
    try {
      post({ error: error instanceof Error ? error.message : String(error) })
    } catch {
      // the reader stopped meanwhile: nobody to tell
    }
  } finally {
    port.close()
  }
}

let running = 0

/** Hand-over workers started and not yet exited (a reader that stopped ends its worker). */
export function handOverWorkersRunning(): number {
  return running
}

/** The worker stopped handing over records: it failed, or went silent longer than the reader waits. */
export class HandOverFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'HandOverFailed'
  }
}

/**
 * The reader side: starts the worker `script` with `input` (and the channel, as `channel` beside
 * it in workerData) and yields its records in order, returning its end value. A failure of the
 * worker is thrown here; so is a worker silent for `silentMs` (one that died without a word: its
 * exit cannot be heard while this thread waits). The worker is stopped however the records end.
 */
export function* handedOver<T, R>(script: URL, input: object, options: { ahead: number; silentMs: number; what: string }): Generator<T, R> {
  const { port1, port2 } = new MessageChannel()
  const counts = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT))
  const channel: HandOverChannel = { port: port2, counts, ahead: options.ahead }
  const worker = new Worker(script, { workerData: { ...input, channel }, transferList: [port2] })
  // a failure the worker could not hand over (its script did not load) shows here as its silence:
  // the event comes when this thread is free again, after the reader gave up
  worker.on('error', () => undefined)
  running++
  worker.once('exit', () => running--)
  try {
    for (;;) {
      const message = takeNext<T, R>(port1, counts, options.silentMs, options.what)
      if ('error' in message) throw new HandOverFailed(`${options.what} failed: ${message.error}`)
      if ('end' in message) return message.end
      yield message.record
    }
  } finally {
    Atomics.store(counts, STOPPED, 1)
    Atomics.notify(counts, TAKEN)
    port1.close()
    void worker.terminate()
  }
}

function takeNext<T, R>(port: MessagePort, counts: Int32Array, silentMs: number, what: string): Message<T, R> {
  const since = Date.now()
  for (;;) {
    const posted = Atomics.load(counts, POSTED)
    const received = receiveMessageOnPort(port)
    if (received) {
      Atomics.add(counts, TAKEN, 1)
      Atomics.notify(counts, TAKEN)
      return received.message as Message<T, R>
    }
    if (Date.now() - since > silentMs) throw new HandOverFailed(`${what} stopped: nothing came for ${silentMs < 1000 ? `${silentMs} ms` : `${Math.round(silentMs / 1000)} s`}`)
    Atomics.wait(counts, POSTED, posted, Math.min(1000, silentMs))
  }
}
