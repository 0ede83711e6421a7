import type Database from 'better-sqlite3'
import { Statements } from '../statements'

/** Generations of the ingest log kept: an index older than this reads everything again. */
const LOG_KEPT = 500

/**
 * Whether what is computed from the data (trends, signals, scans) is behind the data, kept in the
 * store so that it survives a killed refresh or an import with --no-refresh: every write of new
 * data bumps `data_generation` in its own transaction; a refresh that completes records the
 * generation it covered. Any process that starts on a store whose analytics are behind resumes
 * the refresh.
 */
export class FreshnessRepository {
  private readonly statements: Statements

  constructor(sqlite: Database.Database) {
    this.statements = new Statements(sqlite)
  }

  private get get() {
    return this.statements.get('SELECT value FROM settings WHERE key = ?', 'pluck')
  }
  private get set() {
    return this.statements.get('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
  }
  private get remove() {
    return this.statements.get('DELETE FROM settings WHERE key = ?')
  }
  private get log() {
    return this.statements.get('INSERT OR REPLACE INTO ingest_log (generation, articles, groups) VALUES (?, ?, ?)')
  }
  private get prune() {
    return this.statements.get('DELETE FROM ingest_log WHERE generation <= ?')
  }
  private get logSince() {
    return this.statements.get('SELECT generation, articles, groups FROM ingest_log WHERE generation > ? ORDER BY generation')
  }

  /**
   * New data was written (call inside the write's transaction): the next generation, logged with
   * what it changed (the articles written, the (day, country) groups of daily cells touched).
   */
  markDataChanged(at: Date, changed: { articles: number[]; groups: Array<[number, string]> } = { articles: [], groups: [] }): void {
    const generation = this.dataGeneration() + 1
    this.set.run('data_generation', String(generation))
    if (this.get.get('analytics_stale_since') === undefined) this.set.run('analytics_stale_since', at.toISOString())
    this.log.run(generation, JSON.stringify(changed.articles), JSON.stringify(changed.groups))
    this.prune.run(generation - LOG_KEPT)
  }

  /**
   * Data was removed (call inside the removal's transaction): the next generation, and a log that
   * no longer reaches back, so every index built from the data is built anew rather than updated.
   */
  markDataRemoved(at: Date): void {
    const generation = this.dataGeneration() + 1
    this.set.run('data_generation', String(generation))
    if (this.get.get('analytics_stale_since') === undefined) this.set.run('analytics_stale_since', at.toISOString())
    this.prune.run(generation)
  }

  /** What the generations after `since` changed; null when the log no longer reaches back that far (read everything). */
  changesSince(since: number): { articles: number[]; groups: Array<[number, string]> } | null {
    const rows = this.logSince.all(since) as Array<{ generation: number; articles: string; groups: string }>
    const now = this.dataGeneration()
    if (now === since) return { articles: [], groups: [] }
    if (rows.length === 0 || rows[0]!.generation !== since + 1 || rows[rows.length - 1]!.generation !== now) return null
    const articles = new Set<number>()
    const groups = new Map<string, [number, string]>()
    for (const r of rows) {
      for (const seq of JSON.parse(r.articles) as number[]) articles.add(seq)
      for (const g of JSON.parse(r.groups) as Array<[number, string]>) groups.set(`${g[0]}|${g[1]}`, g)
    }
    return { articles: [...articles], groups: [...groups.values()] }
  }

  dataGeneration(): number {
    return Number(this.get.get('data_generation') ?? 0)
  }

  /** The data generation the last completed refresh covered (0: none recorded). */
  analyticsGeneration(): number {
    return Number(this.get.get('analytics_generation') ?? 0)
  }

  /** A refresh that started at data generation `generation` completed. */
  markAnalyticsCurrent(generation: number): void {
    this.set.run('analytics_generation', String(generation))
    if (generation === this.dataGeneration()) this.remove.run('analytics_stale_since')
  }

  /** Whether data arrived that no completed refresh covers; null for a store that never recorded it. */
  behind(): boolean | null {
    const data = this.get.get('data_generation') as string | undefined
    if (data === undefined) return null
    return this.get.get('analytics_generation') !== data
  }

  /** Since when the analytics have been behind the data (null when they are current). */
  staleSince(): string | null {
    return (this.get.get('analytics_stale_since') as string | undefined) ?? null
  }
}
