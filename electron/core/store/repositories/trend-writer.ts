import type Database from 'better-sqlite3'

export interface TrendSourceArticle {
  seq: number
  id: string
  title: string
  summary: string | null
  region: string
  category: string | null
  time: number | null
}

/** Reads what the trend engine needs and replaces the trend tables in one transaction. */
export class TrendWriter {
  constructor(private readonly sqlite: Database.Database) {}

  /** Articles with seq in (afterSeq, afterSeq + span], in seq order. */
  articles(afterSeq = 0, span = Number.MAX_SAFE_INTEGER): TrendSourceArticle[] {
    return this.sqlite
      .prepare(
        `SELECT a.seq, a.id, a.title, a.summary, a.region, a.category, coalesce(f.first_seen, unixepoch(a.published_at)) AS time
         FROM articles a JOIN article_facets f ON f.article_seq = a.seq WHERE a.seq > ? AND a.seq <= ? ORDER BY a.seq`,
      )
      .all(afterSeq, afterSeq + span) as TrendSourceArticle[]
  }

  /** The entities of the articles with seq in (afterSeq, afterSeq + span]. */
  entities(afterSeq = 0, span = Number.MAX_SAFE_INTEGER): Array<{ seq: number; id: string; name: string; type: string | null; score: number }> {
    return this.sqlite
      .prepare(
        `SELECT a.seq, e.id, e.name, e.type, ae.score FROM articles a
         JOIN article_entities ae ON ae.article_id = a.id JOIN entities e ON e.id = ae.entity_id
         WHERE a.seq > ? AND a.seq <= ?`,
      )
      .all(afterSeq, afterSeq + span) as Array<{ seq: number; id: string; name: string; type: string | null; score: number }>
  }


  replace(data: {
    themes: Array<{ id: string; label: string; nTrends: number; nArticles: number }>
    topics: Array<{ id: string; themeId: string; label: string; nTrends: number; nArticles: number }>
    trends: Array<Record<string, unknown>>
    members: Array<{ trendId: string; articleId: string; score: number; role: string }>
    links: Array<{ parentId: string; childId: string; relationType: string; strength: number }>
  }): void {
    const s = this.sqlite
    s.transaction(() => {
      s.exec('DELETE FROM trend_links; DELETE FROM trend_articles; DELETE FROM trends; DELETE FROM topics; DELETE FROM themes;')
      const theme = s.prepare(`INSERT INTO themes (id, label, label_ru, n_trends, n_articles) VALUES (@id, @label, '', @nTrends, @nArticles)`)
      for (const t of data.themes) theme.run(t)
      const topic = s.prepare(`INSERT INTO topics (id, theme_id, label, label_ru, n_trends, n_articles) VALUES (@id, @themeId, @label, '', @nTrends, @nArticles)`)
      for (const t of data.topics) topic.run(t)
      const trend = s.prepare(
        `INSERT INTO trends (id, label, label_ru, state, structural_type, semantic_type, article_count, first_seen_at, last_article_at,
           key_entities, primary_country, country_scope, topic_id, daily_counts, features, forecast, created_at, updated_at)
         VALUES (@id, @label, '', @state, @structuralType, @semanticType, @articleCount, @firstSeenAt, @lastArticleAt,
           @keyEntities, @primaryCountry, @countryScope, @topicId, @dailyCounts, @features, @forecast, @createdAt, @updatedAt)`,
      )
      for (const t of data.trends) trend.run(t)
      const member = s.prepare(`INSERT INTO trend_articles (trend_id, article_id, assignment_score, role) VALUES (@trendId, @articleId, @score, @role)`)
      for (const m of data.members) member.run(m)
      const link = s.prepare(`INSERT OR IGNORE INTO trend_links (parent_id, child_id, relation_type, strength) VALUES (@parentId, @childId, @relationType, @strength)`)
      for (const l of data.links) link.run(l)
    })()
  }
}
