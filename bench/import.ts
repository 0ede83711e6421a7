/**
 * Import as users run it (`feedlens import`, start to exit), the median of several runs, against
 * what the same rows cost at least: parsing the file and inserting its rows as they are into one
 * SQLite table, measured between the runs.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import Database from 'better-sqlite3'
import type { ImportReport } from '../electron/core/ingest/importer'
import { decodeFeedEntries } from '../electron/core/store/feed-entries'
import type { Store } from '../electron/core/store/store'
import { isoFromSeconds } from '../electron/core/time/buckets'
import { BIN, line, median, n, writeLines } from './lib'

/** `feedlens import FILE --json --no-refresh` into a data folder: its report and the seconds from start to exit. */
export function cliImport(file: string, dataDir: string): Promise<{ report: ImportReport; seconds: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'import', file, '--data-dir', dataDir, '--json', '--no-refresh'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`feedlens import ${file} exited with ${code}`))
      else resolve({ report: (JSON.parse(out) as ImportReport[])[0]!, seconds: (performance.now() - started) / 1000 })
    })
  })
}

/**
 * The world's articles and observations as NDJSON files (observations in time order, as a feed
 * recorder writes them). With `wholeArticles`, articles carry everything a feed sends of them
 * (Markdown, images, entities, publisher) as well.
 */
export async function exportWorld(source: Store, dir: string, options: { wholeArticles?: boolean } = {}): Promise<{ articlesFile: string; observationsFile: string; rows: number }> {
  const articlesFile = path.join(dir, 'articles.ndjson')
  const observationsFile = path.join(dir, 'observations.ndjson')
  const whole = `, a.markdown, json(a.images) AS images, p.name AS publisher,
    (SELECT json_group_array(json_object('id', e.id, 'name', e.name, 'type', e.type, 'score', ae.score))
     FROM article_entities ae JOIN entities e ON e.id = ae.entity_id WHERE ae.article_id = a.id) AS entities`
  await writeLines(
    articlesFile,
    (function* () {
      const sql = `SELECT a.url, a.title, a.region, a.lang, a.category, a.content_type, a.summary, a.published_at${options.wholeArticles ? whole : ''}
                   FROM articles a LEFT JOIN publishers p ON p.id = a.publisher_id ORDER BY a.seq`
      for (const a of source.sqlite.prepare(sql).iterate() as Iterable<Record<string, unknown>>) {
        if (!options.wholeArticles) {
          yield JSON.stringify(a)
          continue
        }
        const row: Record<string, unknown> = { ...a, images: a.images ? JSON.parse(a.images as string) : null, entities: JSON.parse(a.entities as string) }
        for (const k of Object.keys(row)) if (row[k] === null) delete row[k]
        yield JSON.stringify(row)
      }
    })(),
  )
  const urls = new Map(source.sqlite.prepare('SELECT seq, url FROM articles').raw().all() as Array<[number, string]>)
  const rows = await writeLines(
    observationsFile,
    (function* () {
      for (const s of source.sqlite.prepare('SELECT observed_at AS t, country, entries FROM feed_snapshots ORDER BY observed_at, country').iterate() as Iterable<{ t: number; country: string; entries: Buffer }>) {
        const e = decodeFeedEntries(s.entries)
        const at = isoFromSeconds(s.t)
        for (let i = 0; i < e.seqs.length; i++) {
          yield JSON.stringify({ observed_at: at, country: s.country, position: e.positions[i], estimated_impressions: e.impressions[i], url: urls.get(e.seqs[i]!) })
        }
      }
    })(),
  )
  return { articlesFile, observationsFile, rows }
}

/** Parsing the file line by line and inserting each row as it is into one table, in transactions of 5,000 (rows a second). */
async function rawInsert(file: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-raw-'))
  try {
    const started = performance.now()
    const db = new Database(path.join(dir, 'raw.db'))
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.exec('CREATE TABLE raw (observed_at TEXT, country TEXT, position INTEGER, impressions INTEGER, url TEXT)')
    const insert = db.prepare('INSERT INTO raw VALUES (?, ?, ?, ?, ?)')
    const flush = db.transaction((batch: unknown[][]) => {
      for (const row of batch) insert.run(row)
    })
    let batch: unknown[][] = []
    let rows = 0
    for await (const text of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
      if (!text) continue
      const o = JSON.parse(text) as { observed_at: string; country: string; position: number; estimated_impressions: number; url: string }
      batch.push([o.observed_at, o.country, o.position, o.estimated_impressions, o.url])
      rows++
      if (batch.length === 5000) {
        flush(batch)
        batch = []
      }
    }
    flush(batch)
    db.close()
    return rows / ((performance.now() - started) / 1000)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export interface ImportResults {
  articlesPerSecond: number
  /** observations a second, each run */
  runs: number[]
  median: number
  /** parsing plus a raw insert of the same rows, each run */
  baselines: number[]
  baselineMedian: number
  reimportSeconds: number
}

export async function measureImport(source: Store, runs: number): Promise<ImportResults> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-import-'))
  try {
    const { articlesFile, observationsFile, rows } = await exportWorld(source, dir)
    const rates: number[] = []
    const baselines: number[] = []
    let articlesPerSecond = 0
    let reimportSeconds = 0
    for (let run = 0; run < runs; run++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-import-run-'))
      try {
        const a = await cliImport(articlesFile, dataDir)
        articlesPerSecond = a.report.articles / a.seconds
        const o = await cliImport(observationsFile, dataDir)
        if (o.report.observationsInserted !== rows) line(`  (warning: ${rows} rows exported, ${o.report.observationsInserted} imported)`)
        rates.push(o.report.observationsInserted / o.seconds)
        if (run === 0) reimportSeconds = (await cliImport(observationsFile, dataDir)).seconds
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
      baselines.push(await rawInsert(observationsFile))
      line(`  run ${run + 1}: ${n(rates[run]!)} observations/s; parsing plus a raw insert of the same rows ${n(baselines[run]!)} rows/s`)
    }
    const result = { articlesPerSecond, runs: rates, median: median(rates), baselines, baselineMedian: median(baselines), reimportSeconds }
    line(
      `  import of ${n(rows)} observations (\`feedlens import\`, start to exit, aggregates included): median ${n(result.median)}/s over ${runs} runs ` +
        `(${rates.map(n).join(', ')}); ${((result.median / result.baselineMedian) * 100).toFixed(0)}% of parsing plus a raw insert (median ${n(result.baselineMedian)}/s)`,
    )
    line(`  articles: ${n(articlesPerSecond)}/s; importing the same observations again (all already stored): ${reimportSeconds.toFixed(1)} s`)
    return result
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
