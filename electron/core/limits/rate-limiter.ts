import { describeError } from '../store/busy'
import type { Store } from '../store/store'

export interface RateLimitRule {
  window: 'minute' | 'month'
  limit: number | null
}

export interface RateDecision {
  allowed: boolean
  /** Seconds until the window that refused the request resets. */
  retryAfterSeconds: number
  window?: 'minute' | 'month'
  limit?: number
}

export function windowStart(window: 'minute' | 'month', now: Date): Date {
  if (window === 'minute') return new Date(Math.floor(now.getTime() / 60_000) * 60_000)
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

export function windowEnd(window: 'minute' | 'month', now: Date): Date {
  if (window === 'minute') return new Date(windowStart('minute', now).getTime() + 60_000)
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
}

const ALLOWED: RateDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0 })

interface Counter {
  windowStart: string
  count: number
  dirty: boolean
}

/**
 * Fixed-window request counters, and when each key was last used. They live in memory (a request
 * never waits for a write), are loaded from the store on first use, and are written back every
 * second and on close, so limits hold across restarts. A request is counted only when every
 * window admits it. When another process holds the store's write lock (an import), the write
 * waits for the next second: it never blocks requests and never stops the process.
 */
export class RateLimiter {
  private readonly counters = new Map<string, Counter>()
  private readonly keysUsed = new Map<string, number>()
  private readonly timer: NodeJS.Timeout
  private lastFailure = ''

  constructor(
    private readonly store: Store,
    flushEveryMs = 1000,
    private readonly report: (message: string) => void = (m) => console.error(m),
  ) {
    this.timer = setInterval(() => this.flushInBackground(), flushEveryMs)
    this.timer.unref()
  }

  /** Remembers that a key was used (its last_used_at, written at most once a minute per key). */
  noteKeyUse(keyId: string, now: Date): void {
    const last = this.keysUsed.get(keyId)
    if (last !== undefined && now.getTime() - last < 60_000) return
    this.keysUsed.set(keyId, now.getTime())
    this.pendingTouches.add(keyId)
  }

  private readonly pendingTouches = new Set<string>()

  private counter(subject: string, window: string, start: string): Counter {
    const key = `${subject}|${window}`
    let c = this.counters.get(key)
    if (!c) {
      const row = this.store.rateCounters.get(subject, window)
      c = { windowStart: row?.windowStart ?? start, count: row?.count ?? 0, dirty: false }
      this.counters.set(key, c)
    }
    if (c.windowStart !== start) Object.assign(c, { windowStart: start, count: 0, dirty: true })
    return c
  }

  private startsAt = { minute: -1, month: -1 }
  private starts = { minute: '', month: '' }

  /** The window's start as stored (ISO), formatted once per minute rather than per request. */
  private start(window: 'minute' | 'month', now: Date): string {
    const minute = Math.floor(now.getTime() / 60_000)
    if (this.startsAt[window] !== minute) {
      this.startsAt[window] = minute
      this.starts[window] = windowStart(window, now).toISOString()
    }
    return this.starts[window]
  }

  check(subject: string, rules: RateLimitRule[], now: Date): RateDecision {
    // every window must admit the request before any counts it
    for (const rule of rules) {
      if (rule.limit === null) continue
      const c = this.counter(subject, rule.window, this.start(rule.window, now))
      if (c.count >= rule.limit) {
        const retry = Math.max(1, Math.ceil((windowEnd(rule.window, now).getTime() - now.getTime()) / 1000))
        return { allowed: false, retryAfterSeconds: retry, window: rule.window, limit: rule.limit }
      }
    }
    for (const rule of rules) {
      if (rule.limit === null) continue
      const c = this.counter(subject, rule.window, this.start(rule.window, now))
      c.count++
      c.dirty = true
    }
    return ALLOWED
  }

  /** Writes what changed, if the store is free now; false when it is busy (tried again later). */
  flush(): boolean {
    const dirty = [...this.counters.entries()].filter(([, c]) => c.dirty)
    const touched = [...this.pendingTouches]
    if ((dirty.length === 0 && touched.length === 0) || !this.store.sqlite.open) return true
    const written = this.store.tryWrite(() => {
      for (const [key, c] of dirty) {
        const sep = key.lastIndexOf('|')
        this.store.rateCounters.put(key.slice(0, sep), key.slice(sep + 1), c.windowStart, c.count)
      }
      for (const keyId of touched) this.store.apiKeys.touch(keyId, new Date(this.keysUsed.get(keyId)!).toISOString())
    })
    if (!written.done) return false
    for (const [, c] of dirty) c.dirty = false
    for (const keyId of touched) this.pendingTouches.delete(keyId)
    return true
  }

  /** The timer's flush: a busy store waits for the next tick; any other failure is reported once, never thrown. */
  private flushInBackground(): void {
    try {
      this.flush()
      this.lastFailure = ''
    } catch (error) {
      const message = describeError(error)
      if (message !== this.lastFailure) this.report(`Saving request counters failed (tried again every second): ${message}`)
      this.lastFailure = message
    }
  }

  close(): void {
    clearInterval(this.timer)
    this.flushInBackground()
  }
}
