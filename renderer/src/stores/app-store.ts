import { create } from 'zustand'
import type { RouteResponse } from '../../../shared/contract/routes'
import { ApiClientError, call, forgetRequestsUnderWay } from '../api/client'

import { sectionLabels, sections, type Section } from '../../../shared/sections'

export const labelOf = (s: Section) => sectionLabels[s]

/** Routes live in the path in web mode (so cabinet links like /article/<id> open) and in the hash under file://. */
const usesHash = () => window.location.protocol === 'file:'

export function currentPath(): string {
  return usesHash() ? window.location.hash.replace(/^#/, '').split('?')[0] || '/' : window.location.pathname
}

/** The query string of the current route, without "?" (in the hash under file://). */
export function currentSearch(): string {
  return usesHash() ? (window.location.hash.split('?')[1] ?? '') : window.location.search.replace(/^\?/, '')
}

export interface Route {
  /** The section shown; null when the path names none (the "not found" page). */
  section: Section | null
  articleId: string | null
  /** segments after the section, e.g. ['<list id>', 'matches'] for /tracking/<list id>/matches */
  rest: string[]
}

export function parsePath(path: string): Route {
  const [first, second, ...more] = path.split('/').filter(Boolean)
  if (first === undefined) return { section: 'trends', articleId: null, rest: [] }
  if (first === 'article' && second) return { section: 'articles', articleId: decodeURIComponent(second), rest: [] }
  if (!(sections as readonly string[]).includes(first)) return { section: null, articleId: null, rest: [] }
  return { section: first as Section, articleId: null, rest: second ? [second, ...more].map(decodeURIComponent) : [] }
}

export interface NavigateOptions {
  /** Replace the current history entry (typing, paging within a view) instead of adding one. */
  replace?: boolean
}

interface AppState extends Route {
  /** The current query string (without "?"): the view's filters, period and page. */
  search: string
  status: RouteResponse<'appStatus'> | null
  statusError: string | null
  /** Web mode without a session: the sign-in link was not opened (or the session ended). */
  signedOut: boolean
  /** Moves when trends and signals finish recomputing: every view loads its data again. */
  dataEpoch: number
  /** Opens a path (with its query); Back returns to the view before. */
  navigate(path: string, options?: NavigateOptions): void
  syncFromLocation(): void
  loadStatus(): Promise<void>
}

function writeLocation(path: string, replace: boolean) {
  if (usesHash()) {
    const url = `${window.location.pathname}${window.location.search}#${path}`
    if (replace) window.history.replaceState(null, '', url)
    else window.history.pushState(null, '', url)
  } else if (replace) window.history.replaceState(null, '', path)
  else window.history.pushState(null, '', path)
}

export const useAppStore = create<AppState>((set, get) => ({
  ...parsePath(currentPath()),
  search: currentSearch(),
  status: null,
  statusError: null,
  signedOut: false,
  dataEpoch: 0,
  navigate(path, options = {}) {
    const [pathname = '/', search = ''] = path.split('?')
    const state = get()
    const here = `${currentPath()}${state.search ? `?${state.search}` : ''}`
    if (here === path) return
    writeLocation(path, options.replace === true)
    set({ ...parsePath(pathname), search })
  },
  syncFromLocation() {
    set({ ...parsePath(currentPath()), search: currentSearch() })
  },
  async loadStatus() {
    try {
      const status = await call('appStatus')
      const before = get().status?.analytics
      const now = status.analytics
      // new figures are there: the recompute the window was waiting for is done, or one this window
      // never saw running (another process, between two looks) covered newer data
      const settled = !now.refreshing && !now.behind
      const caughtUp = before !== undefined && settled && (before.refreshing || before.behind || before.generation !== now.generation)
      // a request sent before the recompute ended may carry the old figures: the views ask anew
      if (caughtUp) forgetRequestsUnderWay()
      set({ status, statusError: null, signedOut: false, ...(caughtUp ? { dataEpoch: get().dataEpoch + 1 } : {}) })
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 401) set({ signedOut: true, statusError: null })
      else set({ statusError: (error as Error).message })
    }
  },
}))
