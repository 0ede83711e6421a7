import os from 'node:os'

/** Loopback names a local client may use; anything else may be a DNS-rebinding page. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h)
}

/** Whether `serve --host` binds every interface (0.0.0.0, ::) rather than one address. */
export function isWildcardHost(host: string): boolean {
  return ['0.0.0.0', '::', '[::]'].includes(host.trim().toLowerCase())
}

/**
 * The names other machines reach this one by, as a Host header carries them: each interface's
 * address (IPv6 in brackets) and the machine's name (and its .local mDNS name). A server bound to
 * every interface answers these besides the loopback names; any other name may still be a
 * DNS-rebinding page.
 */
export function hostsOfThisMachine(interfaces = os.networkInterfaces(), hostname = os.hostname()): string[] {
  const hosts = new Set<string>()
  for (const addresses of Object.values(interfaces)) {
    for (const a of addresses ?? []) hosts.add(a.family === 'IPv6' ? `[${a.address.toLowerCase()}]` : a.address)
  }
  const name = hostname.toLowerCase()
  if (name) hosts.add(name).add(name.endsWith('.local') ? name : `${name}.local`)
  return [...hosts]
}

/** Addresses of this machine's network (not loopback, IPv4) where a server bound to every interface can be reached. */
export function networkAddresses(interfaces = os.networkInterfaces()): string[] {
  return Object.values(interfaces).flatMap((addresses) => (addresses ?? []).filter((a) => a.family === 'IPv4' && !a.internal).map((a) => a.address))
}
