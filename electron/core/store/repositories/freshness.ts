import type Database from 'better-sqlite3'

/**
 * Whether what is computed from the data (trends, signals, scans) is behind the data, kept in the
 * store so that it survives a killed refresh or an import with --no-refresh: every write of new
 * data bumps `data_generation` in its own transaction; a refresh that completes records the
 * generation it covered. Any process that starts on a store whose analytics are behind resumes
 * the refresh.
 */
export class FreshnessRepository {
  private readonly get: Database.Statement
  private readonly set: Database.Statement
  private readonly remove: Database.Statement

  constructor(sqlite: Database.Database) {
    this.get = sqlite.prepare('SELECT value FROM settings WHERE key = ?').pluck()
    this.set = sqlite.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
    this.remove = sqlite.prepare('DELETE FROM settings WHERE key = ?')
  }

  /** New data was written (call inside the write's transaction). */
  markDataChanged(at: Date): void {
    this.set.run('data_generation', String(this.dataGeneration() + 1))
    if (this.get.get('analytics_stale_since') === undefined) this.set.run('analytics_stale_since', at.toISOString())
  }

  dataGeneration(): number {
    return Number(this.get.get('data_generation') ?? 0)
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
