import { Command, Option } from 'commander'
import { listKinds, matchTypes, searchScopes } from '../../../shared/contract/values'
import type * as Actions from './lists-action'
import { dataDirOption, parseCountries } from './options'

const projectOption = () => new Option('--project <id>', 'the project (may be left out when the store has one)')

export function registerListsCommands(program: Command): void {
  const lists = program.command('lists').description('tracking lists: create, fill and inspect them (the same rules as the app)')

  lists
    .command('create')
    .description('create a list and print its id')
    .addOption(new Option('--kind <kind>', 'what the list tracks').choices(listKinds).makeOptionMandatory())
    .requiredOption('--name <name>', 'the list name')
    .option('--color <n>', 'colour index, 0 to 11', (v) => Number(v))
    .option('--countries <codes>', 'mention lists: markets to search, e.g. US,DE (default: all)', parseCountries)
    .option('--langs <codes>', 'mention lists: languages to search, e.g. en,de (default: all)', (v) => v.split(',').map((l) => l.trim()))
    .addOption(new Option('--scope <scope>', 'mention lists: where to look for keywords').choices(searchScopes))
    .option('--inactive', 'mention lists: create it switched off (not scanned, not counted in usage)')
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action(async (...args: Parameters<typeof Actions.createList>) => (await import('./lists-action')).createList(...args))

  lists
    .command('add')
    .description('add items and print their keys (for mention lists, the keyword ids); mention lists are scanned at once')
    .argument('<list-id>', 'the list')
    .argument('<values...>', 'entity ids or names, category paths, publisher domains, trend ids or keywords')
    .addOption(new Option('--match-type <type>', 'mention lists: how keywords match').choices(matchTypes))
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action(async (...args: Parameters<typeof Actions.addItems>) => (await import('./lists-action')).addItems(...args))

  lists
    .command('remove')
    .description('remove items by key')
    .argument('<list-id>', 'the list')
    .argument('<keys...>', 'item keys as `lists show` prints them')
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action(async (...args: Parameters<typeof Actions.removeItems>) => (await import('./lists-action')).removeItems(...args))

  lists
    .command('delete')
    .description('delete a list with its items')
    .argument('<list-id>', 'the list')
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action(async (...args: Parameters<typeof Actions.deleteList>) => (await import('./lists-action')).deleteList(...args))

  lists
    .command('show')
    .description('without a list id: every list with the usage counters; with one: the list and its items')
    .argument('[list-id]', 'the list')
    .option('--json', 'print JSON (the same shape as the API)')
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action(async (...args: Parameters<typeof Actions.showLists>) => (await import('./lists-action')).showLists(...args))
}
