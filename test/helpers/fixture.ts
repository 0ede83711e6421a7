import { articleIdForUrl } from '../../electron/core/ingest/canonical-url'
import { IngestWriter } from '../../electron/core/ingest/writer'
import { scanMentionList } from '../../electron/core/jobs/mention-scan'
import { TRENDS_METHOD } from '../../electron/core/jobs/trends'
import { SIGNALS_METHOD } from '../../electron/core/jobs/signals'
import type { Store } from '../../electron/core/store/store'
import { seedRegion } from './core'

/** The articles' URLs: their ids are the UUID v5 of the canonical URL, as every store's are. */
export const URLS = { a1: 'https://example.com/fed-rates', a2: 'https://example.com/fed-reaction', a3: 'https://zeitung.de/berlin' }

export const IDS = {
  a1: articleIdForUrl(URLS.a1)!,
  a2: articleIdForUrl(URLS.a2)!,
  a3: articleIdForUrl(URLS.a3)!,
  trend: 'b1000000-0000-4000-8000-000000000001',
  child: 'b1000000-0000-4000-8000-000000000002',
  theme: 'c1000000-0000-4000-8000-000000000001',
  topic: 'd1000000-0000-4000-8000-000000000001',
  entityList: 'e1000000-0000-4000-8000-000000000001',
  categoryList: 'e1000000-0000-4000-8000-000000000002',
  publisherList: 'e1000000-0000-4000-8000-000000000003',
  trendList: 'e1000000-0000-4000-8000-000000000004',
  mentionList: 'e1000000-0000-4000-8000-000000000005',
}

/**
 * A small hand-made world: US and DE, two publishers, three articles seen on 2026-11-20
 * (the tests' "now" is 12:00 that day), one trend with a child, and one list of each kind.
 */
export function seedFixture(store: Store, projectId: string, options: { refreshed?: boolean } = {}): void {
  seedRegion(store, 'US', 'United States')
  seedRegion(store, 'DE', 'Germany')
  const db = store.sqlite
  db.prepare(`UPDATE regions SET languages = '["de"]', utc_offset_minutes = 60 WHERE alpha_2 = 'DE'`).run()
  db.prepare(`INSERT INTO cities (id, region, name, is_active) VALUES (1, 'US', 'Boston', 1), (2, 'US', 'Austin', 0), (3, 'DE', 'Berlin', 1)`).run()
  db.prepare(`INSERT INTO languages (code, name) VALUES ('en', 'English'), ('de', 'German')`).run()
  const images = [{ url: 'https://example.com/i.jpg', width: 800, height: 600 }]
  const at = (hour: string) => `${hour}:00:00.000Z`
  new IngestWriter(store).write({
    publishers: [
      { domain: 'example.com', name: 'Example News', country: 'US', profileExists: true, knowledgeGraphId: '/g/11example', totalFollowers: 125000 },
      { domain: 'zeitung.de', name: 'Die Zeitung', country: 'DE' },
    ],
    entities: [
      { id: '/m/fed', name: 'Federal Reserve', type: 'Organization' },
      { id: '/m/berlin', name: 'Berlin', type: 'Place' },
    ],
    articles: [
      { id: IDS.a1, url: 'https://example.com/fed-rates', title: 'Fed holds rates steady', domain: 'example.com', region: 'US', lang: 'en',
        category: '/Business/Economy', contentType: 'News', summary: 'The Federal Reserve kept rates unchanged.',
        markdown: '# Fed\n\nThe **Federal Reserve** kept rates.', images, publishedAt: '2026-11-20T08:00:00.000Z', entities: [{ id: '/m/fed', score: 0.9 }] },
      { id: IDS.a2, url: 'https://example.com/fed-reaction', title: 'Markets react to the Fed', domain: 'example.com', region: 'US', lang: 'en',
        category: '/Business/Markets', contentType: 'Analysis', summary: '', publishedAt: '2026-11-20T09:30:00.000Z', entities: [{ id: '/m/fed', score: 0.6 }] },
      { id: IDS.a3, url: 'https://zeitung.de/berlin', title: 'Berlin baut', domain: 'zeitung.de', region: 'DE', lang: 'de', category: '/Local',
        contentType: 'Routine', summary: 'Berlin baut neue Wohnungen.', entities: [{ id: '/m/berlin', score: 0.8 }] },
    ],
    observations: [
      { articleId: IDS.a1, country: 'US', observedAt: at('2026-11-20T09'), position: 1, estimatedImpressions: 1000 },
      { articleId: IDS.a1, country: 'US', observedAt: at('2026-11-20T11'), position: 3, estimatedImpressions: 600 },
      { articleId: IDS.a2, country: 'US', observedAt: at('2026-11-20T10'), position: 2, estimatedImpressions: 800 },
      { articleId: IDS.a2, country: 'US', observedAt: at('2026-11-20T11'), position: 5, estimatedImpressions: 300 },
      { articleId: IDS.a3, country: 'DE', observedAt: at('2026-11-20T10'), position: 1, estimatedImpressions: 500 },
    ],
  })
  db.prepare(`UPDATE regions SET first_data_at = '2026-11-01T00:00:00.000Z' WHERE alpha_2 = 'DE'`).run()
  db.prepare(`INSERT INTO themes (id, label, n_trends, n_articles) VALUES (?, 'Economy', 2, 2)`).run(IDS.theme)
  db.prepare(`INSERT INTO topics (id, theme_id, label, n_trends, n_articles) VALUES (?, ?, 'Central banks', 2, 2)`).run(IDS.topic, IDS.theme)
  const trend = db.prepare(
    `INSERT INTO trends (id, label, state, structural_type, semantic_type, article_count, first_seen_at, last_article_at, key_entities,
       primary_country, country_scope, topic_id, daily_counts, features, forecast, updated_at)
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  )
  trend.run(IDS.trend, 'Fed holds rates', 'hot', 'event_driven', 'news', 1, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z',
    '["Federal Reserve"]', 'US', '["US"]', IDS.topic, '[0,0,1]', '{"days_active":1,"total_articles":1,"slope_14d":0.1,"current_share_7d":1}',
    '{"pct_next24h":20,"pct_next7d":40,"pct_next30d":50,"predicted_total_reach":3000,"predicted_end_at":"2026-11-27T00:00:00.000Z","confidence":0.6}',
    '2026-11-20T12:00:00.000Z')
  trend.run(IDS.child, 'Market reaction', 'emerging', 'derivative', 'news', 1, '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z',
    '["Federal Reserve"]', 'US', '["US"]', IDS.topic, '[0,0,1]', '{}', null, '2026-11-20T12:00:00.000Z')
  const seqOf = (id: string) => db.prepare('SELECT seq FROM articles WHERE id = ?').pluck().get(id)
  db.prepare(`INSERT INTO trend_articles (trend_id, article_id, article_seq, assignment_score, role) VALUES (?, ?, ?, 0.92, 'F1_trigger'), (?, ?, ?, 0.7, 'F2_pile_on')`).run(
    IDS.trend, IDS.a1, seqOf(IDS.a1), IDS.child, IDS.a2, seqOf(IDS.a2),
  )
  // each member's first sighting, as the trend writer copies it
  db.prepare('UPDATE trend_articles SET first_seen = (SELECT first_seen FROM article_facets f WHERE f.article_seq = trend_articles.article_seq)').run()
  db.prepare(`INSERT INTO trend_links (parent_id, child_id, relation_type, strength) VALUES (?, ?, 'derivative', 0.8)`).run(IDS.trend, IDS.child)
  db.prepare(
    `INSERT INTO trend_countries (trend_id, country, article_count, first_seen_at, last_article_at) VALUES
       (?, 'US', 1, '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z'), (?, 'US', 1, '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z')`,
  ).run(IDS.trend, IDS.child)
  db.prepare(`INSERT INTO settings (key, value) VALUES ('trends_through', '2026-11-20T11:00:00.000Z')`).run()
  // hand-made as this version computes trends (not as an older Feedlens did, which a refresh would redo)
  db.prepare(`INSERT INTO settings (key, value) VALUES ('trends_method', ?)`).run(TRENDS_METHOD)
  db.prepare(`INSERT INTO settings (key, value) VALUES ('signals_method', ?)`).run(SIGNALS_METHOD)

  const list = db.prepare(
    `INSERT INTO tracking_lists (id, project_id, kind, name, color_index, countries, langs, search_scope, active, scan_status, last_scanned_at, updated_at)
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`,
  )
  const item = db.prepare(`INSERT INTO tracking_items (id, list_id, key, name, type, position, added_at) VALUES (?,?,?,?,?,?,?)`)
  list.run(IDS.entityList, projectId, 'entity', 'People & orgs', 0, null, null, null, null, null, null, '2026-11-19T00:00:00.000Z')
  item.run('i1', IDS.entityList, '/m/fed', 'Federal Reserve', 'Organization', 1, '2026-11-19T00:00:00.000Z')
  item.run('i2', IDS.entityList, 'Olaf Scholz', 'Olaf Scholz', null, 2, '2026-11-19T01:00:00.000Z')
  list.run(IDS.categoryList, projectId, 'category', 'Sections', 1, null, null, null, null, null, null, '2026-11-19T02:00:00.000Z')
  item.run('i3', IDS.categoryList, '/Business/Economy', '/Business/Economy', null, 1, '2026-11-19T02:00:00.000Z')
  list.run(IDS.publisherList, projectId, 'publisher', 'Competitors', 2, null, null, null, null, null, null, '2026-11-19T03:00:00.000Z')
  item.run('i4', IDS.publisherList, 'example.com', 'Example News', null, 1, '2026-11-19T03:00:00.000Z')
  list.run(IDS.trendList, projectId, 'trend', 'Stories', 3, null, null, null, null, null, null, '2026-11-19T04:00:00.000Z')
  item.run('i5', IDS.trendList, IDS.trend, 'Fed holds rates', null, 1, '2026-11-19T04:00:00.000Z')
  list.run(IDS.mentionList, projectId, 'mention', 'Brand watch', 4, '["US"]', '["en"]', 'all', 1, 'pending', null, '2026-11-19T05:00:00.000Z')
  item.run('m1', IDS.mentionList, 'fed', 'fed', 'broad', 1, '2026-11-19T05:00:00.000Z')
  item.run('m2', IDS.mentionList, 'federal reserve', 'federal reserve', 'phrase', 2, '2026-11-19T05:00:01.000Z')
  scanMentionList(store, IDS.mentionList, 'full', () => new Date('2026-11-20T11:30:00.000Z'))
  // the hand-made trends stand for a refresh that covered this data (unless a test needs it to be due)
  if (options.refreshed !== false) store.freshness.markAnalyticsCurrent(store.freshness.dataGeneration())
}
