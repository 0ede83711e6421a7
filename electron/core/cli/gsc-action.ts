import fs from 'node:fs'
import { Presets, SingleBar } from 'cli-progress'
import { openCore } from '../bootstrap'
import { importSearchConsoleFiles, type GscImportReport, type GscSearchType } from '../ingest/search-console/gsc-import'
import { resolveDataDir } from '../paths/data-dir'
import { dataFolderVault } from '../sync/key-vault'
import { connectSearchConsole } from '../sync/search-console/connect'
import { ConnectionProblem, loadConnection, removeConnection, saveConnection } from '../sync/search-console/credentials'
import { clientConfigOfFile, GOOGLE_AUTH_URI, GOOGLE_TOKEN_URI, type OAuthClientConfig } from '../sync/search-console/google-client'
import { searchConsoleApiOptions } from '../service/site-connection'
import { pullReportFields, pullSearchConsole } from '../sync/search-console/pull'

export interface GscImportCliOptions {
  site?: string
  type?: GscSearchType
  json?: boolean
  dataDir?: string
}

const count = (n: number) => n.toLocaleString('en-US')

function describe(r: GscImportReport): string {
  const what = `${r.property} (${r.searchType === 'googleNews' ? 'Google News' : 'Discover'}), ${r.dayFrom} to ${r.dayTo}${r.filters ? `, exported with the filters ${r.filters}` : ''}`
  if (r.alreadyImported) return `${r.files.join(', ')}: imported before; nothing changed. ${what}.`
  return `${r.files.join(', ')}: ${what}: ${count(r.rows)} row${r.rows === 1 ? '' : 's'} (${r.source === 'api' ? 'by ' : ''}${r.tables.join(', ')}), ${count(r.pages)} pages, ${count(r.pagesInStore)} of them articles of the feed.`
}

/** `feedlens gsc import`: one export (or API answer file) into the store, checked whole before a row is written. */
export function gscImport(files: string[], opts: GscImportCliOptions): void {
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const report = importSearchConsoleFiles(core.store, files, { property: opts.site, searchType: opts.type })
    if (opts.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    else process.stderr.write(`${describe(report)}\n`)
  } finally {
    core.store.close()
  }
}

/** `feedlens gsc sites`: what the store holds of each property. */
export function gscSites(opts: { json?: boolean; dataDir?: string }): void {
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const sites = core.store.searchConsole.properties()
    if (opts.json) process.stdout.write(`${JSON.stringify(sites, null, 2)}\n`)
    else if (sites.length === 0) process.stdout.write('No Search Console data yet: feedlens gsc import EXPORT.zip\n')
    else for (const s of sites) process.stdout.write(`${s.property}\t${s.searchType}\t${s.dayFrom} to ${s.dayTo}\t${s.imports} import${s.imports === 1 ? '' : 's'}\n`)
  } finally {
    core.store.close()
  }
}

export interface GscConnectOptions {
  clientFile?: string
  browser: boolean
  json?: boolean
  dataDir?: string
}

export interface GscPullOptions {
  site: string
  since?: string
  type: GscSearchType
  json?: boolean
  dataDir?: string
}


function clientOf(opts: GscConnectOptions): OAuthClientConfig {
  if (opts.clientFile) {
    const client = clientConfigOfFile(fs.readFileSync(opts.clientFile, 'utf8'))
    if (!client) throw new ConnectionProblem(`${opts.clientFile} is not an OAuth client file of Google Cloud Console (a "Desktop app" client's JSON, {"installed": {"client_id": …}})`)
    return client
  }
  const clientId = process.env.FEEDLENS_GSC_CLIENT_ID
  if (!clientId) {
    throw new ConnectionProblem(
      'An OAuth client of Google Cloud Console is needed: create one of the "Desktop app" kind (APIs & Services > Credentials, with the Search Console API enabled), then --client-file client_secret_….json, or FEEDLENS_GSC_CLIENT_ID and FEEDLENS_GSC_CLIENT_SECRET',
    )
  }
  return { clientId, clientSecret: process.env.FEEDLENS_GSC_CLIENT_SECRET ?? null, authUri: GOOGLE_AUTH_URI, tokenUri: GOOGLE_TOKEN_URI }
}

/** A problem of the connection or of Google: its sentence, exit code 5 (as for an upstream of `feedlens sync`). */
function reportProblem(error: unknown): void {
  if (!(error instanceof ConnectionProblem)) throw error
  process.stderr.write(`feedlens: ${error.message}\n`)
  process.exitCode = 5
}

/** `feedlens gsc connect`: the consent in the browser, the token kept in the data folder. */
export async function gscConnect(opts: GscConnectOptions): Promise<void> {
  try {
    const dataDir = resolveDataDir(opts.dataDir)
    fs.mkdirSync(dataDir, { recursive: true })
    const result = await connectSearchConsole({
      client: clientOf(opts),
      api: searchConsoleApiOptions(),
      openUrl: async (url) => {
        process.stderr.write(`Open this address to let Feedlens read your Search Console data (read-only):\n\n  ${url}\n\nWaiting for your consent…\n`)
        if (opts.browser) {
          const { default: open } = await import('open')
          await open(url).catch(() => undefined)
        }
      },
    })
    saveConnection(dataDir, dataFolderVault, result.connection)
    if (opts.json) process.stdout.write(`${JSON.stringify({ sites: result.sites }, null, 2)}\n`)
    else {
      process.stderr.write(`Connected. The account may read ${result.sites.length} propert${result.sites.length === 1 ? 'y' : 'ies'}; pull one with feedlens gsc pull --site PROPERTY:\n`)
      for (const s of result.sites) process.stdout.write(`${s.siteUrl}\t${s.permissionLevel}\n`)
    }
  } catch (error) {
    reportProblem(error)
  }
}

/** `feedlens gsc pull`: the property's days from the API, into the store. */
export async function gscPull(opts: GscPullOptions): Promise<void> {
  const dataDir = resolveDataDir(opts.dataDir)
  let connection
  try {
    connection = loadConnection(dataDir, dataFolderVault)
    if (!connection) throw new ConnectionProblem('Not connected to Search Console yet: run feedlens gsc connect first (or import an export: feedlens gsc import EXPORT.zip)')
  } catch (error) {
    reportProblem(error)
    return
  }
  const core = openCore({ dataDir: opts.dataDir })
  const bar = process.stderr.isTTY ? new SingleBar({ format: `${opts.site} |{bar}| {value}/{total} days, {day}, ETA {eta_formatted}`, hideCursor: true }, Presets.shades_classic) : null
  try {
    let started = false
    const report = await pullSearchConsole(core.store, {
      connection,
      property: opts.site,
      searchType: opts.type,
      since: opts.since,
      now: core.now(),
      api: searchConsoleApiOptions(),
      onProgress: (done, total, day) => {
        if (!bar) return
        if (!started) bar.start(total, 0, { day })
        started = true
        bar.update(done, { day })
      },
    })
    bar?.stop()
    if (opts.json) process.stdout.write(`${JSON.stringify(pullReportFields(report), null, 2)}\n`)
    else
      process.stderr.write(
        `${report.property} (${report.searchType === 'googleNews' ? 'Google News' : 'Discover'}), ${report.dayFrom} to ${report.dayTo}: ${count(report.rows)} rows of ${report.daysWithRows} of ${report.days} days, ${report.daysImported} new or revised, in ${report.requests} requests.\n`,
      )
  } catch (error) {
    bar?.stop()
    reportProblem(error)
  } finally {
    core.store.close()
  }
}

/** `feedlens gsc disconnect`: the token forgotten here. */
export function gscDisconnect(opts: { dataDir?: string }): void {
  const removed = removeConnection(resolveDataDir(opts.dataDir))
  process.stderr.write(
    removed
      ? 'Disconnected: the token is removed from this machine. Remove Feedlens\'s access at Google too: myaccount.google.com/permissions\n'
      : 'Not connected to Search Console on this machine.\n',
  )
}
