import { itemRows, pageFigures, type ItemFigures } from '../../electron/core/analytics/tracking/list-figures'
import { membership } from '../../electron/core/analytics/tracking/membership'
import type { ActivityWindow } from '../../electron/core/analytics/activity/window'
import { candidatesOfStretch, hourRangesOf, windowSums } from '../../electron/core/analytics/activity/window-activity'
import type { Store } from '../../electron/core/store/store'

/** A list's item figures in a window (items with publications there only), from the store's activity index as metrics read it (the window's stretch of the index only). */
export async function indexFigures(store: Store, kind: string, keys: string[], w: ActivityWindow, listId?: string): Promise<Map<string, ItemFigures>> {
  // from the window's start, as metrics ask (a start may have left older cells unread)
  const { data, behind } = await store.activity.current(w.fromHour)
  const member = membership(data, kind, keys, kind === 'mention' && listId ? store.matches.itemsBySeq(listId) : undefined)
  const sums = windowSums(data, candidatesOfStretch(data, member.candidates, w, behind), w, store.activity.hourRows(hourRangesOf(w), behind))
  const rows = itemRows(sums, member, keys.length)
  const firstDay = Math.floor(w.fromHour / 24)
  const page = pageFigures(data, sums, rows, keys.map((_, i) => i), {
    window: w,
    grain: 'day',
    firstBucket: firstDay,
    buckets: Math.max(0, Math.ceil(w.toHour / 24) - firstDay),
    hourRows: store.activity.hourRows(hourRangesOf(w), behind),
    related: null,
  })
  const out = new Map<string, ItemFigures>()
  keys.forEach((key, i) => {
    const f = page.items[i]!.figures
    if (f) out.set(key, f)
  })
  return out
}

/** Impressions per item in a window, from the activity index. */
export async function itemImpressions(store: Store, kind: string, keys: string[], w: ActivityWindow): Promise<Map<string, number>> {
  return new Map([...(await indexFigures(store, kind, keys, w))].map(([key, f]) => [key, f.impressions]))
}
