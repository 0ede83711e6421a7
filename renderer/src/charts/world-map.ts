import { MapChart } from 'echarts/charts'
import { VisualMapComponent } from 'echarts/components'
import * as echarts from 'echarts/core'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { mapTooltip } from './world-names'
import world from 'world-atlas/countries-110m.json'

/**
 * The world outline (Natural Earth 1:110m, from world-atlas) as an echarts map named "world",
 * its countries named by their ISO 3166-1 numeric code (what the API gives as `numeric`).
 */
export const WORLD_MAP = 'world'

let registered = false

/** Antarctica: no feed, and half the map's height. */
const LEFT_OUT = new Set(['010'])

type Ring = number[][]

/**
 * A ring that crosses the antimeridian (eastern Russia, Fiji) drawn on one side of it: its
 * western points moved east by 360 degrees, instead of a stripe across the whole map.
 */
function unwrapRing(ring: Ring): Ring {
  const crosses = ring.some((p, i) => i > 0 && Math.abs(p[0]! - ring[i - 1]![0]!) > 180)
  return crosses ? ring.map(([lon, lat]) => [lon! < 0 ? lon! + 360 : lon!, lat!]) : ring
}

function unwrapGeometry(g: { type: string; coordinates: unknown }): void {
  if (g.type === 'Polygon') g.coordinates = (g.coordinates as Ring[]).map(unwrapRing)
  if (g.type === 'MultiPolygon') g.coordinates = (g.coordinates as Ring[][]).map((polygon) => polygon.map(unwrapRing))
}

export function registerWorldMap(): void {
  if (registered) return
  // the map series and its colour scale: only the Geography screen draws them
  echarts.use([MapChart, VisualMapComponent])
  const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>
  const countries = feature(topology, topology.objects.countries)
  countries.features = countries.features.filter((f) => !LEFT_OUT.has(String(f.id)))
  for (const f of countries.features) {
    f.properties = { name: String(f.id ?? '') }
    if (f.geometry) unwrapGeometry(f.geometry as { type: string; coordinates: unknown })
  }
  echarts.registerMap(WORLD_MAP, countries as unknown as Parameters<typeof echarts.registerMap>[1])
  registered = true
}

export interface MapCountry {
  numeric: string | null
  name: string
  alpha_2: string
  value: number
}

/** The countries coloured by a figure (light to dark); countries without data stay plain. */
export function worldMapOption(countries: MapCountry[], figure: string, dark: boolean) {
  registerWorldMap()
  const values = countries.map((c) => c.value)
  return {
    tooltip: {
      trigger: 'item',
      // a country without data is named too (its region's key is its numeric code)
      formatter: (p: { name?: string; data?: { label: string; value: number } }) => mapTooltip(p, figure),
    },
    visualMap: {
      type: 'continuous',
      // the markets' own range, so that differences between them show (one market alone: from 0)
      min: values.length > 1 ? Math.min(...values) : 0,
      max: Math.max(1, ...values),
      left: 8,
      bottom: 8,
      calculable: false,
      text: ['more', 'fewer'],
      inRange: { color: dark ? ['#26324a', '#7aa2f7'] : ['#dbe6fb', '#1f4fb0'] },
      textStyle: { color: dark ? '#cfd6e4' : '#1d2330' },
    },
    series: [
      {
        type: 'map',
        map: WORLD_MAP,
        roam: true,
        zoom: 1.15,
        label: { show: false },
        emphasis: { label: { show: false } },
        itemStyle: { areaColor: dark ? '#1f2533' : '#eef0f4', borderColor: dark ? '#39425a' : '#c9ced8', borderWidth: 0.5 },
        data: countries.filter((c) => c.numeric !== null).map((c) => ({ name: c.numeric, value: c.value, label: c.name, alpha2: c.alpha_2 })),
      },
    ],
  }
}
