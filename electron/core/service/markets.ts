import { ApiError, TrackingApiError } from './errors'
import type { RequestContext } from './context'

/** The markets a request may see: the key's countries (if limited) among the store's regions. */
export function allowedMarkets(ctx: RequestContext): string[] {
  const all = ctx.store.geo.regionCodes()
  const p = ctx.principal
  if ((p.kind === 'project-key' || p.kind === 'internal-key') && p.countries) {
    const limited = new Set(p.countries)
    return all.filter((c) => limited.has(c))
  }
  return all
}

/** An explicitly requested country must be one of the key's markets: 403 otherwise. */
export function assertMarketAllowed(ctx: RequestContext, country: string): void {
  const p = ctx.principal
  if ((p.kind === 'project-key' || p.kind === 'internal-key') && p.countries && !p.countries.includes(country)) {
    throw new ApiError(403, `This API key has no access to the market ${country}.`)
  }
}

/**
 * Resolves a `country` parameter (a code or `all`) into the markets to use. A key left with
 * no markets at all gets 403 market_not_entitled (tracking) or an empty answer elsewhere.
 */
export function resolveMarkets(ctx: RequestContext, country: string, opts: { tracking: boolean }): string[] {
  if (country !== 'all') {
    assertMarketAllowed(ctx, country)
    return [country]
  }
  const markets = allowedMarkets(ctx)
  if (markets.length === 0 && opts.tracking) {
    throw new TrackingApiError(403, 'market_not_entitled', 'This API key has no available markets.')
  }
  return markets
}
