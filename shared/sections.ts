/** The window's sections, in the order the navigation shows them: the paths the web UI answers with its page. */
export const sections = ['trends', 'tracking', 'signals', 'articles', 'geography', 'publishers', 'site', 'settings'] as const
export type Section = (typeof sections)[number]

/** Each section's name, as the navigation and the desktop menus show it. */
export const sectionLabels: Record<Section, string> = {
  trends: 'Trends',
  tracking: 'Tracking',
  signals: 'Signals',
  articles: 'Articles',
  geography: 'Geography',
  publishers: 'Publishers',
  site: 'My site',
  settings: 'Settings',
}

/** Every first path segment that opens the page: the sections, and an article (`/article/<id>`, a cabinet_url). */
export const pagePaths = [...sections, 'article'] as const
