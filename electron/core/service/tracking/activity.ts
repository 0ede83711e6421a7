import { covers, membership, windowActivity, type ActivityIndex } from '../../analytics/tracking/activity-index'
import { itemBuckets, type ItemPublication } from '../../analytics/tracking/item-figures'
import type { ActivityWindow } from '../../analytics/tracking/window'
import type { CoveredArticleRow } from '../../store/repositories/item-activity'
import type { RequestContext } from '../context'

/**
 * The activity of a list's items in a window and the one before, from the recent-activity index
 * when it holds both windows (the usual 24h, 7d and 30d periods), else from SQLite.
 */

export interface ListWindows {
  kind: string
  listId: string
  keys: string[]
  current: ActivityWindow
  previous: ActivityWindow
}

export interface ListActivity {
  pairs: ItemPublication[]
  previous: Map<string, number>
  buckets: Map<string, { impressions: Map<number, number>; publications: Map<number, number> }>
  /** per bucket, the publications of the page's items seen then and their impressions */
  bucketTotals: Map<number, { publications: number; impressions: number }>
  /** the entities of the given items' publications */
  entitiesOf(pairs: ItemPublication[]): Array<{ seq: number; entityId: string; name: string }>
}

function indexFor(ctx: RequestContext, w: ListWindows): ActivityIndex | null {
  const from = Math.min(w.current.fromHour, w.previous.fromHour)
  const ix = ctx.store.recentActivity.current(ctx.now)
  return covers(ix, from) ? ix : null
}

const keysOfKind = (ctx: RequestContext, w: ListWindows) =>
  membership(w.kind, w.keys, w.kind === 'mention' ? ctx.store.matches.itemsByArticle(w.listId) : undefined)

export function listActivity(ctx: RequestContext, w: ListWindows, grain: 'hour' | 'day', pageKeys: string[]): ListActivity {
  const ix = indexFor(ctx, w)
  const onPage = new Set(pageKeys)
  if (ix) {
    const keysOf = keysOfKind(ctx, w)
    const now = windowActivity(ix, { ...w.current, keysOf, grain, totalsFor: onPage })
    const before = windowActivity(ix, { ...w.previous, keysOf })
    const previous = new Map<string, number>()
    for (const p of before.pairs) previous.set(p.key, (previous.get(p.key) ?? 0) + p.impressions)
    const seqIndex = new Map(now.pairs.map((p) => [p.seq, p.articleIndex]))
    return {
      pairs: now.pairs,
      previous,
      buckets: now.buckets,
      bucketTotals: now.bucketTotals,
      entitiesOf: (pairs) =>
        [...new Set(pairs.map((p) => p.seq))].flatMap((seq) =>
          ix.articles[seqIndex.get(seq)!]!.entityIds.map((entityId) => ({ seq, entityId, name: ix.entityNames.get(entityId) ?? entityId })),
        ),
    }
  }
  const repo = ctx.store.itemActivity
  const pairs = repo.itemArticles(w.kind, w.keys, w.current)
  const pagePairs = pairs.filter((p) => onPage.has(p.key))
  const seqs = [...new Set(pagePairs.map((p) => p.seq))]
  const cells = repo.articleBuckets(seqs, w.current, grain)
  const bucketTotals = new Map<number, { publications: number; impressions: number }>()
  for (const c of cells) {
    const t = bucketTotals.get(c.bucket) ?? { publications: 0, impressions: 0 }
    t.publications += 1
    t.impressions += c.impressions
    bucketTotals.set(c.bucket, t)
  }
  return {
    pairs,
    previous: repo.itemImpressions(w.kind, w.keys, w.previous),
    buckets: itemBuckets(pagePairs, cells),
    bucketTotals,
    entitiesOf: (some) => repo.entitiesOf([...new Set(some.map((p) => p.seq))]),
  }
}

export type CoveredArticle = CoveredArticleRow & { entities: Array<{ entityId: string; name: string }> }

/** Every publication of the list's items with impressions in the window (roll-ups); the current window's with their entities. */
export function coveredArticles(ctx: RequestContext, w: ListWindows, which: 'current' | 'previous'): CoveredArticle[] {
  const ix = indexFor(ctx, w)
  const window = w[which]
  if (!ix) {
    const rows = ctx.store.itemActivity.coveredArticles(w.kind, w.keys, window)
    const entities = new Map<number, Array<{ entityId: string; name: string }>>()
    for (const e of which === 'current' ? ctx.store.itemActivity.entitiesOf(rows.map((r) => r.seq)) : []) {
      const list = entities.get(e.seq) ?? []
      list.push({ entityId: e.entityId, name: e.name })
      entities.set(e.seq, list)
    }
    return rows.map((r) => ({ ...r, entities: entities.get(r.seq) ?? [] }))
  }
  const activity = windowActivity(ix, { ...window, keysOf: keysOfKind(ctx, w) })
  return [...activity.articleImpressions].map(([a, impressions]) => {
    const article = ix.articles[a]!
    return {
      seq: article.seq,
      id: article.id,
      url: article.url,
      title: article.title,
      domain: article.domain,
      publisher: article.publisher,
      contentType: article.contentType,
      category: article.category,
      trendId: article.trendId,
      trendLabel: article.trendLabel,
      impressions,
      entities: article.entityIds.map((id) => ({ entityId: id, name: ix.entityNames.get(id) ?? id })),
    }
  })
}
