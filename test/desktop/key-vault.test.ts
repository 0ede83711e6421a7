import { afterEach, describe, expect, it } from 'vitest'
import { safeStorage } from 'electron'
import { osKeychainVault } from '../../electron/main/key-vault'

const fake = safeStorage as unknown as { available: boolean; backend: string }

afterEach(() => {
  fake.available = true
  fake.backend = 'gnome_libsecret'
})

describe("the desktop app's key vault (Settings > Sources)", () => {
  it('seals a key with the OS keychain so that the store never holds it in clear, and opens it again', () => {
    const vault = osKeychainVault()!
    expect(vault.storage).toBe('os-keychain')
    const sealed = vault.seal('fl_secret_key')
    expect(sealed.toString()).not.toContain('fl_secret_key')
    expect(vault.open(sealed)).toBe('fl_secret_key')
  })

  it('is not offered where the OS has no keychain (the data folder keeps keys then)', () => {
    fake.available = false
    expect(osKeychainVault()).toBeNull()
    fake.available = true
    fake.backend = 'basic_text'
    // on Linux, a fixed password is not a keychain
    if (process.platform === 'linux') expect(osKeychainVault()).toBeNull()
    else expect(osKeychainVault()?.storage).toBe('os-keychain')
  })
})
