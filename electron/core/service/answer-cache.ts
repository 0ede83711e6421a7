import { HOUR_MS } from '../time/buckets'

/** The hour an answer belongs to: answers that read the clock are kept within one hour only. */
export const hourOf = (now: Date): number => Math.floor(now.getTime() / HOUR_MS)

/**
 * The one memory of computed answers: keyless answers (as objects, and as the bytes the loopback
 * server sends again), and tracking metrics and roll-ups. An entry holds while the store's
 * version is the one it was computed at (any write of data, lists or analytics moves it), and
 * callers put the hour in the key where the clock matters. At most `max` entries: the oldest go
 * first.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { version: number; value: unknown }>()

  constructor(
    private readonly version: () => number,
    private readonly max = 2000,
  ) {}

  get<T>(key: string): T | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    if (hit.version !== this.version()) {
      this.entries.delete(key)
      return undefined
    }
    return hit.value as T
  }

  /** Forgets every kept answer (a process at rest gives their memory back). */
  clear(): void {
    this.entries.clear()
  }

  /** Keeps an answer computed at `version` (read before computing, so a write meanwhile makes it stale). */
  set(key: string, value: unknown, version = this.version()): void {
    if (this.entries.has(key)) this.entries.delete(key)
    else if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { version, value })
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
