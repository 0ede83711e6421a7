import { articlesOfEntities, countryActivityFromDay, countryActivityInHours, endOfData, type CountryActivity } from '../../analytics/activity/country-activity'
import { ApiError } from '../../errors'
import type { HandlerMap } from '../handler-types'
import { allowedMarkets, assertMarketAllowed } from '../markets'
import { dayIndex, hourIndex, isoWithOffset } from '../../time/buckets'
import type { RequestContext } from '../context'
import { audienceOf } from '../../geo/reference-countries'
import type { RegionRow } from '../../store/repositories/geo'

type GeoRoutes = 'listRegions' | 'getRegion' | 'listRegionCities' | 'listLanguages'

const WINDOW_HOURS = { '1h': 1, '24h': 24, '7d': 168, '30d': 720 } as const

function visibleRegion(ctx: RequestContext, alpha2: string) {
  assertMarketAllowed(ctx, alpha2)
  const region = ctx.store.geo.region(alpha2)
  if (!region) throw new ApiError(404, `Region ${alpha2} not found`)
  return region
}

/**
 * Population and internet users (the audience): as the store has them, else from the reference
 * data (the World Factbook, electron/core/geo/data), for regions stored before it shipped.
 */
function statsOf(r: RegionRow) {
  const reference = audienceOf(r.alpha2)
  return { population: r.population ?? reference?.population ?? null, internet_population: r.internetPopulation ?? reference?.internetUsers ?? null }
}

/**
 * An entity's (by id, or exact name in any case) publications and impressions per country, from
 * the activity index: windows of a day or less count hours, a week or a month whole days (today
 * included), each to the end of the data.
 */
async function entityActivity(ctx: RequestContext, entity: string, hours: number): Promise<CountryActivity> {
  const ids = ctx.store.geo.entityIds(entity)
  if (ids.length === 0) return new Map()
  const { data, behind } = await ctx.store.activity.current()
  const articles = articlesOfEntities(data, ids)
  if (hours > 24) return countryActivityFromDay(data, articles, dayIndex(ctx.now) - hours / 24 + 1)
  const from = hourIndex(ctx.now) - hours + 1
  return countryActivityInHours(data, articles, ctx.store.activity.hourRows([[from, Math.max(from, endOfData(data), hourIndex(ctx.now) + 1)]], behind), behind)
}

export const geoHandlers: HandlerMap<GeoRoutes> = {
  async listRegions(ctx, { query }) {
    const markets = new Set(allowedMarkets(ctx))
    let regions = ctx.store.geo.regions().filter((r) => markets.has(r.alpha2) && (!query.active_only || r.isActive))
    const activity = query.entity ? await entityActivity(ctx, query.entity, WINDOW_HOURS[query.window]) : null
    if (activity && query.entity_only) regions = regions.filter((r) => activity.has(r.alpha2))
    const list = regions.map((r) => {
      const seen = activity?.get(r.alpha2)
      return {
        alpha_2: r.alpha2,
        name: r.name,
        languages: r.languages,
        cities_count: r.citiesCount,
        profiles_count: r.profilesCount,
        is_active: r.isActive,
        ...(query.with_stats ? { stats: statsOf(r) } : {}),
        ...(activity
          ? {
              entity_active: seen !== undefined,
              entity_publications: seen?.publications ?? 0,
              entity_impressions: seen?.impressions ?? 0,
            }
          : {}),
      }
    })
    return { regions: list, total: list.length }
  },

  getRegion(ctx, { params }) {
    const r = visibleRegion(ctx, params.alpha_2)
    return {
      alpha_2: r.alpha2,
      alpha_3: r.alpha3,
      name: r.name,
      languages: r.languages,
      cities: ctx.store.geo.cities(r.alpha2, false).map((c) => ({ id: c.id, name: c.name, is_active: c.isActive })),
      first_data_at: r.firstDataAt ? isoWithOffset(r.firstDataAt, r.utcOffsetMinutes) : null,
    }
  },

  listRegionCities(ctx, { params, query }) {
    const r = visibleRegion(ctx, params.alpha_2)
    return {
      region: r.alpha2,
      cities: ctx.store.geo.cities(r.alpha2, query.active_only).map((c) => ({ id: c.id, name: c.name, is_active: c.isActive })),
    }
  },

  listLanguages(ctx, { query }) {
    const markets = allowedMarkets(ctx)
    const marketSet = new Set(markets)
    const regionsByLang = new Map<string, string[]>()
    for (const r of ctx.store.geo.regions()) {
      if (!marketSet.has(r.alpha2)) continue
      for (const lang of r.languages) regionsByLang.set(lang, [...(regionsByLang.get(lang) ?? []), r.alpha2])
    }
    const counts = query.with_article_counts ? ctx.store.geo.articleCountsByLanguage(markets) : null
    return {
      languages: ctx.store.geo.languages().map((l) => ({
        code: l.code,
        name: l.name,
        regions: regionsByLang.get(l.code) ?? [],
        ...(counts ? { article_count: counts.get(l.code) ?? 0 } : {}),
      })),
    }
  },
}
