import { Command, Option } from 'commander'
import type * as Actions from './keys-action'
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
    .action(async (...args: Parameters<typeof Actions.createKey>) => (await import('./keys-action')).createKey(...args))

  keys
    .command('list')
    .description('list keys (never their values)')
    .option('--json', 'print JSON')
    .addOption(dataDirOption())
    .action(async (...args: Parameters<typeof Actions.listKeys>) => (await import('./keys-action')).listKeys(...args))

  keys
    .command('revoke')
    .description('revoke a key by id; requests with it get 401 from then on')
    .argument('<id>', 'the key id (see feedlens keys list)')
    .addOption(dataDirOption())
    .action(async (...args: Parameters<typeof Actions.revokeKey>) => (await import('./keys-action')).revokeKey(...args))
}
