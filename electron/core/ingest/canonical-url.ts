import { parse as parseUuid, v5 as uuidv5 } from 'uuid'

/** Query parameters that only track where a reader came from; they never change the article. */
const TRACKING_PARAMS = /^(utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|_ga|_gl|ocid|cmpid|spm|ref|ref_src|at_medium|at_campaign|track)$/i

/**
 * The canonical form of an article URL: scheme and host lower case, `www.` and default ports
 * dropped, fragment removed, tracking parameters removed, the other parameters sorted.
 * Returns null for anything that is not an absolute http(s) URL.
 */
export function canonicalUrl(raw: string): string | null {
  return canonicalParts(raw)?.url ?? null
}

/** The canonical URL and its host, from one parse. */
function canonicalParts(raw: string): { url: string; host: string } | null {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (!url.hostname.includes('.')) return null
  url.hash = ''
  url.hostname = url.hostname.toLowerCase().replace(/^www\d*\./, '').replace(/\.$/, '')
  const kept = [...url.searchParams.entries()].filter(([name]) => !TRACKING_PARAMS.test(name))
  kept.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)))
  url.search = new URLSearchParams(kept).toString()
  return { url: url.toString(), host: url.hostname }
}

const URL_NAMESPACE = parseUuid(uuidv5.URL)
/** UUID v5 of a canonical URL: hashed from its UTF-8 bytes (the library would encode them itself, slower). */
const idOfCanonical = (canonical: string): string => uuidv5(Buffer.from(canonical, 'utf8'), URL_NAMESPACE)

/** The article id: UUID v5 of the canonical URL in the URL namespace, so every store agrees on it. */
export function articleIdForUrl(raw: string): string | null {
  const canonical = canonicalUrl(raw)
  return canonical === null ? null : idOfCanonical(canonical)
}

/** The article id and publisher domain of a URL at once, or null when it is not an article URL. */
export function articleUrlParts(raw: string): { id: string; domain: string } | null {
  const parts = canonicalParts(raw)
  return parts && { id: idOfCanonical(parts.url), domain: parts.host }
}
