/** A host name without its `www.` (or `www2.` ...) and a trailing dot: publishers and canonical article URLs alike. */
export function bareHost(host: string): string {
  return host.replace(/^www\d*\./, '').replace(/\.$/, '')
}

/**
 * A publisher domain as the contract keys it: lower case, no scheme, no `www.`, no port,
 * path, query or fragment. Returns null when what remains is not a host name.
 */
export function normalizeDomain(input: string): string | null {
  let s = input.trim().toLowerCase()
  if (s === '') return null
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '')
  s = s.replace(/^[^@/]*@/, '')
  s = s.split(/[/?#]/, 1)[0] ?? ''
  s = bareHost(s.replace(/:\d+$/, ''))
  const label = /^(?!-)[a-z0-9\p{L}-]{1,63}(?<!-)$/u
  const parts = s.split('.')
  if (parts.length < 2 || !parts.every((p) => label.test(p))) return null
  if (/^\d+$/.test(parts[parts.length - 1]!)) return null
  return s
}
