import type { PlanRow } from '../store/repositories/access'
import type { Store } from '../store/store'

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
