import type Database from 'better-sqlite3'

export interface SignalPointRow {
  subject: string
  bucket: string
  value: number
  isSpike: number
  state: string
  detail: string | null
}

export class SignalsRepository {
  constructor(private readonly sqlite: Database.Database) {}

  series(signal: string, country: string, granularity: string, fromBucket: string, subject?: string): SignalPointRow[] {
    return this.sqlite
      .prepare(
        `SELECT subject, bucket, value, is_spike AS isSpike, state, detail FROM signal_series
         WHERE signal = @signal AND country = @country AND granularity = @granularity AND bucket >= @fromBucket
           AND (@subject IS NULL OR subject = @subject)
         ORDER BY subject, bucket`,
      )
      .all({ signal, country, granularity, fromBucket, subject: subject ?? null }) as SignalPointRow[]
  }

  /** Category reach over hours [fromHour, toHour) (hours since epoch), with the hours from prevFromHour before for delta_pct. */
  topCategories(countries: string[], fromHour: number, toHour: number, prevFromHour: number, limit: number) {
    return this.sqlite
      .prepare(
        `WITH win AS (
           SELECT a.category, a.domain, h.article_seq AS article_id, h.impressions, h.hour >= @fromHour AS current
           FROM article_hourly h JOIN articles a ON a.seq = h.article_seq
           WHERE h.hour >= @prevFromHour AND h.hour < @toHour AND h.country IN (SELECT value FROM json_each(@countries))
             AND a.category IS NOT NULL)
         SELECT category,
                sum(CASE WHEN current THEN impressions ELSE 0 END) AS impressions,
                count(DISTINCT CASE WHEN current THEN article_id END) AS publications,
                count(DISTINCT CASE WHEN current THEN domain END) AS publishers,
                sum(CASE WHEN current THEN 0 ELSE impressions END) AS prevImpressions
         FROM win GROUP BY category HAVING publications > 0
         ORDER BY impressions DESC, category LIMIT @limit`,
      )
      .all({ countries: JSON.stringify(countries), fromHour, toHour, prevFromHour, limit }) as Array<{
      category: string
      impressions: number
      publications: number
      publishers: number
      prevImpressions: number | null
    }>
  }

  totalImpressions(countries: string[], fromHour: number, toHour: number): number {
    const row = this.sqlite
      .prepare(
        `SELECT coalesce(sum(impressions), 0) AS n FROM article_hourly
         WHERE hour >= ? AND hour < ? AND country IN (SELECT value FROM json_each(?))`,
      )
      .get(fromHour, toHour, JSON.stringify(countries)) as { n: number }
    return row.n
  }
}
