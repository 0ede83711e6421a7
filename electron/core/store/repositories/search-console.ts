import type Database from 'better-sqlite3'
import { Statements } from '../statements'

/** What one Search Console file brought: its property, type, range and filters. */
export interface GscImportMeta {
  property: string
  searchType: string
  source: 'export' | 'api'
  fileName: string
  fingerprint: string
  dayFrom: string
  dayTo: string
  filters: string
}

/** One row as stored: clicks and impressions of a day (or a range), page, country, appearance, under filters. */
export interface GscRow {
  dayFrom: string
  dayTo: string
  page: string
  country: string
  appearance: string
  filters: string
  clicks: number
  impressions: number
  articleId: string | null
}

export interface GscImportRow extends GscImportMeta {
  id: number
  rows: number
  importedAt: string
}

/** A property the store has Search Console data of, with the days it covers. */
export interface GscProperty {
  property: string
  searchType: string
  dayFrom: string
  dayTo: string
  imports: number
}

/** A page's clicks and impressions summed over the days asked (from its daily rows, or an export's range inside them). */
export interface GscPageFigures {
  page: string
  articleId: string | null
  clicks: number
  impressions: number
}

/**
 * The analyst's own site as Search Console counts it (gsc_imports, gsc_rows). A file's rows are
 * written with its import in one transaction; the same key written again replaces the row.
 */
export class SearchConsoleRepository {
  private readonly statements: Statements
  readonly demo: DemoSiteReads

  constructor(private readonly sqlite: Database.Database) {
    this.statements = new Statements(sqlite)
    this.demo = new DemoSiteReads(sqlite)
  }

  /** The import of this content, if it was imported before. */
  importOf(fingerprint: string): GscImportRow | undefined {
    return this.statements.get(`SELECT ${IMPORT_COLUMNS} FROM gsc_imports WHERE fingerprint = ?`).get(fingerprint) as GscImportRow | undefined
  }

  /** Writes a file's import and its rows (the caller holds the transaction). */
  write(meta: GscImportMeta, rows: readonly GscRow[]): number {
    const id = Number(
      this.statements
        .get(
          `INSERT INTO gsc_imports (property, search_type, source, file_name, fingerprint, day_from, day_to, filters, rows)
           VALUES (@property, @searchType, @source, @fileName, @fingerprint, @dayFrom, @dayTo, @filters, @rows)`,
        )
        .run({ ...meta, rows: rows.length }).lastInsertRowid,
    )
    const upsert = this.statements.get(
      `INSERT INTO gsc_rows (property, search_type, day_from, day_to, page, country, appearance, filters, clicks, impressions, article_id, import_id)
       VALUES (@property, @searchType, @dayFrom, @dayTo, @page, @country, @appearance, @filters, @clicks, @impressions, @articleId, @importId)
       ON CONFLICT (property, search_type, day_from, day_to, page, country, appearance, filters)
       DO UPDATE SET clicks = excluded.clicks, impressions = excluded.impressions, article_id = excluded.article_id, import_id = excluded.import_id`,
    )
    for (const r of rows) upsert.run({ ...r, property: meta.property, searchType: meta.searchType, importId: id })
    return id
  }

  imports(): GscImportRow[] {
    return this.statements.get(`SELECT ${IMPORT_COLUMNS} FROM gsc_imports ORDER BY id`).all() as GscImportRow[]
  }

  /** The properties with data, each type apart, and the days their daily rows cover. */
  properties(): GscProperty[] {
    return this.statements
      .get(
        `SELECT property, search_type AS searchType, min(day_from) AS dayFrom, max(day_to) AS dayTo, count(DISTINCT import_id) AS imports
         FROM gsc_rows GROUP BY property, search_type ORDER BY property, search_type`,
      )
      .all() as GscProperty[]
  }

  /**
   * The site's clicks and impressions a day in [from, to] (ISO days, both included), in one
   * country or all (''). Of what the files gave for a day, the closest to the site's total: its
   * total (a Dates table, the API by date), else (for all countries) the sum of its countries'
   * totals, else the sum of its pages' rows, which leave out the pages under Search Console's
   * privacy threshold (`fromPages` says so). Rows of filtered exports count only under their filter.
   */
  daily(property: string, searchType: string, from: string, to: string, country: string): Array<{ day: string; clicks: number; impressions: number; fromPages: boolean }> {
    return this.statements
      .get(
        `WITH cells AS (
           SELECT day_from AS day, page <> '' AS paged, country <> '' AS split, clicks, impressions FROM gsc_rows
           WHERE property = @property AND search_type = @searchType AND day_from = day_to AND day_from BETWEEN @from AND @to
             AND appearance = '' AND filters = @filters AND (country = @country OR (@country = '' AND country <> ''))
         ),
         kinds AS (
           SELECT day, paged, split, sum(clicks) AS clicks, sum(impressions) AS impressions,
                  row_number() OVER (PARTITION BY day ORDER BY paged, split) AS n
           FROM cells GROUP BY day, paged, split
         )
         SELECT day, clicks, impressions, paged AS fromPages FROM kinds WHERE n = 1 ORDER BY day`,
      )
      .all({ property, searchType, from, to, country, filters: this.filtersFor(property, searchType, country, 'day_from = day_to') })
      .map((r) => ({ ...(r as { day: string; clicks: number; impressions: number }), fromPages: (r as { fromPages: number }).fromPages === 1 }))
  }

  /**
   * Each page's clicks and impressions over [from, to]: its daily rows (the API's) summed, a day
   * its total over all countries where a file gave one, else its countries' rows summed; where a
   * page has no daily row, an export's total of the page over the widest range inside [from, to].
   */
  pages(property: string, searchType: string, from: string, to: string, country: string): GscPageFigures[] {
    return this.statements
      .get(
        `WITH cells AS (
           SELECT page, day_from, day_to, country <> '' AS split, article_id, clicks, impressions FROM gsc_rows
           WHERE property = @property AND search_type = @searchType AND page <> '' AND day_from >= @from AND day_to <= @to
             AND appearance = '' AND filters = @filters AND (country = @country OR (@country = '' AND country <> ''))
         ),
         kinds AS (
           SELECT page, day_from, day_to, split, max(article_id) AS articleId, sum(clicks) AS clicks, sum(impressions) AS impressions,
                  row_number() OVER (PARTITION BY page, day_from, day_to ORDER BY split) AS n
           FROM cells GROUP BY page, day_from, day_to, split
         ),
         daily AS (
           SELECT page, max(articleId) AS articleId, sum(clicks) AS clicks, sum(impressions) AS impressions FROM kinds
           WHERE n = 1 AND day_from = day_to GROUP BY page
         ),
         ranged AS (
           SELECT page, articleId, clicks, impressions,
                  row_number() OVER (PARTITION BY page ORDER BY julianday(day_to) - julianday(day_from) DESC, day_to DESC) AS m
           FROM kinds WHERE n = 1 AND day_from < day_to AND page NOT IN (SELECT page FROM daily)
         )
         SELECT page, articleId, clicks, impressions FROM daily
         UNION ALL SELECT page, articleId, clicks, impressions FROM ranged WHERE m = 1
         ORDER BY clicks DESC, impressions DESC, page`,
      )
      .all({ property, searchType, from, to, country, filters: this.filtersFor(property, searchType, country, "page <> ''") }) as GscPageFigures[]
  }

  /**
   * Whose rows of a kind (days, or pages) count for a country (or all, ''): the unfiltered files'
   * where they have any, else those of exports filtered to that country; never both (they count
   * the same clicks twice).
   */
  private filtersFor(property: string, searchType: string, country: string, rowsOfKind: "day_from = day_to" | "page <> ''"): string {
    if (!country) return ''
    const unfiltered = this.statements.get(`SELECT 1 FROM gsc_rows WHERE property = ? AND search_type = ? AND country = ? AND filters = '' AND ${rowsOfKind} LIMIT 1`).get(property, searchType, country)
    return unfiltered ? '' : `country=${country}`
  }

  /** The countries the site's rows name, most clicked first (over every day stored). */
  countries(property: string, searchType: string): Array<{ country: string; clicks: number; impressions: number }> {
    // the countries table's totals; an API answer by page and country has none: its pages' sums
    const totals = (pages: boolean) =>
      this.statements
        .get(
          `SELECT country, sum(clicks) AS clicks, sum(impressions) AS impressions FROM gsc_rows
           WHERE property = ? AND search_type = ? AND country <> '' AND ${pages ? "page <> ''" : "page = ''"} AND appearance = '' AND filters = ''
           GROUP BY country ORDER BY clicks DESC, country`,
        )
        .all(property, searchType) as Array<{ country: string; clicks: number; impressions: number }>
    const whole = totals(false)
    return whole.length > 0 ? whole : totals(true)
  }
}

/** What the demo's site is made from (demo/search-console.ts): a domain's articles in the feed, a day and country each. */
export interface DomainFeedCell {
  /** days since the epoch */
  day: number
  country: string
  url: string
  impressions: number
}

/** The feed's cells of a domain's articles, and the demo's shake-ups: what the demo's Search Console export is drawn from. */
export class DemoSiteReads {
  constructor(private readonly sqlite: Database.Database) {}

  cells(domain: string): DomainFeedCell[] {
    return this.sqlite
      .prepare(
        `SELECT d.day, d.country, a.url, d.impressions FROM articles a CROSS JOIN article_daily d ON d.article_seq = a.seq
         WHERE a.domain = ? ORDER BY d.day, d.country, a.seq`,
      )
      .all(domain) as DomainFeedCell[]
  }

  /** Each domain's impressions a day in a country (the busiest publishers first). */
  domainsByDay(country: string, fromDay: number): Array<{ domain: string; day: number; impressions: number }> {
    return this.sqlite
      .prepare(
        `SELECT a.domain, d.day, sum(d.impressions) AS impressions FROM article_daily d CROSS JOIN articles a ON a.seq = d.article_seq
         WHERE d.country = ? AND d.day >= ? GROUP BY a.domain, d.day`,
      )
      .all(country, fromDay) as Array<{ domain: string; day: number; impressions: number }>
  }

  /** The days the demo shook a country's whole feed up (not one format group's). */
  countryShakeups(): Array<{ day: string; country: string }> {
    return this.sqlite.prepare(`SELECT day, country FROM demo_shakeups WHERE format_group = '' ORDER BY day, country`).all() as Array<{ day: string; country: string }>
  }
}

const IMPORT_COLUMNS = `id, property, search_type AS searchType, source, file_name AS fileName, fingerprint, day_from AS dayFrom, day_to AS dayTo, filters, rows, created_at AS importedAt`
