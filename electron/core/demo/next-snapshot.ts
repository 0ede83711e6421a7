import type { IngestBatch } from '../ingest/records'
import type { Store } from '../store/store'
import { articleIdForUrl } from '../ingest/canonical-url'

/**
 * The feed a few hours on, for trying (and measuring) what follows new data: every country's
 * newest snapshot again, `hours` later, in which the articles that had just appeared are
 * followed by new articles of the same stories (same entities, category and country, a new
 * URL), as a live feed would bring them. Everything else stays in its place.
 */
export function nextSnapshotBatch(store: Store, hours = 3): IngestBatch {
  const snapshot = store.articles.latestSnapshot()
  const fresh = store.articles.records(snapshot.filter((o) => o.firstSeen).map((o) => o.articleId))
  const followUp = new Map(
    fresh.map((a) => {
      const url = `${a.url}-update-${hours}h`
      const id = articleIdForUrl(url)!
      return [a.id, { ...a, id, url, publishedAt: null }]
    }),
  )
  return {
    articles: [...followUp.values()],
    observations: snapshot.map((o) => ({
      articleId: followUp.get(o.articleId)?.id ?? o.articleId,
      country: o.country,
      observedAt: new Date((o.observedAt + hours * 3600) * 1000).toISOString(),
      position: o.position,
      estimatedImpressions: o.impressions,
    })),
  }
}
