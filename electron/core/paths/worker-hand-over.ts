import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort, type ResourceLimits } from 'node:worker_threads'

/**
 * A worker that makes records a few ahead of a reader that takes them synchronously (a build that
 * writes its days in transactions it cannot leave to await): the worker posts each record on a
 * port and counts it in shared memory; the reader blocks on that count (Atomics.wait) until the
 * next record is there, and counts what it took, so the worker waits when it is `ahead` records
 * ahead (its records are held at most that many at once). A reader that must keep its event loop
 * turning (the app's main thread) first awaits the count (Atomics.waitAsync), then takes the
 * record at once.
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

/** Atomics.waitAsync (ES2024, in Node since 16; the project's lib is ES2023). */
type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeout: number,
) => { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> }
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync

/** A started hand-over, read by a thread that must not block for long (the app's main thread). */
export interface HandOverReader<T, R> {
  /** The records in order, then the end value; each taken synchronously, as handedOver's. */
  readonly records: Generator<T, R>
  /**
   * Null when the next record is already there (records.next() then takes it at once), else a
   * promise that resolves when it is, or fails (HandOverFailed) after the reader's silentMs.
   */
  arrival(): Promise<void> | null
  /** Stops the worker (also when the records were never read); again is harmless. */
  stop(): void
}

/**
 * Starts the worker `script` with `input` (and the channel, as `channel` beside it in workerData;
 * the buffers `transfer` names are moved to it, not copied) at once, for a reader that waits for
 * each record without blocking (arrival) and then takes it synchronously (records). A failure of
 * the worker is thrown by records.next(), as is its exit before its end once a reader that awaits
 * heard it; silence for `silentMs` by arrival() or records.next(), whichever waits (a worker that
 * died without a word, to a reader that blocks: its exit is not heard while a thread blocks).
 */
export function handOverReader<T, R>(
  script: URL,
  input: object,
  options: { ahead: number; silentMs: number; what: string; resourceLimits?: ResourceLimits; transfer?: ArrayBuffer[] },
): HandOverReader<T, R> {
  const { port1, port2 } = new MessageChannel()
  const counts = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT))
  const channel: HandOverChannel = { port: port2, counts, ahead: options.ahead }
  const worker = new Worker(script, { workerData: { ...input, channel }, transferList: [port2, ...(options.transfer ?? [])], resourceLimits: options.resourceLimits })
  // a failure the worker could not hand over (its script did not load) shows here as its exit, or
  // as its silence to a reader that blocks: the events come when this thread is free again
  worker.on('error', () => undefined)
  running++
  let exited = false
  worker.once('exit', () => {
    running--
    exited = true
    // a reader awaiting the next record (arrival) hears it at once
    Atomics.notify(counts, POSTED)
  })
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    Atomics.store(counts, STOPPED, 1)
    Atomics.notify(counts, TAKEN)
    port1.close()
    void worker.terminate()
  }
  function* records(): Generator<T, R> {
    try {
      for (;;) {
        const message = takeNext<T, R>(port1, counts, options.silentMs, options.what, () => exited)
        if ('error' in message) throw new HandOverFailed(`${options.what} failed: ${message.error}`)
        if ('end' in message) return message.end
        yield message.record
      }
    } finally {
      stop()
    }
  }
  const arrival = (): Promise<void> | null => {
    if (Atomics.load(counts, POSTED) > Atomics.load(counts, TAKEN)) return null
    return (async () => {
      const since = Date.now()
      for (;;) {
        const posted = Atomics.load(counts, POSTED)
        // (an exit: records.next() then takes what it handed over before, or says it stopped)
        if (posted > Atomics.load(counts, TAKEN) || stopped || exited) return
        const left = options.silentMs - (Date.now() - since)
        if (left <= 0) throw silence(options.what, options.silentMs)
        const wait = waitAsync(counts, POSTED, posted, Math.min(1000, left))
        if (wait.async) await wait.value
      }
    })()
  }
  return { records: records(), arrival, stop }
}

/**
 * The reader side for a thread that may block: starts the worker (as handOverReader, when the
 * first record is asked for) and yields its records in order, returning its end value. The
 * worker is stopped however the records end.
 */
export function* handedOver<T, R>(script: URL, input: object, options: { ahead: number; silentMs: number; what: string }): Generator<T, R> {
  // (the records stop the worker however they end)
  return yield* handOverReader<T, R>(script, input, options).records
}

const silence = (what: string, silentMs: number) => new HandOverFailed(`${what} stopped: nothing came for ${silentMs < 1000 ? `${silentMs} ms` : `${Math.round(silentMs / 1000)} s`}`)

/** The next message; `exited`: whether the worker's exit was heard (every message it posted is then on the port). */
function takeNext<T, R>(port: MessagePort, counts: Int32Array, silentMs: number, what: string, exited: () => boolean): Message<T, R> {
  const since = Date.now()
  for (;;) {
    const posted = Atomics.load(counts, POSTED)
    const received = receiveMessageOnPort(port)
    if (received) {
      Atomics.add(counts, TAKEN, 1)
      Atomics.notify(counts, TAKEN)
      return received.message as Message<T, R>
    }
    if (exited()) throw new HandOverFailed(`${what} stopped before its end`)
    if (Date.now() - since > silentMs) throw silence(what, silentMs)
    Atomics.wait(counts, POSTED, posted, Math.min(1000, silentMs))
  }
}
