/** The window's sections, in the order the navigation shows them: the paths the web UI answers with its page. */
export const sections = ['trends', 'tracking', 'signals', 'articles', 'geography', 'publishers', 'settings'] as const
export type Section = (typeof sections)[number]

/** Every first path segment that opens the page: the sections, and an article (`/article/<id>`, a cabinet_url). */
export const pagePaths = [...sections, 'article'] as const
