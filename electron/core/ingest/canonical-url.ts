import { bareHost } from '../domains/normalize-domain'
import { hash } from 'node:crypto'
import { parse as parseUuid, stringify as uuidString, v5 as uuidv5 } from 'uuid'

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
  // The parser already lower-cases scheme and host. Each setter re-parses the URL, so only what
  // needs changing is set: most article URLs have no fragment, query or www.
  if (url.href.includes('#')) url.hash = ''
  const host = bareHost(url.hostname)
  if (host !== url.hostname) url.hostname = host
  if (url.href.includes('?')) {
    const kept = [...url.searchParams.entries()].filter(([name]) => !TRACKING_PARAMS.test(name))
    kept.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)))
    url.search = new URLSearchParams(kept).toString()
  }
  return { url: url.href, host: url.hostname }
}

const URL_NAMESPACE = Buffer.from(parseUuid(uuidv5.URL))

/**
 * UUID v5 of a canonical URL (RFC 9562: the SHA-1 of namespace and name, version and variant
 * bits set). Node's one-shot hash makes it about three times faster than the library's v5,
 * which builds a hash object per id; a test checks both agree.
 */
function idOfCanonical(canonical: string): string {
  const digest = hash('sha1', Buffer.concat([URL_NAMESPACE, Buffer.from(canonical, 'utf8')]), 'buffer')
  digest[6] = (digest[6]! & 0x0f) | 0x50
  digest[8] = (digest[8]! & 0x3f) | 0x80
  return uuidString(digest)
}

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
