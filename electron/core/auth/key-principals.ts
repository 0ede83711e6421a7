import type { Store } from '../store/store'
import { hashKey } from './api-keys'
import { keyPrincipal } from './authenticate'
import type { Principal } from './principal'

/** Keys remembered at most (a flood of made-up keys empties the memory rather than filling it). */
const KEPT = 1000

/**
 * Who each API key is, remembered while the store holds: a keyed request reads the key, its
 * project and plan from memory instead of three statements. A key created or revoked here, or
 * any write by another process (SQLite's data_version), makes every key be looked up again, so a
 * revoked key is refused at its next request.
 */
export class KeyPrincipals {
  private readonly kept = new Map<string, { principal: Principal } | { error: unknown }>()
  private keptAt = ''

  constructor(private readonly store: Store) {}

  principal(value: string): Principal {
    const at = `${this.store.version}|${this.store.apiKeys.changes}`
    if (at !== this.keptAt) {
      this.kept.clear()
      this.keptAt = at
    }
    const hash = hashKey(value)
    let known = this.kept.get(hash)
    if (!known) {
      try {
        known = { principal: keyPrincipal(this.store, value) }
      } catch (error) {
        known = { error }
      }
      if (this.kept.size >= KEPT) this.kept.clear()
      this.kept.set(hash, known)
    }
    if ('error' in known) throw known.error
    return known.principal
  }
}
