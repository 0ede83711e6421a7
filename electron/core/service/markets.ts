import { ApiError, TrackingApiError } from '../errors'
import type { RequestContext } from './context'

/**
 * Markets. A project's markets are the countries of its store's data (the regions the demo
 * world or an import brought); a key limited at creation sees the ones it names among them, any
 * other key (and the app) all of them. Every keyed method applies the caller's markets: an
 * explicit country outside them is 403, and lists that span markets leave the others out.
 */

/** The project's markets: every region of the store. */
export function projectMarkets(ctx: RequestContext): string[] {
  return ctx.store.geo.regionCodes()
}

/** The markets a request may see: the key's countries (if limited) among the project's. */
export function allowedMarkets(ctx: RequestContext): string[] {
  const all = projectMarkets(ctx)
  const p = ctx.principal
  if ((p.kind === 'project-key' || p.kind === 'internal-key') && p.countries) {
    const limited = new Set(p.countries)
    return all.filter((c) => limited.has(c))
  }
  return all
}

/**
 * The markets to restrict a list to, or null when the caller sees every market of the project
 * (then nothing needs leaving out, and stored totals answer as they are).
 */
export function marketFilter(ctx: RequestContext): string[] | null {
  const p = ctx.principal
  if ((p.kind !== 'project-key' && p.kind !== 'internal-key') || !p.countries) return null
  const markets = allowedMarkets(ctx)
  return markets.length === projectMarkets(ctx).length ? null : markets
}

/** An explicitly requested country must be one of the caller's markets: 403 otherwise. */
export function assertMarketAllowed(ctx: RequestContext, country: string): void {
  const project = projectMarkets(ctx)
  if (!project.includes(country)) {
    throw new ApiError(
      403,
      `${country} is not one of this project's markets` + (project.length > 0 ? ` (${project.join(', ')}).` : ': the store has no data yet.'),
    )
  }
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
