import { app, BrowserWindow, dialog, type IpcMainInvokeEvent } from 'electron'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openCore } from '../core/bootstrap'
import { createHttpApp } from '../core/http/app'
import { startPathImportJob } from '../core/service/app-jobs'
import { onAlert } from '../core/service/alerts'
import { resolveDataDir, resourcesDir } from '../core/paths/data-dir'
import { boundHeapGrowth } from '../core/paths/heap-growth'
import { StoreAccessError, StoreMismatchError } from '../core/store/database'
import type { Core } from '../core/core'
import { APP_VERSION } from '../core/version'
import { DEEP_LINK_SCHEME } from './deep-links'
import { DesktopSettingsFile } from './desktop-settings'
import { DesktopShell } from './desktop-shell'
import { wireDesktopIpc, wireIpc } from './ipc'
import { Loopback } from './loopback'
import { osKeychainVault } from './key-vault'
import { hardenSessions } from './security'
import { claimSingleInstance, handoffFrom, type Handoff } from './single-instance'
import { checkForUpdate } from './updates'
import { createMainWindow } from './window'

// The shell: windows, menus, files, links and updates. Everything else lives in the core.
// The main process's threads (the refresh thread's full passes above all) hold less garbage.
boundHeapGrowth()
const here = path.dirname(fileURLToPath(import.meta.url))
const rendererUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
let core: Core | null = null
let loopback: Loopback | null = null
let desktop: DesktopShell | null = null
// what a second launch handed over before the shell was ready
const early: Handoff[] = []

function dataDir(): string {
  return process.env.FEEDLENS_DATA_DIR ? resolveDataDir(undefined, process.env) : app.getPath('userData')
}

/** The window's own pages only: the dev server's origin in development, the packaged files otherwise. */
function isTrustedSender(event: IpcMainInvokeEvent): boolean {
  const url = event.senderFrame?.url ?? ''
  return rendererUrl ? url.startsWith(new URL(rendererUrl).origin) : url.startsWith('file://')
}

/** Migrations the store is at: the count of this build's migrations (the update check compares it with a release's). */
function storeVersion(): number {
  const journal = path.join(resourcesDir(), 'drizzle', 'meta', '_journal.json')
  try {
    return (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length
  } catch {
    return 0
  }
}

if (claimSingleInstance(app, (handoff) => (desktop ? desktop.handoff(handoff) : early.push(handoff)))) {
  // feedlens:// links open the app (unpackaged, the link is handed to electron with the app's folder)
  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])])
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)

  app.whenReady().then(async () => {
    if (app.isPackaged) process.env.FEEDLENS_RESOURCES_DIR ??= process.resourcesPath
    const folder = dataDir()
    const settings = new DesktopSettingsFile(folder)
    try {
      core = openCore({ dataDir: folder, keyVault: osKeychainVault() ?? undefined })
    } catch (error) {
      const message = error instanceof StoreMismatchError || error instanceof StoreAccessError ? error.message : `Feedlens could not start: ${String(error)}`
      dialog.showErrorBox('Feedlens', message)
      app.exit(1)
      return
    }
    hardenSessions(() => core?.appUrl ?? null)
    const started = core
    loopback = new Loopback(started, (route) => desktop?.openRoute(route))
    // FEEDLENS_PORT (tests, the packaged smoke test) wins over the remembered port
    await loopback.apply(process.env.FEEDLENS_PORT ? Number(process.env.FEEDLENS_PORT) : settings.get().port)
    void started.startBackgroundWork()
    wireIpc(createHttpApp(started), isTrustedSender)
    const jobs = { startPathImport: (file: string) => startPathImportJob(started, file, new Date()), get: (id: string) => started.jobs.get(id) }
    const resources = app.isPackaged ? process.resourcesPath : path.join(here, '../..')
    desktop = new DesktopShell(
      settings,
      loopback,
      jobs,
      {
        dataDir: folder,
        cliScript: app.isPackaged ? path.join(process.resourcesPath, 'app.asar.unpacked', 'out', 'main', 'feedlens.js') : path.join(here, 'feedlens.js'),
        documentation: app.isPackaged ? path.join(resources, 'docs') : resources,
      },
      !app.isPackaged,
    )
    started.jobs.onStart = (job) => desktop?.followJob(job)
    // an alert that fires (after an import, a sync, a recompute) is a system notification
    onAlert(started.store, (alert) => desktop?.notifyAlert(alert))
    wireDesktopIpc(desktop, isTrustedSender)
    desktop.installMenu()
    const openWindow = () => {
      const win = createMainWindow({
        preload: path.join(here, '../preload/index.cjs'),
        settings,
        load: (w) => (rendererUrl ? void w.loadURL(rendererUrl) : void w.loadFile(path.join(here, '../renderer/index.html'))),
      })
      desktop!.attach(win)
      return win
    }
    openWindow()
    // the last view, unless this launch names one (a deep link) or hands files over
    const launch = handoffFrom(process.argv, process.cwd())
    const lastView = settings.get().lastView
    if (!launch.deepLink && lastView) desktop.show(lastView)
    for (const handoff of [launch, ...early.splice(0)]) desktop.handoff(handoff)
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow()
    })
    if (app.isPackaged && settings.get().checkUpdates && !process.env.FEEDLENS_NO_UPDATES) {
      const { autoUpdater } = await import('electron-updater')
      const ask = async (q: { message: string; detail: string; buttons: string[] }) => (await dialog.showMessageBox({ ...q, defaultId: 0, cancelId: q.buttons.length - 1 })).response
      void checkForUpdate(autoUpdater, ask, { appVersion: APP_VERSION, storeVersion: storeVersion() }, (m) => console.error(m))
    }
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  app.on('will-quit', () => {
    void loopback?.close()
    core?.close()
  })
}
