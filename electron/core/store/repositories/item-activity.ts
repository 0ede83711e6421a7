import type Database from 'better-sqlite3'
import type { ItemPublication } from '../../analytics/tracking/item-figures'
import type { ActivityWindow } from '../../analytics/tracking/window'
import { articleSumsIn, forEachHourIn } from './hourly-window'

/**
 * How the articles of a window are tied to list items. Every query here first sums the
 * window's packed hourly cells per article (decoded in one pass over the window, handed to
 * SQL as JSON), then ties the articles to the items: one lookup per article, not one per
 * hourly cell and item.
 */
const KEYS = '(SELECT value FROM json_each(@keys))'
const ITEM_OF: Record<string, { join: string; key: string; filter: string; member: string }> = {
  entity: {
    join: 'JOIN article_entities x ON x.article_id = a.id',
    key: 'x.entity_id',
    filter: `+x.entity_id IN ${KEYS}`,
    member: `EXISTS (SELECT 1 FROM article_entities x WHERE x.article_id = a.id AND +x.entity_id IN ${KEYS})`,
  },
  category: { join: '', key: 'a.category', filter: `a.category IN ${KEYS}`, member: `a.category IN ${KEYS}` },
  publisher: { join: '', key: 'a.domain', filter: `a.domain IN ${KEYS}`, member: `a.domain IN ${KEYS}` },
  trend: { join: 'JOIN trend_articles x ON x.article_id = a.id', key: 'x.trend_id', filter: `+x.trend_id IN ${KEYS}`, member: `ta.trend_id IN ${KEYS}` },
  mention: {
    join: `JOIN (SELECT DISTINCT item_id, article_id FROM mention_matches WHERE item_id IN ${KEYS}) x ON x.article_id = a.id`,
    key: 'x.item_id',
    filter: 'true',
    member: `a.id IN (SELECT article_id FROM mention_matches WHERE item_id IN ${KEYS})`,
  },
}

const WINDOW_ARTICLES = `pa AS MATERIALIZED (
  SELECT value ->> 0 AS seq, value ->> 1 AS imps, value ->> 2 AS obs, value ->> 3 AS ps, value ->> 4 AS fs, value ->> 5 AS ls
  FROM json_each(@window))`

/** One item's publication in the window (times are epoch seconds). */
export type ItemArticleRow = ItemPublication

export interface CoveredArticleRow {
  seq: number
  id: string
  url: string
  title: string
  domain: string
  publisher: string | null
  contentType: string | null
  category: string | null
  trendId: string | null
  trendLabel: string | null
  impressions: number
}

export class ItemActivityRepository {
  constructor(private readonly sqlite: Database.Database) {}

  /** The query parameters: the items' keys, the language, and the window's articles with their sums. */
  private params(keys: string[], f: ActivityWindow) {
    const sums = articleSumsIn(this.sqlite, f)
    const window = Array.from(sums, ([seq, s]) => [seq, s.impressions, s.observations, s.positionSum, s.firstSeen, s.lastSeen])
    return { keys: JSON.stringify(keys), lang: f.lang, window: JSON.stringify(window) }
  }

  /** Every (item, publication) pair with impressions in the window. */
  itemArticles(kind: string, keys: string[], f: ActivityWindow): ItemArticleRow[] {
    const spec = ITEM_OF[kind]
    if (!spec || keys.length === 0) return []
    return this.sqlite
      .prepare(
        `WITH ${WINDOW_ARTICLES}
         SELECT ${spec.key} AS key, pa.seq, a.domain, pa.imps AS impressions, pa.obs AS observations, pa.ps AS positionSum,
                pa.fs AS firstSeen, pa.ls AS lastSeen, ta.trend_id AS trendId, f.first_seen AS lifeFirst, f.last_seen AS lifeLast
         FROM pa CROSS JOIN articles a ON a.seq = pa.seq ${spec.join}
         LEFT JOIN trend_articles ta ON ta.article_id = a.id
         LEFT JOIN article_facets f ON f.article_seq = pa.seq
         WHERE ${spec.filter} AND (@lang IS NULL OR a.lang = @lang)`,
      )
      .all(this.params(keys, f)) as ItemArticleRow[]
  }

  /** Impressions per item in the window (the comparison window of metrics). */
  itemImpressions(kind: string, keys: string[], f: ActivityWindow): Map<string, number> {
    const spec = ITEM_OF[kind]
    if (!spec || keys.length === 0) return new Map()
    const rows = this.sqlite
      .prepare(
        `WITH ${WINDOW_ARTICLES}
         SELECT ${spec.key} AS key, sum(pa.imps) AS impressions
         FROM pa CROSS JOIN articles a ON a.seq = pa.seq ${spec.join}
         WHERE ${spec.filter} AND (@lang IS NULL OR a.lang = @lang)
         GROUP BY 1`,
      )
      .all(this.params(keys, f)) as Array<{ key: string; impressions: number }>
    return new Map(rows.map((r) => [r.key, r.impressions]))
  }

  /** Impressions of the given publications per hour or day of the window (sparklines), by seq and bucket. */
  articleBuckets(seqs: number[], f: ActivityWindow, grain: 'hour' | 'day'): Array<{ seq: number; bucket: number; impressions: number }> {
    if (seqs.length === 0) return []
    const wanted = new Set(seqs)
    const buckets = new Map<string, { seq: number; bucket: number; impressions: number }>()
    forEachHourIn(this.sqlite, f, (hour, _country, cells) => {
      const bucket = grain === 'hour' ? hour : Math.floor(hour / 24)
      for (let i = 0; i < cells.seqs.length; i++) {
        const seq = cells.seqs[i]!
        if (!wanted.has(seq)) continue
        const key = `${seq}:${bucket}`
        const b = buckets.get(key)
        if (b) b.impressions += cells.impressions[i]!
        else buckets.set(key, { seq, bucket, impressions: cells.impressions[i]! })
      }
    })
    return [...buckets.values()].sort((a, b) => a.seq - b.seq || a.bucket - b.bucket)
  }

  /** The entities written about in the given publications. */
  entitiesOf(seqs: number[]): Array<{ seq: number; entityId: string; name: string }> {
    if (seqs.length === 0) return []
    return this.sqlite
      .prepare(
        `SELECT a.seq, e.id AS entityId, e.name
         FROM articles a JOIN article_entities ae ON ae.article_id = a.id JOIN entities e ON e.id = ae.entity_id
         WHERE a.seq IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(seqs)) as Array<{ seq: number; entityId: string; name: string }>
  }

  /** Every publication of the items with impressions in the window (roll-ups), with its reach there. */
  coveredArticles(kind: string, keys: string[], f: ActivityWindow): CoveredArticleRow[] {
    const spec = ITEM_OF[kind]
    if (!spec || keys.length === 0) return []
    return this.sqlite
      .prepare(
        `WITH ${WINDOW_ARTICLES}
         SELECT a.seq, a.id, a.url, a.title, a.domain, p.name AS publisher, a.content_type AS contentType, a.category,
                ta.trend_id AS trendId, t.label AS trendLabel, pa.imps AS impressions
         FROM pa CROSS JOIN articles a ON a.seq = pa.seq
         LEFT JOIN publishers p ON p.id = a.publisher_id
         LEFT JOIN trend_articles ta ON ta.article_id = a.id LEFT JOIN trends t ON t.id = ta.trend_id
         WHERE (@lang IS NULL OR a.lang = @lang)
           AND ${spec.member}`,
      )
      .all(this.params(keys, f)) as CoveredArticleRow[]
  }
}
