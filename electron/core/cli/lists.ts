import { Command, Option } from 'commander'
import type { z } from 'zod'
import { addItemsBody, createListBody, removeItemsBody } from '../../../shared/contract/list-editing'
import { listKinds, matchTypes, searchScopes } from '../../../shared/contract/values'
import { openCore } from '../bootstrap'
import type { Core } from '../core'
import { scanMentionList } from '../jobs/mention-scan'
import { appPrincipal, type Principal } from '../auth/principal'
import { chosenProject } from '../service/keys'
import { dataDirOption, parseCountries } from './options'

/** Checks CLI input with the same schema the app's methods use, and says what is wrong in words. */
function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  throw new Error(parsed.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '))
}

/** The project the command acts for, as the window would: --project, or the store's only project. */
function principalFor(core: Core, projectId: string | undefined): Principal {
  const project = chosenProject(core.store, projectId, {
    none: 'There is no project yet (feedlens demo creates the demo project).',
    several: 'This store has several projects: say which one with --project.',
  })
  return appPrincipal(core.store, project.id)
}

async function withCore<T>(dataDir: string | undefined, work: (core: Core) => T | Promise<T>): Promise<T> {
  const core = openCore({ dataDir })
  try {
    return await work(core)
  } finally {
    core.close()
  }
}

const projectOption = () => new Option('--project <id>', 'the project (may be left out when the store has one)')
const print = (line: string) => process.stdout.write(`${line}\n`)

/** Mention lists are scanned at once, so that `lists show` has their matches. */
function scanIfMention(core: Core, listId: string): void {
  if (core.store.mentionScans.list(listId)) scanMentionList(core.store, listId, 'full', () => core.now())
}

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
    .action((opts: { kind: string; name: string; color?: number; countries?: string[]; langs?: string[]; scope?: string; inactive?: boolean; project?: string; dataDir?: string }) =>
      withCore(opts.dataDir, async (core) => {
        const body = parseInput(createListBody, {
          kind: opts.kind,
          name: opts.name,
          color_index: opts.color,
          countries: opts.countries,
          langs: opts.langs,
          search_scope: opts.scope,
          active: opts.inactive ? false : undefined,
        })
        const list = await core.call('appCreateList', principalFor(core, opts.project), { query: {}, params: undefined, body })
        print(list.id)
      }),
    )

  lists
    .command('add')
    .description('add items and print their keys (for mention lists, the keyword ids); mention lists are scanned at once')
    .argument('<list-id>', 'the list')
    .argument('<values...>', 'entity ids or names, category paths, publisher domains, trend ids or keywords')
    .addOption(new Option('--match-type <type>', 'mention lists: how keywords match').choices(matchTypes))
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action((listId: string, values: string[], opts: { matchType?: string; project?: string; dataDir?: string }) =>
      withCore(opts.dataDir, async (core) => {
        const body = parseInput(addItemsBody, { items: values.map((value) => ({ value, match_type: opts.matchType })) })
        const principal = principalFor(core, opts.project)
        const before = new Set((await core.call('getTrackingList', principal, { query: {}, params: { list_id: listId }, body: undefined })).items.map((i) => i.key))
        const after = await core.call('appAddListItems', principal, { query: {}, params: { list_id: listId }, body })
        scanIfMention(core, listId)
        for (const item of after.items.filter((i) => !before.has(i.key))) print(`${item.key}\t${item.name}${item.type ? `\t${item.type}` : ''}`)
      }),
    )

  lists
    .command('remove')
    .description('remove items by key')
    .argument('<list-id>', 'the list')
    .argument('<keys...>', 'item keys as `lists show` prints them')
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action((listId: string, keys: string[], opts: { project?: string; dataDir?: string }) =>
      withCore(opts.dataDir, async (core) => {
        const body = parseInput(removeItemsBody, { keys })
        const list = await core.call('appRemoveListItems', principalFor(core, opts.project), { query: {}, params: { list_id: listId }, body })
        print(`${list.name}: ${list.item_count} items left`)
      }),
    )

  lists
    .command('delete')
    .description('delete a list with its items')
    .argument('<list-id>', 'the list')
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action((listId: string, opts: { project?: string; dataDir?: string }) =>
      withCore(opts.dataDir, async (core) => {
        await core.call('appDeleteList', principalFor(core, opts.project), { query: {}, params: { list_id: listId }, body: undefined })
        print(`Deleted ${listId}`)
      }),
    )

  lists
    .command('show')
    .description('without a list id: every list with the usage counters; with one: the list and its items')
    .argument('[list-id]', 'the list')
    .option('--json', 'print JSON (the same shape as the API)')
    .addOption(projectOption())
    .addOption(dataDirOption())
    .action((listId: string | undefined, opts: { json?: boolean; project?: string; dataDir?: string }) =>
      withCore(opts.dataDir, async (core) => {
        const principal = principalFor(core, opts.project)
        if (listId) {
          const list = await core.call('getTrackingList', principal, { query: {}, params: { list_id: listId }, body: undefined })
          if (opts.json) {
            print(JSON.stringify(list, null, 2))
            return
          }
          print(`${list.name} (${list.kind}, ${list.item_count} items)  ${list.id}`)
          if (list.kind === 'mention') {
            print(
              `  scan: ${list.scan_status}, last ${list.last_scanned_at ?? 'never'}; ${list.matches_count} matches, ` +
                `${list.new_publications_24h} new publications in 24 h; scope ${list.search_scope}; ` +
                `countries ${list.countries?.join(',') || 'all'}; languages ${list.langs?.join(',') || 'all'}`,
            )
          }
          for (const i of list.items) {
            const extra = list.kind === 'mention' ? `${i.type}\t${i.matches_count} matches` : (i.type ?? (list.kind === 'entity' ? 'unresolved' : ''))
            print(`  ${i.key}\t${i.name}\t${extra}`)
          }
          return
        }
        const index = await core.call('listTrackingLists', principal, { query: { limit: 200, offset: 0 }, params: undefined, body: undefined })
        if (opts.json) {
          print(JSON.stringify(index, null, 2))
          return
        }
        for (const l of index.lists) print(`${l.id}\t${l.kind}\t${l.item_count} items\t${l.name}`)
        print(
          `usage: ${Object.entries(index.usage)
            .map(([kind, u]) => `${kind} ${u.used}/${u.limit ?? '∞'}`)
            .join(', ')}`,
        )
      }),
    )
}
