import type { Principal } from '../auth/principal'
import type { RateLimiter, RateLimitRule } from './rate-limiter'

export interface RequestLimits {
  /** Whose counters: a project (its keys share the plan's limits), an internal key, or all keyless callers. */
  subject: string
  rules: RateLimitRule[]
  /** For the 429's sentence. */
  what: string
}

/**
 * The request limits a caller is held to. The contract's limits are the plan's, so every key of
 * a project counts against one set of counters; an internal key (no project) against its own;
 * every keyless caller of the loopback port (all 127.0.0.1) against one bucket. The app itself
 * is not limited.
 */
export function requestLimits(principal: Principal, publicRequestsPerMinute: number): RequestLimits | null {
  switch (principal.kind) {
    case 'project-key':
    case 'internal-key':
      return {
        subject: principal.kind === 'project-key' ? `project:${principal.projectId}` : `key:${principal.keyId}`,
        rules: [
          { window: 'minute', limit: principal.plan.requestsPerMinute },
          { window: 'month', limit: principal.plan.requestsPerMonth },
        ],
        what: principal.kind === 'project-key' ? `the project's ${principal.plan.name} plan` : `this internal key (the ${principal.plan.name} plan's limits)`,
      }
    case 'anonymous':
      return { subject: 'public', rules: [{ window: 'minute', limit: publicRequestsPerMinute }], what: 'the keyless methods of this Feedlens' }
    case 'app':
      return null
  }
}

/** Whether a request is let through, and if not the 429's sentence and when to retry. */
export type Admission = { allowed: true } | { allowed: false; detail: string; retryAfterSeconds: number }

/**
 * Admits a request of `principal` now, or says why not: the one rule every request is held to,
 * whether the app answers it or the loopback server sends a kept answer again (http/fast-path.ts).
 * A key's use is noted (Settings shows when each key was last used); an admitted request counts.
 */
export function admitRequest(limiter: RateLimiter, principal: Principal, publicRequestsPerMinute: number, now: Date): Admission {
  const limits = requestLimits(principal, publicRequestsPerMinute)
  if (!limits) return { allowed: true }
  if (principal.kind === 'project-key' || principal.kind === 'internal-key') limiter.noteKeyUse(principal.keyId, now)
  const decision = limiter.check(limits.subject, limits.rules, now)
  if (decision.allowed) return { allowed: true }
  return {
    allowed: false,
    detail: `Request limit exceeded: ${decision.limit} requests per ${decision.window} for ${limits.what}. Retry after ${decision.retryAfterSeconds} seconds.`,
    retryAfterSeconds: decision.retryAfterSeconds,
  }
}
