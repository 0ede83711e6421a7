import { contextBridge, ipcRenderer } from 'electron'
import { IPC_CHANNELS, type BridgeRequest, type BridgeResponse, type FeedlensBridge } from '../../shared/bridge'

// The renderer's only door to the main process: one typed bridge, nothing else.
const bridge: FeedlensBridge = {
  kind: 'electron',
  request: (req: BridgeRequest) => ipcRenderer.invoke(IPC_CHANNELS.request, req) as Promise<BridgeResponse>,
  openExternal: (url: string) => ipcRenderer.invoke(IPC_CHANNELS.openExternal, url) as Promise<void>,
  onNavigate: (listener: (path: string) => void) => {
    const handler = (_event: unknown, path: unknown) => typeof path === 'string' && listener(path)
    ipcRenderer.on(IPC_CHANNELS.navigate, handler)
    return () => ipcRenderer.removeListener(IPC_CHANNELS.navigate, handler)
  },
}

contextBridge.exposeInMainWorld('feedlens', bridge)
