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
  /** Desktop only: the app's own settings and files (absent in web mode). */
  readonly desktop?: DesktopBridge
}

/** The desktop app as Settings shows it. */
export interface DesktopInfo {
  version: string
  dataDir: string
  platform: string
  /** the loopback API's port now, or null when it is off */
  port: number | null
  /** the chosen port, or off */
  portSetting: number | 'off'
  /** why the port differs from the chosen one (in use: another was taken), or null */
  portNote: string | null
  checkUpdates: boolean
}

/** Files handed to the app: how many imports started, and the files refused with why. */
export interface DroppedFilesAnswer {
  started: number
  refused: Array<{ file: string; reason: string }>
}

/** What the menus ask of the window. */
export type DesktopCommand = 'export-view' | 'toggle-theme'

export interface DesktopBridge {
  info(): Promise<DesktopInfo>
  update(patch: { port?: number | 'off'; checkUpdates?: boolean }): Promise<DesktopInfo>
  /** Imports files dropped on the window, by their paths (read by the main process where they lie). */
  importDropped(files: ArrayLike<object>): Promise<DroppedFilesAnswer>
  installCommandLine(): Promise<{ file: string; folder: string; onPath: boolean }>
  openDataFolder(): Promise<void>
  /** The window's route, restored on the next start. */
  rememberView(path: string): void
  onCommand(listener: (command: DesktopCommand) => void): () => void
}

export const IPC_CHANNELS = {
  request: 'feedlens:request',
  openExternal: 'feedlens:open-external',
  navigate: 'feedlens:navigate',
  command: 'feedlens:command',
  desktopInfo: 'feedlens:desktop-info',
  desktopUpdate: 'feedlens:desktop-update',
  importPaths: 'feedlens:import-paths',
  installCli: 'feedlens:install-cli',
  openDataFolder: 'feedlens:open-data-folder',
  rememberView: 'feedlens:remember-view',
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
