import { toQueryString, type BridgeRequest, type BridgeResponse, type FeedlensBridge } from '../../../shared/bridge'

declare global {
  interface Window {
    feedlens?: FeedlensBridge
  }
}

/**
 * Web mode: the same bridge over HTTP to the server that served this page. The session is the
 * HttpOnly cookie the sign-in link set; the page itself holds no secret.
 */
function httpBridge(): FeedlensBridge {
  return {
    kind: 'web',
    async request(req: BridgeRequest): Promise<BridgeResponse> {
      const response = await fetch(`${req.path}${toQueryString(req.query)}`, {
        method: req.method,
        credentials: 'same-origin',
        headers: req.method === 'POST' ? { 'content-type': 'application/json' } : {},
        body: req.method === 'POST' ? JSON.stringify(req.body ?? null) : undefined,
      })
      const text = await response.text()
      return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: text ? JSON.parse(text) : null }
    },
    async openExternal(url: string) {
      window.open(url, '_blank', 'noopener,noreferrer')
    },
    onNavigate: () => () => {},
  }
}

/** The bridge in use: the preload's in Electron, HTTP in a browser. */
export const bridge: FeedlensBridge = window.feedlens ?? httpBridge()
