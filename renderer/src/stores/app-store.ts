import { create } from 'zustand'
import type { RouteResponse } from '../../../shared/contract/routes'
import { ApiClientError, call } from '../api/client'

import { sections, type Section } from '../../../shared/sections'

const sectionLabels: Record<Section, string> = {
  trends: 'Trends',
  tracking: 'Tracking',
  signals: 'Signals',
  articles: 'Articles',
  geography: 'Geography',
  publishers: 'Publishers',
  settings: 'Settings',
}
export const labelOf = (s: Section) => sectionLabels[s]

/** Routes live in the path in web mode (so cabinet links like /article/<id> open) and in the hash under file://. */
const usesHash = () => window.location.protocol === 'file:'

export function currentPath(): string {
  return usesHash() ? window.location.hash.replace(/^#/, '').split('?')[0] || '/' : window.location.pathname
}

/** Query parameters of the current route (in the hash under file://). */
export function currentQuery(): URLSearchParams {
  return new URLSearchParams(usesHash() ? (window.location.hash.split('?')[1] ?? '') : window.location.search)
}

export interface Route {
  section: Section
  articleId: string | null
  /** segments after the section, e.g. ['<list id>', 'matches'] for /tracking/<list id>/matches */
  rest: string[]
}

export function parsePath(path: string): Route {
  const [first, second, ...more] = path.split('/').filter(Boolean)
  if (first === 'article' && second) return { section: 'articles', articleId: second, rest: [] }
  const section = (sections as readonly string[]).includes(first ?? '') ? (first as Section) : 'trends'
  return { section, articleId: null, rest: second ? [second, ...more] : [] }
}

interface AppState extends Route {
  status: RouteResponse<'appStatus'> | null
  statusError: string | null
  /** Web mode without a session: the sign-in link was not opened (or the session ended). */
  signedOut: boolean
  navigate(path: string): void
  syncFromLocation(): void
  loadStatus(): Promise<void>
}

export const useAppStore = create<AppState>((set) => ({
  ...parsePath(currentPath()),
  status: null,
  statusError: null,
  signedOut: false,
  navigate(path) {
    if (usesHash()) window.location.hash = path
    else window.history.pushState(null, '', path)
    set(parsePath(path.split('?')[0]!))
  },
  syncFromLocation() {
    set(parsePath(currentPath()))
  },
  async loadStatus() {
    try {
      set({ status: await call('appStatus'), statusError: null, signedOut: false })
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 401) set({ signedOut: true, statusError: null })
      else set({ statusError: (error as Error).message })
    }
  },
}))
