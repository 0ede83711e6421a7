import type { RouteResponse } from '../../../../shared/contract/routes'
import type { ListKind, MatchType } from '../../../../shared/contract/values'
import type { TrackingItem, TrackingList, TrackingListRow } from '../../store/repositories/tracking'
import type { RequestContext } from '../context'
import { TrackingApiError } from '../../errors'

/** How lists show in the list index and the list detail, and the facts about a list the methods share. */

type ListSummary = RouteResponse<'listTrackingLists'>['lists'][number]

export const parseArray = (s: string | null): string[] => (s ? (JSON.parse(s) as string[]) : [])

export function listSummary(list: TrackingListRow): ListSummary {
  const base: ListSummary = {
    id: list.id,
    kind: list.kind as ListKind,
    name: list.name,
    color_index: list.colorIndex,
    item_count: list.itemCount,
    created_at: list.createdAt,
    updated_at: list.updatedAt,
  }
  if (list.kind !== 'mention') return base
  return {
    ...base,
    countries: parseArray(list.countries),
    langs: parseArray(list.langs).map((l) => l.toUpperCase()),
    search_scope: list.searchScope ?? 'all',
    active: list.active !== 0,
    matches_count: list.matchesCount,
    new_publications_24h: list.newPublications24h,
    last_scanned_at: list.lastScannedAt,
    scan_status: list.scanStatus ?? 'pending',
  }
}

export function listDetail(ctx: RequestContext, list: TrackingListRow): RouteResponse<'getTrackingList'> {
  const items = ctx.store.tracking.items(list.id)
  const base = listSummary(list)
  if (list.kind !== 'mention') {
    return { ...base, items: items.map((i) => ({ key: i.key, name: i.name, type: i.type, added_at: i.addedAt })) }
  }
  return {
    ...base,
    mentions: [...new Set(items.map((i) => i.name))],
    match_types: [...new Set(items.map((i) => (i.type ?? 'broad') as MatchType))],
    items: items.map((i) => ({
      key: i.id,
      name: i.name,
      type: i.type ?? 'broad',
      added_at: i.addedAt,
      position: i.position,
      matches_count: i.matchesCount,
    })),
    extraction_started_at: list.extractionStartedAt,
    next_scan_at: list.nextScanAt,
    scan_error: list.scanError ? (JSON.parse(list.scanError) as { message: string; at: string }) : null,
  }
}

/** Keys the activity queries use: item keys, except mention items, which are matched by item id. */
export const activityKey = (list: TrackingList, item: TrackingItem): string => (list.kind === 'mention' ? item.id : item.key)

/** Mention lists apply their own countries on top of the key's markets. */
export function listMarkets(list: TrackingList, markets: string[]): string[] {
  const own = parseArray(list.countries)
  return list.kind === 'mention' && own.length > 0 ? markets.filter((m) => own.includes(m)) : markets
}

/** A mention list that never completed a scan answers 503 computing. */
export function guardComputing(list: TrackingList): void {
  if (list.kind === 'mention' && (list.scanStatus === 'scanning' || list.scanStatus === 'pending') && !list.lastScannedAt) {
    throw new TrackingApiError(503, 'computing', 'Matches of this list are still being computed; retry shortly.', {
      'Retry-After': '5',
    })
  }
}
