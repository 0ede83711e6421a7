/** The window's sections, in the order the navigation shows them: the paths the web UI answers with its page. */
export const sections = ['trends', 'tracking', 'signals', 'leaders', 'articles', 'geography', 'publishers', 'site', 'alerts', 'settings'] as const
export type Section = (typeof sections)[number]

/** Each section's name, as the navigation and the desktop menus show it. */
export const sectionLabels: Record<Section, string> = {
  trends: 'Trends',
  tracking: 'Tracking',
  signals: 'Signals',
  leaders: 'Winners and losers',
  articles: 'Articles',
  geography: 'Geography',
  publishers: 'Publishers',
  site: 'My site',
  alerts: 'Alerts',
  settings: 'Settings',
}

/** Every first path segment that opens the page: the sections, and an article (`/article/<id>`, a cabinet_url). */
export const pagePaths = [...sections, 'article'] as const

/** A section's key on the keyboard ("g" then it) and in the menus (CmdOrCtrl with it): 1 to 9, then 0. */
export const sectionKey = (index: number): string | null => (index < 9 ? String(index + 1) : index === 9 ? '0' : null)
