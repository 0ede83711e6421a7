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

export interface ArticleRecord {
  id: string
  url: string
  title: string
  domain: string
  region: string
  lang: string
  category?: string | null
  contentType?: string | null
  summary?: string | null
  markdown?: string | null
  images?: Array<{ url: string; width: number | null; height: number | null }> | null
  publishedAt?: string | null
  /** extracted: found in the text by Feedlens (the source gave none), not given. */
  entities?: Array<{ id: string; score: number; extracted?: boolean }>
}

export interface ObservationRecord {
  articleId: string
  country: string
  /** ISO 8601 UTC. */
  observedAt: string
  position: number
  estimatedImpressions: number
}
