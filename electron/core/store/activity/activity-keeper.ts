import fs from 'node:fs'
import path from 'node:path'
import {
  ActivityBuilder,
  updateActivity,
  withTrends,
  type ActivityChanges,
  type ActivityData,
  type DayRow,
} from '../../analytics/activity/activity-data'
import type { HourRow } from '../../analytics/activity/window-activity'
import { runSteps, runStepsInBackground } from '../../steps'
import { ComputingError } from '../../errors'
import { decodeSnapshot, readHistory, readHistoryInBackground, readSnapshotFileRecent, snapshotParts, writeSnapshotFile, writeSnapshotFileSync, type SnapshotMeta, type UnreadHistory } from './activity-snapshot'
import { describeError } from '../busy'
import type { ActivityRowsRepository } from './activity-rows'
import type Database from 'better-sqlite3'
import type { FreshnessRepository } from '../repositories/freshness'
import type { SettingsRepository } from '../repositories/access'

/** Rows read per step of a build: a step holds the event loop for some tens of milliseconds. */
const ROWS_PER_STEP = 40_000
const DAYS_PER_STEP = 4
/** Changes an update takes on (articles written plus daily cells read again); more are a rebuild. */
const MAX_UPDATE_ROWS = 150_000
/** Decoded hourly cells kept for the ends of windows (about 45 bytes each). */
const HOUR_CELLS_KEPT = 1_500_000
/** Wait after an update before the snapshot file is written again. */
const SAVE_AFTER_MS = 10_000
/** A save's temporary file this old was left by a process that stopped while saving (a save takes seconds). */
const LEFTOVER_AFTER_MS = 10 * 60_000
/** How long a request waits for an index being built from nothing before it is told to come back (503 computing): a small store's build is over long before. */
export const BUILD_WAIT_MS = 2_000
/** When such a request is told to come back, and what it is told. */
const RETRY_AFTER_SECONDS = 5
const COMPUTING = 'The store\'s activity index is being built (after a start without its file); retry shortly.'
/**
 * A start reads the saved index but for the daily cells of articles that stopped living more than
 * this many days before its newest day: a window of 30 days and the 30 before it (the tracking
 * methods' comparison) read none of them. A window reaching further back reads them then, once
 * (docs/performance.md, session 36).
 */
export const RECENT_DAYS = 70

/** What the keeper reads of the store (named apart from the Store, which holds the keeper). */
export interface ActivitySource {
  readonly sqlite: Database.Database
  /** SQLite's data_version: moves with every write, here or in another process */
  readonly dataVersion: number
  readonly freshness: Pick<FreshnessRepository, 'dataGeneration' | 'changesSince'>
  readonly settings: Pick<SettingsRepository, 'get'>
}

/** The index answering now, and whether newer data is still being taken in (answers from it are not kept). */
export interface CurrentActivity {
  data: ActivityData
  behind: boolean
}

/** Work on the index: awaited by requests (a few changes taken in) or done in the background while the previous index answers. */
type Work = { awaited: boolean; done: Promise<void> }

/**
 * Keeps the activity index (analytics/activity/activity-data.ts) following the
 * store, whichever process writes: a write moves SQLite's data_version, and the index then reads
 * what the ingest log says changed (a few daily groups and articles, awaited by the request that
 * noticed) or, after more than that, builds itself anew in the background while the previous
 * index answers. Nothing is built inside a request: a first request waits for the build of a
 * process that has no index yet, which a snapshot file beside the store usually spares.
 */
export class ActivityKeeper {
  private data: ActivityData | null = null
  private meta: SnapshotMeta | null = null
  /** store.dataVersion when the index was last found current */
  private checkedAt = -1
  private work: Work | null = null
  private readonly hours = new HourRowCache(HOUR_CELLS_KEPT)
  private saveTimer: NodeJS.Timeout | null = null
  private snapshotTried = false
  /** the snapshot file being read (requests that come meanwhile wait for the same read) */
  private snapshotRead: Promise<void> | null = null
  onError: (message: string) => void = (m) => console.error(m)
  /** how long a request waits for a build from nothing (BUILD_WAIT_MS; a test shortens it) */
  buildWaitMs = BUILD_WAIT_MS
  /** days of cells a start reads of its file (RECENT_DAYS; a test shortens it) */
  recentDays = RECENT_DAYS
  /** an index read from its file but for its history (readSnapshotFileRecent): what is left, and the buffer it goes into */
  private readonly unread = new WeakMap<ActivityData, { history: UnreadHistory; bytes: Buffer }>()
  /** the history of an index being read for requests (wholeInBackground): requests meanwhile wait for the same read */
  private readonly historyReads = new WeakMap<ActivityData, Promise<boolean>>()

  constructor(
    private readonly store: ActivitySource,
    private readonly rows: ActivityRowsRepository,
    /** where the snapshot is kept (null: nowhere, e.g. a store in memory) */
    private readonly snapshotFile: string | null,
  ) {}

  /**
   * The index for the data as stored now. Small changes since it was made are taken in first (the
   * caller waits milliseconds); after larger ones the previous index answers with `behind` set
   * while a new one is built in the background.
   */
  async current(fromHour?: number): Promise<CurrentActivity> {
    for (;;) {
      const answer = await this.currentIndex()
      const unread = this.unread.get(answer.data)
      // a window that begins after the history left unread reads the index as it is; not while the
      // index is behind the store (an old article seen again in the window would be read by its entities)
      if (!unread || (fromHour !== undefined && !answer.behind && Math.floor(fromHour / 24) >= unread.history.fromDay)) return answer
      if (await this.wholeInBackground(answer.data)) return answer
      // the file was saved again since (another process's import) or removed: this index cannot be
      // completed; the file is read again (or, not one of this store's state, the index built anew)
      this.onError('The saved activity index changed since it was read: it is read again.')
      if (this.data === answer.data) {
        this.data = null
        this.meta = null
        this.snapshotTried = false
      }
    }
  }

  /** The history left unread of an index read (readSnapshotFileRecent), read now: false when its file is no longer the one read. */
  private whole(data: ActivityData): boolean {
    const unread = this.unread.get(data)
    if (!unread) return true
    if (!readHistory(unread.history, unread.bytes)) return false
    this.unread.delete(data)
    return true
  }

  /** whole() for a request: the history read on the thread pool, once for all the requests that wait for it. */
  private wholeInBackground(data: ActivityData): Promise<boolean> {
    const unread = this.unread.get(data)
    if (!unread) return Promise.resolve(true)
    let reading = this.historyReads.get(data)
    if (!reading) {
      reading = readHistoryInBackground(unread.history, unread.bytes)
        .catch(() => false)
        .then((read) => {
          this.historyReads.delete(data)
          // (an update or a save may have read it meanwhile, on its own: the same bytes)
          if (read) this.unread.delete(data)
          return read || !this.unread.has(data)
        })
      this.historyReads.set(data, reading)
    }
    return reading
  }

  /** Whether every daily cell of an index is read (one read from its file reads its history later: readSnapshotFileRecent). */
  holdsEveryCell(data: ActivityData): boolean {
    return !this.unread.has(data)
  }

  /** The daily cells of the articles that stopped living before this day are not read yet (null: every cell is). */
  get unreadBefore(): number | null {
    const unread = this.data ? this.unread.get(this.data) : undefined
    return unread ? unread.history.fromDay : null
  }

  /** current(), every cell read or not. */
  private async currentIndex(): Promise<CurrentActivity> {
    for (;;) {
      if (!this.store.sqlite.open) throw new Error('The store is closed.')
      const version = this.store.dataVersion
      if (this.data && version === this.checkedAt && !this.work) return { data: this.data, behind: false }
      if (!this.data && !this.snapshotTried) {
        await (this.snapshotRead ??= this.readSnapshot())
        continue
      }
      const target = this.target()
      if (this.data && this.meta && sameState(this.meta, target) && !this.work) {
        this.checkedAt = version
        return { data: this.data, behind: false }
      }
      const work = this.work ?? this.start(target)
      if (this.data && !work.awaited) return { data: this.data, behind: true }
      if (!this.data) {
        // no index yet (a start without its file): a request waits a moment, never the whole build
        if (this.buildWaitMs <= 0) throw new ComputingError(COMPUTING, RETRY_AFTER_SECONDS)
        let timer: NodeJS.Timeout | undefined
        const waited = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.buildWaitMs)))
        const finished = work.done.then(() => true as const)
        // a build that fails after this request stopped waiting is reported by the keeper, not here
        finished.catch(() => undefined)
        const built = await Promise.race([finished, waited]).finally(() => clearTimeout(timer))
        if (!built) throw new ComputingError(COMPUTING, RETRY_AFTER_SECONDS)
        continue
      }
      await work.done
    }
  }

  /** Brings the index up to date in the background (a running app, after an import or every minute). */
  prepareInBackground(): Promise<void> {
    // (the index as read: its history, if left unread, waits for a window that reaches it)
    return this.currentIndex().then(
      () => this.work?.done,
      (error: unknown) => {
        // being built from nothing: not a request, so it waits for the build
        if (error instanceof ComputingError) return this.work?.done
        if (this.store.sqlite.open) throw error
      },
    )
  }

  /**
   * Brings the index up to date at once and writes its snapshot (the CLI after an import: the next
   * start is quick). `save` false: not written (an index made while the trends are computed
   * elsewhere, which the same call after them completes and writes).
   */
  prepareNow({ save = true }: { save?: boolean } = {}): void {
    if (!this.data && !this.snapshotTried) this.loadSnapshot()
    const target = this.target()
    if (!(this.data && this.meta && sameState(this.meta, target))) runSteps(this.steps(target))
    this.checkedAt = this.store.dataVersion
    if (save) this.saveNow()
  }

  /**
   * The hourly cells of the hour ranges, every country. Kept in memory while the index is current
   * (an update forgets the hours of the days it touched); read anew while it is behind.
   */
  hourRows(ranges: ReadonlyArray<[number, number]>, behind: boolean): HourRow[] {
    const out: HourRow[] = []
    for (const [from, to] of ranges) {
      for (let hour = from; hour < to; ) {
        const kept = behind ? undefined : this.hours.get(hour)
        if (kept) {
          // a loop, not push(...): the arguments of a spread take the stack, and a window's rows are many
          for (const row of kept) out.push(row)
          hour++
          continue
        }
        // read the run of hours not kept in one statement
        let end = hour + 1
        while (end < to && (behind || !this.hours.has(end))) end++
        const read = this.rows.hourRows(hour, end)
        for (const row of read) out.push(row)
        if (!behind && this.meta && this.store.freshness.dataGeneration() === this.meta.generation) this.hours.put(hour, end, read)
        hour = end
      }
    }
    return out
  }

  /** Forgets the hourly cells kept (a process at rest; they are read again when asked). */
  releaseMemory(): void {
    this.hours.clear()
  }

  /** How many hourly cells are kept. */
  get keptHourCells(): number {
    return this.hours.size
  }

  close(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer)
    this.saveTimer = null
  }

  /** The store's state now: the index should hold this. */
  private target(): SnapshotMeta {
    return {
      storeId: this.store.settings.get('store_id') ?? '',
      generation: this.store.freshness.dataGeneration(),
      trendsGeneration: this.store.settings.get('trends_generation') ?? null,
    }
  }

  private start(target: SnapshotMeta): Work {
    const update = this.updatePlan(target)
    // reading the trends' members takes as long as a slice of a build: not awaited either
    const awaited = update !== null && this.meta?.trendsGeneration === target.trendsGeneration
    const done = runStepsInBackground(this.steps(target, update), () => this.store.sqlite.open)
      .then(() => {
        if (awaited) this.saveSoon()
        else void this.saveInBackground()
      })
      .catch((error: unknown) => {
        if (this.store.sqlite.open) this.onError(`Indexing the tracking lists' activity failed: ${describeError(error)}`)
        throw error
      })
      .finally(() => {
        if (this.work === work) this.work = null
      })
    const work: Work = { awaited, done }
    this.work = work
    return work
  }

  /** What changed since the index was made, when it is few enough to read (null: build anew). */
  private updatePlan(target: SnapshotMeta): { articles: number[]; groups: Array<[number, string]> } | null {
    if (!this.data || !this.meta || this.meta.storeId !== target.storeId || this.meta.generation > target.generation) return null
    const changes = this.store.freshness.changesSince(this.meta.generation)
    if (!changes || changes.articles.length + changes.groups.length * 300 > MAX_UPDATE_ROWS) return null
    return changes
  }

  /** Makes the index hold `target`: an update of the present one, or a new one; then the trends. */
  private *steps(target: SnapshotMeta, update = this.updatePlan(target)): Generator<void, void> {
    let data: ActivityData
    // an update rewrites the cells of the days it touched among all the others: every cell read first
    if (update && this.data && this.whole(this.data)) {
      data = update.articles.length > 0 || update.groups.length > 0 ? this.applyChanges(this.data, update) : this.data
      this.hours.forgetDays(update.groups.map(([day]) => day))
      if (this.meta?.trendsGeneration !== target.trendsGeneration) {
        yield
        data = withTrends(data, memberPairs(yield* this.trendMembers()))
      }
    } else {
      this.hours.clear()
      data = yield* this.buildSteps()
    }
    this.data = data
    this.meta = target
  }

  private applyChanges(data: ActivityData, changes: { articles: number[]; groups: Array<[number, string]> }): ActivityData {
    const days = this.rows.daysOf(changes.groups)
    const sighted = new Set(changes.articles)
    for (const r of days) sighted.add(r[2])
    const entitiesOf = new Map<number, string[]>(changes.articles.map((seq) => [seq, []]))
    for (const [seq, entityId] of this.rows.entityPairsOf(changes.articles)) entitiesOf.get(seq)?.push(entityId)
    // the names of the written articles' entities, which the same batches wrote
    const named = [...new Set([...entitiesOf.values()].flat())]
    const update: ActivityChanges = {
      articles: this.rows.factsOf([...sighted]),
      entitiesOf,
      entityNames: this.rows.namesOfEntities(named),
      touched: changes.groups,
      days,
    }
    return updateActivity(data, update)
  }

  /**
   * The trends' members, read in steps: each member's article seq and its trend's number in `ids`
   * (a large store's 878,416 members held as [seq, trend id] pairs until the end were some 100 MB).
   */
  private *trendMembers(): Generator<void, TrendMembers> {
    const members: TrendMembers = { seqs: [], trends: [], ids: [] }
    const numberOf = new Map<string, number>()
    for (let after = 0; ; ) {
      const chunk = this.rows.trendMembersAfter(after, ROWS_PER_STEP)
      for (const [, seq, trendId, articleId] of chunk) {
        // a member written without its seq (none since migration 0013 filled them): by its id
        const found = seq ?? (articleId === null ? undefined : this.rows.seqOf(articleId))
        if (found === undefined) continue
        let trend = numberOf.get(trendId)
        if (trend === undefined) numberOf.set(trendId, (trend = members.ids.push(trendId) - 1))
        members.seqs.push(found)
        members.trends.push(trend)
      }
      if (chunk.length < ROWS_PER_STEP) return members
      after = chunk[chunk.length - 1]![0]
      yield
    }
  }

  /** Each article's seq by its id (the article_entities table names articles by id). */
  private *seqsById(): Generator<void, Map<string, number>> {
    const seqOf = new Map<string, number>()
    for (let after = ''; ; ) {
      const chunk = this.rows.seqsAfter(after, ROWS_PER_STEP)
      for (const [id, seq] of chunk) seqOf.set(id, seq)
      if (chunk.length < ROWS_PER_STEP) return seqOf
      after = chunk[chunk.length - 1]![0]
      yield
    }
  }

  /** The whole index from the store, a slice of a table per step. */
  private *buildSteps(): Generator<void, ActivityData> {
    const builder = new ActivityBuilder()
    for (let after = 0; ; ) {
      const facts = this.rows.factsAfter(after, ROWS_PER_STEP)
      for (const f of facts) builder.addArticle(f)
      yield
      if (facts.length < ROWS_PER_STEP) break
      after = facts[facts.length - 1]!.seq
    }
    const seqOf = yield* this.seqsById()
    for (let after: [string, string] = ['', '']; ; ) {
      const pairs = this.rows.entityPairsAfter(after, ROWS_PER_STEP)
      for (const [articleId, entityId] of pairs) {
        const seq = seqOf.get(articleId)
        if (seq !== undefined) builder.addEntity(seq, entityId)
      }
      yield
      if (pairs.length < ROWS_PER_STEP) break
      after = pairs[pairs.length - 1]!
    }
    for (let after = ''; ; ) {
      const names = this.rows.entityNamesAfter(after, ROWS_PER_STEP)
      for (const [id, name] of names) builder.addEntityName(id, name)
      yield
      if (names.length < ROWS_PER_STEP) break
      after = names[names.length - 1]![0]
    }
    for (const [seq, trendId] of memberPairs(yield* this.trendMembers())) builder.addTrend(seq, trendId)
    const range = this.rows.dayRange()
    for (let day = range?.first ?? 0; range && day <= range.last; day += DAYS_PER_STEP) {
      for (const row of this.rows.daysBetween(day, day + DAYS_PER_STEP) as DayRow[]) builder.addDay(row)
      yield
    }
    return builder.finish()
  }

  /** The snapshot file read at once (the CLI after an import, which waits for nothing else). */
  private loadSnapshot(): void {
    this.snapshotTried = true
    if (!this.snapshotFile || !fs.existsSync(this.snapshotFile)) return
    try {
      this.takeSnapshot(fs.readFileSync(this.snapshotFile))
    } catch (error) {
      this.onError(`The saved activity index could not be read (it is built anew): ${describeError(error)}`)
    }
  }

  /** The snapshot file read in parts on the thread pool, while the event loop answers other requests. */
  private async readSnapshot(): Promise<void> {
    try {
      if (!this.snapshotFile || !fs.existsSync(this.snapshotFile)) return
      const { bytes, history } = await readSnapshotFileRecent(this.snapshotFile, this.recentDays)
      if (!this.data && this.store.sqlite.open) this.takeSnapshot(bytes, history)
    } catch (error) {
      this.onError(`The saved activity index could not be read (it is built anew): ${describeError(error)}`)
    } finally {
      this.snapshotTried = true
      this.snapshotRead = null
    }
  }

  /** Takes the snapshot's index when it is of this store and not newer than its data. */
  private takeSnapshot(bytes: Buffer, history: UnreadHistory | null = null): void {
    const snapshot = decodeSnapshot(bytes)
    const target = this.target()
    if (!snapshot || snapshot.meta.storeId !== target.storeId || snapshot.meta.generation > target.generation) return
    this.data = snapshot.data
    this.meta = snapshot.meta
    if (history) this.unread.set(snapshot.data, { history, bytes })
  }

  private saveSoon(): void {
    if (!this.snapshotFile || this.saveTimer) return
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null
      void this.saveInBackground()
    }, SAVE_AFTER_MS)
    this.saveTimer.unref()
  }

  /** The snapshot to write now, and where (a new file renamed over the old: a reader never sees half of one). */
  private snapshot(): { parts: Buffer[]; temporary: string; file: string } | null {
    if (!this.snapshotFile || !this.data || !this.meta) return null
    // the file holds every cell: one read but for its history is completed first (or, its file gone, not saved)
    if (!this.whole(this.data)) return null
    // each save its own temporary file: a save on close may meet one still writing in the background.
    // The parts are the index's own arrays: an update makes new ones, never changes these.
    return { parts: snapshotParts(this.meta, this.data), temporary: `${this.snapshotFile}.${process.pid}.${++this.saves}.tmp`, file: this.snapshotFile }
  }

  private saveFailed(temporary: string, error: unknown): void {
    fs.rmSync(temporary, { force: true })
    this.onError(`The activity index could not be saved beside the store (it is built again at the next start): ${describeError(error)}`)
  }

  /**
   * Removes the temporary files of saves that never ended (a process stopped while it wrote one):
   * each is as large as the index, and nothing else would ever remove it. Once a keeper, at its
   * first save; only files older than any save takes, so another process's save goes on.
   */
  private removeLeftovers(): void {
    if (this.leftoversRemoved || !this.snapshotFile) return
    this.leftoversRemoved = true
    const dir = path.dirname(this.snapshotFile)
    const prefix = `${path.basename(this.snapshotFile)}.`
    try {
      for (const name of fs.readdirSync(dir)) {
        if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue
        const file = path.join(dir, name)
        const stat = fs.statSync(file, { throwIfNoEntry: false })
        if (stat && Date.now() - stat.mtimeMs > LEFTOVER_AFTER_MS) fs.rmSync(file, { force: true })
      }
    } catch (error) {
      this.onError(`Old temporary files of the activity index could not be removed: ${describeError(error)}`)
    }
  }

  /** Resolves when the saves asked so far have ended (written or failed). */
  whenSaved(): Promise<void> {
    return this.saving
  }

  private saveNow(): void {
    const s = this.snapshot()
    if (!s) return
    this.removeLeftovers()
    try {
      writeSnapshotFileSync(s.temporary, s.parts)
      fs.renameSync(s.temporary, s.file)
    } catch (error) {
      this.saveFailed(s.temporary, error)
    }
  }

  private saves = 0
  private saving: Promise<void> = Promise.resolve()
  private leftoversRemoved = false

  /** Saves one after another (each the index as it is when its turn comes), so an older one never lands last. */
  private saveInBackground(): Promise<void> {
    this.saving = this.saving.then(() => this.writeSnapshot())
    return this.saving
  }

  private async writeSnapshot(): Promise<void> {
    const s = this.snapshot()
    if (!s) return
    this.removeLeftovers()
    try {
      await writeSnapshotFile(s.temporary, s.parts)
      await fs.promises.rename(s.temporary, s.file)
    } catch (error) {
      this.saveFailed(s.temporary, error)
    }
  }
}

/** The trends' members as read (ActivityKeeper.trendMembers). */
interface TrendMembers {
  seqs: number[]
  /** each member's trend, a number in ids */
  trends: number[]
  ids: string[]
}

/** Each member as [article seq, trend id]. */
function* memberPairs(m: TrendMembers): Generator<[number, string]> {
  for (let k = 0; k < m.seqs.length; k++) yield [m.seqs[k]!, m.ids[m.trends[k]!]!]
}

const sameState = (a: SnapshotMeta, b: SnapshotMeta) => a.storeId === b.storeId && a.generation === b.generation && a.trendsGeneration === b.trendsGeneration

/** Decoded hourly rows by hour, the least recently used going first beyond a number of cells. */
class HourRowCache {
  private readonly byHour = new Map<number, HourRow[]>()
  private cells = 0

  constructor(private readonly maxCells: number) {}

  has(hour: number): boolean {
    return this.byHour.has(hour)
  }

  get(hour: number): HourRow[] | undefined {
    const rows = this.byHour.get(hour)
    if (rows) {
      this.byHour.delete(hour)
      this.byHour.set(hour, rows)
    }
    return rows
  }

  /** Keeps hours [from, to) of the rows read (hours without cells are kept empty). */
  put(from: number, to: number, rows: readonly HourRow[]): void {
    const byHour = new Map<number, HourRow[]>()
    for (let h = from; h < to; h++) byHour.set(h, [])
    for (const r of rows) byHour.get(r.hour)?.push(r)
    for (const [hour, list] of byHour) {
      this.drop(hour)
      this.byHour.set(hour, list)
      this.cells += count(list)
    }
    while (this.cells > this.maxCells && this.byHour.size > 0) this.drop(this.byHour.keys().next().value!)
  }

  forgetDays(days: readonly number[]): void {
    for (const day of new Set(days)) for (let h = day * 24; h < day * 24 + 24; h++) this.drop(h)
  }

  get size(): number {
    return this.cells
  }

  clear(): void {
    this.byHour.clear()
    this.cells = 0
  }

  private drop(hour: number): void {
    const rows = this.byHour.get(hour)
    if (!rows) return
    this.cells -= count(rows)
    this.byHour.delete(hour)
  }
}

const count = (rows: readonly HourRow[]) => rows.reduce((n, r) => n + r.cells.seqs.length, 0)
