import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime'
import { AppImageUpdater } from 'electron-updater'
import type { AppAdapter } from 'electron-updater/out/AppAdapter'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http, { type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { checkForUpdate, type Updater } from '../../electron/main/updates'
import { tempDir } from '../helpers/core'

/**
 * electron-updater itself (the AppImage updater, as a Linux install runs it) against a release
 * feed served over loopback, the way electron-builder publishes one: latest-linux.yml naming the
 * new AppImage with its size and sha512, and release notes naming the store version. Only what
 * needs the Electron binary is stood in for: the app (its version and folders) and the HTTP
 * client (Electron's net, here Node's http).
 */

/** Electron's net stood in for by Node's http, downloading as electron-updater's own executor does. */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return http.request(options, callback)
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined }
      configureRequestUrl(url, requestOptions)
      configureRequestOptions(requestOptions)
      this.doDownload(requestOptions, { destination, options, onCancel, responseHandler: null, callback: (error) => (error == null ? resolve(destination) : reject(error)) }, 0)
    })
  }
}

/** An installed app of this version, its app-update.yml (as electron-builder writes it into resources/) naming the feed. */
function installedApp(version: string): AppAdapter {
  const folder = tempDir('feedlens-installed-app-')
  fs.writeFileSync(path.join(folder, 'app-update.yml'), `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: feedlens-updater\n`)
  return {
    version,
    name: 'Feedlens',
    isPackaged: true,
    appUpdateConfigPath: path.join(folder, 'app-update.yml'),
    userDataPath: path.join(folder, 'user-data'),
    baseCachePath: path.join(folder, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => {},
    quit: () => {},
    onQuit: () => {},
  }
}

const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64')

/** A release as electron-builder publishes it; `servedPayload` is what the server sends for the AppImage (a tampered one, say). */
interface Release {
  version: string
  payload: Buffer
  servedPayload?: Buffer
  notes: string
}

let release: Release
let requests: string[] = []
let feed: http.Server
let feedUrl: string

beforeAll(async () => {
  feed = http.createServer((req, res) => {
    requests.push(req.url ?? '')
    const file = `Feedlens-${release.version}.AppImage`
    if (req.url?.startsWith('/latest-linux.yml')) {
      res.setHeader('content-type', 'text/yaml')
      res.end(
        [
          `version: ${release.version}`,
          'files:',
          `  - url: ${file}`,
          `    sha512: ${sha512(release.payload)}`,
          `    size: ${release.payload.length}`,
          `path: ${file}`,
          `sha512: ${sha512(release.payload)}`,
          `releaseDate: '2026-11-27T00:00:00.000Z'`,
          `releaseNotes: '${release.notes}'`,
          '',
        ].join('\n'),
      )
    } else if (req.url === `/${file}`) {
      const body = release.servedPayload ?? release.payload
      res.setHeader('content-length', body.length)
      res.end(body)
    } else {
      res.statusCode = 404
      res.end()
    }
  })
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve))
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/`
})

afterAll(() => {
  feed?.close()
})

const appImageBefore = process.env.APPIMAGE
afterEach(() => {
  if (appImageBefore === undefined) delete process.env.APPIMAGE
  else process.env.APPIMAGE = appImageBefore
})

/** The updater of an installed 0.1.0 on store version 14, the app's own checkForUpdate driving it; every question answered yes. */
function checkAsInstalled() {
  // the running AppImage, which an update replaces
  process.env.APPIMAGE = path.join(tempDir(), 'Feedlens-0.1.0.AppImage')
  fs.writeFileSync(process.env.APPIMAGE, 'the installed version')
  const updater = new AppImageUpdater(null, installedApp('0.1.0'))
  Object.assign(updater, { httpExecutor: new NodeHttpExecutor() })
  updater.logger = null
  updater.disableDifferentialDownload = true
  const questions: Array<{ message: string; detail: string }> = []
  const log: string[] = []
  let downloaded: (file: string) => void
  const ready = new Promise<string>((resolve) => (downloaded = resolve))
  updater.on('update-downloaded', (info: { downloadedFile: string }) => downloaded(info.downloadedFile))
  const failed = new Promise<string>((resolve) => updater.on('error', (error: Error) => resolve(error.message)))
  const checked = checkForUpdate(
    updater as unknown as Updater,
    async (question) => {
      questions.push(question)
      // yes to the download; later to the restart
      return question.buttons[0] === 'Download' ? 0 : 1
    },
    { appVersion: '0.1.0', storeVersion: 14 },
    (message) => log.push(message),
  )
  return { updater, questions, log, ready, failed, checked }
}

describe('an update from the release feed', () => {
  it('is offered with the store change it brings, downloaded on a yes, verified, and announced again before it installs', async () => {
    requests = []
    release = { version: '0.2.0', payload: randomBytes(256 * 1024), notes: 'Faster imports. Store version: 15' }
    const run = checkAsInstalled()
    await run.checked
    const file = await run.ready
    expect(fs.readFileSync(file).equals(release.payload)).toBe(true)
    expect(requests.some((r) => r.startsWith('/latest-linux.yml'))).toBe(true)
    expect(requests).toContain('/Feedlens-0.2.0.AppImage')
    expect(run.questions.map((q) => q.message)).toEqual(['Feedlens 0.2.0 is available (you have 0.1.0).', 'Feedlens 0.2.0 is ready.'])
    expect(run.questions[0]!.detail).toMatch(/^It migrates your store \(version 14 to 15\) when it starts: after that, version 0\.1\.0 cannot open it again\./)
    expect(run.questions[1]!.detail).toBe('On its first start it migrates your store (version 14 to 15); version 0.1.0 cannot open it after that. Restart now to use it, or it is installed when you quit.')
    expect(run.log).toEqual([])
  })

  it('is refused when the download is not the file the feed names (its sha512 differs): nothing is offered to install', async () => {
    const payload = randomBytes(128 * 1024)
    const tampered = Buffer.from(payload)
    tampered[1000] = tampered[1000]! ^ 0xff
    release = { version: '0.3.0', payload, servedPayload: tampered, notes: 'Store version: 14' }
    const run = checkAsInstalled()
    await run.checked
    expect(await run.failed).toMatch(/sha512 checksum mismatch/)
    // the shell's handling of the failure ends with its log line: then nothing more is asked
    await expect.poll(() => run.log.join('\n')).toMatch(/^Update (check|download) failed: .*sha512 checksum mismatch/m)
    expect(run.questions.map((q) => q.message)).toEqual(['Feedlens 0.3.0 is available (you have 0.1.0).'])
    expect(run.questions[0]!.detail).toMatch(/^It keeps your store as it is\./)
  })

  it('is not offered when the feed has nothing newer', async () => {
    release = { version: '0.1.0', payload: randomBytes(1024), notes: 'Store version: 14' }
    const run = checkAsInstalled()
    await run.checked
    expect(run.questions).toEqual([])
    expect(run.log).toEqual([])
  })
})
