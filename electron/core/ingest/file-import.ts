import type { ImportReport } from '../../../shared/contract/app'
import type { ImportFormat } from '../../../shared/contract/values'
import { nameBatchEntities } from '../analytics/entities/batch-entities'
import { Gazetteer } from '../analytics/entities/extract'
import { referenceCountry } from '../geo/reference-countries'
import type { ImportHolder } from '../store/import-lock'
import type { Store } from '../store/store'
import { registerCountry } from './countries'
import type { ObservationSegment, ParsedChunk, RowSegment } from './file-segments'
import { articleRow, observationRow, RowError, uciRow, UrlCache, type Row, type RowContext, type RowRecords } from './import-rows'
import { parsedChunks, parseWorkerAvailable } from './parsed-chunks'
import { emptyObservationColumns, observationAppender, pushObservation, type IngestBatch, type ObservationColumns } from './records'
import { IngestWriter } from './writer'

export type { ImportReport }
export type RowProblem = ImportReport['problems'][number]

export interface ImportOptions {
  format?: ImportFormat
  /** Validate the whole file first and write nothing if any row is bad. */
  strict?: boolean
  /** Country of rows whose format carries none (UCI); default US. */
  country?: string
  /** Rows per transaction (and the most article rows in one). */
  batchSize?: number
  /** Parse on a worker thread where the built worker is there (default true; tests compare both ways). */
  parseWorker?: boolean
  onProgress?: (progress: { file: string; bytesRead: number; totalBytes: number; rows: number }) => void
  /** Called once when another import of the same store runs: this one waits for it to finish. */
  onWait?: (other: ImportHolder) => void
  /** The caller already holds the store's import lock (several files and the refresh after them). */
  holdsImportLock?: boolean
}

/** Problems (and warnings) reported line by line at most; the rest are counted. */
export const MAX_REPORTED = 100
/**
 * Rows per transaction. Observation rows are small and bigger batches write fewer aggregate rows
 * over again (a batch of 20,000 covers 15 hours of the medium world's feeds; 500,000 covers 5
 * days, so most articles' daily cells and facets are written once or twice; measured in
 * docs/architecture.md); article rows carry their text, so a batch holds at most
 * ARTICLES_PER_BATCH of them.
 */
const DEFAULT_BATCH = 500_000
const ARTICLES_PER_BATCH = 20_000

const CONVERT: Record<ImportFormat, (row: Row, ctx: RowContext) => RowRecords> = {
  'observations-ndjson': observationRow,
  'observations-csv': observationRow,
  'articles-ndjson': articleRow,
  'articles-csv': articleRow,
  'uci-csv': uciRow,
}

const NOT_UTF8 = 'not valid UTF-8 (Latin-1 or damaged text?): characters that could not be read were replaced with U+FFFD; save the file as UTF-8'
const UNKNOWN_ARTICLE = 'the first row of a new article URL needs its title (and lang, unless the country has a known language)'

/** What a pass over the file hands on: a row's records once converted and checked, or a plain observation (parsed as columns). */
interface RowTaker {
  records(records: RowRecords): void
  observation(articleId: string, articleSeq: number, country: string, observedAt: number, position: number, impressions: number): void
  chunkRead(bytesRead: number): void
}

/** What a batch gathers before it is written in one transaction. */
interface Batch {
  publishers: NonNullable<IngestBatch['publishers']>
  entities: NonNullable<IngestBatch['entities']>
  articles: NonNullable<IngestBatch['articles']>
  observationColumns: ObservationColumns
  storylineTruth: NonNullable<IngestBatch['storylineTruth']>
}

const emptyBatch = (): Batch => ({ publishers: [], entities: [], articles: [], observationColumns: emptyObservationColumns(), storylineTruth: [] })

/**
 * One file's import, from its first row to its report. Rows are converted and checked one by one;
 * a bad row is reported with its line and skipped (or, strict, the file is refused after a first
 * pass and nothing is written). Rows are written in batches, each one transaction: a killed import
 * leaves whole batches only, and running it again completes it (observations already stored are
 * skipped). Articles that came without entities get them from their text, batch by batch
 * (analytics/entities/batch-entities.ts).
 */
export class FileImport {
  readonly report: ImportReport
  private readonly kind: 'csv' | 'ndjson'
  private readonly convert: (row: Row, ctx: RowContext) => RowRecords
  private readonly writer: IngestWriter
  private readonly ctx: RowContext
  /** whether the parse worker reads the file (it also looks up the stored articles the file names, on its own connection) */
  private readonly useWorker: boolean
  private readonly storeFile: string | null
  private readonly knownCountries: Set<string>
  /** articles introduced earlier in this file */
  private readonly introduced = new Set<string>()
  // the file's articles and countries as the parser numbers them (ParsedChunk), each article's stored key once found
  private readonly fileArticles: string[] = []
  private readonly fileArticleSeqs: Array<number | undefined> = []
  private readonly fileCountries: string[] = []
  private batch = emptyBatch()
  private inBatch = 0
  /** the store's entities (and the ids of those stored), read only once a batch has an article without entities */
  private gazetteer: { gazetteer: Gazetteer; stored: Set<string> } | null = null
  private bytesRead = 0
  private lastProgress = 0
  private readonly batchSize: number

  constructor(
    private readonly store: Store,
    private readonly file: string,
    private readonly format: ImportFormat,
    private readonly totalBytes: number,
    private readonly options: ImportOptions,
  ) {
    this.kind = format.endsWith('csv') ? 'csv' : 'ndjson'
    this.convert = CONVERT[format]
    this.writer = new IngestWriter(store)
    this.useWorker = (options.parseWorker ?? true) && parseWorkerAvailable()
    this.storeFile = store.sqlite.memory || !store.sqlite.name ? null : store.sqlite.name
    // otherwise a file this big refers to many stored articles, read at once
    if (totalBytes > 8 * 1024 * 1024 && !(this.useWorker && this.storeFile)) this.writer.preloadArticleSeqs()
    this.knownCountries = new Set(store.geo.regionCodes())
    this.batchSize = options.batchSize ?? DEFAULT_BATCH
    const languages = new Map<string, string | null>()
    this.ctx = {
      defaultCountry: (options.country ?? 'US').toUpperCase(),
      urls: new UrlCache(),
      languageOf(country) {
        if (!languages.has(country)) languages.set(country, store.geo.region(country)?.languages[0] ?? referenceCountry(country)?.languages[0] ?? null)
        return languages.get(country)!
      },
    }
    this.report = {
      file,
      format,
      rows: 0,
      blankLines: 0,
      articles: 0,
      observationsInserted: 0,
      observationsDuplicate: 0,
      skipped: 0,
      articlesWithFoundEntities: 0,
      problems: [],
      warnings: [],
      warningCount: 0,
      refused: false,
      parsedOnWorker: false,
    }
  }

  /** Reads the file (twice when strict: every row checked first) and writes what it holds. */
  async run(): Promise<ImportReport> {
    const { report, options } = this
    if (options.strict) {
      await this.eachRow({ records: () => {}, observation: () => {}, chunkRead: (bytes) => this.progress(Math.min(bytes, this.totalBytes) / 2) })
      if (report.skipped > 0) {
        report.refused = true
        return report
      }
      Object.assign(report, { rows: 0, blankLines: 0, warnings: [], warningCount: 0 })
      this.introduced.clear()
    }
    const appendObservation = observationAppender()
    await this.eachRow({
      records: (records) => {
        const batch = this.batch
        if (records.publisher) batch.publishers.push(records.publisher)
        if (records.entities) batch.entities.push(...records.entities)
        if (records.article) batch.articles.push(records.article)
        if (records.truth && records.article) batch.storylineTruth.push({ articleId: records.article.id, ...records.truth })
        if (records.observation) appendObservation(batch.observationColumns, records.observation)
        this.rowDone()
      },
      observation: (articleId, articleSeq, country, observedAt, position, impressions) => {
        pushObservation(this.batch.observationColumns, articleId, articleSeq, country, observedAt, position, impressions)
        this.rowDone()
      },
      chunkRead: (bytes) => (this.bytesRead = bytes),
    })
    this.flush()
    this.store.analyzeIfGrown()
    this.progress(this.totalBytes)
    return report
  }

  /** One pass over the file's rows in order; bad rows become problems. Each pass reads the file anew, and the parser numbers its articles and countries anew. */
  private async eachRow(take: RowTaker): Promise<void> {
    this.fileArticles.length = 0
    this.fileArticleSeqs.length = 0
    this.fileCountries.length = 0
    for await (const chunk of parsedChunks(this.file, this.kind, this.format.startsWith('observations'), { useWorker: this.useWorker, storeFile: this.storeFile })) {
      this.learnChunk(chunk)
      for (const segment of chunk.segments) {
        if (segment.kind === 'rows') this.takeRows(segment, take)
        else this.takeObservations(segment, take)
      }
      take.chunkRead(chunk.bytesRead)
    }
  }

  /** What a chunk tells beside its rows: its new articles (with their stored keys) and countries, blank lines, lines that were not UTF-8. */
  private learnChunk(chunk: ParsedChunk): void {
    chunk.newArticleIds.forEach((id, i) => {
      const stored = chunk.storedArticles?.[i]
      // an article this import wrote is looked up here: the worker may have read it before
      if (stored && !this.introduced.has(id)) {
        this.fileArticleSeqs[this.fileArticles.length] = stored.seq
        this.writer.knowArticle(id, stored)
      }
      this.fileArticles.push(id)
    })
    for (const country of chunk.newCountries) this.fileCountries.push(country)
    this.report.blankLines += chunk.blankLines
    for (const line of chunk.invalidUtf8) {
      if (this.options.strict) this.problem(line, NOT_UTF8)
      else {
        this.report.warningCount++
        if (this.report.warnings.length < MAX_REPORTED) this.report.warnings.push({ line, reason: NOT_UTF8 })
      }
    }
    if (chunk.onWorker) this.report.parsedOnWorker = true
  }

  private takeRows(segment: RowSegment, take: RowTaker): void {
    for (const r of segment.rows) {
      this.report.rows++
      if (r.error) {
        this.problem(r.line, r.error)
        continue
      }
      let records: RowRecords
      try {
        records = this.convert(r.row!, this.ctx)
        this.check(records)
      } catch (e) {
        if (!(e instanceof RowError)) throw e
        this.problem(r.line, e.message)
        continue
      }
      take.records(records)
    }
  }

  /** Plain observation rows come converted already (see parseFile): they are only checked against the store here. */
  private takeObservations(segment: ObservationSegment, take: RowTaker): void {
    for (let i = 0; i < segment.lines.length; i++) {
      this.report.rows++
      const country = this.fileCountries[segment.country[i]!]!
      const article = segment.article[i]!
      const seq = this.articleKey(article)
      const reason = this.countryProblem(country) ?? (seq === undefined ? UNKNOWN_ARTICLE : null)
      if (reason) {
        this.problem(segment.lines[i]!, reason)
        continue
      }
      take.observation(this.fileArticles[article]!, seq!, country, segment.observedAt[i]!, segment.position[i]!, segment.impressions[i]!)
    }
  }

  private check(records: RowRecords): void {
    for (const country of [records.article?.region, records.observation?.country]) {
      const reason = country ? this.countryProblem(country) : null
      if (reason) throw new RowError(reason)
    }
    if (records.article) this.introduced.add(records.article.id)
    if (records.observation && !this.knownArticle(records.observation.articleId)) throw new RowError(UNKNOWN_ARTICLE)
  }

  private countryProblem(country: string): string | null {
    return this.knownCountries.has(country) || referenceCountry(country) ? null : `unknown country code ${country}`
  }

  /** Known articles: in the store, or introduced earlier in this file. */
  private knownArticle(id: string): boolean {
    return this.introduced.has(id) || this.writer.articleSeq(id) !== undefined
  }

  /** The stored article's key (found once per article), -1 for one introduced earlier in this file, undefined when unknown. */
  private articleKey(k: number): number | undefined {
    const known = this.fileArticleSeqs[k]
    if (known !== undefined) return known
    const id = this.fileArticles[k]!
    const seq = this.writer.articleSeq(id)
    if (seq !== undefined) return (this.fileArticleSeqs[k] = seq)
    return this.introduced.has(id) ? -1 : undefined
  }

  private problem(line: number, reason: string): void {
    this.report.skipped++
    if (this.report.problems.length < MAX_REPORTED) this.report.problems.push({ line, reason })
  }

  private rowDone(): void {
    if (++this.inBatch >= this.batchSize || this.batch.articles.length >= Math.min(this.batchSize, ARTICLES_PER_BATCH)) this.flush()
    if (this.report.rows - this.lastProgress >= Math.min(5000, this.batchSize)) {
      this.lastProgress = this.report.rows
      this.progress(this.options.strict ? this.totalBytes / 2 + this.bytesRead / 2 : this.bytesRead)
    }
  }

  private progress(bytesRead: number): void {
    this.options.onProgress?.({ file: this.file, bytesRead, totalBytes: this.totalBytes, rows: this.report.rows })
  }

  /** Writes the batch gathered so far as one transaction, its articles' entities named first. */
  private flush(): void {
    if (this.inBatch === 0) return
    const { batch, store, report } = this
    const gazetteerOf = () => {
      if (this.gazetteer) return this.gazetteer
      const entities = store.reference.entities()
      return (this.gazetteer = { gazetteer: new Gazetteer(entities), stored: new Set(entities.map((e) => e.id)) })
    }
    report.articlesWithFoundEntities += nameBatchEntities(batch, gazetteerOf, (phrase, limit) => store.articles.headlinePublishers(phrase, limit))
    const newCountries = new Set([...batch.articles.map((a) => a.region), ...new Set(batch.observationColumns.country)])
    store.transaction(() => {
      for (const code of newCountries) if (!this.knownCountries.has(code)) registerCountry(store, code)
      const counts = this.writer.write(batch)
      report.articles += counts.articles
      report.observationsInserted += counts.observationsInserted
      report.observationsDuplicate += counts.observationsDuplicate
    })
    for (const code of newCountries) this.knownCountries.add(code)
    this.batch = emptyBatch()
    this.inBatch = 0
  }
}
