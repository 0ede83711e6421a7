import type Database from 'better-sqlite3'

export interface RegionRow {
  alpha2: string
  alpha3: string
  name: string
  languages: string[]
  population: number | null
  internetPopulation: number | null
  isActive: boolean
  utcOffsetMinutes: number
  firstDataAt: string | null
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

  regions(): RegionRow[] {
    const rows = this.sqlite
      .prepare(
        `SELECT r.alpha_2 AS alpha2, r.alpha_3 AS alpha3, r.name, r.languages, r.population,
                r.internet_population AS internetPopulation, r.is_active AS isActive,
                r.utc_offset_minutes AS utcOffsetMinutes, r.first_data_at AS firstDataAt,
                (SELECT count(*) FROM cities c WHERE c.region = r.alpha_2) AS citiesCount,
                (SELECT count(*) FROM publishers p WHERE p.country = r.alpha_2 AND p.profile_exists = 1) AS profilesCount
         FROM regions r ORDER BY r.alpha_2`,
      )
      .all() as Array<Omit<RegionRow, 'languages' | 'isActive'> & { languages: string; isActive: number }>
    return rows.map((r) => ({ ...r, languages: JSON.parse(r.languages) as string[], isActive: r.isActive === 1 }))
  }

  region(alpha2: string): RegionRow | undefined {
    return this.regions().find((r) => r.alpha2 === alpha2)
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
      .prepare(
        `SELECT lang, count(*) AS n FROM articles
         WHERE region IN (SELECT value FROM json_each(?)) GROUP BY lang`,
      )
      .all(JSON.stringify(countries)) as Array<{ lang: string; n: number }>
    return new Map(rows.map((r) => [r.lang, r.n]))
  }

  /** Publications and impressions of an entity (by id or exact name) per country since `fromHour` (hours since epoch). */
  entityActivity(entity: string, fromHour: number): Map<string, { publications: number; impressions: number }> {
    const rows = this.sqlite
      .prepare(
        `SELECT h.country, count(DISTINCT h.article_seq) AS publications, sum(h.impressions) AS impressions
         FROM entities e
         JOIN article_entities ae ON ae.entity_id = e.id
         JOIN articles a ON a.id = ae.article_id
         JOIN article_hourly h ON h.article_seq = a.seq
         WHERE (e.id = @entity OR lower(e.name) = lower(@entity)) AND h.hour >= @fromHour
         GROUP BY h.country`,
      )
      .all({ entity, fromHour }) as Array<{ country: string; publications: number; impressions: number }>
    return new Map(rows.map((r) => [r.country, { publications: r.publications, impressions: r.impressions }]))
  }
}
