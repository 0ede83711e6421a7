import type { ActivityData } from '../../analytics/activity/activity-data'
import { claimedTotals, itemRows, type ItemRows } from '../../analytics/tracking/list-figures'
import { scratch } from '../../analytics/activity/scratch'
import { ItemDays, type DayChunk } from '../../analytics/tracking/item-days'
import { membership, type Membership } from '../../analytics/tracking/membership'
import type { ActivityWindow } from '../../analytics/activity/window'
import { candidatesOfStretch, giveBackSums, hourRangesOf, windowImpressions, windowSums, type HourRow, type WindowImpressions, type WindowSums } from '../../analytics/activity/window-activity'
import type { RequestContext } from '../context'

/**
 * The activity of a list's items in a window and the one before, from the activity index
 * (store/activity/activity-keeper.ts): the articles of the items, their daily cells for whole days and the
 * hourly cells of the hours at the windows' ends, for any window of the whole history.
 */

export interface ListWindows {
  kind: string
  listId: string
  keys: string[]
  current: ActivityWindow
  previous: ActivityWindow
}

export interface ListActivity {
  data: ActivityData
  /** newer data is still being taken in: an answer made from this is not kept */
  behind: boolean
  /** the window's publications of the list's items, and which of them each item claims */
  now: WindowSums
  nowRows: ItemRows
  /** the hourly rows read for the window (its ends, or all of it for hourly buckets) */
  nowHours: HourRow[]
  /** the chunks of the items' days that cover the window's whole days, when it reads them (item-days.ts; null: from each publication) */
  nowDays: readonly DayChunk[] | null
  /** Gives the sums' and claims' arrays back to the scratch pool (they are lent): call once the answer is made of them. */
  release(): void
}

/** What is read of the window before: each publication's impressions (a roll-up's slices), or each item's (metrics). */
export type WithPreviousSums = ListActivity & { before: WindowImpressions }
export type WithPreviousTotals = ListActivity & { beforeTotals: Float64Array }

/** Memberships of lists asked lately, per index: a list's articles are looked up once while the index holds. */
const memberships = new WeakMap<ActivityData, Map<string, Membership>>()
const MEMBERSHIPS_KEPT = 32

function keptMembership(data: ActivityData, key: string, make: () => Membership): Membership {
  let kept = memberships.get(data)
  if (!kept) memberships.set(data, (kept = new Map()))
  let member = kept.get(key)
  if (!member) {
    member = make()
    if (kept.size >= MEMBERSHIPS_KEPT) kept.delete(kept.keys().next().value!)
    kept.set(key, member)
  }
  return member
}

/**
 * The articles each item of a list claims: by the index's own groups, or for a mention list by
 * its keyword matches, read from the store once while the lists and the data stay as they are
 * (a scan that adds matches moves the store's version).
 */
export function listMembership(ctx: RequestContext, data: ActivityData, w: Pick<ListWindows, 'kind' | 'listId' | 'keys'>): Membership {
  const keys = w.keys.join('\u0000')
  if (w.kind !== 'mention') return keptMembership(data, `${w.kind}\u0000${keys}`, () => membership(data, w.kind, w.keys))
  return keptMembership(data, `mention\u0000${w.listId}\u0000${ctx.store.version}\u0000${keys}`, () => membership(data, w.kind, w.keys, ctx.store.matches.itemsBySeq(w.listId)))
}

/** The item days of a list while its index holds (chunks made as windows read them), or null: an index whose history is not read yet. */
const keptItemDays = new WeakMap<Membership, ItemDays>()

function listItemDays(ctx: RequestContext, data: ActivityData, member: Membership, itemCount: number): ItemDays | null {
  // an index whose history is not read yet would hold its old days empty
  if (!ctx.store.activity.holdsEveryCell(data)) return null
  let days = keptItemDays.get(member)
  if (!days) keptItemDays.set(member, (days = new ItemDays(data, member, itemCount)))
  return days
}

export async function listActivity(ctx: RequestContext, w: ListWindows, want: { previous: 'sums' }): Promise<WithPreviousSums>
export async function listActivity(ctx: RequestContext, w: ListWindows, want: { previous: 'totals'; grain: 'hour' | 'day' }): Promise<WithPreviousTotals>
export async function listActivity(ctx: RequestContext, w: ListWindows, want: { previous: 'sums' | 'totals'; grain?: 'hour' | 'day' }): Promise<WithPreviousSums | WithPreviousTotals> {
  // the window and the one before it: the days the index must hold (older cells are read only when a window reaches them)
  const { data, behind } = await ctx.store.activity.current(Math.min(w.current.fromHour, w.previous.fromHour))
  const member = listMembership(ctx, data, w)
  const nowHours = ctx.store.activity.hourRows(hourRangesOf(w.current, want.grain), behind)
  const of = (window: ActivityWindow) => candidatesOfStretch(data, member.candidates, window, behind)
  // (a roll-up reads each publication of both windows)
  const days = want.previous === 'totals' ? listItemDays(ctx, data, member, w.keys.length) : null
  const now = windowSums(data, of(w.current), w.current, nowHours)
  const nowRows = itemRows(now, member, w.keys.length)
  const activity: ListActivity = {
    data,
    behind,
    now,
    nowRows,
    nowHours,
    // (hourly buckets read every hour of the window from hourly cells; a mention list's series
    // count a publication of several items once, from each publication)
    nowDays: want.grain === 'hour' || w.kind === 'mention' ? null : (days?.chunksOf(w.current) ?? null),
    release: () => {
      giveBackSums(now)
      scratch.giveBack(nowRows.rows)
    },
  }
  const beforeHours = ctx.store.activity.hourRows(hourRangesOf(w.previous), behind)
  if (want.previous === 'sums') {
    const before = windowImpressions(data, of(w.previous), w.previous, beforeHours)
    const release = activity.release
    return { ...activity, before, release: () => (release(), giveBackSums(before)) }
  }
  const fromDays = days?.windowTotals(w.previous, beforeHours)
  if (fromDays) return { ...activity, beforeTotals: fromDays }
  const before = windowImpressions(data, of(w.previous), w.previous, beforeHours)
  const beforeTotals = claimedTotals(before, member, w.keys.length)
  giveBackSums(before)
  return { ...activity, beforeTotals }
}

