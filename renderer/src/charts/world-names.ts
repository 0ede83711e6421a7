import type { GeometryCollection, Topology } from 'topojson-specification'
import world from 'world-atlas/countries-110m.json'

/**
 * The world outline's countries by their ISO 3166-1 numeric code (the map's join key, what the API
 * gives as `numeric`) with their names: a country without data is still named on hover, never by
 * its number.
 */
const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>
export const WORLD_NAMES: ReadonlyMap<string, string> = new Map(topology.objects.countries.geometries.map((g) => [String(g.id ?? ''), (g.properties as { name?: string } | undefined)?.name ?? '']))

const NUMBER = new Intl.NumberFormat('en-US')

/** A map region's tooltip: the market's name and figure, or the country's name without data. */
export function mapTooltip(p: { name?: string; data?: { label: string; value: number } }, figure: string, names: ReadonlyMap<string, string> = WORLD_NAMES): string {
  if (p.data) return `${p.data.label}: ${NUMBER.format(p.data.value)} ${figure}`
  const name = names.get(p.name ?? '')
  return name ? `${name}: no data` : ''
}
