/** Plain records every source (demo generator, file importers) hands to the ingest writer. */
import type { ArticleRecord, EntityRecord, ObservationRecord, PublisherRecord } from '../store/records'

/** Observations as parallel columns (row i across all of them): how importers hand big batches over. */
export interface ObservationColumns {
  articleId: string[]
  /** The article's key where the importer already knows it, else -1 (the writer looks it up). */
  articleSeq: number[]
  country: string[]
  /** Epoch seconds. */
  observedAt: number[]
  position: number[]
  impressions: number[]
}

export function emptyObservationColumns(): ObservationColumns {
  return { articleId: [], articleSeq: [], country: [], observedAt: [], position: [], impressions: [] }
}

/** Appends one observation (observedAt in epoch seconds; articleSeq -1 when not known yet) to columns. */
export function pushObservation(
  columns: ObservationColumns,
  articleId: string,
  articleSeq: number,
  country: string,
  observedAt: number,
  position: number,
  impressions: number,
): void {
  columns.articleId.push(articleId)
  columns.articleSeq.push(articleSeq)
  columns.country.push(country)
  columns.observedAt.push(observedAt)
  columns.position.push(position)
  columns.impressions.push(impressions)
}

/**
 * Feed snapshots in columns, as a sync receives them: snapshot k holds the entries from
 * `ends[k - 1]` (0 for the first) to `ends[k]`, each naming its article by an index into
 * `articleIds`, so an article is looked up once a batch rather than once an entry, and the
 * entries are typed arrays that move between threads without a copy.
 */
export interface SnapshotColumns {
  articleIds: string[]
  country: string[]
  /** Epoch seconds. */
  observedAt: number[]
  ends: number[]
  article: Uint32Array
  position: Uint32Array
  impressions: Uint32Array
}

/**
 * Builds SnapshotColumns: a snapshot's entries are added, then the snapshot is ended with its
 * country and instant; each article is named once however many entries name it (a sync's
 * batch, a demo world's day).
 */
export class SnapshotColumnsBuilder {
  private readonly articleIds: string[] = []
  private readonly indexOf = new Map<string, number>()
  private readonly country: string[] = []
  private readonly observedAt: number[] = []
  private readonly ends: number[] = []
  private readonly article: number[] = []
  private readonly position: number[] = []
  private readonly impressions: number[] = []

  /** Entries added so far. */
  get entries(): number {
    return this.article.length
  }

  addEntry(articleId: string, position: number, impressions: number): void {
    let index = this.indexOf.get(articleId)
    if (index === undefined) this.indexOf.set(articleId, (index = this.articleIds.push(articleId) - 1))
    this.article.push(index)
    this.position.push(position)
    this.impressions.push(impressions)
  }

  /** Ends the snapshot of `country` at `observedAt` (epoch seconds): the entries added since the last one ended are its. */
  endSnapshot(country: string, observedAt: number): void {
    this.country.push(country)
    this.observedAt.push(observedAt)
    this.ends.push(this.article.length)
  }

  columns(): SnapshotColumns {
    return {
      articleIds: this.articleIds,
      country: this.country,
      observedAt: this.observedAt,
      ends: this.ends,
      article: Uint32Array.from(this.article),
      position: Uint32Array.from(this.position),
      impressions: Uint32Array.from(this.impressions),
    }
  }
}

/**
 * Epoch seconds of ISO 8601 instants. A snapshot's rows share one instant, so a timestamp is
 * parsed once for each run of rows that repeat it.
 */
export function epochSecondsReader(): (iso: string) => number {
  let lastAt = ''
  let lastSeconds = 0
  return (iso) => {
    if (iso !== lastAt) {
      lastAt = iso
      lastSeconds = Math.floor(Date.parse(iso) / 1000)
    }
    return lastSeconds
  }
}

/** Appends observation records to columns. */
export function observationAppender(): (columns: ObservationColumns, o: ObservationRecord) => void {
  const secondsOf = epochSecondsReader()
  return (columns, o) => pushObservation(columns, o.articleId, -1, o.country, secondsOf(o.observedAt), o.position, o.estimatedImpressions)
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
  /** Feed snapshots as whole columns (a sync's form), written besides the observations. */
  snapshotColumns?: SnapshotColumns
  /** True storylines (demo world, labelled imports), kept apart from every contract method. */
  storylineTruth?: Array<{ articleId: string; source: string; storylineId: string }>
}

export interface IngestCounts {
  articles: number
  observationsInserted: number
  observationsDuplicate: number
}
