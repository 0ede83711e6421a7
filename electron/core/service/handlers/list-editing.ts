import type { HandlerMap } from '../handler-types'
import { ApiError } from '../../errors'
import { addItems, createList, deleteList, ownEditableList, removeItems, updateList } from '../tracking/editing'
import { trackingProject } from '../tracking/access'
import { trackingHandlers } from './tracking'

type ListEditingRoutes = 'appListSuggestions' | 'appCreateList' | 'appUpdateList' | 'appDeleteList' | 'appAddListItems' | 'appRemoveListItems' | 'appScanList'

const detail = (ctx: Parameters<typeof trackingHandlers.getTrackingList>[0], listId: string) =>
  trackingHandlers.getTrackingList(ctx, { params: { list_id: listId }, query: {}, body: undefined })

export const listEditingHandlers: HandlerMap<ListEditingRoutes> = {
  appListSuggestions(ctx, { query }) {
    return { suggestions: ctx.store.trackingEditor.suggestions(query.kind, query.q || null, query.limit) }
  },
  appCreateList(ctx, { body }) {
    const listId = createList(ctx.store, trackingProject(ctx), body, ctx.now)
    ctx.store.changed('lists')
    return detail(ctx, listId)
  },
  appUpdateList(ctx, { params, body }) {
    if (updateList(ctx.store, trackingProject(ctx), params.list_id, body, ctx.now)) ctx.scanner.request(params.list_id, 'full')
    ctx.store.changed('lists')
    return detail(ctx, params.list_id)
  },
  appDeleteList(ctx, { params }) {
    deleteList(ctx.store, trackingProject(ctx), params.list_id)
    ctx.store.changed('lists')
    return { deleted: params.list_id }
  },
  appAddListItems(ctx, { params, body }) {
    const added = addItems(ctx.store, trackingProject(ctx), params.list_id, body.items, ctx.now)
    if (added > 0) {
      ctx.scanner.request(params.list_id, 'full')
      ctx.store.changed('lists')
    }
    return detail(ctx, params.list_id)
  },
  appRemoveListItems(ctx, { params, body }) {
    removeItems(ctx.store, trackingProject(ctx), params.list_id, body.keys, ctx.now)
    // Matches of removed keywords go with them (cascade); nothing to scan again.
    ctx.store.changed('lists')
    return detail(ctx, params.list_id)
  },
  appScanList(ctx, { params }) {
    const list = ownEditableList(ctx.store, trackingProject(ctx), params.list_id)
    if (list.kind !== 'mention') throw new ApiError(400, 'Only mention lists are scanned for keywords.')
    ctx.scanner.request(params.list_id, 'full')
    return detail(ctx, params.list_id)
  },
}
