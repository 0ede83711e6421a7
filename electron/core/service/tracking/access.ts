import type { ListKind } from '../../../../shared/contract/values'
import type { TrackingListRow } from '../../store/repositories/tracking'
import { addDays, epochSeconds } from '../../time/buckets'
import type { RequestContext } from '../context'
import { ApiError, TrackingApiError, ValidationApiError } from '../errors'

/** The project a tracking request acts for; internal keys only through an explicit project_id. */
export function trackingProject(ctx: RequestContext, explicitProjectId?: string): string {
  const p = ctx.principal
  if (p.kind === 'project-key') return p.projectId
  if (p.kind === 'app' && p.projectId) return p.projectId
  if (p.kind === 'internal-key' && explicitProjectId) return explicitProjectId
  throw new TrackingApiError(
    403,
    'project_key_required',
    p.kind === 'internal-key'
      ? 'This key is not tied to a project: tracking methods need a project key (the list index also takes project_id with an internal key).'
      : 'Tracking methods need a project key.',
  )
}

/** A list of the caller's project, or 404 (another project's list looks exactly like an unknown one). */
export function ownList(ctx: RequestContext, listId: string): TrackingListRow {
  const projectId = trackingProject(ctx)
  const list = ctx.store.tracking.list(listId, epochSeconds(ctx.now) - 24 * 3600)
  if (!list || list.projectId !== projectId) throw new ApiError(404, `List ${listId} not found`)
  return list
}

export function assertKind(list: TrackingListRow, allowed: ListKind[], method: string): void {
  if (!allowed.includes(list.kind as ListKind)) {
    throw new TrackingApiError(
      400,
      'kind_mismatch',
      `${method} is available for ${allowed.join(', ')} lists; this list is of kind ${list.kind}.`,
    )
  }
}

export interface Window {
  from: Date
  to: Date
  prevFrom: Date
  prevTo: Date
  clamped: boolean
}

const PERIOD_DAYS = { '24h': 1, '7d': 7, '30d': 30 } as const

/**
 * The window of a metrics, roll-up or matches request. The plan's history depth moves a too
 * early start silently (the actual window is reported in scope); the comparison window is
 * the one of the same length just before.
 */
export function resolveWindow(
  ctx: RequestContext,
  period: '24h' | '7d' | '30d' | 'custom',
  dateFrom: Date | undefined,
  dateTo: Date | undefined,
  historyDays: number | null,
): Window {
  let from: Date
  let to: Date
  if (period === 'custom') {
    if (!dateFrom || !dateTo) {
      throw new ValidationApiError(
        (['date_from', 'date_to'] as const)
          .filter((name) => (name === 'date_from' ? !dateFrom : !dateTo))
          .map((name) => ({ loc: ['query', name], msg: 'Field required when period=custom', type: 'missing' })),
      )
    }
    from = dateFrom
    to = dateTo
  } else {
    to = dateTo ?? ctx.now
    from = dateFrom ?? addDays(to, -PERIOD_DAYS[period])
  }
  if (from.getTime() >= to.getTime()) throw new ApiError(400, 'date_from must be earlier than date_to.')
  let clamped = false
  if (historyDays !== null) {
    const earliest = addDays(ctx.now, -historyDays)
    if (from < earliest) {
      from = earliest
      clamped = true
    }
    if (to <= from) to = new Date(from.getTime() + 1000)
  }
  const length = to.getTime() - from.getTime()
  return { from, to, prevFrom: new Date(from.getTime() - length), prevTo: from, clamped }
}

export function historyDaysOf(ctx: RequestContext): number | null {
  const p = ctx.principal
  if (p.kind === 'project-key' || p.kind === 'internal-key') return p.plan.historyDays
  if (p.kind === 'app') return p.plan?.historyDays ?? null
  return null
}
