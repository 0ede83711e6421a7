/**
 * A stand-in for the `electron` module (aliased in vitest.config.ts for test/desktop): records
 * what the shell asks of Electron and lets tests fire Electron's events, so the shell is tested
 * without the Electron binary.
 */
import { EventEmitter } from 'node:events'

type Listener = (...args: any[]) => unknown

class FakeApp extends EventEmitter {
  name = 'Feedlens'
  isPackaged = false
  lockGranted = true
  quitCalls = 0
  protocols: string[] = []
  requestSingleInstanceLock() {
    return this.lockGranted
  }
  quit() {
    this.quitCalls++
  }
  exit() {}
  setAsDefaultProtocolClient(scheme: string) {
    this.protocols.push(scheme)
    return true
  }
  getPath() {
    return '/tmp/feedlens-fake-user-data'
  }
  getVersion() {
    return '0.1.0'
  }
  whenReady() {
    return Promise.resolve()
  }
}
export const app = new FakeApp()

export class FakeWebContents extends EventEmitter {
  sent: Array<[string, unknown]> = []
  openHandler: ((details: { url: string }) => { action: string }) | null = null
  send(channel: string, value: unknown) {
    this.sent.push([channel, value])
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler
  }
}

export class BrowserWindow extends EventEmitter {
  static created: BrowserWindow[] = []
  static getAllWindows() {
    return BrowserWindow.created
  }
  readonly webContents = new FakeWebContents()
  bounds: { x: number; y: number; width: number; height: number }
  maximized = false
  minimized = false
  focused = 0
  progress: number[] = []
  loaded: string | null = null
  constructor(readonly options: any) {
    super()
    this.bounds = { x: options.x ?? 100, y: options.y ?? 100, width: options.width, height: options.height }
    BrowserWindow.created.push(this)
  }
  getNormalBounds() {
    return this.bounds
  }
  isMaximized() {
    return this.maximized
  }
  maximize() {
    this.maximized = true
  }
  isMinimized() {
    return this.minimized
  }
  restore() {
    this.minimized = false
  }
  show() {}
  focus() {
    this.focused++
  }
  setProgressBar(value: number) {
    this.progress.push(value)
  }
  loadURL(url: string) {
    this.loaded = url
    return Promise.resolve()
  }
  loadFile(file: string) {
    this.loaded = file
    return Promise.resolve()
  }
}

export const screen = {
  displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
  getAllDisplays() {
    return screen.displays
  },
}

export const Menu = {
  applied: null as unknown,
  buildFromTemplate(template: unknown) {
    return { template }
  },
  setApplicationMenu(menu: unknown) {
    Menu.applied = menu
  },
}

export const dialog = {
  openAnswer: { canceled: false, filePaths: [] as string[] },
  openCalls: [] as unknown[],
  messages: [] as Array<{ message: string; detail?: string }>,
  errors: [] as string[],
  async showOpenDialog(...args: unknown[]) {
    dialog.openCalls.push(args[args.length - 1])
    return dialog.openAnswer
  },
  async showMessageBox(...args: any[]) {
    dialog.messages.push(args[args.length - 1])
    return { response: 0 }
  },
  showErrorBox(_title: string, message: string) {
    dialog.errors.push(message)
  },
}

export const shell = {
  opened: [] as string[],
  external: [] as string[],
  async openPath(p: string) {
    shell.opened.push(p)
    return ''
  },
  async openExternal(url: string) {
    shell.external.push(url)
  },
}

export class Notification {
  static shown: Array<{ title: string; body: string }> = []
  static isSupported() {
    return true
  }
  static last: Notification | null = null
  readonly listeners = new Map<string, () => void>()
  constructor(readonly options: { title: string; body: string }) {}
  on(event: string, listener: () => void) {
    this.listeners.set(event, listener)
    return this
  }
  show() {
    Notification.shown.push(this.options)
    Notification.last = this
  }
}

/** ipcMain: handlers by channel; `invoke` and `emit` call them as a window's request would. */
export const ipcMain = {
  handlers: new Map<string, Listener>(),
  listeners: new Map<string, Listener>(),
  handle(channel: string, handler: Listener) {
    ipcMain.handlers.set(channel, handler)
  },
  on(channel: string, listener: Listener) {
    ipcMain.listeners.set(channel, listener)
  },
  invoke(channel: string, event: unknown, ...args: unknown[]) {
    const handler = ipcMain.handlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return handler(event, ...args)
  },
  reset() {
    ipcMain.handlers.clear()
    ipcMain.listeners.clear()
  },
}

export const session = {
  defaultSession: {
    permissionHandler: null as null | ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void),
    headersHandler: null as null | ((details: { responseHeaders: Record<string, string[]> }, callback: (r: unknown) => void) => void),
    setPermissionRequestHandler(handler: any) {
      session.defaultSession.permissionHandler = handler
    },
    webRequest: {
      onHeadersReceived(handler: any) {
        session.defaultSession.headersHandler = handler
      },
    },
  },
}

export const contextBridge = { exposeInMainWorld() {} }
export const ipcRenderer = { invoke() {}, on() {}, send() {}, removeListener() {} }
export const webUtils = { getPathForFile: (f: { path?: string }) => f.path ?? '' }
export default { app, BrowserWindow, screen, Menu, dialog, shell, Notification, ipcMain, session }

/** safeStorage: a reversible stand-in for the OS keychain, switched off with `available = false`. */
export const safeStorage = {
  available: true,
  backend: 'gnome_libsecret',
  isEncryptionAvailable() {
    return this.available
  },
  getSelectedStorageBackend() {
    return this.backend
  },
  encryptString: (text: string) => Buffer.from(`sealed:${Buffer.from(text).toString('base64')}`),
  decryptString: (sealed: Buffer) => {
    const text = sealed.toString()
    if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
    return Buffer.from(text.slice(7), 'base64').toString()
  },
}
