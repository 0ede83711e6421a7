import type { Access } from '../../../shared/contract/routes'
import type { PlanRow } from '../store/repositories/access'
import type { Store } from '../store/store'
import { ApiError } from '../service/errors'
import { authenticateApiKey } from './authenticate'
import type { KeyPrincipals } from './key-principals'
import type { WebSessions } from './web-sessions'

/** A plan's limits, as the store keeps them. */
export type PlanLimits = PlanRow

/** Who is asking. */
export type Principal =
  | { kind: 'project-key'; keyId: string; projectId: string; countries: string[] | null; plan: PlanLimits }
  | { kind: 'internal-key'; keyId: string; countries: string[] | null; plan: PlanLimits }
  /** The Feedlens app itself: the desktop window (IPC), the web UI (its session cookie), the CLI. */
  | { kind: 'app'; projectId: string | null; plan: PlanLimits | null }
  | { kind: 'anonymous' }

/** What a request brings to say who it is. */
export interface Credentials {
  apiKey: string | null
  authorization: string | null
  /** The web UI's session cookie, if sent. */
  sessionCookie: string | undefined
  /** The desktop window's request, handed over in process by the IPC wire (never from a socket). */
  inProcess: boolean
  /** The Origin header, if sent. */
  origin: string | null
  /** This server's own origin (scheme, host and port of the request). */
  ownOrigin: string
  /** Names of the query parameters (a key put there is refused, never read). */
  queryNames: string[]
}

/**
 * The app acting for a project: the one named, or the store's first (the app's project).
 * The window, the web UI and the CLI's list commands all act this way.
 */
export function appPrincipal(store: Store, projectId?: string): Principal {
  const project = projectId ? store.projects.get(projectId) : store.projects.all()[0]
  const plan = project ? store.plans.get(project.planId) : undefined
  return { kind: 'app', projectId: project?.id ?? null, plan: plan ?? null }
}

/** Whether the request comes from another origin: a web page elsewhere never gets the app's session. */
function crossOrigin(c: Credentials): boolean {
  if (c.origin === null) return false
  let origin: string
  try {
    origin = new URL(c.origin).origin
  } catch {
    throw new ApiError(400, 'The Origin header is not a valid origin.')
  }
  return origin !== c.ownOrigin
}

/**
 * Who is calling a method of the given access: keyless methods need nobody; the app's own
 * methods need the app's session (IPC in process, or the web UI's cookie from its own origin);
 * keyed methods take an API key, or the app's session when no key is sent.
 */
export function principalOf(store: Store, keys: KeyPrincipals, sessions: WebSessions, access: Access, c: Credentials): Principal {
  if (access === 'public') return { kind: 'anonymous' }
  const foreign = crossOrigin(c)
  const hasSession = c.inProcess || (!foreign && sessions.isValid(c.sessionCookie))
  if (access === 'app') {
    if (foreign) throw new ApiError(403, 'Cross-origin requests are not accepted.')
    if (!hasSession) {
      throw new ApiError(
        401,
        'This method belongs to the Feedlens app and needs its session: open the sign-in link that `feedlens serve` printed (or run `feedlens link`). API keys are not accepted here.',
      )
    }
    return appPrincipal(store)
  }
  if (hasSession && !c.apiKey && !c.authorization) return appPrincipal(store)
  return authenticateApiKey(keys, { apiKey: c.apiKey, authorization: c.authorization }, c.queryNames)
}
