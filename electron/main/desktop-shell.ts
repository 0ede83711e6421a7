import { app, BrowserWindow, dialog, Menu, Notification, shell } from 'electron'
import type { JobView } from '../core/jobs/jobs'
import fs from 'node:fs'
import path from 'node:path'
import { IPC_CHANNELS, type DesktopCommand, type DesktopInfo, type DroppedFilesAnswer } from '../../shared/bridge'
import type { Section } from '../../shared/sections'
import { APP_VERSION } from '../core/version'
import { cliLauncher, onPath } from './cli-launcher'
import { deepLinkRoute } from './deep-links'
import { desktopSettingsPatch, type DesktopSettingsFile } from './desktop-settings'
import { ImportFollower, importPaths, type ImportJobs } from './file-imports'
import { IMPORTABLE_EXTENSIONS } from './importable-files'
import type { Loopback } from './loopback'
import { menuTemplate, type MenuActions } from './menu'
import type { Handoff } from './single-instance'
import { focusWindow } from './window'

/** Where the shell finds what it opens and installs. */
export interface ShellPaths {
  dataDir: string
  /** the bundled command line (out/main/feedlens.js, unpacked from the archive when packaged) */
  cliScript: string
  /** README.md and docs/ */
  documentation: string
}

/**
 * The desktop app around the window: its menus, the files handed to it (dialog, drop, launch),
 * deep links, the loopback port and the Settings the window shows, the command line install.
 * Its methods answer the bridge's desktop channels (wired in ipc.ts).
 */
export class DesktopShell {
  private win: BrowserWindow | null = null
  private loaded = false
  private readonly pending: string[] = []
  private readonly follower: ImportFollower

  constructor(
    private readonly settings: DesktopSettingsFile,
    private readonly loopback: Loopback,
    private readonly jobs: ImportJobs,
    private readonly paths: ShellPaths,
    private readonly development: boolean,
  ) {
    this.follower = new ImportFollower(jobs, {
      progress: (fraction) => this.win?.setProgressBar(fraction ?? -1),
      notify: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body }).show()
      },
    })
  }

  /** The window the shell serves; routes asked for before it loaded are shown once it has. */
  attach(win: BrowserWindow): void {
    this.win = win
    this.loaded = false
    win.webContents.on('did-finish-load', () => {
      this.loaded = true
      for (const route of this.pending.splice(0)) win.webContents.send(IPC_CHANNELS.navigate, route)
    })
    win.on('closed', () => {
      if (this.win === win) this.win = null
    })
  }

  /** Shows a route of the window (a deep link, the last view, a menu's section). */
  show(route: string): void {
    if (this.win && this.loaded) this.win.webContents.send(IPC_CHANNELS.navigate, route)
    else this.pending.push(route)
  }

  /** Brings the window forward on a route (an article's cabinet_url opened in a browser). */
  openRoute(route: string): void {
    if (this.win) focusWindow(this.win)
    this.show(route)
  }

  /** What a launch handed over: a deep link opens its view, files are imported. */
  handoff(handoff: Handoff): DroppedFilesAnswer {
    if (this.win) focusWindow(this.win)
    const route = handoff.deepLink ? deepLinkRoute(handoff.deepLink) : null
    if (route) this.show(route)
    return handoff.files.length > 0 ? this.importFiles(handoff.files) : { started: 0, refused: [] }
  }

  /** An alert that fired: a system notification that opens its view when clicked. */
  notifyAlert(alert: { title: string; rule_name: string; link: string }): void {
    if (!Notification.isSupported()) return
    const note = new Notification({ title: `Feedlens alert: ${alert.rule_name}`, body: alert.title })
    note.on('click', () => this.openRoute(alert.link))
    note.show()
  }

  /** A sync started by Settings > Sources or its schedule: its progress on the taskbar/dock and its end in a notification, as an import's. */
  followJob(job: JobView): void {
    if (job.kind !== 'sync') return
    this.follower.follow(job, /^Syncing from (\S+)/.exec(job.message)?.[1] ?? 'the upstream')
  }

  importFiles(files: readonly unknown[]): DroppedFilesAnswer {
    const { started, refused } = importPaths(this.jobs, files)
    for (const { job, file } of started) this.follower.follow(job, file)
    if (refused.length > 0 && this.win) {
      void dialog.showMessageBox(this.win, {
        type: 'warning',
        message: refused.length === 1 ? 'A file was not imported' : `${refused.length} files were not imported`,
        detail: refused.map((r) => r.reason).join('\n'),
      })
    }
    if (started.length > 0) this.show('/settings')
    return { started: started.length, refused }
  }

  async chooseAndImport(): Promise<DroppedFilesAnswer> {
    const options = {
      title: 'Import into Feedlens',
      properties: ['openFile', 'multiSelections'] as Array<'openFile' | 'multiSelections'>,
      filters: [{ name: 'Feed data', extensions: IMPORTABLE_EXTENSIONS.map((e) => e.slice(1)) }],
    }
    const chosen = this.win ? await dialog.showOpenDialog(this.win, options) : await dialog.showOpenDialog(options)
    return chosen.canceled ? { started: 0, refused: [] } : this.importFiles(chosen.filePaths)
  }

  info(): DesktopInfo {
    const s = this.settings.get()
    return {
      version: APP_VERSION,
      dataDir: this.paths.dataDir,
      platform: process.platform,
      port: this.loopback.port,
      portSetting: s.port,
      portNote: this.loopback.note,
      checkUpdates: s.checkUpdates,
    }
  }

  async updateSettings(patch: unknown): Promise<DesktopInfo> {
    const parsed = desktopSettingsPatch.safeParse(patch)
    if (!parsed.success) throw new Error('A port is a number from 1024 to 65535, or off.')
    const before = this.settings.get().port
    this.settings.update(parsed.data)
    if (parsed.data.port !== undefined && parsed.data.port !== before) await this.loopback.apply(parsed.data.port)
    return this.info()
  }

  installCommandLine(): { file: string; folder: string; onPath: boolean } {
    // run from the disk image, the app's path is gone once the image is ejected
    if (process.platform === 'darwin' && app.isPackaged && !app.isInApplicationsFolder()) throw new Error('move Feedlens to the Applications folder first, open it from there, and install the command again.')
    const { APPIMAGE, APPDIR } = process.env
    const launcher = cliLauncher(process.platform, {
      execPath: process.execPath,
      cliScript: this.paths.cliScript,
      dataDir: this.paths.dataDir,
      localAppData: process.env.LOCALAPPDATA,
      appImage: APPIMAGE && APPDIR ? { file: APPIMAGE, mountedAt: APPDIR } : undefined,
    })
    fs.mkdirSync(launcher.folder, { recursive: true })
    fs.writeFileSync(launcher.file, launcher.content, { mode: 0o755 })
    return { file: launcher.file, folder: launcher.folder, onPath: onPath(launcher.folder, process.env.PATH, process.platform) }
  }

  private async installCommandLineWithDialog(): Promise<void> {
    try {
      const done = this.installCommandLine()
      await dialog.showMessageBox({
        message: 'The feedlens command is installed',
        detail: done.onPath
          ? `${done.file}\nOpen a new terminal and run: feedlens --help`
          : `${done.file}\nIts folder is not on your PATH yet: add ${done.folder} to PATH, then open a new terminal and run: feedlens --help`,
      })
    } catch (error) {
      dialog.showErrorBox('Feedlens', `The command line tool could not be installed: ${(error as Error).message}`)
    }
  }

  private send(command: DesktopCommand): void {
    this.win?.webContents.send(IPC_CHANNELS.command, command)
  }

  menuActions(): MenuActions {
    return {
      importFiles: () => void this.chooseAndImport(),
      openDataFolder: () => void shell.openPath(this.paths.dataDir),
      exportView: () => this.send('export-view'),
      showSection: (section: Section) => {
        if (this.win) focusWindow(this.win)
        this.show(`/${section}`)
      },
      toggleTheme: () => this.send('toggle-theme'),
      openDocumentation: () => void shell.openPath(path.join(this.paths.documentation, 'README.md')),
      showAbout: () =>
        void dialog.showMessageBox({
          message: `Feedlens ${APP_VERSION}`,
          detail: `Data folder: ${this.paths.dataDir}\nLoopback API: ${this.loopback.port ? `http://127.0.0.1:${this.loopback.port}` : 'off'}\nElectron ${process.versions.electron ?? '?'} · Chromium ${process.versions.chrome ?? '?'} · Node ${process.versions.node}`,
        }),
      installCommandLine: () => void this.installCommandLineWithDialog(),
    }
  }

  installMenu(): void {
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, this.menuActions(), { development: this.development, appName: app.name })))
  }

  /** The window's route, restored on the next start. */
  rememberView(route: unknown): void {
    if (typeof route === 'string' && route.startsWith('/') && route.length <= 2000 && route !== this.settings.get().lastView) this.settings.update({ lastView: route })
  }

  openDataFolder(): Promise<string> {
    return shell.openPath(this.paths.dataDir)
  }
}
