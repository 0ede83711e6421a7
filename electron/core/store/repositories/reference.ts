import type Database from 'better-sqlite3'
import { decodeFeedEntries } from '../feed-entries'

/** Writes of reference data (regions, cities, languages) and of the demo world's ground truth. */
export class ReferenceRepository {
  constructor(private readonly sqlite: Database.Database) {}

  upsertRegion(r: {
    alpha2: string
    alpha3: string
    name: string
    languages: string[]
    population: number | null
    internetPopulation: number | null
    utcOffsetMinutes: number
  }): void {
    this.sqlite
      .prepare(
        `INSERT INTO regions (alpha_2, alpha_3, name, languages, population, internet_population, utc_offset_minutes)
         VALUES (@alpha2, @alpha3, @name, @languages, @population, @internetPopulation, @utcOffsetMinutes)
         ON CONFLICT (alpha_2) DO UPDATE SET alpha_3 = excluded.alpha_3, name = excluded.name, languages = excluded.languages,
           population = excluded.population, internet_population = excluded.internet_population,
           utc_offset_minutes = excluded.utc_offset_minutes`,
      )
      .run({ ...r, languages: JSON.stringify(r.languages) })
  }

  upsertCities(region: string, cities: Array<{ id: number; name: string; isActive: boolean }>): void {
    const stmt = this.sqlite.prepare(
      `INSERT INTO cities (id, region, name, is_active) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, is_active = max(is_active, excluded.is_active)`,
    )
    for (const c of cities) stmt.run(c.id, region, c.name, c.isActive ? 1 : 0)
  }

  /** Every entity the store knows: the gazetteer of entity extraction. */
  entities(): Array<{ id: string; name: string; type: string | null }> {
    return this.sqlite.prepare(`SELECT id, name, type FROM entities ORDER BY id`).all() as Array<{ id: string; name: string; type: string | null }>
  }

  upsertLanguage(code: string, name: string): void {
    this.sqlite.prepare(`INSERT INTO languages (code, name) VALUES (?, ?) ON CONFLICT (code) DO UPDATE SET name = excluded.name`).run(code, name)
  }

  insertStorylines(
    rows: Array<{ id: string; label: string; shape: string; parentId: string | null; topic: string; theme: string; primaryCountry: string; articleCount: number }>,
  ): void {
    const stmt = this.sqlite.prepare(
      `INSERT OR REPLACE INTO demo_storylines (id, label, shape, parent_id, topic, theme, primary_country, article_count)
       VALUES (@id, @label, @shape, @parentId, @topic, @theme, @primaryCountry, @articleCount)`,
    )
    for (const r of rows) stmt.run(r)
  }

  insertShakeups(rows: Array<{ day: string; country: string; formatGroup: string }>): void {
    const stmt = this.sqlite.prepare(`INSERT OR IGNORE INTO demo_shakeups (day, country, format_group) VALUES (@day, @country, @formatGroup)`)
    for (const r of rows) stmt.run(r)
  }

  /** A fingerprint of the store's content, for checking that a seed always gives the same world. */
  checksum(): string {
    const parts = [
      `SELECT group_concat(alpha_2 || ':' || coalesce(population, '') || ':' || coalesce(first_data_at, ''), ',') FROM (SELECT * FROM regions ORDER BY alpha_2)`,
      `SELECT count(*) || ':' || total(id) FROM cities`,
      `SELECT count(*) || ':' || group_concat(domain, ',') FROM (SELECT domain FROM publishers ORDER BY domain)`,
      `SELECT count(*) || ':' || total(length(title) + length(coalesce(markdown, ''))) FROM articles`,
      `SELECT group_concat(id, ',') FROM (SELECT id FROM articles ORDER BY id LIMIT 50)`,
      `SELECT count(*) || ':' || total(impressions) FROM article_daily`,
      `SELECT count(*) || ':' || total(cell_count) || ':' || group_concat(hex(substr(cells, 1, 32)), ',') FROM (SELECT * FROM hourly_cells ORDER BY hour, country)`,
      `SELECT count(*) || ':' || group_concat(storyline_id, ',') FROM (SELECT storyline_id FROM storyline_truth ORDER BY article_id LIMIT 50)`,
      `SELECT group_concat(day || country || format_group, ',') FROM (SELECT * FROM demo_shakeups ORDER BY 1, 2, 3)`,
    ]
    return [...parts.map((sql) => String(this.sqlite.prepare(sql).pluck().get() ?? '')), this.observationsChecksum()].join('|')
  }

  /** Observation count and totals of position, impressions and time, over every feed snapshot. */
  private observationsChecksum(): string {
    let count = 0
    let positions = 0
    let impressions = 0
    let times = 0
    for (const s of this.sqlite.prepare(`SELECT observed_at AS at, entries FROM feed_snapshots`).iterate() as Iterable<{ at: number; entries: Buffer }>) {
      const e = decodeFeedEntries(s.entries)
      count += e.seqs.length
      times += (s.at % 100000) * e.seqs.length
      for (let i = 0; i < e.seqs.length; i++) {
        positions += e.positions[i]!
        impressions += e.impressions[i]!
      }
    }
    return `${count}:${positions}:${impressions}:${times}`
  }
}
