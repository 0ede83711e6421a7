import type Database from 'better-sqlite3'
import { seenIsoSql } from '../../time/buckets'

export interface PublisherRow {
  id: number
  domain: string
  name: string
  country: string | null
  profileExists: boolean
  knowledgeGraphId: string | null
  totalFollowers: number | null
}

const COLUMNS = `id, domain, name, country, profile_exists AS profileExists, knowledge_graph_id AS knowledgeGraphId,
  total_followers AS totalFollowers`

type Raw = Omit<PublisherRow, 'profileExists'> & { profileExists: number }
const fromRaw = (r: Raw): PublisherRow => ({ ...r, profileExists: r.profileExists === 1 })

export class PublishersRepository {
  constructor(private readonly sqlite: Database.Database) {}

  byDomain(domain: string): PublisherRow | undefined {
    const row = this.sqlite.prepare(`SELECT ${COLUMNS} FROM publishers WHERE domain = ?`).get(domain) as Raw | undefined
    return row && fromRaw(row)
  }

  search(q: string, limit: number): PublisherRow[] {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    return (
      this.sqlite
        .prepare(
          `SELECT ${COLUMNS} FROM publishers
           WHERE name LIKE @like ESCAPE '\\' OR domain LIKE @like ESCAPE '\\' OR knowledge_graph_id = @q
           ORDER BY profile_exists DESC, coalesce(total_followers, 0) DESC, name LIMIT @limit`,
        )
        .all({ like, q, limit }) as Raw[]
    ).map(fromRaw)
  }

  recentArticles(domain: string, limit: number): Array<{ id: string; url: string; title: string; firstSeenAt: string }> {
    return this.sqlite
      .prepare(
        `SELECT a.id, a.url, a.title, ${seenIsoSql('first')} AS firstSeenAt
         FROM article_facets s CROSS JOIN articles a ON a.seq = s.article_seq WHERE s.domain = ?
         ORDER BY s.first_shown DESC, s.article_seq DESC LIMIT ?`,
      )
      .all(domain, limit) as Array<{ id: string; url: string; title: string; firstSeenAt: string }>
  }
}
