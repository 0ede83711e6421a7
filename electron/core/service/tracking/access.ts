import type { ListKind } from '../../../../shared/contract/values'
import type { TrackingList, TrackingListRow } from '../../store/repositories/tracking'
import { addDays, DAY_MS, epochSeconds, HOUR_MS, startOfUtcDay } from '../../time/buckets'
import type { RequestContext } from '../context'
import { ApiError, TrackingApiError, ValidationApiError } from '../../errors'

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
export function ownList(ctx: RequestContext, listId: string): TrackingList {
  return owned(ctx, listId, (store) => store.tracking.head(listId))
}

/** The same with its counts of matches and new publications (the list's own answer: they grow with its matches). */
export function ownListWithCounts(ctx: RequestContext, listId: string): TrackingListRow {
  return owned(ctx, listId, (store) => store.tracking.list(listId, epochSeconds(ctx.now) - 24 * 3600))
}

/** The list `read` gives when the caller's project owns it (the project is checked first: a key without one is a 403). */
function owned<T extends TrackingList>(ctx: RequestContext, listId: string, read: (store: RequestContext['store']) => T | undefined): T {
  const projectId = trackingProject(ctx)
  const list = read(ctx.store)
  if (!list || list.projectId !== projectId) throw new ApiError(404, `List ${listId} not found`)
  return list
}

export function assertKind(list: TrackingList, allowed: ListKind[], method: string): void {
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

/** The most steps (hours or days) one window may hold: sparklines fold into 24 points, but a mention list's timeseries has one point a step. */
export const MAX_WINDOW_STEPS = 24 * 183

/**
 * The window of a metrics, roll-up or matches request. The plan's history depth moves a too
 * early start silently (the actual window is reported in scope); a custom window is also cut to
 * the data that exists (from the day of the store's first observation) and to now, so that asking
 * for the years 0001 to 9999 costs what the data costs. The comparison window is the one of the
 * same length just before. A window of more steps than one answer holds is refused with a 422
 * that says why (grain: the step of the sparklines and timeseries; null when the method has none).
 */
export function resolveWindow(
  ctx: RequestContext,
  period: '24h' | '7d' | '30d' | 'custom',
  dateFrom: Date | undefined,
  dateTo: Date | undefined,
  historyDays: number | null,
  grain: 'hour' | 'day' | null = null,
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
  if (period === 'custom') {
    const dataStart = ctx.store.geo.firstDataAt()
    const cutFrom = dataStart && from < startOfUtcDay(dataStart) ? startOfUtcDay(dataStart) : from
    const cutTo = to > ctx.now ? ctx.now : to
    // a window wholly outside the data stays as asked (it holds nothing, and is checked for size below)
    if (cutFrom < cutTo) {
      clamped = cutFrom !== from || cutTo !== to
      from = cutFrom
      to = cutTo
    }
  }
  if (historyDays !== null) {
    const earliest = addDays(ctx.now, -historyDays)
    if (from < earliest) {
      from = earliest
      clamped = true
    }
    if (to <= from) to = new Date(from.getTime() + 1000)
  }
  if (grain !== null) assertWindowSize(from, to, grain)
  const length = to.getTime() - from.getTime()
  return { from, to, prevFrom: new Date(from.getTime() - length), prevTo: from, clamped }
}

function assertWindowSize(from: Date, to: Date, grain: 'hour' | 'day'): void {
  const step = grain === 'hour' ? HOUR_MS : DAY_MS
  const steps = Math.ceil((to.getTime() - from.getTime()) / step)
  if (steps <= MAX_WINDOW_STEPS) return
  const days = Math.ceil((to.getTime() - from.getTime()) / DAY_MS).toLocaleString('en-US')
  throw new ValidationApiError([
    grain === 'hour'
      ? {
          loc: ['query', 'grain'],
          msg: `A window of ${days} days holds ${steps.toLocaleString('en-US')} hourly steps; one answer holds at most ${MAX_WINDOW_STEPS.toLocaleString('en-US')} (183 days of hours): use grain=day or a shorter window`,
          type: 'value_error',
        }
      : {
          loc: ['query', 'date_from'],
          msg: `A window of ${days} days holds more than ${MAX_WINDOW_STEPS.toLocaleString('en-US')} daily steps: choose a shorter window`,
          type: 'value_error',
        },
  ])
}

export function historyDaysOf(ctx: RequestContext): number | null {
  const p = ctx.principal
  if (p.kind === 'project-key' || p.kind === 'internal-key') return p.plan.historyDays
  if (p.kind === 'app') return p.plan?.historyDays ?? null
  return null
}
