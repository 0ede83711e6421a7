import type { SearchUpdateRow } from '../store/repositories/annotations'
import { SHIPPED_UPDATES } from '../timeline/google-updates'
import type { RequestContext } from './context'

/** Google's announced updates as the store has them: the shipped file, or a newer one imported. */

/** The updates file in force: an imported one when newer than the one shipped, else the shipped one. */
export function updatesInForce(ctx: RequestContext): { version: string; source: string; imported: boolean } {
  const version = ctx.store.settings.get('search_updates_version')
  if (version && version > SHIPPED_UPDATES.version) return { version, source: ctx.store.settings.get('search_updates_source') ?? '', imported: true }
  return { version: SHIPPED_UPDATES.version, source: SHIPPED_UPDATES.source, imported: false }
}

export function updatesTouching(ctx: RequestContext, from: string, to: string): SearchUpdateRow[] {
  const inForce = updatesInForce(ctx)
  if (inForce.imported) return ctx.store.annotations.updates(from, to)
  return SHIPPED_UPDATES.updates
    .filter((u) => u.start <= to && (u.end === null || u.end >= from))
    .map((u) => ({ id: u.id, name: u.name, kind: u.kind, dayFrom: u.start, dayTo: u.end, sourceUrl: u.source_url }))
}

