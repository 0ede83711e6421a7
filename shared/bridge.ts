/** The one bridge the preload exposes as `window.feedlens`; web mode supplies the same interface over HTTP. */

export interface BridgeRequest {
  method: 'GET' | 'POST'
  /** A path of the contract or the app, e.g. /v1/trends or /app/keys (no query string). */
  path: string
  query?: Record<string, string | string[] | undefined>
  body?: unknown
}

export interface BridgeResponse {
  status: number
  headers: Record<string, string>
  body: unknown
}

export interface FeedlensBridge {
  request(req: BridgeRequest): Promise<BridgeResponse>
  openExternal(url: string): Promise<void>
  /** Desktop: the main process asks the window to show a route (a cabinet link opened elsewhere in the app). */
  onNavigate(listener: (path: string) => void): () => void
  readonly kind: 'electron' | 'web'
}

export const IPC_CHANNELS = {
  request: 'feedlens:request',
  openExternal: 'feedlens:open-external',
  navigate: 'feedlens:navigate',
} as const

export function toQueryString(query: BridgeRequest['query']): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v)
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

/** The in-app route of a cabinet_url (`{app_url}/article/<id>`), or null for any other address. */
export function cabinetRoute(url: string, appUrl?: string): string | null {
  try {
    const parsed = new URL(url)
    if (appUrl && parsed.origin !== new URL(appUrl).origin) return null
    const match = /^\/article\/([0-9a-f-]{36})\/?$/i.exec(parsed.pathname)
    return match ? `/article/${match[1]!.toLowerCase()}` : null
  } catch {
    return null
  }
}
