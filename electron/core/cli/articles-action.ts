import { openCore } from '../bootstrap'
import { refreshAnalyticsAndWait, reportSkipped } from '../jobs/refresh'
import { acquireImportLock } from '../store/import-lock'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Removes the articles named, inside the store's import lock (one writer across processes), then refreshes what depends on them. */
export async function removeArticles(ids: string[], opts: { dataDir?: string; refresh: boolean }): Promise<void> {
  const bad = ids.filter((id) => !UUID.test(id))
  if (bad.length > 0) throw new Error(`Not article ids: ${bad.slice(0, 5).join(', ')}. An article's id is a UUID, as the methods and the window show it.`)
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const release = await acquireImportLock(core.store.file, { file: `removing ${ids.length} articles` }, (other) =>
      process.stderr.write(`Another import (process ${other.pid}, ${other.file}) is writing to this store; the removal starts when it is done.\n`),
    )
    try {
      const removed = core.store.removeArticles(ids.map((id) => id.toLowerCase()), core.now())
      const unknown = ids.length - removed.length
      process.stderr.write(`Removed ${removed.length} article${removed.length === 1 ? '' : 's'}${unknown > 0 ? `; ${unknown} not in this store` : ''}.\n`)
      if (opts.refresh && removed.length > 0) {
        await refreshAnalyticsAndWait(core.store, core.now())
        reportSkipped(core.store, (m) => process.stderr.write(`${m}\n`))
        process.stderr.write('Trends and signals are up to date.\n')
      }
      if (removed.length === 0) process.exitCode = 1
    } finally {
      release()
    }
  } finally {
    core.close()
  }
}
