import { HOUR_MS } from '../time/buckets'

/** The hour an answer belongs to: answers that read the clock are kept within one hour only. */
export const hourOf = (now: Date): number => Math.floor(now.getTime() / HOUR_MS)

/** What the kept answers may weigh together (bytes as sent, or as JSON). */
export const ANSWER_BYTES_KEPT = 64 * 1024 * 1024

/**
 * What is kept of an answer: the bytes the server sends again as they are, any other answer as
 * its JSON text (what it is sent as), read back on each hit. Kept as objects, answers of hundreds
 * of rows each were copied by the minor collections until promoted, and took more memory than
 * their text: a script asking for another window each call met minor collections of 4-16 ms every
 * few calls (2-5 ms with the answers as text). Without `text`, `value` is the answer itself: a
 * promise still being computed, or bytes.
 */
interface Kept {
  version: number
  /** a promise of the answer still being computed, or bytes kept as sent */
  value: unknown
  /** the answer as JSON */
  text?: string
  /** its weight: the bytes kept, or the text's length */
  bytes: number
}

/** The length of an answer kept as the bytes the server sends (the loopback server's fast path), or null: another answer. */
function bytesOf(value: unknown): number | null {
  if (value instanceof Uint8Array) return value.byteLength
  const body = (value as { body?: unknown } | null)?.body
  return body instanceof Uint8Array ? body.byteLength : null
}

/** An answer as it is kept (see Kept); null: not an answer the API sends, never kept. */
function keptOf(version: number, value: unknown): Kept | null {
  const bytes = bytesOf(value)
  if (bytes !== null) return { version, value, bytes }
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch {
    return null
  }
  // undefined (nothing to send) is not kept: a hit would read as a miss
  return text === undefined ? null : { version, value: undefined, text, bytes: text.length }
}

/**
 * The one memory of computed answers: keyless answers (as JSON text, and as the bytes the loopback
 * server sends again), and tracking metrics and roll-ups. An entry holds while the store's
 * version is the one it was computed at (any write of data, lists or analytics moves it), and
 * callers put the hour in the key where the clock matters. At most `max` entries weighing
 * `maxBytes` together (bytes as sent, or as JSON): the oldest go first. A script paging through a
 * large store's articles asks for thousands of URLs once each; counted in entries alone, their
 * bytes were all kept (2,000 pages of up to a megabyte). A hit reads the answer anew from its
 * text: what a caller does with it leaves the kept answer as it was.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Kept>()
  private keptBytes = 0

  constructor(
    private readonly version: () => number,
    private readonly max = 2000,
    private readonly maxBytes = ANSWER_BYTES_KEPT,
  ) {}

  get<T>(key: string): T | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    if (hit.version !== this.version()) {
      this.delete(key)
      return undefined
    }
    return (hit.text === undefined ? hit.value : JSON.parse(hit.text)) as T
  }

  /** Forgets every kept answer (a process at rest gives their memory back). */
  clear(): void {
    this.entries.clear()
    this.keptBytes = 0
  }

  /**
   * Keeps an answer computed at `version` (read before computing, so a write meanwhile makes it
   * stale). One that would take more than an eighth of the bytes kept is not kept.
   */
  set(key: string, value: unknown, version = this.version()): void {
    this.delete(key)
    if (!(value instanceof Promise)) {
      const kept = keptOf(version, value)
      if (kept) this.put(key, kept)
      return
    }
    // an answer still being computed (a handler's promise) weighs nothing until it resolves, then what it resolves to
    const entry: Kept = { version, value, bytes: 0 }
    this.put(key, entry)
    value.then(
      (resolved) => {
        if (this.entries.get(key) !== entry) return
        this.delete(key)
        const kept = keptOf(version, resolved)
        if (kept) this.put(key, kept)
      },
      () => this.entries.get(key) === entry && this.delete(key),
    )
  }

  /** Keeps an entry once the oldest that leave it no room are gone (none over an eighth of the weight allowed). */
  private put(key: string, entry: Kept): void {
    if (entry.bytes > this.maxBytes / 8) return
    while (this.entries.size > 0 && (this.entries.size >= this.max || this.keptBytes + entry.bytes > this.maxBytes)) this.delete(this.entries.keys().next().value!)
    this.entries.set(key, entry)
    this.keptBytes += entry.bytes
  }

  private delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.keptBytes -= entry.bytes
  }

  /** The weight of the answers kept (bytes as sent, or as JSON). */
  get bytes(): number {
    return this.keptBytes
  }

  /** The kept answer, or a new one computed and kept (unless `keep` says it should not be). */
  remember<T>(key: string, compute: () => T, keep: (value: T) => boolean = () => true): T {
    const hit = this.get<T>(key)
    if (hit !== undefined) return hit
    const version = this.version()
    const value = compute()
    if (keep(value)) this.set(key, value, version)
    return value
  }

  /**
   * The kept answer, or one computed and kept unless it came from data still being taken in
   * (`behind`); answers of the same key asked meanwhile share one computation.
   */
  async rememberAsync<T>(key: string, compute: () => Promise<{ value: T; behind: boolean }>): Promise<T> {
    const hit = this.get<T>(key)
    if (hit !== undefined) return hit
    const version = this.version()
    const pending = this.pending.get(key)
    if (pending && pending.version === version) return pending.answer as Promise<T>
    const answer = compute().then(({ value, behind }) => {
      if (!behind) this.set(key, value, version)
      return value
    })
    this.pending.set(key, { version, answer })
    try {
      return await answer
    } finally {
      if (this.pending.get(key)?.answer === answer) this.pending.delete(key)
    }
  }

  private readonly pending = new Map<string, { version: number; answer: Promise<unknown> }>()

  get size(): number {
    return this.entries.size
  }
}
