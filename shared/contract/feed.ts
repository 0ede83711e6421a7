import { z } from 'zod'
import { countryCodeParam, dateParam, intParam, langParam } from './params'
import { imageSchema } from './articles'

/**
 * GET /v2/feed: everything that arrived in the store, in arrival order, paged by an opaque cursor
 * (docs/contract-decisions.md, "The feed"). Two kinds of element: an article when it first
 * arrives, and a feed snapshot (or the part of one a later import added): what one country's feed
 * showed at one instant. A snapshot's articles always arrive before it.
 */
export const feedQuery = z.object({
  /** where the previous page ended (its next_cursor); absent: from the beginning */
  cursor: z.string().trim().min(1).max(500).optional(),
  region: countryCodeParam.optional(),
  lang: langParam,
  /** only snapshots observed at or after this instant (articles are sent whatever their date) */
  since: dateParam,
  limit: intParam({ default: 200, min: 1, max: 1000 }),
})

export const feedArticleSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  title: z.string(),
  domain: z.string(),
  region: z.string(),
  lang: z.string(),
  category: z.string().nullable(),
  content_type: z.string().nullable(),
  summary: z.string().nullable(),
  markdown: z.string().nullable(),
  images: z.array(imageSchema).nullable(),
  published_at: z.string().nullable(),
  /** extracted: found in the text by the sender (the article came without entities) */
  entities: z.array(z.object({ id: z.string(), name: z.string(), type: z.string().nullable(), score: z.number(), extracted: z.boolean() })),
  publisher: z.object({
    name: z.string(),
    country: z.string().nullable(),
    profile_exists: z.boolean(),
    knowledge_graph_id: z.string().nullable(),
    total_followers: z.number().int().nullable(),
  }),
})

export const feedSnapshotSchema = z.object({
  country: z.string(),
  observed_at: z.string(),
  /** in position order; impressions estimated for the entry's slot */
  entries: z.array(z.object({ article_id: z.uuid(), position: z.number().int().min(1), impressions: z.number().int().min(0) })),
})

export const feedElementSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('article'), article: feedArticleSchema }),
  z.object({ type: z.literal('snapshot'), snapshot: feedSnapshotSchema }),
])

export const feedResponse = z.object({
  elements: z.array(feedElementSchema),
  /** pass it back as `cursor` for what comes next; also when nothing more has arrived yet */
  next_cursor: z.string(),
  /** whether more has arrived after this page (ask again at once) */
  has_more: z.boolean(),
  /** entries of the arrival journal after this page, before filters: at most this many elements are left (for progress) */
  remaining: z.number().int(),
})

export type FeedArticle = z.infer<typeof feedArticleSchema>
export type FeedSnapshot = z.infer<typeof feedSnapshotSchema>
export type FeedElement = z.infer<typeof feedElementSchema>
export type FeedResponse = z.infer<typeof feedResponse>
