import fs from 'node:fs'
import path from 'node:path'
import type { KeyVault } from '../key-vault'
import type { OAuthClientConfig } from './google-client'

/**
 * The connection to Search Console: the OAuth client and the refresh token Google gave, kept in a
 * file of the data folder readable by its owner only, never in the store (whose copies and syncs
 * go places) and never in a log. The token is sealed by the vault: the OS keychain in the desktop
 * app; where no keychain is at hand (the command line) the file's permissions are its guard.
 */

export const CREDENTIALS_FILE = 'search-console-connection.json'

export interface SearchConsoleConnection {
  client: OAuthClientConfig
  refreshToken: string
  scope: string
  connectedAt: string
  /** the properties the account could read when it connected */
  sites: Array<{ siteUrl: string; permissionLevel: string }>
}

interface StoredConnection {
  version: 1
  client: OAuthClientConfig
  storage: KeyVault['storage']
  refresh_token_sealed: string
  scope: string
  connected_at: string
  sites?: Array<{ siteUrl: string; permissionLevel: string }>
}

export class ConnectionProblem extends Error {}

export const credentialsPath = (dataDir: string) => path.join(dataDir, CREDENTIALS_FILE)

export function saveConnection(dataDir: string, vault: KeyVault, connection: SearchConsoleConnection): void {
  const stored: StoredConnection = {
    version: 1,
    client: connection.client,
    storage: vault.storage,
    refresh_token_sealed: vault.seal(connection.refreshToken).toString('base64'),
    scope: connection.scope,
    connected_at: connection.connectedAt,
    sites: connection.sites,
  }
  const file = credentialsPath(dataDir)
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 })
  fs.renameSync(temporary, file)
}

/** The stored connection (null: none); a file it cannot open is a ConnectionProblem saying what to do. */
export function loadConnection(dataDir: string, vault: KeyVault): SearchConsoleConnection | null {
  const file = credentialsPath(dataDir)
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  let stored: StoredConnection
  try {
    stored = JSON.parse(text) as StoredConnection
  } catch {
    throw new ConnectionProblem(`${file} is not a connection Feedlens wrote: run feedlens gsc connect again`)
  }
  if (stored.version !== 1 || typeof stored.refresh_token_sealed !== 'string' || !stored.client?.clientId) {
    throw new ConnectionProblem(`${file} is not a connection Feedlens wrote: run feedlens gsc connect again`)
  }
  if (stored.storage !== vault.storage) {
    throw new ConnectionProblem(
      stored.storage === 'os-keychain'
        ? 'The connection was made in the desktop app and its token is sealed by the OS keychain: pull from the app, or run feedlens gsc connect here'
        : 'The connection was made on the command line: connect again from here to keep its token in the OS keychain',
    )
  }
  let refreshToken: string
  try {
    refreshToken = vault.open(Buffer.from(stored.refresh_token_sealed, 'base64'))
  } catch {
    throw new ConnectionProblem('The connection\'s token cannot be opened (the keychain changed): run feedlens gsc connect again')
  }
  return { client: stored.client, refreshToken, scope: stored.scope, connectedAt: stored.connected_at, sites: Array.isArray(stored.sites) ? stored.sites : [] }
}

/** Where a stored connection's token is kept, without opening it (null: not connected). */
export function connectionStorage(dataDir: string): { storage: KeyVault['storage']; connectedAt: string; clientId: string; sites: SearchConsoleConnection['sites'] } | null {
  try {
    const stored = JSON.parse(fs.readFileSync(credentialsPath(dataDir), 'utf8')) as StoredConnection
    if (stored.version !== 1 || !stored.client?.clientId) return null
    return { storage: stored.storage, connectedAt: stored.connected_at, clientId: stored.client.clientId, sites: Array.isArray(stored.sites) ? stored.sites : [] }
  } catch {
    return null
  }
}

/** Forgets the connection here (Google still lists the access until it is removed at myaccount.google.com/permissions). */
export function removeConnection(dataDir: string): boolean {
  try {
    fs.unlinkSync(credentialsPath(dataDir))
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}
