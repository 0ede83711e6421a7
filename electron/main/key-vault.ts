import { safeStorage } from 'electron'
import type { KeyVault } from '../core/sync/key-vault'

/**
 * Upstreams' API keys sealed by the OS keychain (Keychain on macOS, DPAPI on Windows, the
 * desktop's secret service on Linux) through Electron's safeStorage; null where it offers no
 * encryption (a Linux desktop without a secret service): the core then keeps keys in the data folder.
 */
export function osKeychainVault(): KeyVault | null {
  if (!safeStorage.isEncryptionAvailable()) return null
  // on Linux, "basic_text" is a fixed password, not a keychain: say so rather than claim one
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return null
  return {
    storage: 'os-keychain',
    seal: (key) => safeStorage.encryptString(key),
    open: (sealed) => safeStorage.decryptString(sealed),
  }
}
