import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliLauncher, onPath } from '../../electron/main/cli-launcher'
import { deepLinkRoute } from '../../electron/main/deep-links'
import { DEFAULT_PORT, DesktopSettingsFile, restorableBounds } from '../../electron/main/desktop-settings'
import { filesIn, whyNotImportable } from '../../electron/main/importable-files'
import { menuTemplate, type MenuActions } from '../../electron/main/menu'
import { checkForUpdate, releaseStoreVersion, updateQuestion, type UpdateInfo, type Updater } from '../../electron/main/updates'
import { tempDir } from '../helpers/core'

const ID = 'b1000000-0000-4000-8000-000000000001'

describe('deep links', () => {
  it('open the views the window names: a trend, an article, a tracking list (with its tab and query)', () => {
    expect(deepLinkRoute(`feedlens://trends/${ID}`)).toBe(`/trends/${ID}`)
    expect(deepLinkRoute(`feedlens://article/${ID}`)).toBe(`/article/${ID}`)
    expect(deepLinkRoute(`feedlens://tracking/${ID}/metrics?period=7d`)).toBe(`/tracking/${ID}/metrics?period=7d`)
    expect(deepLinkRoute('feedlens://signals')).toBe('/signals')
    expect(deepLinkRoute(`FEEDLENS://Trends/${ID}`)).toBe(`/trends/${ID}`)
  })

  it('refuse what names no view: other schemes, unknown sections, paths that climb, an article without its id', () => {
    for (const link of ['https://example.com/trends/1', 'feedlens://admin/1', 'feedlens://trends/..%2F..%2Fetc', 'feedlens://article', 'feedlens://trends/%E0%A4%A', 'not a url', 'feedlens://trends/a b']) {
      expect(deepLinkRoute(link), link).toBeNull()
    }
  })
})

describe('files handed to the app (dropped, chosen, passed at launch)', () => {
  const dir = tempDir('feedlens-drop-')
  const good = path.join(dir, 'feed.jsonl')
  fs.writeFileSync(good, '{}\n')
  fs.mkdirSync(path.join(dir, 'folder.csv'))

  it('are imported only when each is a readable file the importer reads', () => {
    expect(whyNotImportable(good)).toBeNull()
    expect(whyNotImportable('feed.jsonl')).toBe('feed.jsonl: not a full path.')
    expect(whyNotImportable(path.join(dir, 'missing.csv'))).toBe('missing.csv: no such file.')
    expect(whyNotImportable(path.join(dir, 'folder.csv'))).toBe('folder.csv: a folder, not a file.')
    expect(whyNotImportable(path.join(dir, 'report.pdf'))).toBe('report.pdf: Feedlens imports .jsonl, .ndjson, .json, .csv files, not .pdf.')
    expect(whyNotImportable(`${good}\u0000.csv`)).toBe('Not a file path.')
  })

  it('are found among a launch\'s arguments, resolved against its folder, flags and links left out', () => {
    expect(filesIn(['--inspect', 'feed.jsonl', 'feedlens://trends/x', '/data/b.CSV', 'notes.txt'], '/home/ana')).toEqual(['/home/ana/feed.jsonl', '/data/b.CSV'])
  })
})

const actions = (): MenuActions & { calls: string[] } => {
  const calls: string[] = []
  const record = (name: string) => (arg?: unknown) => calls.push(arg === undefined ? name : `${name}:${String(arg)}`)
  return {
    calls,
    importFiles: record('import'),
    openDataFolder: record('folder'),
    exportView: record('export'),
    showSection: record('section'),
    toggleTheme: record('theme'),
    openDocumentation: record('docs'),
    showAbout: record('about'),
    installCommandLine: record('cli'),
  }
}
type Item = { label?: string; role?: string; accelerator?: string; submenu?: Item[]; click?: () => void }
const find = (items: Item[], label: string): Item | undefined => items.flatMap((i) => [i, ...(i.submenu ?? [])]).find((i) => i.label === label)

describe('the menus', () => {
  it('follow Windows and Linux: File, Edit, View, Window, Help; Settings and Quit in File, About in Help', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const menu = menuTemplate(platform, actions(), { development: false }) as Item[]
      expect(menu.map((m) => m.label ?? m.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help'])
      expect(menu[0]!.submenu!.map((i) => i.label ?? i.role).filter(Boolean)).toEqual(['Import…', 'Open data folder', 'Export current view…', 'Settings', 'quit'])
      expect(find(menu, 'About Feedlens')).toBeDefined()
    }
  })

  it('follow macOS: the app menu first, with About, Settings (Cmd+,) and Quit', () => {
    const menu = menuTemplate('darwin', actions(), { development: false }) as Item[]
    expect(menu.map((m) => m.label ?? m.role)).toEqual(['Feedlens', 'File', 'editMenu', 'View', 'windowMenu', 'help'])
    expect(menu[0]!.submenu!.map((i) => i.label ?? i.role).filter(Boolean)).toEqual(['About Feedlens', 'Settings…', 'services', 'hide', 'hideOthers', 'unhide', 'quit'])
    expect(find(menu, 'Settings…')!.accelerator).toBe('CmdOrCtrl+,')
    expect(menu[1]!.submenu!.some((i) => i.role === 'quit')).toBe(false)
  })

  it('open each section with CmdOrCtrl+1..9 and 0, and offer the developer tools only in development', () => {
    const a = actions()
    const view = (menuTemplate('linux', a, { development: false }) as Item[]).find((m) => m.label === 'View')!
    const sections = view.submenu!.filter((i) => i.accelerator?.match(/^CmdOrCtrl\+\d$/))
    expect(sections.map((i) => `${i.accelerator} ${i.label}`)).toEqual([
      'CmdOrCtrl+1 Trends', 'CmdOrCtrl+2 Tracking', 'CmdOrCtrl+3 Signals', 'CmdOrCtrl+4 Winners and losers', 'CmdOrCtrl+5 Articles', 'CmdOrCtrl+6 Geography',
      'CmdOrCtrl+7 Publishers', 'CmdOrCtrl+8 My site', 'CmdOrCtrl+9 Alerts', 'CmdOrCtrl+0 Settings',
    ])
    sections[4]!.click!()
    find([view], 'Toggle dark theme')!.click!()
    expect(a.calls).toEqual(['section:articles', 'theme'])
    expect(view.submenu!.some((i) => i.role === 'toggleDevTools')).toBe(false)
    const dev = (menuTemplate('linux', a, { development: true }) as Item[]).find((m) => m.label === 'View')!
    expect(dev.submenu!.some((i) => i.role === 'toggleDevTools')).toBe(true)
    expect(view.submenu!.map((i) => i.role).filter(Boolean)).toEqual(['reload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'])
  })
})

describe('what the app remembers', () => {
  it('keeps its settings in desktop.json, written whole, with defaults for a missing or broken file', () => {
    const dir = tempDir('feedlens-settings-')
    const settings = new DesktopSettingsFile(dir)
    expect(settings.get()).toEqual({ port: DEFAULT_PORT, checkUpdates: true })
    settings.update({ port: 'off', lastView: '/trends?period=7d', window: { x: 10, y: 20, width: 1200, height: 800, maximized: true } })
    expect(new DesktopSettingsFile(dir).get()).toEqual({ port: 'off', checkUpdates: true, lastView: '/trends?period=7d', window: { x: 10, y: 20, width: 1200, height: 800, maximized: true } })
    fs.writeFileSync(path.join(dir, 'desktop.json'), '{"port": "eighty"')
    expect(new DesktopSettingsFile(dir).get()).toEqual({ port: DEFAULT_PORT, checkUpdates: true })
    expect(() => settings.update({ port: 80 })).toThrow()
  })

  it('puts the window back where it was only when that place is still on a screen', () => {
    const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }]
    expect(restorableBounds({ x: 100, y: 80, width: 1200, height: 800 }, screen)).toEqual({ x: 100, y: 80, width: 1200, height: 800 })
    // on a monitor unplugged since
    expect(restorableBounds({ x: 2500, y: 80, width: 1200, height: 800 }, screen)).toBeNull()
    expect(restorableBounds({ x: 1870, y: 80, width: 1200, height: 800 }, screen)).toBeNull()
    expect(restorableBounds(undefined, screen)).toBeNull()
  })
})

describe('the command line with the app', () => {
  it('is a launcher of the app\'s own feedlens.js on its data folder, in a folder of the user\'s', () => {
    const unix = cliLauncher('linux', { execPath: '/opt/Feedlens/feedlens', cliScript: '/opt/Feedlens/resources/app.asar.unpacked/out/main/feedlens.js', dataDir: '/home/ana/.config/Feedlens', home: '/home/ana' })
    expect(unix.file).toBe('/home/ana/.local/bin/feedlens')
    expect(unix.content).toContain('ELECTRON_RUN_AS_NODE=1 exec \'/opt/Feedlens/feedlens\' \'/opt/Feedlens/resources/app.asar.unpacked/out/main/feedlens.js\' "$@"')
    expect(unix.content).toContain(': "${FEEDLENS_DATA_DIR:=/home/ana/.config/Feedlens}"')
    const windows = cliLauncher('win32', { execPath: 'C:\\Program Files\\Feedlens\\Feedlens.exe', cliScript: 'C:\\Program Files\\Feedlens\\resources\\app.asar.unpacked\\out\\main\\feedlens.js', dataDir: 'C:\\Users\\ana\\AppData\\Roaming\\Feedlens', localAppData: 'C:\\Users\\ana\\AppData\\Local' })
    expect(windows.file).toBe('C:\\Users\\ana\\AppData\\Local\\Feedlens\\bin\\feedlens.cmd')
    expect(windows.content.split('\r\n')).toContain('"C:\\Program Files\\Feedlens\\Feedlens.exe" "C:\\Program Files\\Feedlens\\resources\\app.asar.unpacked\\out\\main\\feedlens.js" %*')
    expect(onPath('/home/ana/.local/bin', '/usr/bin:/home/ana/.local/bin/', 'linux')).toBe(true)
    expect(onPath('C:\\Users\\ana\\AppData\\Local\\Feedlens\\bin', 'C:\\Windows;c:\\users\\ana\\appdata\\local\\feedlens\\bin\\', 'win32')).toBe(true)
    expect(onPath('/home/ana/.local/bin', '/usr/bin', 'linux')).toBe(false)
  })
})

class FakeUpdater implements Updater {
  autoDownload = true
  autoInstallOnAppQuit = false
  downloads = 0
  installs = 0
  private listeners = new Map<string, (value: any) => void>()
  on(event: string, listener: (value: any) => void) {
    this.listeners.set(event, listener)
    return this
  }
  fire(event: string, value: unknown) {
    this.listeners.get(event)!(value)
  }
  async checkForUpdates() {
    return null
  }
  async downloadUpdate() {
    this.downloads++
    return []
  }
  quitAndInstall() {
    this.installs++
  }
}

describe('updates', () => {
  const current = { appVersion: '0.1.0', storeVersion: 11 }
  it('say when a new version migrates the store, from the release notes', () => {
    const info = (notes: string | null): UpdateInfo => ({ version: '0.2.0', releaseNotes: notes })
    expect(releaseStoreVersion(info('Faster.\nStore version: 12'))).toBe(12)
    expect(updateQuestion(info('Store version: 12'), current).detail).toMatch(/^It migrates your store \(version 11 to 12\) when it starts: after that, version 0\.1\.0 cannot open it again\./)
    expect(updateQuestion(info('Store version: 11'), current).detail).toMatch(/^It keeps your store as it is\./)
    expect(updateQuestion(info(null), current).detail).toMatch(/does not say whether it changes the store/)
    expect(updateQuestion(info(null), current).message).toBe('Feedlens 0.2.0 is available (you have 0.1.0).')
  })

  it('never download without asking, and download on a yes', async () => {
    const answers = [1, 0]
    const asked: string[] = []
    const updater = new FakeUpdater()
    await checkForUpdate(updater, async (q) => (asked.push(q.message), answers.shift()!), current, () => {})
    expect(updater.autoDownload).toBe(false)
    updater.fire('update-available', { version: '0.2.0', releaseNotes: 'Store version: 11' })
    await new Promise((r) => setImmediate(r))
    expect(updater.downloads).toBe(0)
    updater.fire('update-available', { version: '0.2.0', releaseNotes: 'Store version: 11' })
    await new Promise((r) => setImmediate(r))
    expect(updater.downloads).toBe(1)
    expect(asked).toEqual(['Feedlens 0.2.0 is available (you have 0.1.0).', 'Feedlens 0.2.0 is available (you have 0.1.0).'])
  })
})
