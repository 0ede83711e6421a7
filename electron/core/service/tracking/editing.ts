import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { addItemsBody, createListBody, updateListBody } from '../../../../shared/contract/list-editing'
import { LIST_COLORS, MAX_KEYWORD_LENGTH } from '../../../../shared/contract/list-editing'
import type { ListKind } from '../../../../shared/contract/values'
import type { NewItem } from '../../store/repositories/tracking'
import type { Store } from '../../store/store'
import { normalizeDomain } from '../../domains/normalize-domain'
import { ApiError } from '../../errors'
import { withinUsageLimit } from '../../limits/usage'

/**
 * The list editor's rules (docs/contract-decisions.md, "Tracking lists"): how each kind's items
 * are written, and the plan's limits as the contract counts them. SQL stays in the store.
 */

type CreateList = z.output<typeof createListBody>
type UpdateList = z.output<typeof updateListBody>
type NewItemInput = z.output<typeof addItemsBody>['items'][number]

export function ownEditableList(store: Store, projectId: string, listId: string) {
  const list = store.tracking.owner(listId)
  if (!list || list.projectId !== projectId) throw new ApiError(404, `List ${listId} not found`)
  return list
}

export function createList(store: Store, projectId: string, input: CreateList, now: Date): string {
  const isMention = input.kind === 'mention'
  if (!isMention && (input.countries || input.langs || input.search_scope || input.active !== undefined)) {
    throw new ApiError(400, 'countries, langs, search_scope and active belong to mention lists only.')
  }
  const id = randomUUID()
  store.trackingEditor.createList({
    id,
    projectId,
    kind: input.kind,
    name: input.name,
    colorIndex: input.color_index ?? nextColor(store, projectId),
    countries: isMention ? (input.countries ?? []) : null,
    langs: isMention ? (input.langs ?? []) : null,
    searchScope: isMention ? (input.search_scope ?? 'all') : null,
    active: isMention ? (input.active ?? true) : null,
    scanStatus: isMention ? ((input.active ?? true) ? 'pending' : 'paused') : null,
    now: now.toISOString(),
  })
  return id
}

function nextColor(store: Store, projectId: string): number {
  return store.tracking.count(projectId) % LIST_COLORS
}

/** Returns true when the change alters what a mention list's scan finds (then it is scanned again). */
export function updateList(store: Store, projectId: string, listId: string, patch: UpdateList, now: Date): boolean {
  const list = ownEditableList(store, projectId, listId)
  const mentionOnly = patch.countries || patch.langs || patch.search_scope || patch.active !== undefined
  if (list.kind !== 'mention' && mentionOnly) throw new ApiError(400, 'countries, langs, search_scope and active belong to mention lists only.')
  withinUsageLimit(store, projectId, list.kind as ListKind, () =>
    store.trackingEditor.updateList(
      listId,
      {
        name: patch.name,
        colorIndex: patch.color_index,
        countries: patch.countries,
        langs: patch.langs,
        searchScope: patch.search_scope,
        active: patch.active,
      },
      now.toISOString(),
    ),
  )
  return list.kind === 'mention' && Boolean(mentionOnly)
}

export function deleteList(store: Store, projectId: string, listId: string): void {
  ownEditableList(store, projectId, listId)
  store.trackingEditor.deleteList(listId)
}

export function addItems(store: Store, projectId: string, listId: string, inputs: NewItemInput[], now: Date): number {
  const list = ownEditableList(store, projectId, listId)
  const kind = list.kind as ListKind
  const items = inputs.map((input) => normaliseItem(store, kind, input))
  return withinUsageLimit(store, projectId, kind, () => {
    const added = store.trackingEditor.addItems(listId, items, now.toISOString())
    if (added > 0) store.trackingEditor.touch(listId, now.toISOString())
    return added
  })
}

export function removeItems(store: Store, projectId: string, listId: string, keys: string[], now: Date): number {
  const list = ownEditableList(store, projectId, listId)
  return store.transaction(() => {
    const removed = store.trackingEditor.removeItems(listId, list.kind, keys)
    if (removed === 0) throw new ApiError(404, `None of these items is in the list: ${keys.join(', ')}`)
    store.trackingEditor.touch(listId, now.toISOString())
    return removed
  })
}

// ---- how each kind's items are written ----

const ENTITY_ID = /^\/(m|g|t)\/[0-9a-z_]+$/i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function normaliseItem(store: Store, kind: ListKind, input: NewItemInput): NewItem {
  if (kind !== 'mention' && input.match_type) throw new ApiError(400, 'match_type belongs to mention lists only.')
  const value = input.value.trim()
  switch (kind) {
    case 'entity': {
      const byId = store.trackingEditor.entityById(value)
      const entity = byId ?? (ENTITY_ID.test(value) ? undefined : store.trackingEditor.entitiesByName(value)[0])
      // An entity the store does not know yet is kept by what was typed and resolved when it appears.
      if (!entity) return { id: randomUUID(), key: value, name: value, type: null }
      return { id: randomUUID(), key: entity.id, name: entity.name, type: entity.type ?? 'Thing' }
    }
    case 'category': {
      const path = normaliseCategory(value)
      return { id: randomUUID(), key: path, name: path, type: null }
    }
    case 'publisher': {
      const domain = normaliseDomain(value)
      return { id: randomUUID(), key: domain, name: store.trackingEditor.publisherName(domain) ?? domain, type: null }
    }
    case 'trend': {
      if (!UUID.test(value)) throw new ApiError(400, `"${value}" is not a trend id (a UUID).`)
      const id = value.toLowerCase()
      const label = store.trackingEditor.trendLabel(id)
      if (label === null) throw new ApiError(404, `Trend ${value} not found`)
      return { id: randomUUID(), key: id, name: label, type: null }
    }
    case 'mention': {
      const keyword = normaliseKeyword(value)
      return { id: randomUUID(), key: keyword, name: keyword, type: input.match_type ?? 'broad' }
    }
  }
}

/** Category paths are slash-separated and case-sensitive: "/Business/Economy". */
export function normaliseCategory(value: string): string {
  const parts = value.split('/').map((p) => p.trim()).filter((p) => p.length > 0)
  if (parts.length === 0) throw new ApiError(400, `"${value}" is not a category path (like /Business/Economy).`)
  return `/${parts.join('/')}`
}

/** A domain in lower case without scheme, `www.`, port, path, query or fragment (400 for what is not one). */
export function normaliseDomain(value: string): string {
  const host = normalizeDomain(value)
  if (host === null) throw new ApiError(400, `"${value}" is not a publisher domain (like example.com).`)
  return host
}

/** Keywords keep their letters and case as typed, with runs of spaces made one. */
export function normaliseKeyword(value: string): string {
  const keyword = value.replace(/\s+/g, ' ').trim()
  if (!/[\p{L}\p{N}]/u.test(keyword)) throw new ApiError(400, `"${value}" has no letters or digits to look for.`)
  if (keyword.length > MAX_KEYWORD_LENGTH) throw new ApiError(400, `A keyword has at most ${MAX_KEYWORD_LENGTH} characters.`)
  return keyword
}
