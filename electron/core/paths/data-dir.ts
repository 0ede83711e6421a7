import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const APP_NAME = 'Feedlens'
export const STORE_FILE = 'feedlens.db'

/**
 * The OS app-data folder, the same one Electron's app.getPath('userData') gives for
 * productName "Feedlens", so the desktop app and the CLI share one store.
 */
export function osAppDataDir(platform = process.platform, env = process.env, home = os.homedir()): string {
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_NAME)
  if (platform === 'win32') return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_NAME)
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_NAME)
}

/** --data-dir wins, then FEEDLENS_DATA_DIR, then the OS app-data folder. */
export function resolveDataDir(explicit?: string, env = process.env): string {
  if (explicit) return path.resolve(explicit)
  if (env.FEEDLENS_DATA_DIR) return path.resolve(env.FEEDLENS_DATA_DIR)
  return osAppDataDir()
}

/** Finds the shipped resources/ folder from the running module (source tree or bundle). */
export function resourcesDir(env = process.env): string {
  if (env.FEEDLENS_RESOURCES_DIR) return env.FEEDLENS_RESOURCES_DIR
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'resources')
    if (fs.existsSync(path.join(candidate, 'drizzle', 'meta', '_journal.json'))) return candidate
    dir = path.dirname(dir)
  }
  throw new Error('Feedlens cannot find its resources folder (resources/drizzle). Set FEEDLENS_RESOURCES_DIR.')
}

export function migrationsDir(): string {
  return path.join(resourcesDir(), 'drizzle')
}

/** The built renderer (out/renderer), found from the running module, or null when not built. */
export function rendererDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'out', 'renderer')
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate
    dir = path.dirname(dir)
  }
  return null
}
