import { openCore } from '../bootstrap'
import { createApiKey, keyView } from '../service/keys'
import { ApiError } from '../errors'

/** `feedlens keys create`: a new key, printed once (only the key, on stdout). */
export function createKey(opts: { name: string; project?: string; internal?: boolean; countries?: string[]; dataDir?: string }): void {
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const { value } = createApiKey(
      core.store,
      { name: opts.name, projectId: opts.project, internal: opts.internal, countries: opts.countries },
      core.now(),
    )
    process.stdout.write(`${value}\n`)
  } finally {
    core.store.close()
  }
}

/** `feedlens keys list`: the keys, never their values. */
export function listKeys(opts: { json?: boolean; dataDir?: string }): void {
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const rows = core.store.apiKeys.all().map(keyView)
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`)
      return
    }
    if (rows.length === 0) {
      process.stdout.write('No API keys yet. Create one with: feedlens keys create --name NAME\n')
      return
    }
    console.table(
      rows.map((k) => ({
        id: k.id,
        name: k.name,
        owner: k.internal ? 'internal' : k.project_id,
        countries: k.countries?.join(',') ?? 'all',
        prefix: `${k.prefix}…`,
        created: k.created_at,
        status: k.revoked_at ? `revoked ${k.revoked_at}` : 'active',
      })),
    )
  } finally {
    core.store.close()
  }
}

/** `feedlens keys revoke`: the key refused from now on. */
export function revokeKey(id: string, opts: { dataDir?: string }): void {
  const core = openCore({ dataDir: opts.dataDir })
  try {
    const row = core.store.apiKeys.revoke(id, core.now().toISOString())
    if (!row) throw new ApiError(404, `No API key with id ${id}`)
    process.stdout.write(`Revoked ${row.name} (${row.id})\n`)
  } finally {
    core.store.close()
  }
}
