import { FIELDS_BY_SCOPE, ftsPrefilter, matchArticle, type MatchType } from '../analytics/mentions/matching'
import type { NewMatch } from '../store/repositories/mention-scans'
import type { Store } from '../store/store'
import { runSteps, runStepsInBackground, write } from '../steps'

/** How long a scanned list waits before the next look for new articles (docs/mentions.md). */
export const SCAN_INTERVAL_MS = 15 * 60 * 1000
const CANDIDATE_PAGE = 400
const FTS_COLUMNS = { title: 'title', summary: 'summary', body: 'markdown' } as const

export type ScanMode = 'full' | 'new'

export interface ScanResult {
  listId: string
  status: 'ready' | 'paused' | 'error' | 'missing'
  articlesChecked: number
  matchesAdded: number
}

const parse = (s: string | null): string[] | null => {
  const list = s ? (JSON.parse(s) as string[]) : []
  return list.length > 0 ? list : null
}

/**
 * Scans one mention list: with 'full' from the first article (the list changed), with 'new'
 * only articles added since its last scan. A generator, so that callers decide when to pause:
 * it yields after every page of candidates.
 */
export function* scanSteps(store: Store, listId: string, mode: ScanMode, now: () => Date): Generator<unknown, ScanResult, unknown> {
  const repo = store.mentionScans
  const list = repo.list(listId)
  if (!list) return { listId, status: 'missing', articlesChecked: 0, matchesAdded: 0 }
  if (list.active === 0) {
    yield* write(store, () => repo.setState(listId, { scanStatus: 'paused', nextScanAt: null }))
    return { listId, status: 'paused', articlesChecked: 0, matchesAdded: 0 }
  }
  const startedAt = now().toISOString()
  const throughSeq = store.articles.maxSeq()
  const afterSeq = mode === 'full' ? 0 : list.scannedThroughSeq
  yield* write(store, () => {
    if (mode === 'full') repo.clearMatches(listId)
    repo.setState(listId, { scanStatus: 'scanning', extractionStartedAt: startedAt, nextScanAt: null })
  })
  const tally = { checked: 0, added: 0 }
  try {
    const scope = {
      listId,
      afterSeq,
      throughSeq,
      countries: parse(list.countries),
      langs: parse(list.langs)?.map((l) => l.toLowerCase()) ?? null,
      fields: FIELDS_BY_SCOPE[(list.searchScope ?? 'all') as keyof typeof FIELDS_BY_SCOPE] ?? FIELDS_BY_SCOPE.all,
    }
    for (const k of repo.keywords(listId)) {
      yield* keywordSteps(store, scope, { id: k.id, keyword: k.keyword, type: (k.type ?? 'broad') as MatchType }, now, tally)
    }
    const finished = now()
    yield* write(store, () =>
      repo.setState(listId, {
        scanStatus: 'ready',
        lastScannedAt: finished.toISOString(),
        nextScanAt: new Date(finished.getTime() + SCAN_INTERVAL_MS).toISOString(),
        scannedThroughSeq: throughSeq,
        scanError: null,
      }),
    )
    store.changed('lists')
    return { listId, status: 'ready', articlesChecked: tally.checked, matchesAdded: tally.added }
  } catch (error) {
    const at = now().toISOString()
    yield* write(store, () =>
      repo.setState(listId, {
        scanStatus: 'error',
        scanError: { message: error instanceof Error ? error.message : String(error), at },
        nextScanAt: new Date(now().getTime() + SCAN_INTERVAL_MS).toISOString(),
      }),
    )
    store.changed('lists')
    return { listId, status: 'error', articlesChecked: tally.checked, matchesAdded: tally.added }
  }
}

/** What one scan of a list looks through: the articles after one seq up to another, in its markets, languages and fields. */
interface ScanScope {
  listId: string
  afterSeq: number
  throughSeq: number
  countries: string[] | null
  langs: string[] | null
  fields: (typeof FIELDS_BY_SCOPE)[keyof typeof FIELDS_BY_SCOPE]
}

/** One keyword's matches: the full-text index finds candidates a page at a time, each checked word by word. */
function* keywordSteps(
  store: Store,
  scope: ScanScope,
  keyword: { id: string; keyword: string; type: MatchType },
  now: () => Date,
  tally: { checked: number; added: number },
): Generator<unknown, void, unknown> {
  const repo = store.mentionScans
  const fts = ftsPrefilter(keyword.keyword, keyword.type, scope.fields.map((f) => FTS_COLUMNS[f]))
  if (!fts) return
  let from = scope.afterSeq
  for (;;) {
    const page = repo.candidates({ fts, afterSeq: from, throughSeq: scope.throughSeq, countries: scope.countries, langs: scope.langs, limit: CANDIDATE_PAGE })
    if (page.length === 0) return
    const matchedAt = now().toISOString()
    const rows: NewMatch[] = []
    for (const article of page) {
      for (const hit of matchArticle(article, [keyword], scope.fields)) {
        rows.push({ itemId: hit.itemId, articleId: article.id, listId: scope.listId, field: hit.field, matchedText: hit.matchedText, snippet: hit.snippet, matchedAt })
      }
    }
    yield* write(store, () => repo.insertMatches(rows))
    tally.checked += page.length
    tally.added += rows.length
    from = page[page.length - 1]!.seq
    yield
  }
}

/** Runs a scan to the end without pausing (the CLI, tests). */
export function scanMentionList(store: Store, listId: string, mode: ScanMode, now: () => Date = () => new Date()): ScanResult {
  return runSteps(scanSteps(store, listId, mode, now))
}

/** Scans every active mention list that is waiting, due, or behind the newest article. */
export function scanDueMentionLists(store: Store, now: () => Date = () => new Date()): ScanResult[] {
  return store.mentionScans.dueLists(now().toISOString(), store.articles.maxSeq()).map((id) => scanMentionList(store, id, pendingMode(store, id), now))
}

function pendingMode(store: Store, listId: string): ScanMode {
  const list = store.mentionScans.list(listId)
  return list && (list.scanStatus === 'pending' || list.scannedThroughSeq === 0) ? 'full' : 'new'
}

/**
 * The background scanner of one store: scans run one at a time, yielding to the event loop
 * between pages of articles, so the window and the API keep answering.
 */
export class MentionScanner {
  private readonly waiting = new Map<string, ScanMode>()
  private running: Promise<void> | null = null

  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (message: string) => void = (m) => console.error(m),
  ) {}

  /** Marks a list as waiting for a scan (its status shows `pending`) and starts the scanner. */
  request(listId: string, mode: ScanMode): void {
    const list = this.store.mentionScans.list(listId)
    if (!list) return
    if (list.active === 0) {
      this.store.mentionScans.setState(listId, { scanStatus: 'paused', nextScanAt: null })
      return
    }
    if (mode === 'full') this.store.mentionScans.setState(listId, { scanStatus: 'pending', nextScanAt: this.now().toISOString() })
    this.waiting.set(listId, this.waiting.get(listId) === 'full' ? 'full' : mode)
    this.kick()
  }

  /** New articles arrived, or the clock passed some lists' next_scan_at. */
  requestDue(): void {
    for (const id of this.store.mentionScans.dueLists(this.now().toISOString(), this.store.articles.maxSeq())) this.request(id, pendingMode(this.store, id))
  }

  /** Resolves once nothing is waiting or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  private kick(): void {
    if (this.running) return
    this.running = this.drain()
      .catch((error: unknown) => this.log(`Scanning mention lists failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`))
      .finally(() => {
        this.running = null
        if (this.waiting.size > 0) this.kick()
      })
  }

  private async drain(): Promise<void> {
    while (this.waiting.size > 0) {
      const [listId, mode] = this.waiting.entries().next().value as [string, ScanMode]
      this.waiting.delete(listId)
      await runStepsInBackground(scanSteps(this.store, listId, mode, this.now), () => this.store.sqlite.open)
      if (!this.store.sqlite.open) return
    }
  }
}
