import { activityWindow, type ActivityWindow } from '../../analytics/activity/window'
import type { TrackingList } from '../../store/repositories/tracking'
import type { RequestContext } from '../context'
import { resolveMarkets } from '../markets'
import { historyDaysOf, resolveWindow, type Window } from './access'
import { guardComputing, listMarkets } from './views'

/** What metrics and roll-ups ask: markets, language and period. */
export interface WindowQuery {
  country: string
  lang: string
  period: '24h' | '7d' | '30d' | 'custom'
  date_from?: Date
  date_to?: Date
  /** the sparklines' step (metrics only) */
  grain?: 'hour' | 'day'
}

/** A metrics or roll-up request's window, once: its markets, the window and the one before as hour ranges, and its scope. */
export interface TrackingWindow {
  markets: string[]
  lang: string | null
  window: Window
  current: ActivityWindow
  previous: ActivityWindow
  scope: { country: string; markets: string[]; lang: string; from: string; to: string }
}

/**
 * The one window setup of metrics and roll-ups: the caller's markets (403 for a closed one), the
 * list's own countries, a mention list still computing (503), the period cut by the plan's history
 * depth and to the data, and the hour ranges of the window and of the one just before it.
 */
export function trackingWindow(ctx: RequestContext, list: TrackingList, query: WindowQuery): TrackingWindow {
  const markets = listMarkets(list, resolveMarkets(ctx, query.country, { tracking: true }))
  guardComputing(list)
  const window = resolveWindow(ctx, query.period, query.date_from, query.date_to, historyDaysOf(ctx), query.grain ?? null)
  const lang = query.lang === 'all' ? null : query.lang
  return {
    markets,
    lang,
    window,
    current: activityWindow(window.from, window.to, markets, lang),
    previous: activityWindow(window.prevFrom, window.prevTo, markets, lang),
    scope: { country: query.country, markets, lang: query.lang, from: window.from.toISOString(), to: window.to.toISOString() },
  }
}
