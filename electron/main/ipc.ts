import { ipcMain, shell, type IpcMainInvokeEvent } from 'electron'
import { IPC_CHANNELS, toQueryString, type BridgeRequest, type BridgeResponse, type DesktopInfo, type DroppedFilesAnswer } from '../../shared/bridge'
import { inProcessEnv } from '../core/http/app'

type FetchApp = { fetch: (request: Request, env: Record<string, unknown>) => Response | Promise<Response> }

/**
 * The only place that touches ipcMain. Requests from the window go through the same HTTP
 * app as loopback clients (one dispatch table), in process: being handed over here (never from
 * a socket) is what gives them the app's session.
 */
export function wireIpc(app: FetchApp, isTrustedSender: (event: IpcMainInvokeEvent) => boolean): void {
  ipcMain.handle(IPC_CHANNELS.request, async (event, req: BridgeRequest): Promise<BridgeResponse> => {
    if (!isTrustedSender(event)) return { status: 403, headers: {}, body: { detail: 'Untrusted sender' } }
    if (typeof req?.path !== 'string' || !req.path.startsWith('/') || req.path.includes('?')) {
      return { status: 400, headers: {}, body: { detail: 'A bridge request needs a path starting with / and no query string' } }
    }
    const response = await app.fetch(
      new Request(`http://127.0.0.1${req.path}${toQueryString(req.query)}`, {
        method: req.method,
        headers: { 'content-type': 'application/json' },
        body: req.method === 'POST' ? JSON.stringify(req.body ?? null) : undefined,
      }),
      inProcessEnv(),
    )
    const text = await response.text()
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: text ? (JSON.parse(text) as unknown) : null,
    }
  })

  ipcMain.handle(IPC_CHANNELS.openExternal, async (event, url: string) => {
    if (!isTrustedSender(event)) return
    if (/^https?:\/\//i.test(url)) await shell.openExternal(url)
  })
}

/** What answers the bridge's desktop channels (the DesktopShell). */
export interface DesktopHandlers {
  info(): DesktopInfo
  updateSettings(patch: unknown): Promise<DesktopInfo>
  importFiles(files: readonly unknown[]): DroppedFilesAnswer
  installCommandLine(): { file: string; folder: string; onPath: boolean }
  openDataFolder(): Promise<string>
  rememberView(route: unknown): void
}

/** The desktop channels: each answered for the app's own window only, refused (an error in the window) for any other sender. */
export function wireDesktopIpc(desktop: DesktopHandlers, isTrustedSender: (event: IpcMainInvokeEvent) => boolean): void {
  const trusted =
    <A extends unknown[], R>(handler: (...args: A) => R) =>
    (event: IpcMainInvokeEvent, ...args: A): R => {
      if (!isTrustedSender(event)) throw new Error('Untrusted sender')
      return handler(...args)
    }
  ipcMain.handle(IPC_CHANNELS.desktopInfo, trusted(() => desktop.info()))
  ipcMain.handle(IPC_CHANNELS.desktopUpdate, trusted((patch: unknown) => desktop.updateSettings(patch)))
  ipcMain.handle(IPC_CHANNELS.importPaths, trusted((files: unknown) => desktop.importFiles(Array.isArray(files) ? files : [])))
  ipcMain.handle(IPC_CHANNELS.installCli, trusted(() => desktop.installCommandLine()))
  ipcMain.handle(IPC_CHANNELS.openDataFolder, trusted(async () => void (await desktop.openDataFolder())))
  ipcMain.on(IPC_CHANNELS.rememberView, (event, route: unknown) => {
    if (isTrustedSender(event as unknown as IpcMainInvokeEvent)) desktop.rememberView(route)
  })
}
