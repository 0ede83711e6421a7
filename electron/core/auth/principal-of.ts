import type { Access } from '../../../shared/contract/routes'
import { ApiError } from '../errors'
import type { Store } from '../store/store'
import { authenticateApiKey } from './authenticate'
import type { KeyPrincipals } from './key-principals'
import { appPrincipal, type Credentials, type Principal } from './principal'
import type { WebSessions } from './web-sessions'

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
