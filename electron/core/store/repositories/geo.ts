import type Database from 'better-sqlite3'
import type { regions } from '../schema'

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
                coalesce(p.n, 0) AS profilesCount
         FROM regions r
         -- the publishers counted in one pass (a count per region scanned them once per region)
         LEFT JOIN (SELECT country, count(*) AS n FROM publishers
                    WHERE profile_exists = 1 AND (@only IS NULL OR country = @only) GROUP BY country) p ON p.country = r.alpha_2
         WHERE @only IS NULL OR r.alpha_2 = @only ORDER BY r.alpha_2`,
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

  /** The entities a regions request names: by id, or by exact name in any case. */
  entityIds(entity: string): string[] {
    return this.sqlite
      .prepare(`SELECT id FROM entities WHERE id = ? UNION SELECT id FROM entities WHERE name = ? COLLATE NOCASE`)
      .pluck()
      .all(entity, entity) as string[]
  }
}
