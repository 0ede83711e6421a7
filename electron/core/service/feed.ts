import type { FeedElement } from '../../../shared/contract/feed'
import { feedArticle } from './article-views'
import { decodeFeedEntries, unpackSeqs, type FeedEntries } from '../store/feed-entries'
import type { FeedArticleRow, FeedLogRow } from '../store/repositories/feed'
import type { Store } from '../store/store'
import { ValidationApiError } from '../errors'

/** Journal rows looked at per request, however few of them pass the filters: no request does unbounded work. */
export const FEED_SCAN_ROWS = 5_000
/** Snapshot entries per page at most (a page stops before the element that would pass it, unless it is the first). */
export const FEED_PAGE_ENTRIES = 20_000

/** What a caller of the feed may see and asked for. */
export interface FeedFilter {
  /** the countries whose feeds and articles are sent; null: all */
  countries: ReadonlySet<string> | null
  lang?: string
  /** epoch seconds: snapshots observed earlier are left out */
  since?: number
}

export interface FeedPage {
  elements: FeedElement[]
  /** the journal position the page ends at (the next page starts after it) */
  last: number
  hasMore: boolean
  /** journal rows after the page */
  remaining: number
}

const CURSOR_PREFIX = 'f1.'

/** An opaque cursor: the store it was issued by and the journal position it ends at. */
export function encodeFeedCursor(storeId: string, position: number): string {
  return CURSOR_PREFIX + Buffer.from(`${storeId}:${position}`).toString('base64url')
}

/** The journal position a cursor ends at; a 422 for a cursor this store did not issue. */
export function decodeFeedCursor(cursor: string, storeId: string, lastPosition: number): number {
  const refuse = (msg: string) => new ValidationApiError([{ loc: ['query', 'cursor'], msg, type: 'value_error' }])
  if (!cursor.startsWith(CURSOR_PREFIX)) throw refuse('Not a feed cursor: pass back the next_cursor of a previous page, or leave cursor out to start at the beginning.')
  const text = Buffer.from(cursor.slice(CURSOR_PREFIX.length), 'base64url').toString('utf8')
  const match = /^([0-9a-f]{1,64}):(\d{1,15})$/.exec(text)
  if (!match) throw refuse('Not a feed cursor: pass back the next_cursor of a previous page, or leave cursor out to start at the beginning.')
  if (match[1] !== storeId) throw refuse('This cursor was issued by another store (the data folder was replaced or rebuilt): start again without a cursor.')
  const position = Number(match[2])
  if (position > lastPosition) throw refuse('This cursor points past the end of this store\'s feed: it was not issued by this store. Start again without a cursor.')
  return position
}

/**
 * One page of the feed after a journal position: articles when they first arrived and feed
 * snapshots (or the entries a later import added to one), in arrival order. An entry is sent only
 * when its article is (the same filters), so a reader that stores what it is sent never meets an
 * article it does not know. Read in one transaction: what a concurrent import writes is either
 * wholly on the page or wholly after it.
 */
export function feedPage(store: Store, after: number, filter: FeedFilter, limit: number): FeedPage {
  const feed = store.feed
  return feed.consistently(() => {
    const articleVisible = (region: string | null, lang: string | null) =>
      region !== null && (filter.countries === null || filter.countries.has(region)) && (filter.lang === undefined || lang === filter.lang)
    const picked: Array<{ row: FeedLogRow; entries?: FeedEntries }> = []
    let entryCount = 0
    let last = after
    for (const row of journalAfter(store, after)) {
      if (picked.length >= limit) break
      if (row.articleSeq !== null) {
        if (articleVisible(row.region, row.lang)) picked.push({ row })
        last = row.position
        continue
      }
      const country = row.country!
      const observedAt = row.observedAt!
      if ((filter.countries !== null && !filter.countries.has(country)) || (filter.since !== undefined && observedAt < filter.since)) {
        last = row.position
        continue
      }
      const entries = arrivedEntries(store, row)
      if (picked.length > 0 && entryCount + entries.seqs.length > FEED_PAGE_ENTRIES) break
      entryCount += entries.seqs.length
      picked.push({ row, entries })
      last = row.position
    }
    const elements = toElements(store, picked, articleVisible)
    const remaining = feed.lastPosition() - last
    return { elements, last, hasMore: remaining > 0, remaining }
  })
}

/** The journal's rows after a position, read a few at a time (a page usually needs far fewer than the most it may look at). */
function* journalAfter(store: Store, after: number): Generator<FeedLogRow> {
  let read = 0
  let from = after
  for (let chunk = 64; read < FEED_SCAN_ROWS; chunk = Math.min(chunk * 4, FEED_SCAN_ROWS)) {
    const rows = store.feed.rowsAfter(from, Math.min(chunk, FEED_SCAN_ROWS - read))
    for (const row of rows) yield row
    if (rows.length === 0) return
    read += rows.length
    from = rows[rows.length - 1]!.position
  }
}

/** The entries a journal row stands for: the snapshot as first written, or the ones a later import added. */
function arrivedEntries(store: Store, row: FeedLogRow): FeedEntries {
  const packed = store.feed.snapshotEntries(row.country!, row.observedAt!)
  const all = packed ? decodeFeedEntries(packed) : { seqs: new Uint32Array(), positions: new Uint32Array(), impressions: new Uint32Array() }
  let keep: (seq: number) => boolean
  if (row.seqs !== null) {
    const added = new Set(unpackSeqs(row.seqs))
    keep = (seq) => added.has(seq)
  } else if (all.seqs.length !== row.entryCount) {
    const later = new Set(store.feed.laterAdditions(row.country!, row.observedAt!, row.position).flatMap((b) => Array.from(unpackSeqs(b))))
    keep = (seq) => !later.has(seq)
  } else {
    return all
  }
  const index = all.seqs.reduce<number[]>((out, seq, i) => (keep(seq) ? (out.push(i), out) : out), [])
  return {
    seqs: Uint32Array.from(index, (i) => all.seqs[i]!),
    positions: Uint32Array.from(index, (i) => all.positions[i]!),
    impressions: Uint32Array.from(index, (i) => all.impressions[i]!),
  }
}

function toElements(
  store: Store,
  picked: Array<{ row: FeedLogRow; entries?: FeedEntries }>,
  articleVisible: (region: string | null, lang: string | null) => boolean,
): FeedElement[] {
  const articleSeqs = picked.flatMap((p) => (p.row.articleSeq !== null ? [p.row.articleSeq] : []))
  const articles = articleSeqs.length > 0 ? store.feed.articles(articleSeqs) : new Map<number, FeedArticleRow>()
  const entrySeqs = new Set<number>()
  for (const p of picked) if (p.entries) for (const seq of p.entries.seqs) entrySeqs.add(seq)
  const keys = entrySeqs.size > 0 ? store.feed.articleKeys([...entrySeqs], store.dataVersion) : new Map<number, { id: string; region: string; lang: string }>()
  const elements: FeedElement[] = []
  for (const { row, entries } of picked) {
    if (!entries) {
      const a = articles.get(row.articleSeq!)
      if (a) elements.push({ type: 'article', article: feedArticle(a) })
      continue
    }
    const sent: Array<{ article_id: string; position: number; impressions: number }> = []
    for (let i = 0; i < entries.seqs.length; i++) {
      const key = keys.get(entries.seqs[i]!)
      if (key && articleVisible(key.region, key.lang)) sent.push({ article_id: key.id, position: entries.positions[i]!, impressions: entries.impressions[i]! })
    }
    if (sent.length > 0) elements.push({ type: 'snapshot', snapshot: { country: row.country!, observed_at: new Date(row.observedAt! * 1000).toISOString(), entries: sent } })
  }
  return elements
}

