import { app, BrowserWindow } from 'electron'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openCore } from '../core/bootstrap'
import { createHttpApp } from '../core/http/app'
import { startHttpServer, type RunningServer } from '../core/http/server'
import { StoreAccessError, StoreMismatchError } from '../core/store/database'
import type { Core } from '../core/core'
import { wireIpc } from './ipc'
import { hardenSessions } from './security'

// The shell: windows, security and wiring. Everything else lives in the core.
const here = path.dirname(fileURLToPath(import.meta.url))
let core: Core | null = null
let server: RunningServer | null = null

function dataDir(): string {
  return process.env.FEEDLENS_DATA_DIR ?? app.getPath('userData')
}

async function startCore(): Promise<Core> {
  if (app.isPackaged) process.env.FEEDLENS_RESOURCES_DIR ??= process.resourcesPath
  const started = openCore({ dataDir: dataDir() })
  try {
    server = await startHttpServer(started, { port: Number(process.env.FEEDLENS_PORT ?? 8737) })
  } catch {
    server = await startHttpServer(started, { port: 0 })
  }
  void started.startBackgroundWork()
  return started
}

function createWindow(rendererUrl: string | undefined): BrowserWindow {
  const win = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    title: 'Feedlens',
    show: false,
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  })
  win.once('ready-to-show', () => win.show())
  if (rendererUrl) void win.loadURL(rendererUrl)
  else void win.loadFile(path.join(here, '../renderer/index.html'))
  return win
}

app.whenReady().then(async () => {
  hardenSessions(() => core?.appUrl ?? null)
  try {
    core = await startCore()
  } catch (error) {
    const { dialog } = await import('electron')
    const message = error instanceof StoreMismatchError || error instanceof StoreAccessError ? error.message : `Feedlens could not start: ${String(error)}`
    dialog.showErrorBox('Feedlens', message)
    app.exit(1)
    return
  }
  const rendererUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
  const trustedOrigin = rendererUrl ? new URL(rendererUrl).origin : 'file://'
  wireIpc(createHttpApp(core), (event) => {
    const url = event.senderFrame?.url ?? ''
    return rendererUrl ? url.startsWith(trustedOrigin) : url.startsWith('file://')
  })
  createWindow(rendererUrl)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(rendererUrl)
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('will-quit', () => {
  void server?.close()
  core?.close()
})
