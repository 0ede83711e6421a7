import type { Store } from '../store/store'

export interface RateLimitRule {
  /** 'minute' or 'month' */
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

/**
 * Fixed-window counters kept in the store, so limits hold across restarts. A request is
 * counted only when every window admits it.
 */
export function checkAndCount(store: Store, subject: string, rules: RateLimitRule[], now: Date): RateDecision {
  return store.transaction(() => {
    const active = rules.filter((r) => r.limit !== null)
    const counts = active.map((rule) => {
      const start = windowStart(rule.window, now).toISOString()
      const row = store.rateCounters.get(subject, rule.window)
      return { rule, start, count: row && row.windowStart === start ? row.count : 0 }
    })
    for (const { rule, count } of counts) {
      if (count >= rule.limit!) {
        const retry = Math.max(1, Math.ceil((windowEnd(rule.window, now).getTime() - now.getTime()) / 1000))
        return { allowed: false, retryAfterSeconds: retry, window: rule.window, limit: rule.limit! }
      }
    }
    for (const { rule, start, count } of counts) store.rateCounters.put(subject, rule.window, start, count + 1)
    return { allowed: true, retryAfterSeconds: 0 }
  })
}
