import { contextBridge, ipcRenderer, webUtils } from 'electron'
import { IPC_CHANNELS, type BridgeRequest, type BridgeResponse, type DesktopBridge, type DesktopCommand, type FeedlensBridge } from '../../shared/bridge'

const listen = <T>(channel: string, accept: (value: unknown) => value is T, listener: (value: T) => void) => {
  const handler = (_event: unknown, value: unknown) => accept(value) && listener(value)
  ipcRenderer.on(channel, handler)
  return () => {
    ipcRenderer.removeListener(channel, handler)
  }
}

const desktop: DesktopBridge = {
  info: () => ipcRenderer.invoke(IPC_CHANNELS.desktopInfo),
  update: (patch) => ipcRenderer.invoke(IPC_CHANNELS.desktopUpdate, patch),
  // a dropped file's path comes from Electron (the page sees File objects only); the main process checks each path
  importDropped: (files) => ipcRenderer.invoke(IPC_CHANNELS.importPaths, Array.from(files, (f) => webUtils.getPathForFile(f as File))),
  installCommandLine: () => ipcRenderer.invoke(IPC_CHANNELS.installCli),
  openDataFolder: () => ipcRenderer.invoke(IPC_CHANNELS.openDataFolder),
  rememberView: (path) => ipcRenderer.send(IPC_CHANNELS.rememberView, path),
  onCommand: (listener) => listen(IPC_CHANNELS.command, (v): v is DesktopCommand => v === 'export-view' || v === 'toggle-theme', listener),
}

// The renderer's only door to the main process: one typed bridge, nothing else.
const bridge: FeedlensBridge = {
  kind: 'electron',
  request: (req: BridgeRequest) => ipcRenderer.invoke(IPC_CHANNELS.request, req) as Promise<BridgeResponse>,
  openExternal: (url: string) => ipcRenderer.invoke(IPC_CHANNELS.openExternal, url) as Promise<void>,
  onNavigate: (listener: (path: string) => void) => listen(IPC_CHANNELS.navigate, (v): v is string => typeof v === 'string', listener),
  desktop,
}

contextBridge.exposeInMainWorld('feedlens', bridge)
