import type Database from 'better-sqlite3'
import { Statements } from '../statements'

export interface EntityRow {
  id: string
  name: string
  type: string | null
}

/** The entities the articles name (`/v1/entities`). */
export class EntitiesRepository {
  private readonly statements: Statements

  constructor(sqlite: Database.Database) {
    this.statements = new Statements(sqlite)
  }

  /** Entities whose name starts with `q` (any case) or whose id is `q`, of a type (any case) when given. */
  matching(q: string | undefined, type: string | undefined): EntityRow[] {
    const like = q === undefined ? null : `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    return this.statements
      .get(
        `SELECT id, name, type FROM entities
         WHERE (@like IS NULL OR name LIKE @like ESCAPE '\\' OR id = @q) AND (@type IS NULL OR type = @type COLLATE NOCASE)`,
      )
      .all({ like, q: q ?? null, type: type ?? null }) as EntityRow[]
  }

  /** The entity a drill-down names: the one of this id, else every one of this name (any case). */
  idsFor(idOrName: string): string[] {
    const byId = this.statements.get('SELECT id FROM entities WHERE id = ?', 'pluck').all(idOrName) as string[]
    return byId.length > 0 ? byId : this.idsNamed(idOrName)
  }

  /** The ids of the entities of this name (any case). */
  idsNamed(name: string): string[] {
    return this.statements.get('SELECT id FROM entities WHERE name = ? COLLATE NOCASE', 'pluck').all(name) as string[]
  }

  byIds(ids: readonly string[]): Map<string, EntityRow> {
    const rows = this.statements.get('SELECT e.id, e.name, e.type FROM json_each(?) s CROSS JOIN entities e ON e.id = s.value').all(JSON.stringify(ids)) as EntityRow[]
    return new Map(rows.map((r) => [r.id, r]))
  }

  /** The entity ids held by the entity lists of a project. */
  trackedBy(projectId: string): Set<string> {
    const rows = this.statements
      .get(
        `SELECT DISTINCT i.key FROM tracking_items i JOIN tracking_lists l ON l.id = i.list_id
         WHERE l.project_id = ? AND l.kind = 'entity'`,
        'pluck',
      )
      .all(projectId) as string[]
    return new Set(rows)
  }
}
