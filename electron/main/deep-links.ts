import { pagePaths } from '../../shared/sections'

/** The scheme the app registers: `feedlens://trends/<id>` opens that trend in the window. */
export const DEEP_LINK_SCHEME = 'feedlens'

/** A path segment a link may carry (ids, list ids, tabs): nothing that could climb out of the route. */
const SEGMENT = /^[A-Za-z0-9._~:-]{1,120}$/

/**
 * The window's route of a deep link, or null when the link names no view of the window:
 * `feedlens://trends/<id>` -> `/trends/<id>`, `feedlens://article/<id>`, `feedlens://tracking/<list>/metrics`;
 * the query (a view's filters and period) is kept. The same paths the window's own URLs use.
 */
export function deepLinkRoute(link: string): string | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null
  // feedlens://trends/<id>: the host is the first segment (feedlens:///trends/<id> is accepted as well)
  const segments = [url.host, ...url.pathname.split('/')].filter((s) => s !== '').map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return '\u0000'
    }
  })
  const [named, ...rest] = segments
  const first = named?.toLowerCase()
  if (!first || !(pagePaths as readonly string[]).includes(first)) return null
  if (rest.length > 3 || !rest.every((s) => SEGMENT.test(s))) return null
  if (first === 'article' && rest.length !== 1) return null
  return `/${[first, ...rest].map(encodeURIComponent).join('/')}${url.search}`
}

/** The first deep link among a launch's arguments (Windows and Linux hand the link over as an argument). */
export function deepLinkIn(argv: readonly string[]): string | null {
  return argv.find((a) => a.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) ?? null
}
