import { findKinds } from '../../../../shared/contract/find'
import type { HandlerMap } from '../handler-types'

const ORDER = new Map<string, number>(findKinds.map((k, i) => [k, i]))

export const findHandlers: HandlerMap<'appFind'> = {
  appFind(ctx, { query }) {
    const projectId = ctx.principal.kind === 'app' ? ctx.principal.projectId : null
    const results = ctx.store.find
      .find(query.q, projectId, query.limit)
      .sort((a, b) => ORDER.get(a.kind)! - ORDER.get(b.kind)!)
      .map((r) => ({ kind: r.kind, id: r.id, label: r.label, detail: r.detail, count: r.count }))
    return { q: query.q, results }
  },
}
