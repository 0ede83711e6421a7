import path from 'node:path'
import { Core, type CoreOptions } from './core'
import { migrationsDir, resolveDataDir, STORE_FILE } from './paths/data-dir'
import { Store } from './store/store'

export interface OpenCoreOptions extends Omit<CoreOptions, 'store'> {
  dataDir?: string
  /** Overrides the store file (':memory:' in tests). */
  storeFile?: string
  migrationsFolder?: string
}

/** Opens the store of a data folder (migrating it) and starts a core over it. */
export function openCore(options: OpenCoreOptions = {}): Core {
  const file = options.storeFile ?? path.join(resolveDataDir(options.dataDir), STORE_FILE)
  const store = Store.open({ file, migrationsFolder: options.migrationsFolder ?? migrationsDir() })
  return new Core({ ...options, store })
}
