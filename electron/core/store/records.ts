import type { articles } from './schema'

/** What the store keeps of a publisher, an entity, an article and an observation, as every source writes them (ingest/). */

export interface PublisherRecord {
  domain: string
  name: string
  country?: string | null
  profileExists?: boolean
  knowledgeGraphId?: string | null
  totalFollowers?: number | null
}

export interface EntityRecord {
  id: string
  name: string
  type?: string | null
}

/** The article's own columns (schema.ts), as written: what every source gives of an article. */
export type ArticleColumns = Pick<typeof articles.$inferInsert, 'id' | 'url' | 'title' | 'domain' | 'region' | 'lang' | 'category' | 'contentType' | 'summary' | 'markdown' | 'images' | 'publishedAt'>

export type ArticleRecord = ArticleColumns & {
  /** extracted: found in the text by Feedlens (the source gave none), not given. */
  entities?: Array<{ id: string; score: number; extracted?: boolean }>
}

/**
 * The fields an article carries under the same names in the store's records, its rows and the
 * contract's shapes: the one place they are copied (every view of an article, and a sync's
 * reading of one, start from these).
 */
export function articleBasics(a: { id: string; url: string; title: string; domain: string; region: string; lang: string; category?: string | null }) {
  return { id: a.id, url: a.url, title: a.title, domain: a.domain, region: a.region, lang: a.lang, category: a.category ?? null }
}

export interface ObservationRecord {
  articleId: string
  country: string
  /** ISO 8601 UTC. */
  observedAt: string
  position: number
  estimatedImpressions: number
}
