import fs from 'node:fs'
import type { ImportFormat } from '../../../shared/contract/values'
import path from 'node:path'
import { referenceCountry, referenceCountryNames, referencePlaceNames } from '../geo/reference-countries'
import { acquireImportLock, type ImportHolder } from '../store/import-lock'
import type { Store } from '../store/store'
import { loadTagger } from '../analytics/entities/tagger'
import { capitalisedOnly, caseOfWords, definedAbbreviations, extractEntities, Gazetteer, namedEntities, type KnownEntity } from '../analytics/entities/extract'
import { endOfLongerName, groupByInitials, isAbbreviation, isLoneGivenName, nameKey, namesDefined, otherSpellings, partialNames, smallWordsInLowerCase, usualWriting, withPossessive } from '../analytics/entities/names'
import { articleRow, entityIdForName, observationRow, RowError, uciRow, UrlCache, type Row, type RowContext, type RowRecords } from './import-rows'
import { emptyObservationColumns, observationAppender, pushObservation, type IngestBatch, type ObservationColumns } from './records'
import { readRows } from './file-segments'
import { whatIsWrong } from './sniff'
import { parsedChunks, parseWorkerAvailable } from './parsed-chunks'
import { IngestWriter } from './writer'
import { registerCountry } from './countries'


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

import type { ImportReport } from '../../../shared/contract/app'

export type { ImportReport }
export type RowProblem = ImportReport['problems'][number]

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

/** A whole import refused before anything was written (unknown format, unreadable file). */
export class ImportError extends Error {}

/** Guesses the format from the file name and its first record. */
export async function detectFormat(file: string): Promise<ImportFormat> {
  const ext = path.extname(file).toLowerCase()
  const kind = ext === '.csv' ? 'csv' : ext === '.ndjson' || ext === '.jsonl' || ext === '.json' ? 'ndjson' : null
  if (!kind) throw new ImportError(`${file}: cannot tell the format from the extension ${ext || '(none)'}; use --format`)
  const wrong = whatIsWrong(file, kind)
  if (wrong) throw new ImportError(wrong)
  for await (const rows of readRows(file, kind, () => {})) {
    const first = rows.find((r) => r.row)
    if (!first) {
      // the first record could not be read: say why rather than "no records"
      const bad = rows.find((r) => r.error)
      if (bad) throw new ImportError(`${file}: line ${bad.line}: ${bad.error}; cannot tell the format (use --format).`)
      continue
    }
    const keys = Object.keys(first.row!)
    if (kind === 'csv' && ['ID', 'TITLE', 'URL', 'STORY'].every((k) => keys.includes(k))) return 'uci-csv'
    return keys.includes('observed_at') ? `observations-${kind}` : `articles-${kind}`
  }
  throw new ImportError(`${file}: the file has no records`)
}

const CONVERT: Record<ImportFormat, (row: Row, ctx: RowContext) => RowRecords> = {
  'observations-ndjson': observationRow,
  'observations-csv': observationRow,
  'articles-ndjson': articleRow,
  'articles-csv': articleRow,
  'uci-csv': uciRow,
}

/**
 * Imports one file. Rows are converted and checked one by one; a bad row is reported with
 * its line and skipped (or, with strict, the file is refused and nothing is written). Rows
 * are written in batches, each one transaction: a killed import leaves whole batches only,
 * and running it again completes it (observations already stored are skipped).
 */
export async function importFile(store: Store, file: string, options: ImportOptions = {}): Promise<ImportReport> {
  const release = options.holdsImportLock ? () => {} : await acquireImportLock(store.file, { file }, options.onWait)
  try {
    return await store.bulkAsync(() => importInto(store, file, options))
  } finally {
    release()
  }
}

async function importInto(store: Store, file: string, options: ImportOptions): Promise<ImportReport> {
  await loadTagger()
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (!stat?.isFile()) throw new ImportError(`${file}: no such file`)
  const format = options.format ?? (await detectFormat(file))
  const kind = format.endsWith('csv') ? 'csv' : 'ndjson'
  if (options.format) {
    const wrong = whatIsWrong(file, kind)
    if (wrong) throw new ImportError(wrong)
  }
  const convert = CONVERT[format]
  const totalBytes = stat.size
  const writer = new IngestWriter(store)
  // The parse worker looks up the stored articles a file refers to, on its own connection (not
  // for a store in memory); otherwise a file this big refers to many stored articles, read at once.
  const useWorker = (options.parseWorker ?? true) && parseWorkerAvailable()
  const storeFile = store.sqlite.memory || !store.sqlite.name ? null : store.sqlite.name
  if (totalBytes > 8 * 1024 * 1024 && !(useWorker && storeFile)) writer.preloadArticleSeqs()
  const defaultCountry = (options.country ?? 'US').toUpperCase()
  const languages = new Map<string, string | null>()
  const ctx: RowContext = {
    defaultCountry,
    urls: new UrlCache(),
    languageOf(country) {
      if (!languages.has(country)) {
        const region = store.geo.region(country)
        languages.set(country, region?.languages[0] ?? referenceCountry(country)?.languages[0] ?? null)
      }
      return languages.get(country)!
    },
  }
  const report: ImportReport = {
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
  const problem = (line: number, reason: string) => {
    report.skipped++
    if (report.problems.length < MAX_REPORTED) report.problems.push({ line, reason })
  }

  /** Known articles: in the store, or introduced earlier in this file. */
  const introduced = new Set<string>()
  const knownArticle = (id: string) => introduced.has(id) || writer.articleSeq(id) !== undefined
  // The file's articles and countries as the parser numbers them (see ParsedChunk), and each
  // article's stored key once found.
  const fileArticles: string[] = []
  const fileArticleSeqs: Array<number | undefined> = []
  const fileCountries: string[] = []
  /** The stored article's key (found once per article), -1 for one introduced earlier in this file, undefined when unknown. */
  const articleKey = (k: number): number | undefined => {
    const known = fileArticleSeqs[k]
    if (known !== undefined) return known
    const id = fileArticles[k]!
    const seq = writer.articleSeq(id)
    if (seq !== undefined) return (fileArticleSeqs[k] = seq)
    return introduced.has(id) ? -1 : undefined
  }
  const knownCountries = new Set(store.geo.regionCodes())
  const countryProblem = (c: string) => (knownCountries.has(c) || referenceCountry(c) ? null : `unknown country code ${c}`)
  const NOT_UTF8 = 'not valid UTF-8 (Latin-1 or damaged text?): characters that could not be read were replaced with U+FFFD; save the file as UTF-8'
  const UNKNOWN_ARTICLE = 'the first row of a new article URL needs its title (and lang, unless the country has a known language)'

  const check = (records: RowRecords): void => {
    const countries = [records.article?.region, records.observation?.country].filter((c): c is string => !!c)
    for (const c of countries) {
      const reason = countryProblem(c)
      if (reason) throw new RowError(reason)
    }
    if (records.article) introduced.add(records.article.id)
    if (records.observation && !knownArticle(records.observation.articleId)) throw new RowError(UNKNOWN_ARTICLE)
  }

  /**
   * Goes through the file's rows in order: `take` gets each row's records once converted and
   * checked, bad rows become problems. Plain observation rows come already converted (see
   * parseFile) and are only checked against the store here.
   */
  type TakeObservation = (articleId: string, articleSeq: number, country: string, observedAt: number, position: number, impressions: number) => void
  const eachRow = async (take: (records: RowRecords) => void, takeObservation: TakeObservation, onChunk: (bytesRead: number) => void) => {
    // each pass reads the file anew, and the parser numbers its articles and countries anew
    fileArticles.length = 0
    fileArticleSeqs.length = 0
    fileCountries.length = 0
    for await (const chunk of parsedChunks(file, kind, format.startsWith('observations'), { useWorker, storeFile })) {
      chunk.newArticleIds.forEach((id, i) => {
        const stored = chunk.storedArticles?.[i]
        // an article this import wrote is looked up here: the worker may have read it before
        if (stored && !introduced.has(id)) {
          fileArticleSeqs[fileArticles.length] = stored.seq
          writer.knowArticle(id, stored)
        }
        fileArticles.push(id)
      })
      for (const country of chunk.newCountries) fileCountries.push(country)
      report.blankLines += chunk.blankLines
      for (const line of chunk.invalidUtf8) {
        if (options.strict) {
          problem(line, NOT_UTF8)
          continue
        }
        report.warningCount++
        if (report.warnings.length < MAX_REPORTED) report.warnings.push({ line, reason: NOT_UTF8 })
      }
      if (chunk.onWorker) report.parsedOnWorker = true
      for (const segment of chunk.segments) {
        if (segment.kind === 'rows') {
          for (const r of segment.rows) {
            report.rows++
            if (r.error) {
              problem(r.line, r.error)
              continue
            }
            let records: RowRecords
            try {
              records = convert(r.row!, ctx)
              check(records)
            } catch (e) {
              if (!(e instanceof RowError)) throw e
              problem(r.line, e.message)
              continue
            }
            take(records)
          }
          continue
        }
        for (let i = 0; i < segment.lines.length; i++) {
          report.rows++
          const country = fileCountries[segment.country[i]!]!
          const article = segment.article[i]!
          const seq = articleKey(article)
          const reason = countryProblem(country) ?? (seq === undefined ? UNKNOWN_ARTICLE : null)
          if (reason) {
            problem(segment.lines[i]!, reason)
            continue
          }
          takeObservation(fileArticles[article]!, seq!, country, segment.observedAt[i]!, segment.position[i]!, segment.impressions[i]!)
        }
      }
      onChunk(chunk.bytesRead)
    }
  }

  if (options.strict) {
    await eachRow(
      () => {},
      () => {},
      (bytes) => options.onProgress?.({ file, bytesRead: Math.min(bytes, totalBytes) / 2, totalBytes, rows: report.rows }),
    )
    if (report.skipped > 0) {
      report.refused = true
      return report
    }
    report.rows = 0
    report.blankLines = 0
    report.warnings = []
    report.warningCount = 0
    introduced.clear()
  }

  const batchSize = options.batchSize ?? DEFAULT_BATCH
  const articlesPerBatch = Math.min(batchSize, ARTICLES_PER_BATCH)
  let batch = emptyBatch()
  let inBatch = 0
  // the store's entities, read only once a batch has an article without entities
  let gazetteer: Gazetteer | null = null
  const gazetteerOf = () => (gazetteer ??= new Gazetteer(store.reference.entities()))
  const flush = () => {
    if (inBatch === 0) return
    report.articlesWithFoundEntities += addExtractedEntities(batch, gazetteerOf, (phrase, limit) => store.articles.headlinePublishers(phrase, limit))
    const newCountries = new Set([...batch.articles.map((a) => a.region), ...new Set(batch.observationColumns.country)])
    store.transaction(() => {
      for (const code of newCountries) if (!knownCountries.has(code)) registerCountry(store, code)
      const counts = writer.write(batch)
      report.articles += counts.articles
      report.observationsInserted += counts.observationsInserted
      report.observationsDuplicate += counts.observationsDuplicate
    })
    for (const code of newCountries) knownCountries.add(code)
    batch = emptyBatch()
    inBatch = 0
  }
  let lastProgress = 0
  const rowDone = () => {
    if (++inBatch >= batchSize || batch.articles.length >= articlesPerBatch) flush()
    if (report.rows - lastProgress >= Math.min(5000, batchSize)) {
      lastProgress = report.rows
      options.onProgress?.({ file, bytesRead: options.strict ? totalBytes / 2 + bytesRead / 2 : bytesRead, totalBytes, rows: report.rows })
    }
  }
  let bytesRead = 0
  const appendObservation = observationAppender()
  const takeObservation: TakeObservation = (articleId, articleSeq, country, observedAt, position, impressions) => {
    pushObservation(batch.observationColumns, articleId, articleSeq, country, observedAt, position, impressions)
    rowDone()
  }
  await eachRow(
    (records) => {
      if (records.publisher) batch.publishers.push(records.publisher)
      if (records.entities) batch.entities.push(...records.entities)
      if (records.article) batch.articles.push(records.article)
      if (records.truth && records.article) batch.storylineTruth.push({ articleId: records.article.id, ...records.truth })
      if (records.observation) appendObservation(batch.observationColumns, records.observation)
      rowDone()
    },
    takeObservation,
    (bytes) => (bytesRead = bytes),
  )
  flush()
  store.analyzeIfGrown()
  options.onProgress?.({ file, bytesRead: totalBytes, totalBytes, rows: report.rows })
  return report
}

/**
 * Articles of the batch that came without entities get them from their text. The gazetteer (the
 * store's entities and those the batch gives) is matched first; the English tagger then reads the
 * headlines in which no known entity was found. A name it finds is kept when headlines of two
 * publishers or more write it, in the batch or in the store (one site's boilerplate is no entity),
 * or when it is a country or a big town the reference packages know; a name of unknown kind (the
 * capitals of a sentence-case headline) also needs a word the batch never writes in lower case; a
 * given name alone is none; a word the batch mostly writes in lower case is of no known kind, and
 * so is a person or a place the tagger mostly read as no name ("Apple"); one name written two ways ("MtGox",
 * "Mt. Gox") is one entity found by both, as is a name of unknown kind and the one longer name it
 * ends ("Pichai"); an abbreviation a headline defines in brackets after a name ("South by
 * Southwest Interactive Festival (SXSW)") and that name are one entity, named as more headlines
 * write it; another abbreviation of a name at hand (an entity, or a country) becomes another name
 * of it (docs/entities.md). The names kept, as most headlines write them (small words in lower case
 * inside them: "Game of Thrones"), join the gazetteer and those articles are matched again, so a
 * name found in one headline is found in the others; those an article then carries are stored.
 * Returns how many articles got entities.
 */
function addExtractedEntities(
  batch: ReturnType<typeof emptyBatch>,
  gazetteerOf: () => Gazetteer,
  headlinePublishers: (phrase: string, limit: number) => string[],
): number {
  const bare = batch.articles.filter((a) => !a.entities || a.entities.length === 0)
  if (bare.length === 0) return 0
  const gazetteer = gazetteerOf()
  for (const e of batch.entities) gazetteer.add({ id: e.id, name: e.name, type: e.type ?? null })
  const added: KnownEntity[] = []
  const addEntity = (entity: KnownEntity) => {
    if (gazetteer.add(entity)) added.push(entity)
  }
  const found = new Map<string, { name: string; type: string | null; publishers: Set<string>; readings: Map<string | null, number>; writings: Map<string, number>; headlines: number; possessive: number }>()
  const wordCase = caseOfWords(bare.map((b) => b.title))
  for (const a of bare) {
    if (gazetteer.find(a.title).length > 0) continue
    for (const name of namedEntities(a.title, a.lang)) {
      // a name of unknown kind (a capitalised run of a sentence-case headline) whose every word is a common word is none
      if (name.type === null && !capitalisedOnly(name.name, wordCase.lowerCase)) continue
      const key = nameKey(name.name)
      const entry = found.get(key) ?? found.set(key, { name: name.name, type: null, publishers: new Set(), readings: new Map(), writings: new Map(), headlines: 0, possessive: 0 }).get(key)!
      entry.readings.set(name.type, (entry.readings.get(name.type) ?? 0) + 1)
      entry.writings.set(name.name, (entry.writings.get(name.name) ?? 0) + 1)
      entry.headlines++
      if (a.title.includes(`${name.name}'s`) || a.title.includes(`${name.name}’s`)) entry.possessive++
      entry.publishers.add(a.domain)
    }
  }
  knownPlaces ??= new Set(referencePlaceNames().map(nameKey))
  for (const [key, f] of found) {
    // as headlines usually write it ("Carl Icahn", not a headline in capitals' "CARL ICAHN"), small words as in a title ("Game of Thrones")
    f.name = smallWordsInLowerCase(usualWriting(f.writings))
    // its kind: the one the tagger read it as most often; unknown when the tagger never named it, or
    // named it a person or a place in fewer headlines than it saw no name there (a capitalised
    // "Apple" is no one, the game Titanfall no place; its organisations are rarely wrong: Fyffes,
    // JetBlue, SXSW keep theirs)
    const [kind, times] = [...f.readings].filter(([type]) => type !== null).sort((x, y) => y[1] - x[1])[0] ?? [null, 0]
    f.type = (kind === 'Person' || kind === 'Place') && times < (f.readings.get(null) ?? 0) ? null : kind
    // a place the reference packages know is a place, whatever the tagger read ("Ukraine" after "Asian data,"), and kept
    if (knownPlaces.has(key)) f.type = 'Place'
    // a word headlines mostly write in lower case is a common word of no known kind ("Copper" is no
    // town, whatever the tagger or the reference packages read)
    if (wordCase.common.has(key)) f.type = null
    // a brand that carries its "'s" ("McDonald's", never "McDonald") is an organisation, whatever the tagger read
    const brand = withPossessive(f.name, f.possessive, f.headlines)
    if (brand) {
      f.name = brand
      f.type = 'Organization'
    }
    // a given name alone names no one ("Jimmy", a Title Case "Stocks Mark ...")
    if (f.type === 'Person' && isLoneGivenName(f.name)) found.delete(key)
  }
  // a name one publisher of the batch writes recurs when another one's stored headlines carry it
  let storeChecks = MAX_STORE_CHECKS
  const inStoredHeadlines = (f: { name: string; publishers: Set<string> }) =>
    storeChecks-- > 0 && headlinePublishers(f.name, f.publishers.size + 1).some((domain) => !f.publishers.has(domain))
  const recurring = [...found].filter(([key, f]) => f.publishers.size >= 2 || knownPlaces!.has(key) || inStoredHeadlines(f)).map(([, f]) => f)
  const partial = partialNames(recurring, (key) => gazetteer.knows(key))
  const whole = recurring.filter((f) => !partial.has(f) && !isAbbreviation(f.name))
  // one name written two ways ("MtGox", "Mt. Gox") is one entity, found by both
  const spelling = otherSpellings(whole, (f) => f.headlines)
  const mainOf = (f: (typeof whole)[number]) => spelling.get(f) ?? f
  const entityOf = (f: (typeof whole)[number]): KnownEntity => ({ id: entityIdForName(f.name), name: f.name, type: f.type })
  // abbreviations ("GM", "U.S.") in any of the headlines, and those a headline defines by a name
  // before them ("South by Southwest Interactive Festival (SXSW)")
  const abbreviations = new Map<string, { name: string; type: string | null; publishers: Set<string>; headlines: number }>()
  for (const f of recurring) if (isAbbreviation(f.name)) abbreviations.set(nameKey(f.name), { ...f, headlines: 0 })
  const definitions: Array<{ long: string; short: string }> = []
  for (const a of bare) {
    const written = new Set([...a.title.matchAll(ABBREVIATION)].map((m) => m[0]))
    for (const name of written) {
      const entry = abbreviations.get(nameKey(name)) ?? abbreviations.set(nameKey(name), { name, type: null, publishers: new Set(), headlines: 0 }).get(nameKey(name))!
      entry.publishers.add(a.domain)
      entry.headlines++
    }
    if (a.title.includes('(')) definitions.push(...definedAbbreviations(a.title))
  }
  // a defined abbreviation and its name are one entity, named as more headlines write it (SXSW)
  const definedName = new Map<string, (typeof whole)[number]>()
  for (const [key, f] of namesDefined(definitions, whole)) if (abbreviations.has(key)) definedName.set(key, mainOf(f))
  // (an abbreviation of two letters names nothing in the gazetteer: "GM" stays another name of General Motors)
  const namedByAbbreviation = new Set([...definedName].filter(([key, f]) => key.length >= 3 && abbreviations.get(key)!.headlines > f.headlines).map(([, f]) => f))
  for (const f of whole) if (!spelling.has(f) && !namedByAbbreviation.has(f)) addEntity(entityOf(f))
  for (const [f, main] of spelling) if (!namedByAbbreviation.has(main)) gazetteer.addAlias(f.name, entityOf(main))
  // a name of unknown kind that ends one longer name names it ("Jaguars", "Pichai")
  const ends = new Map<string, (typeof whole)[number]>()
  for (const f of recurring) {
    const longer = partial.has(f) ? endOfLongerName(f, whole) : null
    if (longer) ends.set(f.name, mainOf(longer))
  }
  for (const [name, longer] of ends) if (!namedByAbbreviation.has(longer)) gazetteer.addAlias(name, entityOf(longer))
  // each abbreviation as another name of what it stands for: the name a headline defined it by,
  // else the entity or country of its initials, else (of a known kind) an entity of its own
  for (const [key, f] of abbreviations) {
    const defined = definedName.get(key)
    if (defined && !namedByAbbreviation.has(defined)) {
      gazetteer.addAlias(f.name, entityOf(defined))
      continue
    }
    if (f.publishers.size < 2 && !defined) continue
    // an abbreviation the gazetteer already has names that entity (a name it knows but does not find in itself names none)
    const isKnown = gazetteer.knows(f.name)
    const known = isKnown ? gazetteer.find(f.name)[0] : undefined
    if (isKnown && !known) continue
    const standsFor = known ?? expandAbbreviation(f.name, gazetteer) ?? (f.type || defined ? { id: entityIdForName(f.name), name: f.name, type: f.type ?? defined!.type } : null)
    if (!standsFor) continue
    if (!known) {
      addEntity(standsFor)
      if (standsFor.name !== f.name) gazetteer.addAlias(f.name, standsFor)
    }
    if (!defined) continue
    // the defined name, its other spellings and the ends that named it are other names of the abbreviation's entity
    gazetteer.addAlias(defined.name, standsFor)
    for (const [other, main] of spelling) if (main === defined) gazetteer.addAlias(other.name, standsFor)
    for (const [name, longer] of ends) if (longer === defined) gazetteer.addAlias(name, standsFor)
  }
  let articles = 0
  const carried = new Set<string>()
  for (const a of bare) {
    const found = extractEntities(a, gazetteer)
    if (found.length === 0) continue
    a.entities = found.map((e) => ({ ...e, extracted: true }))
    for (const e of found) carried.add(e.id)
    articles++
  }
  // only the names an article carries are stored: a name the tagger read inside a longer one that
  // the gazetteer then matched ("Las" of "Las Vegas") names nothing
  for (const entity of added) if (carried.has(entity.id)) batch.entities.push(entity)
  return articles
}

/** Names of one publisher in a batch looked up in the stored headlines at most (each a full-text query). */
const MAX_STORE_CHECKS = 2_000

/** An abbreviation as headlines write it: two to five capitals, with or without dots ("GM", "U.S."). */
const ABBREVIATION = /(?<![\p{L}\p{N}])\p{Lu}(?:\.?\p{Lu}){1,4}\.?(?![\p{L}\p{N}])/gu

let countriesByInitials: Map<string, string[]> | null = null
/** Countries and big towns by name key: a place the tagger finds there is known, whoever writes it. */
let knownPlaces: Set<string> | null = null

/** The entity an abbreviation stands for: the one gazetteer entity with those initials, else the one country ("U.S.": United States). */
function expandAbbreviation(abbreviation: string, gazetteer: Gazetteer): KnownEntity | null {
  const letters = nameKey(abbreviation).replace(/ /g, '')
  const entity = gazetteer.expand(letters)
  if (entity) return entity
  countriesByInitials ??= groupByInitials(referenceCountryNames())
  const countries = countriesByInitials.get(letters) ?? []
  return countries.length === 1 ? { id: entityIdForName(countries[0]!), name: countries[0]!, type: 'Place' } : null
}

function emptyBatch() {
  return { publishers: [], entities: [], articles: [], observationColumns: emptyObservationColumns(), storylineTruth: [] } as {
    publishers: NonNullable<IngestBatch['publishers']>
    entities: NonNullable<IngestBatch['entities']>
    articles: NonNullable<IngestBatch['articles']>
    observationColumns: ObservationColumns
    storylineTruth: NonNullable<IngestBatch['storylineTruth']>
  }
}

