/** The part of electron-updater's autoUpdater the app uses (injected: tests drive a fake). */
export interface Updater {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  on(event: 'update-available', listener: (info: UpdateInfo) => void): unknown
  on(event: 'update-downloaded', listener: (info: UpdateInfo) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  checkForUpdates(): Promise<unknown>
  downloadUpdate(): Promise<unknown>
  quitAndInstall(): void
}

export interface UpdateInfo {
  version: string
  releaseNotes?: string | Array<{ note: string | null }> | null
}

/** Asks the user; resolves to the index of the chosen button. */
export type Ask = (question: { message: string; detail: string; buttons: string[] }) => Promise<number>

/** The store version a release names in its notes ("Store version: 12"), or null when it names none. */
export function releaseStoreVersion(info: UpdateInfo): number | null {
  const notes = typeof info.releaseNotes === 'string' ? info.releaseNotes : (info.releaseNotes ?? []).map((n) => n.note ?? '').join('\n')
  const match = /store version:\s*(\d+)/i.exec(notes)
  return match ? Number(match[1]) : null
}

/**
 * What the app asks before downloading a new version. It always asks (so it never downloads on a
 * metered connection, or at all, without the user's yes), and says when the new version migrates
 * the store: a store a newer version has migrated cannot be opened by this one again.
 */
export function updateQuestion(info: UpdateInfo, current: { appVersion: string; storeVersion: number }): { message: string; detail: string; buttons: string[] } {
  const next = releaseStoreVersion(info)
  const store =
    next === null
      ? 'This release does not say whether it changes the store; if it does, your data is migrated when it starts, and this version cannot open it again.'
      : next !== current.storeVersion
        ? `It migrates your store (version ${current.storeVersion} to ${next}) when it starts: after that, version ${current.appVersion} cannot open it again.`
        : 'It keeps your store as it is.'
  return {
    message: `Feedlens ${info.version} is available (you have ${current.appVersion}).`,
    detail: `${store} Download it now? On a metered connection you may prefer to wait.`,
    buttons: ['Download', 'Not now'],
  }
}

/** What the app asks once a new version is downloaded (and verified): the store's change said again, before it is installed. */
export function installQuestion(info: UpdateInfo, current: { appVersion: string; storeVersion: number }): { message: string; detail: string; buttons: string[] } {
  const next = releaseStoreVersion(info)
  const store = next !== null && next !== current.storeVersion ? `On its first start it migrates your store (version ${current.storeVersion} to ${next}); version ${current.appVersion} cannot open it after that. ` : ''
  return { message: `Feedlens ${info.version} is ready.`, detail: `${store}Restart now to use it, or it is installed when you quit.`, buttons: ['Restart now', 'Later'] }
}

/**
 * Looks for a new version once (GitHub releases, from electron-builder.yml's publish): never
 * downloads without asking, and installs a downloaded one on the user's word or when the app
 * quits. Errors (offline, no release feed) are logged, never shown as a failure of the app.
 */
export async function checkForUpdate(updater: Updater, ask: Ask, current: { appVersion: string; storeVersion: number }, log: (message: string) => void): Promise<void> {
  updater.autoDownload = false
  updater.autoInstallOnAppQuit = true
  updater.on('error', (error) => log(`Update check failed: ${error.message}`))
  updater.on('update-available', (info) => {
    void ask(updateQuestion(info, current))
      .then((choice) => (choice === 0 ? updater.downloadUpdate() : undefined))
      .catch((error: Error) => log(`Update download failed: ${error.message}`))
  })
  updater.on('update-downloaded', (info) => {
    void ask(installQuestion(info, current)).then((choice) => {
      if (choice === 0) updater.quitAndInstall()
    })
  })
  try {
    await updater.checkForUpdates()
  } catch (error) {
    log(`Update check failed: ${(error as Error).message}`)
  }
}
