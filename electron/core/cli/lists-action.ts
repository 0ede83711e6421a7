import type { z } from 'zod'
import { addItemsBody, createListBody, removeItemsBody } from '../../../shared/contract/list-editing'
import { openCore } from '../bootstrap'
import type { Core } from '../core'
import { scanMentionList } from '../jobs/mention-scan'
import { appPrincipal, type Principal } from '../auth/principal'
import { chosenProject } from '../service/keys'

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

const print = (line: string) => process.stdout.write(`${line}\n`)

/** Mention lists are scanned at once, so that `lists show` has their matches. */
function scanIfMention(core: Core, listId: string): void {
  if (core.store.mentionScans.list(listId)) scanMentionList(core.store, listId, 'full', () => core.now())
}

/** `feedlens lists create`: the new list's id printed. */
export function createList(opts: { kind: string; name: string; color?: number; countries?: string[]; langs?: string[]; scope?: string; inactive?: boolean; project?: string; dataDir?: string }): Promise<void> {
  return withCore(opts.dataDir, async (core) => {
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
  })
}

/** `feedlens lists add`: the items added printed with their keys; a mention list scanned at once. */
export function addItems(listId: string, values: string[], opts: { matchType?: string; project?: string; dataDir?: string }): Promise<void> {
  return withCore(opts.dataDir, async (core) => {
    const body = parseInput(addItemsBody, { items: values.map((value) => ({ value, match_type: opts.matchType })) })
    const principal = principalFor(core, opts.project)
    const before = new Set((await core.call('getTrackingList', principal, { query: {}, params: { list_id: listId }, body: undefined })).items.map((i) => i.key))
    const after = await core.call('appAddListItems', principal, { query: {}, params: { list_id: listId }, body })
    scanIfMention(core, listId)
    for (const item of after.items.filter((i) => !before.has(i.key))) print(`${item.key}\t${item.name}${item.type ? `\t${item.type}` : ''}`)
  })
}

/** `feedlens lists remove`: the items of those keys removed. */
export function removeItems(listId: string, keys: string[], opts: { project?: string; dataDir?: string }): Promise<void> {
  return withCore(opts.dataDir, async (core) => {
    const body = parseInput(removeItemsBody, { keys })
    const list = await core.call('appRemoveListItems', principalFor(core, opts.project), { query: {}, params: { list_id: listId }, body })
    print(`${list.name}: ${list.item_count} items left`)
  })
}

/** `feedlens lists delete`: the list removed with its items. */
export function deleteList(listId: string, opts: { project?: string; dataDir?: string }): Promise<void> {
  return withCore(opts.dataDir, async (core) => {
    await core.call('appDeleteList', principalFor(core, opts.project), { query: {}, params: { list_id: listId }, body: undefined })
    print(`Deleted ${listId}`)
  })
}

/** `feedlens lists show`: every list with the usage counters, or one list and its items. */
export function showLists(listId: string | undefined, opts: { json?: boolean; project?: string; dataDir?: string }): Promise<void> {
  return withCore(opts.dataDir, async (core) => {
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
  })
}
