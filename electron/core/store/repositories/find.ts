import type Database from 'better-sqlite3'
import { Statements } from '../statements'
import { toFtsQuery } from './articles'

/** One thing "Find anything" found: what it is, its id, its name and a word about it. */
export interface Found {
  kind: 'view' | 'trend' | 'entity' | 'publisher' | 'category' | 'article' | 'list' | 'site'
  id: string
  label: string
  detail: string
  count: number
}

/** LIKE's own characters in what was typed, escaped (the typed text is matched as it is). */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * "Find anything" (Ctrl+K): each kind of thing by its name as typed, the most present first, a few
 * of each. Names match from their start or from a word's start; an article's title and summary
 * by its words (the last one as typed so far).
 */
export class FindRepository {
  private readonly statements: Statements

  constructor(private readonly sqlite: Database.Database) {
    this.statements = new Statements(sqlite)
  }

  find(q: string, projectId: string | null, limit: number): Found[] {
    const starts = `${escapeLike(q)}%`
    const words = `% ${escapeLike(q)}%`
    const params = { starts, words, limit }
    const rows = (sql: string, extra: Record<string, unknown> = {}) => this.statements.get(sql).all({ ...params, ...extra }) as Found[]
    const found: Found[] = [
      ...rows(
        `SELECT 'view' AS kind, id, name AS label, path AS detail, 0 AS count FROM saved_views
         WHERE name LIKE @starts ESCAPE '\\' OR name LIKE @words ESCAPE '\\' ORDER BY name LIMIT @limit`,
      ),
      ...rows(
        `SELECT 'trend' AS kind, id, label, state AS detail, article_count AS count FROM trends
         WHERE label LIKE @starts ESCAPE '\\' OR label LIKE @words ESCAPE '\\'
         ORDER BY CASE state WHEN 'hot' THEN 0 WHEN 'emerging' THEN 1 WHEN 'persistent' THEN 2 ELSE 3 END, article_count DESC, id LIMIT @limit`,
      ),
      ...rows(
        `SELECT 'entity' AS kind, e.id, e.name AS label, coalesce(e.type, '') AS detail, (SELECT count(*) FROM article_entities ae WHERE ae.entity_id = e.id) AS count
         FROM entities e WHERE e.name LIKE @starts ESCAPE '\\' OR e.name LIKE @words ESCAPE '\\'
         ORDER BY count DESC, e.name LIMIT @limit`,
      ),
      ...rows(
        `SELECT 'publisher' AS kind, p.domain AS id, coalesce(p.name, p.domain) AS label, p.domain AS detail,
                (SELECT count(*) FROM article_facets f WHERE f.domain = p.domain) AS count
         FROM publishers p WHERE p.domain LIKE @starts ESCAPE '\\' OR p.name LIKE @starts ESCAPE '\\' OR p.name LIKE @words ESCAPE '\\'
         ORDER BY count DESC, p.domain LIMIT @limit`,
      ),
      ...rows(
        `SELECT 'category' AS kind, category AS id, category AS label, '' AS detail, count(*) AS count FROM article_facets
         WHERE category LIKE @starts ESCAPE '\\' OR category LIKE '%/' || @starts ESCAPE '\\'
         GROUP BY category ORDER BY count DESC, category LIMIT @limit`,
      ),
    ]
    if (projectId) {
      found.push(
        ...rows(
          `SELECT 'list' AS kind, id, name AS label, kind AS detail, (SELECT count(*) FROM tracking_items i WHERE i.list_id = l.id) AS count
           FROM tracking_lists l WHERE project_id = @project AND (name LIKE @starts ESCAPE '\\' OR name LIKE @words ESCAPE '\\')
           ORDER BY name LIMIT @limit`,
          { project: projectId },
        ),
      )
    }
    found.push(
      ...rows(
        `SELECT DISTINCT 'site' AS kind, property AS id, property AS label, search_type AS detail, 0 AS count FROM gsc_imports
         WHERE property LIKE '%' || @starts ESCAPE '\\' ORDER BY property LIMIT @limit`,
      ),
    )
    const terms = toFtsQuery(q)
    if (terms !== '""') {
      // the last word as typed so far: a prefix
      found.push(
        ...rows(
          `SELECT 'article' AS kind, a.id, a.title AS label, a.domain AS detail, 0 AS count
           FROM articles_fts f CROSS JOIN articles a ON a.seq = f.rowid
           WHERE articles_fts MATCH @terms ORDER BY f.rowid DESC LIMIT @limit`,
          { terms: `${terms}*` },
        ),
      )
    }
    return found
  }
}
