import { Command, Option } from 'commander'
import { openCore } from '../bootstrap'
import { createApiKey, keyView } from '../service/keys'
import { ApiError } from '../service/errors'
import { dataDirOption, parseCountries } from './options'

export function registerKeysCommands(program: Command): void {
  const keys = program.command('keys').description('manage API keys for the loopback API')

  keys
    .command('create')
    .description('create a key and print it (only the key, on stdout); it is shown once')
    .requiredOption('--name <name>', 'a descriptive name')
    .addOption(new Option('--project <id>', 'the project (may be left out when the store has one)').conflicts('internal'))
    .option('--internal', 'a key not tied to a project')
    .option('--countries <codes>', 'limit the key to these countries, e.g. US,DE', parseCountries)
    .addOption(dataDirOption())
    .action((opts: { name: string; project?: string; internal?: boolean; countries?: string[]; dataDir?: string }) => {
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
    })

  keys
    .command('list')
    .description('list keys (never their values)')
    .option('--json', 'print JSON')
    .addOption(dataDirOption())
    .action((opts: { json?: boolean; dataDir?: string }) => {
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
    })

  keys
    .command('revoke')
    .description('revoke a key by id; requests with it get 401 from then on')
    .argument('<id>', 'the key id (see feedlens keys list)')
    .addOption(dataDirOption())
    .action((id: string, opts: { dataDir?: string }) => {
      const core = openCore({ dataDir: opts.dataDir })
      try {
        const row = core.store.apiKeys.revoke(id, core.now().toISOString())
        if (!row) throw new ApiError(404, `No API key with id ${id}`)
        process.stdout.write(`Revoked ${row.name} (${row.id})\n`)
      } finally {
        core.store.close()
      }
    })
}
