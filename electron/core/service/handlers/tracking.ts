import { epochSeconds } from '../../time/buckets'
import type { HandlerMap } from '../handler-types'
import { usageOf } from '../../limits/usage'
import { assertKind, ownList, ownListWithCounts, trackingProject } from '../tracking/access'
import { listMatches, listMatchesPaged } from '../tracking/matches'
import { listMetrics, listSeries } from '../tracking/metrics'
import { listRollup } from '../tracking/rollup'
import { listDetail, listSummary } from '../tracking/views'

type TrackingRoutes = 'listTrackingLists' | 'getTrackingList' | 'getTrackingMetrics' | 'getTrackingRollup' | 'getTrackingMatches' | 'appListMatches' | 'appTrackingSeries'

export const trackingHandlers: HandlerMap<TrackingRoutes> = {
  listTrackingLists(ctx, { query }) {
    const projectId = trackingProject(ctx, query.project_id)
    const { rows, total } = ctx.store.tracking.lists(projectId, query.kind, epochSeconds(ctx.now) - 24 * 3600, query.limit, query.offset)
    return { lists: rows.map(listSummary), usage: usageOf(ctx.store, projectId), total, limit: query.limit, offset: query.offset }
  },

  getTrackingList(ctx, { params }) {
    return listDetail(ctx, ownListWithCounts(ctx, params.list_id))
  },

  getTrackingMetrics(ctx, { params, query }) {
    return listMetrics(ctx, ownList(ctx, params.list_id), query)
  },

  getTrackingRollup(ctx, { params, query }) {
    return listRollup(ctx, ownList(ctx, params.list_id), query)
  },

  getTrackingMatches(ctx, { params, query }) {
    const list = ownList(ctx, params.list_id)
    assertKind(list, ['mention'], 'Matches')
    return listMatches(ctx, list, query)
  },

  appTrackingSeries(ctx, { params, query }) {
    return listSeries(ctx, ownList(ctx, params.list_id), query)
  },

  appListMatches(ctx, { params, query }) {
    const list = ownList(ctx, params.list_id)
    assertKind(list, ['mention'], 'Matches')
    return { ...listMatchesPaged(ctx, list, query, query.offset), limit: query.limit, offset: query.offset }
  },
}
