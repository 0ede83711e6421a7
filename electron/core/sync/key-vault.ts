/**
 * Where the app keeps an upstream's API key (Settings > Sources): sealed by the OS keychain in
 * the desktop app (Electron's safeStorage, handed in by the shell: the core never imports
 * Electron), or as it is in the data folder where no keychain is at hand (`feedlens serve`).
 * The key is never shown again either way.
 */
export interface KeyVault {
  readonly storage: 'os-keychain' | 'data-folder'
  seal(key: string): Buffer
  open(sealed: Buffer): string
}

export const dataFolderVault: KeyVault = {
  storage: 'data-folder',
  seal: (key) => Buffer.from(key, 'utf8'),
  open: (sealed) => sealed.toString('utf8'),
}

/** A source is due a scheduled sync when it has a schedule, a key, and its last run is that long ago (or none). */
export function isSyncDue(source: { scheduleMinutes: number | null; hasKey: boolean; lastSyncedAt: string | null }, now: Date): boolean {
  if (!source.scheduleMinutes || !source.hasKey) return false
  if (!source.lastSyncedAt) return true
  return now.getTime() - Date.parse(source.lastSyncedAt) >= source.scheduleMinutes * 60_000
}
