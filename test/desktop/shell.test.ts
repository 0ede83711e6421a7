import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { app, BrowserWindow, dialog, ipcMain, Notification, screen, session, shell as electronShell } from './fake-electron'
import { IPC_CHANNELS } from '../../shared/bridge'
import { DesktopSettingsFile } from '../../electron/main/desktop-settings'
import { DesktopShell } from '../../electron/main/desktop-shell'
import { ImportFollower, importSummary, type ImportJobs } from '../../electron/main/file-imports'
import { wireDesktopIpc, wireIpc } from '../../electron/main/ipc'
import { Loopback } from '../../electron/main/loopback'
import { hardenSessions } from '../../electron/main/security'
import { claimSingleInstance } from '../../electron/main/single-instance'
import { createMainWindow, secureWebPreferences } from '../../electron/main/window'
import type { JobView } from '../../electron/core/jobs/jobs'
import type { Core } from '../../electron/core/core'
import { tempDir } from '../helpers/core'

const ID = 'b1000000-0000-4000-8000-000000000001'

/** Import jobs as the core keeps them, by hand: started ones run until a test ends them. */
class HandJobs implements ImportJobs {
  readonly views = new Map<string, JobView>()
  startPathImport(file: string): JobView {
    const job = { id: `job-${this.views.size + 1}`, kind: 'import', status: 'running', progress: 0, message: `Importing ${path.basename(file)}`, result: null, error: null, started_at: '', finished_at: null } as unknown as JobView
    this.views.set(job.id, job)
    return job
  }
  get(id: string) {
    return this.views.get(id)
  }
  set(id: string, change: Partial<JobView>) {
    Object.assign(this.views.get(id)!, change)
  }
}

const trusted = { senderFrame: { url: 'file:///app/out/renderer/index.html' } }
const stranger = { senderFrame: { url: 'https://evil.example/' } }
const isTrusted = (event: { senderFrame?: { url: string } }) => (event.senderFrame?.url ?? '').startsWith('file://')

function makeShell(dir = tempDir('feedlens-shell-')) {
  const jobs = new HandJobs()
  const settings = new DesktopSettingsFile(dir)
  const loopback = { port: 8737, note: null, apply: async () => {} } as unknown as Loopback
  const desktop = new DesktopShell(settings, loopback, jobs, { dataDir: dir, cliScript: '/app/out/main/feedlens.js', documentation: '/app' }, false)
  const win = new BrowserWindow({ width: 1, height: 1 })
  desktop.attach(win as never)
  return { desktop, jobs, settings, win, dir }
}

beforeEach(() => {
  BrowserWindow.created.length = 0
  dialog.messages.length = 0
  dialog.openCalls.length = 0
  Notification.shown.length = 0
  ipcMain.reset()
  app.removeAllListeners()
  app.quitCalls = 0
  app.lockGranted = true
})
afterEach(() => {
  screen.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]
})

describe('the window', () => {
  it('is a sandboxed web page: context isolation, no Node, no webviews, with only the preload bridge', () => {
    const settings = new DesktopSettingsFile(tempDir())
    const win = createMainWindow({ preload: '/app/out/preload/index.cjs', settings, load: (w) => void w.loadFile('/app/out/renderer/index.html') }) as unknown as BrowserWindow
    expect(win.options.webPreferences).toEqual(secureWebPreferences('/app/out/preload/index.cjs'))
    expect(win.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false })
    expect(win.loaded).toBe('/app/out/renderer/index.html')
  })

  it('opens where it was closed, maximised if it was, unless that place is off every screen', () => {
    const settings = new DesktopSettingsFile(tempDir())
    const first = createMainWindow({ preload: 'p', settings, load: () => {} }) as unknown as BrowserWindow
    expect(first.options).toMatchObject({ width: 1360, height: 860 })
    first.bounds = { x: 50, y: 60, width: 1100, height: 700 }
    first.maximized = true
    first.emit('close')
    const second = createMainWindow({ preload: 'p', settings, load: () => {} }) as unknown as BrowserWindow
    expect(second.options).toMatchObject({ x: 50, y: 60, width: 1100, height: 700 })
    expect(second.maximized).toBe(true)
    screen.displays = [{ workArea: { x: 2000, y: 0, width: 1920, height: 1080 } }]
    const third = createMainWindow({ preload: 'p', settings, load: () => {} }) as unknown as BrowserWindow
    expect(third.options.x).toBeUndefined()
    expect(third.options).toMatchObject({ width: 1360, height: 860 })
  })
})

describe('one app at a time', () => {
  it('a second launch quits when the first runs', () => {
    app.lockGranted = false
    expect(claimSingleInstance(app as never, () => {})).toBe(false)
    expect(app.quitCalls).toBe(1)
  })

  it('the running app gets the second launch\'s deep link and files, focuses its window and shows the link\'s view', () => {
    const { desktop, jobs, win, dir } = makeShell()
    const file = path.join(dir, 'feed.jsonl')
    fs.writeFileSync(file, '{}\n')
    expect(claimSingleInstance(app as never, (handoff) => desktop.handoff(handoff))).toBe(true)
    win.webContents.emit('did-finish-load')
    app.emit('second-instance', {}, ['/opt/Feedlens/feedlens', '--flag', `feedlens://trends/${ID}`, 'feed.jsonl'], dir)
    expect(win.focused).toBe(1)
    expect(win.webContents.sent).toContainEqual([IPC_CHANNELS.navigate, `/trends/${ID}`])
    expect([...jobs.views.values()].map((j) => j.message)).toEqual(['Importing feed.jsonl'])
    // macOS hands a link over as an event
    app.emit('open-url', { preventDefault() {} }, `feedlens://article/${ID}`)
    expect(win.webContents.sent).toContainEqual([IPC_CHANNELS.navigate, `/article/${ID}`])
  })

  it('a route asked for before the window has loaded is shown once it has', () => {
    const { desktop, win } = makeShell()
    desktop.show('/tracking/list-1/metrics')
    expect(win.webContents.sent).toEqual([])
    win.webContents.emit('did-finish-load')
    expect(win.webContents.sent).toEqual([[IPC_CHANNELS.navigate, '/tracking/list-1/metrics']])
  })
})

describe('alerts', () => {
  it('an alert that fires is a system notification, and clicking it brings the window forward on its view', () => {
    const { desktop, win } = makeShell()
    win.webContents.emit('did-finish-load')
    desktop.notifyAlert({ title: 'zeitung.de entered the top 1 of DE (rank 1, 5,500 impressions in 24 hours)', rule_name: 'Zeitung on top', link: '/articles?domain=zeitung.de&country=DE&period=24h' })
    expect(Notification.shown).toEqual([{ title: 'Feedlens alert: Zeitung on top', body: 'zeitung.de entered the top 1 of DE (rank 1, 5,500 impressions in 24 hours)' }])
    expect(win.webContents.sent).toEqual([])
    Notification.last!.listeners.get('click')!()
    expect(win.focused).toBe(1)
    expect(win.webContents.sent).toEqual([[IPC_CHANNELS.navigate, '/articles?domain=zeitung.de&country=DE&period=24h']])
  })
})

describe('files in', () => {
  it('File > Import opens a dialog of the importer\'s formats, imports the chosen files where they lie and says which were not', async () => {
    const { desktop, jobs, dir } = makeShell()
    const good = path.join(dir, 'a.csv')
    fs.writeFileSync(good, 'x\n')
    dialog.openAnswer = { canceled: false, filePaths: [good, path.join(dir, 'gone.jsonl')] }
    const answer = await desktop.chooseAndImport()
    expect(dialog.openCalls[0]).toMatchObject({ properties: ['openFile', 'multiSelections'], filters: [{ name: 'Feed data', extensions: ['jsonl', 'ndjson', 'json', 'csv'] }] })
    expect(answer).toEqual({ started: 1, refused: [{ file: 'gone.jsonl', reason: 'gone.jsonl: no such file.' }] })
    expect([...jobs.views.values()].map((j) => j.message)).toEqual(['Importing a.csv'])
    expect(dialog.messages.at(-1)).toMatchObject({ message: 'A file was not imported', detail: 'gone.jsonl: no such file.' })
    dialog.openAnswer = { canceled: true, filePaths: [] }
    expect(await desktop.chooseAndImport()).toEqual({ started: 0, refused: [] })
  })

  it('a drop is checked path by path in the main process (what the window sends is not trusted)', () => {
    const { desktop, dir } = makeShell()
    const good = path.join(dir, 'b.ndjson')
    fs.writeFileSync(good, '{}\n')
    expect(desktop.importFiles([good, 'relative.csv', 42, dir])).toEqual({
      started: 1,
      refused: [
        { file: 'relative.csv', reason: 'relative.csv: not a full path.' },
        { file: '42', reason: 'Not a file path.' },
        { file: path.basename(dir), reason: `${path.basename(dir)}: Feedlens imports .jsonl, .ndjson, .json, .csv files, not files without an extension.` },
      ],
    })
  })

  it('an import\'s progress is on the taskbar, and its end a notification saying what came in', () => {
    const jobs = new HandJobs()
    const progress: Array<number | null> = []
    const notes: string[] = []
    const follower = new ImportFollower(jobs, { progress: (f) => progress.push(f), notify: (t, b) => notes.push(`${t}: ${b}`) }, 60_000)
    const a = jobs.startPathImport('/d/a.csv')
    const b = jobs.startPathImport('/d/b.csv')
    follower.follow(a, '/d/a.csv')
    follower.follow(b, '/d/b.csv')
    jobs.set(a.id, { progress: 0.5 })
    jobs.set(b.id, { progress: 0.25 })
    follower.tick()
    jobs.set(a.id, { status: 'done', progress: 1, result: { articles: 1, observationsInserted: 1200, skipped: 2, refused: false } as never })
    jobs.set(b.id, { status: 'failed', error: 'b.csv: line 1: not CSV' })
    follower.tick()
    expect(progress).toEqual([0, 0, 0.375, null])
    expect(notes).toEqual(['Import done: a.csv: 1 article, 1,200 new observations, 2 lines skipped; trends and signals are up to date.', 'Import failed: b.csv: b.csv: line 1: not CSV'])
    follower.stop()
    expect(importSummary({ result: { articles: 0, observationsInserted: 0, skipped: 0, refused: false } } as never)).toBe('0 articles, 0 new observations.')
  })

  it("a sync from Settings > Sources is followed as an import is: taskbar progress, then what came in", () => {
    const jobs = new HandJobs()
    const notes: string[] = []
    const progress: Array<number | null> = []
    const follower = new ImportFollower(jobs, { progress: (f) => progress.push(f), notify: (t, b) => notes.push(`${t}: ${b}`) }, 60_000)
    const a = jobs.startPathImport('/d/ignored')
    jobs.set(a.id, { kind: 'sync', message: 'Syncing from http://10.0.0.5:4711' } as never)
    follower.follow({ ...jobs.get(a.id)!, kind: 'sync' } as never, 'http://10.0.0.5:4711')
    jobs.set(a.id, { status: 'done', progress: 1, result: { articles: 3, observations: 5, elements: 7 } as never })
    follower.tick()
    expect(notes).toEqual(['Sync done: http://10.0.0.5:4711: 3 articles, 5 new observations; trends and signals are up to date.'])
    follower.stop()
  })
})

describe('the bridge', () => {
  it('answers the window and refuses any other sender, on the API and the desktop channels alike', async () => {
    const seen: string[] = []
    wireIpc({ fetch: (request: Request) => (seen.push(new URL(request.url).pathname), new Response('{"ok":true}', { status: 200 })) }, isTrusted as never)
    const { desktop } = makeShell()
    wireDesktopIpc(desktop, isTrusted as never)
    expect(await ipcMain.invoke(IPC_CHANNELS.request, stranger, { method: 'GET', path: '/app/status' })).toEqual({ status: 403, headers: {}, body: { detail: 'Untrusted sender' } })
    expect(seen).toEqual([])
    expect(await ipcMain.invoke(IPC_CHANNELS.request, trusted, { method: 'GET', path: '/app/status' })).toMatchObject({ status: 200, body: { ok: true } })
    for (const channel of [IPC_CHANNELS.desktopInfo, IPC_CHANNELS.desktopUpdate, IPC_CHANNELS.importPaths, IPC_CHANNELS.installCli, IPC_CHANNELS.openDataFolder]) {
      expect(() => ipcMain.invoke(channel, stranger, {}), channel).toThrow('Untrusted sender')
    }
    expect(ipcMain.invoke(IPC_CHANNELS.desktopInfo, trusted)).toMatchObject({ port: 8737, portSetting: 8737, checkUpdates: true })
    await expect(ipcMain.invoke(IPC_CHANNELS.desktopUpdate, trusted, { port: 80 })).rejects.toThrow('A port is a number from 1024 to 65535, or off.')
    await ipcMain.invoke(IPC_CHANNELS.openDataFolder, trusted)
    expect(electronShell.opened.at(-1)).toBe(desktop.info().dataDir)
  })

  it('remembers the window\'s view for the next start, from the window only', () => {
    const { desktop, settings } = makeShell()
    wireDesktopIpc(desktop, isTrusted as never)
    ipcMain.listeners.get(IPC_CHANNELS.rememberView)!(stranger, '/signals')
    expect(settings.get().lastView).toBeUndefined()
    ipcMain.listeners.get(IPC_CHANNELS.rememberView)!(trusted, `/trends/${ID}?period=7d`)
    expect(settings.get().lastView).toBe(`/trends/${ID}?period=7d`)
  })

  it('the menus\' export and theme go to the window; sections focus it and open the view', () => {
    const { desktop, win } = makeShell()
    win.webContents.emit('did-finish-load')
    const actions = desktop.menuActions()
    actions.exportView()
    actions.toggleTheme()
    actions.showSection('geography')
    expect(win.webContents.sent).toEqual([[IPC_CHANNELS.command, 'export-view'], [IPC_CHANNELS.command, 'toggle-theme'], [IPC_CHANNELS.navigate, '/geography']])
    expect(win.focused).toBe(1)
  })
})

describe('navigation and permission guards', () => {
  it('refuse every permission, keep the window on its page, open web links in the browser and the app\'s article links in the window', () => {
    hardenSessions(() => 'http://127.0.0.1:8737')
    let granted: boolean | null = null
    session.defaultSession.permissionHandler!({}, 'geolocation', (g) => (granted = g))
    expect(granted).toBe(false)
    const contents = new (class extends BrowserWindow {})({ width: 1, height: 1 }).webContents
    app.emit('web-contents-created', {}, contents)
    let prevented = 0
    const event = { preventDefault: () => prevented++ }
    contents.emit('will-navigate', event, 'https://example.com/story')
    contents.emit('will-navigate', event, `http://127.0.0.1:8737/article/${ID}`)
    contents.emit('will-attach-webview', event)
    expect(prevented).toBe(3)
    expect(electronShell.external.at(-1)).toBe('https://example.com/story')
    expect(contents.sent).toEqual([[IPC_CHANNELS.navigate, `/article/${ID}`]])
    expect(contents.openHandler!({ url: 'https://example.com/other' })).toEqual({ action: 'deny' })
    expect(electronShell.external.at(-1)).toBe('https://example.com/other')
    const headers = { responseHeaders: {} as Record<string, string[]> }
    let answered: { responseHeaders: Record<string, string[]> } | null = null
    session.defaultSession.headersHandler!(headers, (r) => (answered = r as never))
    expect(answered!.responseHeaders['Content-Security-Policy']![0]).toContain("default-src 'self'")
  })
})

describe('the loopback port', () => {
  it('falls back to a free port when the chosen one is in use, and says so; off closes it', async () => {
    const asked: number[] = []
    const closed: number[] = []
    const options: Array<{ port?: number; openInWindow?: unknown }> = []
    const start = async (_core: Core, o: { port?: number; openInWindow?: unknown }) => {
      options.push(o)
      asked.push(o.port!)
      const { port } = o
      if (port === 8737) throw Object.assign(new Error('in use'), { code: 'EADDRINUSE' })
      return { url: 'http://127.0.0.1:51234', port: 51234, close: async () => void closed.push(51234) }
    }
    const loopback = new Loopback({} as Core, () => {}, start as never)
    await loopback.apply(8737)
    expect(asked).toEqual([8737, 0])
    expect(options.every((o) => typeof o.openInWindow === 'function')).toBe(true)
    expect(loopback.port).toBe(51234)
    expect(loopback.note).toBe('Port 8737 is used by another program, so the API listens on port 51234 until Feedlens starts again (or choose another port).')
    await loopback.apply('off')
    expect(loopback.port).toBeNull()
    expect(loopback.note).toBeNull()
    expect(closed).toEqual([51234])
  })
})

describe('an article\'s cabinet_url opened in a browser while the app runs', () => {
  it('opens the article in the window and tells the browser tab so', async () => {
    const { makeWorld } = await import('../helpers/core')
    const { createHttpApp } = await import('../../electron/core/http/app')
    const w = makeWorld()
    const opened: string[] = []
    const http = createHttpApp(w.core, { openInWindow: (route) => opened.push(route) })
    const res = await http.request(`http://127.0.0.1/article/${ID.toUpperCase()}`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('The article is open in the Feedlens window.')
    expect(opened).toEqual([`/article/${ID}`])
    expect((await http.request('http://127.0.0.1/article/not-an-id')).status).toBe(404)
    // a page in the browser cannot move the window: an image of it, a script's fetch, a navigation without a click
    for (const headers of [
      { 'sec-fetch-dest': 'image', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
      { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
      { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    ]) {
      expect((await http.request(`http://127.0.0.1/article/${ID}`, { headers })).status, JSON.stringify(headers)).toBe(403)
    }
    // a person: a link clicked on another site, a link opened from another program, one of Feedlens's own pages
    for (const headers of [
      { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site', 'sec-fetch-user': '?1' } as Record<string, string>,
      { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none', 'sec-fetch-user': '?1' },
      { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' },
    ]) {
      expect((await http.request(`http://127.0.0.1/article/${ID}`, { headers })).status, JSON.stringify(headers)).toBe(200)
    }
    expect(opened).toHaveLength(4)
    // without the desktop app (feedlens serve without its window) there is no such route
    expect((await createHttpApp(w.core).request(`http://127.0.0.1/article/${ID}`)).status).toBe(404)
  })

  it('the shell brings its window forward on that route', () => {
    const { desktop, win } = makeShell()
    win.webContents.emit('did-finish-load')
    desktop.openRoute(`/article/${ID}`)
    expect(win.focused).toBe(1)
    expect(win.webContents.sent).toEqual([[IPC_CHANNELS.navigate, `/article/${ID}`]])
  })
})
