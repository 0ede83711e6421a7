import type Database from 'better-sqlite3'
import { atomically } from '../atomic'
import { articleSumsIn } from './hourly-window'
import { decodeFeedEntries, decodeFeedSeqs, type FeedEntries } from '../feed-entries'

/** A country's feed snapshots in [from, to] (epoch seconds), oldest first, as stored. */
const SNAPSHOTS_BETWEEN = `SELECT observed_at AS at, entries FROM feed_snapshots WHERE country = ? AND observed_at >= ? AND observed_at <= ? ORDER BY observed_at`

/** The same snapshots, entries decoded. */
function feedSnapshotsBetween(sqlite: Database.Database, country: string, from: number, to: number): Array<{ at: number; entries: FeedEntries }> {
  const rows = sqlite.prepare(SNAPSHOTS_BETWEEN).all(country, from, to) as Array<{ at: number; entries: Buffer }>
  return rows.map((r) => ({ at: r.at, entries: decodeFeedEntries(r.entries) }))
}

/** The format group (content_type) of each article. */
function contentTypesOf(sqlite: Database.Database, seqs: number[]): Map<number, string | null> {
  const rows = sqlite
    .prepare(`SELECT f.article_seq AS seq, f.content_type AS contentType FROM json_each(?) j CROSS JOIN article_facets f ON f.article_seq = j.value`)
    .all(JSON.stringify([...new Set(seqs)])) as Array<{ seq: number; contentType: string | null }>
  return new Map(rows.map((r) => [r.seq, r.contentType]))
}

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

  /** A signal's stored points; `detail` (JSON) only when asked for. */
  series(signal: string, country: string, granularity: string, fromBucket: string, subject?: string, withDetail = false): SignalPointRow[] {
    return this.sqlite
      .prepare(
        `SELECT subject, bucket, value, is_spike AS isSpike, state, ${withDetail ? 'detail' : 'NULL AS detail'} FROM signal_series
         WHERE signal = @signal AND country = @country AND granularity = @granularity AND bucket >= @fromBucket
           AND (@subject IS NULL OR subject = @subject)
         ORDER BY subject, bucket`,
      )
      .all({ signal, country, granularity, fromBucket, subject: subject ?? null }) as SignalPointRow[]
  }

  /** The countries whose feed's volatility was a spike at a point (the whole feed's 'ALL' left out). */
  spikesAt(granularity: string, bucket: string): Array<{ country: string; isSpike: boolean }> {
    const rows = this.sqlite
      .prepare(`SELECT country, is_spike AS isSpike FROM signal_series WHERE signal = 'volatility' AND granularity = ? AND bucket = ? AND subject = '' AND country <> 'ALL' ORDER BY country`)
      .all(granularity, bucket) as Array<{ country: string; isSpike: number }>
    return rows.map((r) => ({ country: r.country, isSpike: r.isSpike === 1 }))
  }

  /** Each country's newest daily volatility index (the whole feed's under 'ALL'). */
  latestVolatility(): Map<string, { bucket: string; value: number; state: string }> {
    const rows = this.sqlite
      .prepare(
        `SELECT s.country, s.bucket, s.value, s.state FROM signal_series s
         WHERE s.signal = 'volatility' AND s.granularity = 'day' AND s.subject = ''
           AND s.bucket = (SELECT max(bucket) FROM signal_series m WHERE m.signal = 'volatility' AND m.country = s.country AND m.granularity = 'day' AND m.subject = '')`,
      )
      .all() as Array<{ country: string; bucket: string; value: number; state: string }>
    return new Map(rows.map((r) => [r.country, { bucket: r.bucket, value: r.value, state: r.state }]))
  }

  /** The stored top categories of a country ('ALL' for the whole feed), largest reach first. */
  storedTopCategories(country: string, limit: number) {
    return (
      this.sqlite
        .prepare(
          `SELECT subject AS category, value AS impressions, detail FROM signal_series
           WHERE signal = 'top_categories' AND country = ? AND granularity = '24h' ORDER BY value DESC, subject LIMIT ?`,
        )
        .all(country, limit) as Array<{ category: string; impressions: number; detail: string }>
    ).map((r) => ({ category: r.category, impressions: r.impressions, ...(JSON.parse(r.detail) as { publications: number; publishers: number; delta_pct: number | null; share_of_impressions: number }) }))
  }

  /**
   * What top categories are ranked from: impressions per article over hours [fromHour, toHour)
   * (hours since the epoch) and over the hours from prevFromHour before, and the category and
   * publisher of those articles that have a category.
   */
  categoryWindow(countries: string[], fromHour: number, toHour: number, prevFromHour: number) {
    const current = articleSumsIn(this.sqlite, { fromHour, toHour, countries })
    const previous = articleSumsIn(this.sqlite, { fromHour: prevFromHour, toHour: fromHour, countries })
    const seqs = [...new Set([...current.keys(), ...previous.keys()])]
    const rows = this.sqlite
      .prepare(`SELECT a.seq, a.category, a.domain FROM json_each(?) j CROSS JOIN articles a ON a.seq = j.value WHERE a.category IS NOT NULL`)
      .raw()
      .all(JSON.stringify(seqs)) as Array<[number, string, string]>
    return { current, previous, facts: new Map(rows.map(([seq, category, domain]) => [seq, { category, domain }])) }
  }
}

export class SignalWriter {
  constructor(private readonly sqlite: Database.Database) {}

  /** Feed snapshots of a country between two instants (epoch seconds), each ranked by position. */
  snapshots(country: string, from: number, to: number): Array<{ at: number; ranked: number[]; formats: Map<number, string | null> }> {
    const snapshots = feedSnapshotsBetween(this.sqlite, country, from, to)
    const formats = contentTypesOf(this.sqlite, snapshots.flatMap((s) => Array.from(s.entries.seqs)))
    return snapshots.map((s) => {
      const ranked = Array.from(s.entries.seqs)
      return { at: s.at, ranked, formats: new Map(ranked.map((seq) => [seq, formats.get(seq) ?? null])) }
    })
  }

  /** The same snapshots' rankings alone (no formats looked up), one at a time as they are used: a year of a feed's snapshots is never held at once. */
  *eachRanking(country: string, from: number, to: number): Generator<{ at: number; ranked: number[] }> {
    const rows = this.sqlite.prepare(SNAPSHOTS_BETWEEN).iterate(country, from, to) as IterableIterator<{ at: number; entries: Buffer }>
    for (const r of rows) yield { at: r.at, ranked: decodeFeedSeqs(r.entries) }
  }

  /** The articles seen in hours [fromHour, toHour) of some countries (null: every one), each once with its impressions there, its publisher and format group. */
  periodArticles(countries: readonly string[] | null, fromHour: number, toHour: number): Array<{ seq: number; impressions: number; domain: string; contentType: string | null }> {
    const sums = articleSumsIn(this.sqlite, { fromHour, toHour, countries })
    const rows = this.sqlite
      .prepare(`SELECT f.article_seq, f.domain, f.content_type FROM json_each(?) j CROSS JOIN article_facets f ON f.article_seq = j.value`)
      .raw()
      .all(JSON.stringify([...sums.keys()])) as Array<[number, string, string | null]>
    return rows.map(([seq, domain, contentType]) => ({ seq, impressions: sums.get(seq)!.impressions, domain, contentType }))
  }

  /** Each article's top-level topic (themes > topics > trends), where trends have been computed. */
  topicsOfArticles(): Map<number, string> {
    // by the member's own seq (a member written before it had one: its article's, by id), as raw
    // rows: joined to the articles by id and read as objects, a large store's 877,058 members took 7.8 s
    const rows = this.sqlite
      .prepare(
        `SELECT coalesce(ta.article_seq, (SELECT a.seq FROM articles a WHERE a.id = ta.article_id)), tp.label
         FROM trend_articles ta JOIN trends t ON t.id = ta.trend_id JOIN topics tp ON tp.id = t.topic_id`,
      )
      .raw()
      .all() as Array<[number | null, string]>
    const topicOf = new Map<number, string>()
    for (const [seq, label] of rows) if (seq !== null) topicOf.set(seq, label)
    return topicOf
  }

  /** Impressions and distinct publications per format group and day (days since epoch). */
  formatDays(country: string | null, fromDay: number): Array<{ day: number; format: string; impressions: number; publications: number }> {
    return this.sqlite
      .prepare(
        `SELECT d.day, f.content_type AS format, sum(d.impressions) AS impressions, count(DISTINCT d.article_seq) AS publications
         FROM article_daily d JOIN article_facets f ON f.article_seq = d.article_seq
         WHERE d.day >= @fromDay AND (@country IS NULL OR d.country = @country) AND f.content_type IS NOT NULL
         GROUP BY d.day, f.content_type ORDER BY d.day`,
      )
      .all({ country, fromDay }) as Array<{ day: number; format: string; impressions: number; publications: number }>
  }

  /** Replaces a signal's stored series (all countries and subjects) in one transaction. */
  replace(
    signal: string,
    rows: Array<{ country: string; subject: string; granularity: string; bucket: string; value: number; isSpike: boolean; state: string; detail: unknown }>,
  ): void {
    const insert = this.sqlite.prepare(
      `INSERT OR REPLACE INTO signal_series (signal, country, subject, granularity, bucket, value, is_spike, state, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    atomically(this.sqlite, () => {
      this.sqlite.prepare(`DELETE FROM signal_series WHERE signal = ?`).run(signal)
      for (const r of rows) insert.run(signal, r.country, r.subject, r.granularity, r.bucket, r.value, r.isSpike ? 1 : 0, r.state, JSON.stringify(r.detail))
    })
  }

  latestObservation(): number | null {
    return (this.sqlite.prepare(`SELECT max(last_seen) FROM article_facets`).pluck().get() as number | null) ?? null
  }

  /** The first sighting in any feed (epoch seconds); null in an empty store. */
  firstObservation(): number | null {
    return (this.sqlite.prepare(`SELECT min(first_seen) FROM article_facets`).pluck().get() as number | null) ?? null
  }
}

export class MoversRepository {
  constructor(private readonly sqlite: Database.Database) {}

  /** Snapshot times of a country in [from, to] (epoch seconds), with the one just before. */
  snapshotTimes(country: string, from: number, to: number): number[] {
    const before = this.sqlite
      .prepare(`SELECT max(observed_at) FROM feed_snapshots WHERE country = ? AND observed_at < ?`)
      .pluck()
      .get(country, from) as number | null
    const inside = this.sqlite
      .prepare(`SELECT observed_at FROM feed_snapshots WHERE country = ? AND observed_at >= ? AND observed_at <= ? ORDER BY 1`)
      .pluck()
      .all(country, from, to) as number[]
    return before === null ? inside : [before, ...inside]
  }

  /** The articles of one snapshot in position order, only those of a format group when one is given. */
  ranked(country: string, at: number, contentType: string | null): number[] {
    const [snapshot] = feedSnapshotsBetween(this.sqlite, country, at, at)
    if (!snapshot) return []
    const seqs = Array.from(snapshot.entries.seqs)
    if (contentType === null) return seqs
    const formats = contentTypesOf(this.sqlite, seqs)
    return seqs.filter((seq) => formats.get(seq) === contentType)
  }

  /** What the story of a point needs of each article of its snapshots: its publisher, format group and trend. */
  slotFacts(seqs: number[]): Map<number, { domain: string; format: string | null; trend: { id: string; label: string } | null }> {
    const rows = this.sqlite
      .prepare(
        `SELECT f.article_seq AS seq, f.domain, f.content_type AS format, t.id AS trendId, t.label AS trendLabel
         FROM json_each(?) j CROSS JOIN article_facets f ON f.article_seq = j.value CROSS JOIN articles a ON a.seq = f.article_seq
         LEFT JOIN trend_articles ta ON ta.article_id = a.id LEFT JOIN trends t ON t.id = ta.trend_id`,
        // (trend_articles is found by article_id, its unique index; by article_seq it would be read whole)
      )
      .all(JSON.stringify([...new Set(seqs)])) as Array<{ seq: number; domain: string; format: string | null; trendId: string | null; trendLabel: string | null }>
    return new Map(rows.map((r) => [r.seq, { domain: r.domain, format: r.format, trend: r.trendId ? { id: r.trendId, label: r.trendLabel ?? '' } : null }]))
  }

  describe(seqs: number[]): Map<number, { id: string; title: string; domain: string; region: string; publisher: string }> {
    const rows = this.sqlite
      .prepare(
        `SELECT a.seq, a.id, a.title, a.domain, a.region, coalesce(p.name, a.domain) AS publisher
         FROM articles a LEFT JOIN publishers p ON p.id = a.publisher_id WHERE a.seq IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(seqs)) as Array<{ seq: number; id: string; title: string; domain: string; region: string; publisher: string }>
    return new Map(rows.map((r) => [r.seq, r]))
  }
}
