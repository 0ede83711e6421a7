import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'

/** An article element as an upstream's `/v2/feed` sends it, at https://news.example/<path> (a right id unless `fields` say otherwise). */
export function feedArticle(path: string, fields: Record<string, unknown> = {}) {
  const articleUrl = `https://news.example/${path}`
  return {
    type: 'article',
    article: {
      id: articleIdForUrl(articleUrl),
      url: articleUrl,
      title: `Story ${path}`,
      domain: 'news.example',
      region: 'US',
      lang: 'en',
      category: null,
      content_type: null,
      summary: null,
      markdown: null,
      images: null,
      published_at: '2026-11-20T08:00:00.000Z',
      entities: [],
      publisher: { name: 'News', country: 'US', profile_exists: false, knowledge_graph_id: null, total_followers: null },
      ...fields,
    },
  }
}
