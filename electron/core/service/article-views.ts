import type { FeedArticle } from '../../../shared/contract/feed'
import type { ArticleListRow, ArticleRow } from '../store/repositories/articles'
import type { FeedArticleRow } from '../store/repositories/feed'
import { articleBasics } from '../store/records'

/**
 * Every view of an article the service answers with, from the store's rows: a list's item
 * (articles, the window's explore lists), a trend's member, the article itself, the feed's
 * article. The fields an article carries under the same names come from one copy (articleBasics).
 */

/** An article as the lists show it. */
export const articleListItem = (a: ArticleListRow) => ({ ...articleBasics(a), first_seen_at: a.firstSeenAt, last_seen_at: a.lastSeenAt })

/** A member of a trend, as the trend's articles show it. */
export function trendArticleItem(a: { id: string; url: string; title: string; domain: string; countryCode: string; assignmentScore: number; role: string; firstSeenAt: string; publishedAt: string | null }) {
  return {
    id: a.id,
    url: a.url,
    title: a.title,
    domain: a.domain,
    country_code: a.countryCode,
    assignment_score: a.assignmentScore,
    trend_role: a.role as 'F1_trigger',
    first_seen_at: a.firstSeenAt,
    published_at: a.publishedAt,
  }
}

/** The article itself, with what the request asks to include. */
export function articleDetail(
  a: ArticleRow,
  include: { markdown?: boolean; images?: boolean; entities?: () => Array<{ name: string; type: string | null; score: number }> },
) {
  const { region, lang, category, ...identity } = articleBasics(a)
  return {
    ...identity,
    summary: a.summary,
    ...(include.markdown ? { markdown: a.markdown } : {}),
    ...(include.entities ? { entities: include.entities().map((e) => ({ name: e.name, entity_types: e.type ? [e.type] : [], unified_score: e.score })) } : {}),
    ...(include.images ? { images: a.images ? JSON.parse(a.images) : [] } : {}),
    region,
    lang,
    category,
    content_type: a.contentType,
    published_at: a.publishedAt,
    first_seen_at: a.firstSeenAt,
    last_seen_at: a.lastSeenAt,
  }
}

/** An article as the feed (/v2/feed) sends it: every column, its entities and its publisher. */
export function feedArticle(a: FeedArticleRow): FeedArticle {
  return {
    ...articleBasics(a),
    content_type: a.contentType,
    summary: a.summary,
    markdown: a.markdown,
    images: a.images ? (JSON.parse(a.images) as FeedArticle['images']) : null,
    published_at: a.publishedAt,
    entities: a.entities.map((e) => ({ ...e, extracted: e.extracted === 1 })),
    publisher: {
      name: a.publisherName ?? a.domain,
      country: a.publisherCountry,
      profile_exists: a.profileExists === 1,
      knowledge_graph_id: a.knowledgeGraphId,
      total_followers: a.totalFollowers,
    },
  }
}
