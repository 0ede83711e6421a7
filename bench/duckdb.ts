/**
 * The same tracking questions answered by DuckDB from the raw observations (every feed
 * snapshot's entries, decoded), with the articles' facts, trends and entities: what an analyst
 * would use instead of Feedlens. Loaded once per scale from CSV files of the store's rows.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { decodeFeedEntries } from '../electron/core/store/feed-entries'
import type { ItemFigures } from '../electron/core/analytics/tracking/list-figures'
import type { Store } from '../electron/core/store/store'
import { writeLines } from './lib'

export interface DuckWindow {
  fromHour: number
  toHour: number
}

/** The figures DuckDB gives for an item: Feedlens' own, without the two it derives from hours (lifespan, lived hours). */
export type DuckFigures = Omit<ItemFigures, 'lifespanHours' | 'livedHours' | 'lastSeen'> & { /** epoch seconds */ lastSeen: number }

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`

export class DuckWorld {
  private constructor(
    private readonly connection: DuckDBConnection,
    readonly observations: number,
    readonly loadSeconds: number,
  ) {}

  static async load(store: Store): Promise<DuckWorld> {
    const started = performance.now()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feedlens-bench-duckdb-'))
    try {
      const obs = path.join(dir, 'obs.csv')
      function* observationRows() {
        for (const s of store.sqlite.prepare('SELECT country, observed_at AS t, entries FROM feed_snapshots').iterate() as Iterable<{ country: string; t: number; entries: Buffer }>) {
          const e = decodeFeedEntries(s.entries)
          const hour = Math.floor(s.t / 3600)
          for (let i = 0; i < e.seqs.length; i++) yield `${e.seqs[i]},${s.country},${hour},${s.t},${e.positions[i]},${e.impressions[i]}`
        }
      }
      const count = await writeLines(obs, observationRows(), 'seq,country,hour,t,position,imps')
      const arts = path.join(dir, 'arts.csv')
      await writeLines(
        arts,
        (function* () {
          for (const [seq, lang, domain, trend] of store.sqlite
            .prepare('SELECT a.seq, a.lang, a.domain, ta.trend_id FROM articles a LEFT JOIN trend_articles ta ON ta.article_id = a.id')
            .raw()
            .iterate() as Iterable<[number, string, string, string | null]>) {
            yield `${seq},${lang},${domain},${trend ?? ''}`
          }
        })(),
        'seq,lang,domain,trend',
      )
      const ents = path.join(dir, 'ents.csv')
      await writeLines(
        ents,
        (function* () {
          for (const [seq, entity] of store.sqlite.prepare('SELECT a.seq, ae.entity_id FROM article_entities ae JOIN articles a ON a.id = ae.article_id').raw().iterate() as Iterable<[number, string]>) {
            yield `${seq},"${entity.replaceAll('"', '""')}"`
          }
        })(),
        'seq,entity',
      )
      const instance = await DuckDBInstance.create(':memory:')
      const connection = await instance.connect()
      await connection.run(`CREATE TABLE obs AS SELECT * FROM read_csv(${quote(obs)}, header = true, columns = {'seq': 'INTEGER', 'country': 'VARCHAR', 'hour': 'INTEGER', 't': 'BIGINT', 'position': 'INTEGER', 'imps': 'BIGINT'})`)
      await connection.run(`CREATE TABLE arts AS SELECT * FROM read_csv(${quote(arts)}, header = true, columns = {'seq': 'INTEGER', 'lang': 'VARCHAR', 'domain': 'VARCHAR', 'trend': 'VARCHAR'})`)
      await connection.run(`CREATE TABLE ents AS SELECT * FROM read_csv(${quote(ents)}, header = true, columns = {'seq': 'INTEGER', 'entity': 'VARCHAR'})`)
      return new DuckWorld(connection, count, (performance.now() - started) / 1000)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  /** Each entity's figures in the window (entities without publications there left out), and how long DuckDB took (ms). */
  async entityFigures(entities: string[], w: DuckWindow): Promise<{ figures: Map<string, DuckFigures>; ms: number }> {
    const started = performance.now()
    const reader = await this.connection.runAndReadAll(
      `WITH w AS (
         SELECT seq, sum(imps) AS imps, count(*) AS n, sum(position) AS pos, max(t) AS last
         FROM obs WHERE hour >= ${w.fromHour} AND hour < ${w.toHour} GROUP BY seq),
       pairs AS (
         SELECT e.entity AS key, w.*, a.domain, a.trend FROM w JOIN ents e ON e.seq = w.seq JOIN arts a ON a.seq = w.seq
         WHERE e.entity IN (${entities.map(quote).join(', ')}))
       SELECT key, sum(imps)::DOUBLE AS impressions, count(*)::DOUBLE AS publications, count(DISTINCT domain)::DOUBLE AS publishers,
              count(DISTINCT trend)::DOUBLE AS trends, sum(n)::DOUBLE AS observations, sum(pos)::DOUBLE AS possum, max(last)::DOUBLE AS last
       FROM pairs GROUP BY key`,
    )
    const figures = new Map<string, DuckFigures>()
    for (const r of reader.getRowObjectsJS() as Array<Record<string, number | string>>) {
      figures.set(String(r.key), {
        impressions: Number(r.impressions),
        publications: Number(r.publications),
        publishers: Number(r.publishers),
        trends: Number(r.trends),
        observations: Number(r.observations),
        positionSum: Number(r.possum),
        lastSeen: Number(r.last),
      })
    }
    return { figures, ms: performance.now() - started }
  }

  /** The roll-up's publisher slice: the publications of the entities' articles in the window by domain, the 20 of largest reach. */
  async publisherSlice(entities: string[], w: DuckWindow): Promise<{ slice: Array<{ name: string; pubs: number; imps: number }>; ms: number }> {
    const started = performance.now()
    const reader = await this.connection.runAndReadAll(
      `WITH w AS (SELECT seq, sum(imps) AS imps FROM obs WHERE hour >= ${w.fromHour} AND hour < ${w.toHour} GROUP BY seq),
       covered AS (SELECT DISTINCT w.seq, w.imps FROM w JOIN ents e ON e.seq = w.seq WHERE e.entity IN (${entities.map(quote).join(', ')}))
       SELECT a.domain AS name, count(*)::DOUBLE AS pubs, sum(c.imps)::DOUBLE AS imps FROM covered c JOIN arts a ON a.seq = c.seq
       GROUP BY a.domain ORDER BY imps DESC, pubs DESC, name LIMIT 20`,
    )
    const slice = (reader.getRowObjectsJS() as Array<{ name: string; pubs: number; imps: number }>).map((r) => ({ name: r.name, pubs: Number(r.pubs), imps: Number(r.imps) }))
    return { slice, ms: performance.now() - started }
  }

  close(): void {
    this.connection.closeSync()
  }
}
