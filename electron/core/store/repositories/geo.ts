import type Database from 'better-sqlite3'
import type { regions } from '../schema'
import { forEachHourIn } from './hourly-window'

/** A region with its counts of cities and publisher profiles. */
export type RegionRow = typeof regions.$inferSelect & {
  citiesCount: number
  profilesCount: number
}

export interface CityRow {
  id: number
  name: string
  isActive: boolean
}

export class GeoRepository {
  constructor(private readonly sqlite: Database.Database) {}

  regions(only?: string): RegionRow[] {
    const rows = this.sqlite
      .prepare(
        `SELECT r.alpha_2 AS alpha2, r.alpha_3 AS alpha3, r.name, r.languages, r.population,
                r.internet_population AS internetPopulation, r.is_active AS isActive,
                r.utc_offset_minutes AS utcOffsetMinutes, r.first_data_at AS firstDataAt,
                (SELECT count(*) FROM cities c WHERE c.region = r.alpha_2) AS citiesCount,
                (SELECT count(*) FROM publishers p WHERE p.country = r.alpha_2 AND p.profile_exists = 1) AS profilesCount
         FROM regions r WHERE @only IS NULL OR r.alpha_2 = @only ORDER BY r.alpha_2`,
      )
      .all({ only: only ?? null }) as Array<Omit<RegionRow, 'languages' | 'isActive'> & { languages: string; isActive: number }>
    return rows.map((r) => ({ ...r, languages: JSON.parse(r.languages) as string[], isActive: r.isActive === 1 }))
  }

  region(alpha2: string): RegionRow | undefined {
    return this.regions(alpha2)[0]
  }

  /** When the store's data begins: its earliest observation in any country (null before any). */
  firstDataAt(): Date | null {
    const first = this.sqlite.prepare(`SELECT min(first_data_at) FROM regions`).pluck().get() as string | null
    return first ? new Date(first) : null
  }

  regionCodes(): string[] {
    return (this.sqlite.prepare(`SELECT alpha_2 AS a FROM regions ORDER BY alpha_2`).all() as Array<{ a: string }>).map(
      (r) => r.a,
    )
  }

  cities(alpha2: string, activeOnly: boolean): CityRow[] {
    const rows = this.sqlite
      .prepare(
        `SELECT id, name, is_active AS isActive FROM cities
         WHERE region = ? AND (? = 0 OR is_active = 1) ORDER BY name, id`,
      )
      .all(alpha2, activeOnly ? 1 : 0) as Array<{ id: number; name: string; isActive: number }>
    return rows.map((r) => ({ ...r, isActive: r.isActive === 1 }))
  }

  languages(): Array<{ code: string; name: string }> {
    return this.sqlite.prepare(`SELECT code, name FROM languages ORDER BY code`).all() as Array<{ code: string; name: string }>
  }

  articleCountsByLanguage(countries: string[]): Map<string, number> {
    const rows = this.sqlite
      .prepare(`SELECT lang, sum(n) AS n FROM article_counts WHERE region IN (SELECT value FROM json_each(?)) GROUP BY lang`)
      .all(JSON.stringify(countries)) as Array<{ lang: string; n: number }>
    return new Map(rows.map((r) => [r.lang, r.n]))
  }

  /**
   * Publications and impressions of an entity (by id or exact name, any case) per country:
   * over hours from `from.hour` (short windows, from the packed hourly cells of a few hours), or over
   * days from `from.day` (long windows, from the daily cells of the entity's articles).
   */
  entityActivity(entity: string, from: { hour: number } | { day: number }): Map<string, { publications: number; impressions: number }> {
    const ids = this.sqlite
      .prepare(`SELECT id FROM entities WHERE id = ? UNION SELECT id FROM entities WHERE name = ? COLLATE NOCASE`)
      .pluck()
      .all(entity, entity) as string[]
    if (ids.length === 0) return new Map()
    const seqs = `SELECT DISTINCT a.seq FROM json_each(@ids) i
      CROSS JOIN article_entities ae ON ae.entity_id = i.value CROSS JOIN articles a ON a.id = ae.article_id`
    if ('hour' in from) {
      const articles = new Set(this.sqlite.prepare(seqs).pluck().all({ ids: JSON.stringify(ids) }) as number[])
      const activity = new Map<string, { publications: number; impressions: number }>()
      const published = new Set<string>()
      forEachHourIn(this.sqlite, { fromHour: from.hour, toHour: Number.MAX_SAFE_INTEGER, countries: null }, (_hour, country, cells) => {
        for (let i = 0; i < cells.seqs.length; i++) {
          const seq = cells.seqs[i]!
          if (!articles.has(seq)) continue
          let a = activity.get(country)
          if (!a) activity.set(country, (a = { publications: 0, impressions: 0 }))
          a.impressions += cells.impressions[i]!
          if (!published.has(`${country}:${seq}`)) {
            published.add(`${country}:${seq}`)
            a.publications++
          }
        }
      })
      return activity
    }
    const rows = this.sqlite
      .prepare(
        `SELECT d.country, count(DISTINCT d.article_seq) AS publications, sum(d.impressions) AS impressions
         FROM (${seqs}) x CROSS JOIN article_daily d ON d.article_seq = x.seq WHERE d.day >= @from GROUP BY d.country`,
      )
      .all({ ids: JSON.stringify(ids), from: from.day }) as Array<{ country: string; publications: number; impressions: number }>
    return new Map(rows.map((r) => [r.country, { publications: r.publications, impressions: r.impressions }]))
  }
}
