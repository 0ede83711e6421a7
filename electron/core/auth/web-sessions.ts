import { randomBytes } from 'node:crypto'
import type { Store } from '../store/store'
import { hashKey } from './api-keys'

/** The cookie that carries the web UI's session (HttpOnly, SameSite=Strict). */
export const SESSION_COOKIE = 'feedlens_session'
/** A sign-in link works once, within this time. */
export const LOGIN_LINK_TTL_MS = 24 * 3_600_000
/** A web session lasts this long after sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 3_600_000
/** How long a checked session is trusted before the store is asked again (sign-out from another process). */
const REMEMBER_MS = 60_000

/**
 * The web UI's sessions, as Jupyter does it: `feedlens serve` (or `feedlens link`) prints a
 * one-time sign-in link; opening it trades the link's token for a session cookie. Both are kept
 * in the store as hashes only, so a link made by one process works on the server of another,
 * and a session outlives a restart of the server.
 */
export class WebSessions {
  private readonly checked = new Map<string, { expiresAt: number; checkedAt: number }>()

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  /** A new one-time sign-in token (put it in the link's `token` query parameter). */
  createLoginToken(): string {
    const token = randomBytes(24).toString('base64url')
    const now = this.now().getTime()
    this.store.appSessions.removeExpired(now)
    this.store.appSessions.put(hashKey(token), 'login', now + LOGIN_LINK_TTL_MS)
    return token
  }

  /** Trades a sign-in token for a new session (the cookie's value); null when the token is unknown, used or expired. */
  redeem(token: string): { session: string; maxAgeSeconds: number } | null {
    const now = this.now().getTime()
    const login = this.store.appSessions.take(hashKey(token), 'login')
    if (!login || login.expiresAt <= now) return null
    const session = randomBytes(32).toString('base64url')
    this.store.appSessions.put(hashKey(session), 'session', now + SESSION_TTL_MS)
    return { session, maxAgeSeconds: SESSION_TTL_MS / 1000 }
  }

  /** A session made in process, as if a sign-in link were opened (benchmarks and tests call the web UI's way). */
  signIn(): string {
    return this.redeem(this.createLoginToken())!.session
  }

  /** The Cookie header of a session. */
  static cookie(session: string): string {
    return `${SESSION_COOKIE}=${session}`
  }

  isValid(session: string | undefined): boolean {
    if (!session || session.length > 200) return false
    const now = this.now().getTime()
    const hash = hashKey(session)
    const seen = this.checked.get(hash)
    if (seen && now - seen.checkedAt < REMEMBER_MS) return seen.expiresAt > now
    const row = this.store.appSessions.get(hash, 'session')
    if (!row) {
      this.checked.delete(hash)
      return false
    }
    if (this.checked.size > 1000) this.checked.clear()
    this.checked.set(hash, { expiresAt: row.expiresAt, checkedAt: now })
    return row.expiresAt > now
  }

  end(session: string): void {
    const hash = hashKey(session)
    this.checked.delete(hash)
    this.store.appSessions.take(hash, 'session')
  }
}
