import { BrowserWindow, screen } from 'electron'
import { restorableBounds, type DesktopSettingsFile } from './desktop-settings'

/** The window's web preferences: the renderer is a web page with one typed bridge, nothing of Node. */
export function secureWebPreferences(preload: string) {
  return { preload, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false, spellcheck: false } as const
}

/**
 * The main window, where it was last (when that place is still on a screen), maximised if it
 * was; its place is remembered when it closes.
 */
export function createMainWindow(options: { preload: string; settings: DesktopSettingsFile; load: (win: BrowserWindow) => void }): BrowserWindow {
  const saved = options.settings.get().window
  const bounds = restorableBounds(saved, screen.getAllDisplays().map((d) => d.workArea))
  const win = new BrowserWindow({
    width: 1360,
    height: 860,
    ...(bounds ?? {}),
    minWidth: 960,
    minHeight: 600,
    title: 'Feedlens',
    show: false,
    webPreferences: secureWebPreferences(options.preload),
  })
  if (bounds && saved?.maximized) win.maximize()
  win.once('ready-to-show', () => win.show())
  win.on('close', () => {
    const { x, y, width, height } = win.getNormalBounds()
    options.settings.update({ window: { x, y, width, height, maximized: win.isMaximized() } })
  })
  options.load(win)
  return win
}

/** Brings the window to the front (a second launch, a deep link, a notification clicked). */
export function focusWindow(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}
