/** Plain records every source (demo generator, file importers) hands to the ingest writer. */

export interface PublisherRecord {
  domain: string
  name: string
  country?: string | null
  profileExists?: boolean
  knowledgeGraphId?: string | null
  totalFollowers?: number | null
}

export interface EntityRecord {
  id: string
  name: string
  type?: string | null
}

export interface ArticleRecord {
  id: string
  url: string
  title: string
  domain: string
  region: string
  lang: string
  category?: string | null
  contentType?: string | null
  summary?: string | null
  markdown?: string | null
  images?: Array<{ url: string; width: number | null; height: number | null }> | null
  publishedAt?: string | null
  /** extracted: found in the text by Feedlens (the source gave none), not given. */
  entities?: Array<{ id: string; score: number; extracted?: boolean }>
}

export interface ObservationRecord {
  articleId: string
  country: string
  /** ISO 8601 UTC. */
  observedAt: string
  position: number
  estimatedImpressions: number
}

/** Observations as parallel columns (row i across all of them): how importers hand big batches over. */
export interface ObservationColumns {
  articleId: string[]
  country: string[]
  /** Epoch seconds. */
  observedAt: number[]
  position: number[]
  impressions: number[]
}

export function emptyObservationColumns(): ObservationColumns {
  return { articleId: [], country: [], observedAt: [], position: [], impressions: [] }
}

/** Appends one observation (observedAt in epoch seconds) to columns. */
export function pushObservation(columns: ObservationColumns, articleId: string, country: string, observedAt: number, position: number, impressions: number): void {
  columns.articleId.push(articleId)
  columns.country.push(country)
  columns.observedAt.push(observedAt)
  columns.position.push(position)
  columns.impressions.push(impressions)
}

/**
 * Appends observation records to columns. A snapshot's rows share one instant, so a timestamp
 * is parsed once for each run of rows that repeat it.
 */
export function observationAppender(): (columns: ObservationColumns, o: ObservationRecord) => void {
  let lastAt = ''
  let lastSeconds = 0
  return (columns, o) => {
    if (o.observedAt !== lastAt) {
      lastAt = o.observedAt
      lastSeconds = Math.floor(Date.parse(o.observedAt) / 1000)
    }
    pushObservation(columns, o.articleId, o.country, lastSeconds, o.position, o.estimatedImpressions)
  }
}

/** Observation records as columns. */
export function observationColumns(records: readonly ObservationRecord[]): ObservationColumns {
  const columns = emptyObservationColumns()
  const append = observationAppender()
  for (const o of records) append(columns, o)
  return columns
}

export interface IngestBatch {
  publishers?: PublisherRecord[]
  entities?: EntityRecord[]
  articles?: ArticleRecord[]
  observations?: ObservationRecord[]
  /** The same as columns (used instead of observations when given). */
  observationColumns?: ObservationColumns
  /** True storylines (demo world, labelled imports), kept apart from every contract method. */
  storylineTruth?: Array<{ articleId: string; source: string; storylineId: string }>
}

export interface IngestCounts {
  articles: number
  observationsInserted: number
  observationsDuplicate: number
}
