import { randomUUID } from 'node:crypto'
import type { SavedViewRow } from '../../store/repositories/saved-views'
import { ApiError } from '../../errors'
import type { RequestContext } from '../context'
import type { HandlerMap } from '../handler-types'

/** A saved view as the window and scripts read it. */
const viewOf = (v: SavedViewRow) => ({ id: v.id, name: v.name, path: v.path, created_at: v.createdAt, updated_at: v.updatedAt })

/** At most this many saved views: the sidebar lists them all. */
export const MAX_SAVED_VIEWS = 200

function known(ctx: RequestContext, id: string): SavedViewRow {
  const view = ctx.store.views.get(id)
  if (!view) throw new ApiError(404, 'No saved view of that id.')
  return view
}

function nameFree(ctx: RequestContext, name: string, except?: string): void {
  const taken = ctx.store.views.named(name)
  if (taken && taken.id !== except) throw new ApiError(409, `A view is already saved as “${taken.name}”: choose another name, or rename that one.`)
}

export const viewHandlers: HandlerMap<'appListViews' | 'appSaveView' | 'appUpdateView' | 'appRemoveView'> = {
  appListViews(ctx) {
    return { views: ctx.store.views.all().map(viewOf) }
  },

  appSaveView(ctx, { body }) {
    nameFree(ctx, body.name)
    if (ctx.store.views.count() >= MAX_SAVED_VIEWS) throw new ApiError(409, `${MAX_SAVED_VIEWS} views are saved already: remove one first.`)
    const id = randomUUID()
    ctx.store.views.create({ id, name: body.name, path: body.path, now: ctx.now.toISOString() })
    return { view: viewOf(known(ctx, id)) }
  },

  appUpdateView(ctx, { params, body }) {
    known(ctx, params.view_id)
    if (body.name !== undefined) nameFree(ctx, body.name, params.view_id)
    ctx.store.views.update(params.view_id, { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.path !== undefined ? { path: body.path } : {}) }, ctx.now.toISOString())
    return { view: viewOf(known(ctx, params.view_id)) }
  },

  appRemoveView(ctx, { params }) {
    known(ctx, params.view_id)
    ctx.store.views.remove(params.view_id)
    return { removed: params.view_id }
  },
}
