import type { MenuItemConstructorOptions } from 'electron'
import { sectionKey, sectionLabels, sections, type Section } from '../../shared/sections'

/** What the menus do; the shell wires each to the window, the importer and the dialogs. */
export interface MenuActions {
  importFiles(): void
  openDataFolder(): void
  exportView(): void
  showSection(section: Section): void
  toggleTheme(): void
  openDocumentation(): void
  showAbout(): void
  installCommandLine(): void
}

/**
 * The application menu of each platform's convention: on macOS the app's own menu first (About,
 * Settings with Cmd+,, Services, Hide, Quit) and the Window menu of the system; elsewhere File,
 * Edit, View, Window, Help, with Settings and Quit under File and About under Help. The
 * sections open with CmdOrCtrl+1..9 and 0; the developer tools only in development.
 */
export function menuTemplate(platform: NodeJS.Platform, actions: MenuActions, options: { development: boolean; appName?: string }): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const appName = options.appName ?? 'Feedlens'
  const settings: MenuItemConstructorOptions = { label: mac ? 'Settings…' : 'Settings', accelerator: 'CmdOrCtrl+,', click: () => actions.showSection('settings') }
  const about: MenuItemConstructorOptions = { label: `About ${appName}`, click: () => actions.showAbout() }
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Import…', accelerator: 'CmdOrCtrl+O', click: () => actions.importFiles() },
      { label: 'Open data folder', click: () => actions.openDataFolder() },
      { label: 'Export current view…', accelerator: 'CmdOrCtrl+E', click: () => actions.exportView() },
      ...(mac ? [] : [{ type: 'separator' } as const, settings, { type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  }
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...sections.map((s, i): MenuItemConstructorOptions => ({ label: sectionLabels[s], accelerator: sectionKey(i) ? `CmdOrCtrl+${sectionKey(i)}` : undefined, click: () => actions.showSection(s) })),
      { type: 'separator' },
      { role: 'reload' },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { label: 'Toggle dark theme', accelerator: 'CmdOrCtrl+Shift+D', click: () => actions.toggleTheme() },
      { role: 'togglefullscreen' },
      ...(options.development ? [{ type: 'separator' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  }
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { label: 'Documentation', click: () => actions.openDocumentation() },
      { label: 'Install command line tool…', click: () => actions.installCommandLine() },
      ...(mac ? [] : [{ type: 'separator' } as const, about]),
    ],
  }
  if (!mac) return [file, { role: 'editMenu' }, view, { role: 'windowMenu' }, help]
  return [
    {
      label: appName,
      submenu: [about, { type: 'separator' }, settings, { type: 'separator' }, { role: 'services' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
    },
    file,
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
    help,
  ]
}
