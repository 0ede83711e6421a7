import { auth, searchconsole, type searchconsole_v1 } from '@googleapis/searchconsole'

/**
 * Google's own clients for Search Console (docs/search-console.md, "A live connection"): the OAuth
 * client of an installed app and the Search Console API, at Google's addresses or at those a
 * client file (or a test's fake server) gives.
 */

/** Read-only access to Search Console: all Feedlens asks for. */
export const SEARCH_CONSOLE_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly'

export const GOOGLE_AUTH_URI = 'https://accounts.google.com/o/oauth2/v2/auth'
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token'
export const SEARCH_CONSOLE_API_ROOT = 'https://searchconsole.googleapis.com/'

/** An OAuth client of the "Desktop app" kind, as Google Cloud Console describes it. */
export interface OAuthClientConfig {
  clientId: string
  /** an installed app's secret is not a secret (Google says so); some clients have none */
  clientSecret: string | null
  authUri: string
  tokenUri: string
}

export type OAuthClient = InstanceType<typeof auth.OAuth2>
export type SearchConsoleApi = searchconsole_v1.Searchconsole

/**
 * The client of a file downloaded from Google Cloud Console (`{"installed": {client_id,
 * client_secret, auth_uri, token_uri}}`), or null when the text is not one.
 */
export function clientConfigOfFile(text: string): OAuthClientConfig | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  const section = (parsed as { installed?: unknown; web?: unknown }) ?? {}
  const c = (section.installed ?? section.web) as Record<string, unknown> | undefined
  if (!c || typeof c.client_id !== 'string' || c.client_id.length === 0) return null
  const url = (v: unknown, fallback: string) => (typeof v === 'string' && /^https?:\/\//.test(v) ? v : fallback)
  return {
    clientId: c.client_id,
    clientSecret: typeof c.client_secret === 'string' ? c.client_secret : null,
    authUri: url(c.auth_uri, GOOGLE_AUTH_URI),
    tokenUri: url(c.token_uri, GOOGLE_TOKEN_URI),
  }
}

/** Google's OAuth client for the config (redirects to `redirectUri` when given). */
export function oauthClient(config: OAuthClientConfig, redirectUri?: string): OAuthClient {
  return new auth.OAuth2({
    clientId: config.clientId,
    clientSecret: config.clientSecret ?? undefined,
    redirectUri,
    endpoints: { oauth2AuthBaseUrl: config.authUri, oauth2TokenUrl: config.tokenUri },
  })
}

/** How the API is asked: retries of 429 and 5xx with a growing wait, no redirects followed, answers of bounded size. */
export interface ApiOptions {
  apiRoot: string
  /** the first retry's wait in ms (it doubles each time) */
  retryDelayMs: number
  retries: number
}

export const DEFAULT_API_OPTIONS: ApiOptions = { apiRoot: SEARCH_CONSOLE_API_ROOT, retryDelayMs: 2_000, retries: 4 }

/** The largest answer read: 25,000 rows of a day, page and country are about 6 MB. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024

export function searchConsoleApi(client: OAuthClient, options: ApiOptions): SearchConsoleApi {
  return searchconsole({
    version: 'v1',
    auth: client,
    rootUrl: options.apiRoot,
    timeout: 60_000,
    maxRedirects: 0,
    maxContentLength: MAX_ANSWER_BYTES,
    retryConfig: {
      retry: options.retries,
      retryDelay: options.retryDelayMs,
      // the query is a POST: Google's clients leave POST out of retries by default
      httpMethodsToRetry: ['GET', 'POST'],
      statusCodesToRetry: [
        [429, 429],
        [500, 599],
      ],
      noResponseRetries: 2,
    },
  })
}
