import type Database from 'better-sqlite3'
import type { trackingItems, trackingLists } from '../schema'
import { seenIsoSql } from '../../time/buckets'

type ListTable = typeof trackingLists.$inferSelect

/**
 * A list as its figures read it: its row (JSON and boolean columns as SQLite holds them) and how
 * many items it has.
 */
export type TrackingList = Omit<ListTable, 'countries' | 'langs' | 'active' | 'scanError' | 'scannedThroughSeq'> & {
  countries: string | null
  langs: string | null
  active: number | null
  scanError: string | null
  itemCount: number
}

/** A list as its summary shows it: also its counts of matches and new publications (they grow with the matches: read only for the list itself). */
export type TrackingListRow = TrackingList & {
  matchesCount: number
  newPublications24h: number
}

/** An item as its list's figures read it. */
export type TrackingItem = Pick<typeof trackingItems.$inferSelect, 'id' | 'key' | 'name' | 'type' | 'position' | 'addedAt'>

/** An item as its list shows it, with its matches (mention lists). */
export type TrackingItemRow = TrackingItem & {
  matchesCount: number
}

/** An item's columns (alias i), and a list's order of its items. */
const ITEM_COLUMNS = 'i.id, i.key, i.name, i.type, i.position, i.added_at AS addedAt'
const ITEM_ORDER = 'ORDER BY i.added_at DESC, i.position DESC, i.id'

const LIST_HEAD_COLUMNS = `l.id, l.project_id AS projectId, l.kind, l.name, l.color_index AS colorIndex, l.countries, l.langs,
  l.search_scope AS searchScope, l.active, l.scan_status AS scanStatus, l.scan_error AS scanError,
  l.extraction_started_at AS extractionStartedAt, l.last_scanned_at AS lastScannedAt, l.next_scan_at AS nextScanAt,
  l.created_at AS createdAt, l.updated_at AS updatedAt,
  (SELECT count(*) FROM tracking_items i WHERE i.list_id = l.id) AS itemCount`

const LIST_COLUMNS = `${LIST_HEAD_COLUMNS},
  (SELECT count(*) FROM mention_matches m WHERE m.list_id = l.id) AS matchesCount,
  (SELECT count(*) FROM article_facets s JOIN articles a ON a.seq = s.article_seq
     WHERE s.first_seen >= @since24h AND l.kind = 'mention'
       AND EXISTS (SELECT 1 FROM mention_matches m WHERE m.list_id = l.id AND m.article_id = a.id)) AS newPublications24h`

export class TrackingRepository {
  constructor(private readonly sqlite: Database.Database) {}

  /** since24h: epoch seconds from which a publication counts as new. */
  lists(projectId: string, kind: string | undefined, since24h: number, limit: number, offset: number) {
    const where = 'l.project_id = @projectId AND (@kind IS NULL OR l.kind = @kind)'
    const params = { projectId, kind: kind ?? null, since24h, limit, offset }
    const total = (this.sqlite.prepare(`SELECT count(*) AS n FROM tracking_lists l WHERE ${where}`).get(params) as { n: number }).n
    const rows = this.sqlite
      .prepare(
        `SELECT ${LIST_COLUMNS} FROM tracking_lists l WHERE ${where}
         ORDER BY l.updated_at DESC, l.id LIMIT @limit OFFSET @offset`,
      )
      .all(params) as TrackingListRow[]
    return { rows, total }
  }

  list(id: string, since24h: number): TrackingListRow | undefined {
    return this.sqlite
      .prepare(`SELECT ${LIST_COLUMNS} FROM tracking_lists l WHERE l.id = @id`)
      .get({ id, since24h }) as TrackingListRow | undefined
  }

  /** A list without its counts of matches and new publications: what its figures need (a request's first read). */
  head(id: string): TrackingList | undefined {
    return this.sqlite.prepare(`SELECT ${LIST_HEAD_COLUMNS} FROM tracking_lists l WHERE l.id = ?`).get(id) as TrackingList | undefined
  }

  /** How many lists a project has. */
  count(projectId: string): number {
    return (this.sqlite.prepare('SELECT count(*) AS n FROM tracking_lists WHERE project_id = ?').get(projectId) as { n: number }).n
  }

  /** Who owns a list and its kind, without its counts (the editor's check). */
  owner(id: string): { projectId: string; kind: string } | undefined {
    return this.sqlite.prepare('SELECT project_id AS projectId, kind FROM tracking_lists WHERE id = ?').get(id) as
      | { projectId: string; kind: string }
      | undefined
  }

  /** A list's items in its order, without their matches (what its figures need). */
  itemsWithoutCounts(listId: string): TrackingItem[] {
    return this.sqlite.prepare(`SELECT ${ITEM_COLUMNS} FROM tracking_items i WHERE i.list_id = ? ${ITEM_ORDER}`).all(listId) as TrackingItem[]
  }

  items(listId: string): TrackingItemRow[] {
    return this.sqlite
      .prepare(
        `SELECT ${ITEM_COLUMNS}, (SELECT count(*) FROM mention_matches m WHERE m.item_id = i.id) AS matchesCount
         FROM tracking_items i WHERE i.list_id = ? ${ITEM_ORDER}`,
      )
      .all(listId) as TrackingItemRow[]
  }

  /**
   * Usage per kind as the contract counts it: unique item keys across the project's lists;
   * for mention, unique (keyword, match type) pairs of active lists only.
   */
  usage(projectId: string): Map<string, number> {
    const rows = this.sqlite
      .prepare(
        `SELECT l.kind, count(DISTINCT CASE WHEN l.kind = 'mention' THEN lower(i.key) || '|' || coalesce(i.type, '') ELSE i.key END) AS n
         FROM tracking_items i JOIN tracking_lists l ON l.id = i.list_id
         WHERE l.project_id = ? AND (l.kind <> 'mention' OR coalesce(l.active, 1) = 1)
         GROUP BY l.kind`,
      )
      .all(projectId) as Array<{ kind: string; n: number }>
    return new Map(rows.map((r) => [r.kind, r.n]))
  }
}

export interface NewList {
  id: string
  projectId: string
  kind: string
  name: string
  colorIndex: number
  countries: string[] | null
  langs: string[] | null
  searchScope: string | null
  active: boolean | null
  scanStatus: string | null
  now: string
}

export interface ListPatch {
  name?: string
  colorIndex?: number
  countries?: string[]
  langs?: string[]
  searchScope?: string
  active?: boolean
}

export interface NewItem {
  id: string
  key: string
  name: string
  type: string | null
}

/** Writes of the list editor (the app and `feedlens lists`); the rules live in the service. */
export class TrackingEditor {
  constructor(private readonly sqlite: Database.Database) {}

  createList(l: NewList): void {
    this.sqlite
      .prepare(
        `INSERT INTO tracking_lists (id, project_id, kind, name, color_index, countries, langs, search_scope, active, scan_status, created_at, updated_at)
         VALUES (@id, @projectId, @kind, @name, @colorIndex, @countries, @langs, @searchScope, @active, @scanStatus, @now, @now)`,
      )
      .run({
        ...l,
        countries: l.countries ? JSON.stringify(l.countries) : null,
        langs: l.langs ? JSON.stringify(l.langs) : null,
        active: l.active === null ? null : l.active ? 1 : 0,
      })
  }

  updateList(id: string, patch: ListPatch, now: string): void {
    const columns: Record<keyof ListPatch, string> = {
      name: 'name',
      colorIndex: 'color_index',
      countries: 'countries',
      langs: 'langs',
      searchScope: 'search_scope',
      active: 'active',
    }
    const sets: string[] = ['updated_at = @now']
    const params: Record<string, unknown> = { id, now }
    for (const [field, value] of Object.entries(patch) as Array<[keyof ListPatch, unknown]>) {
      if (value === undefined) continue
      sets.push(`${columns[field]} = @${field}`)
      params[field] = Array.isArray(value) ? JSON.stringify(value) : typeof value === 'boolean' ? (value ? 1 : 0) : value
    }
    this.sqlite.prepare(`UPDATE tracking_lists SET ${sets.join(', ')} WHERE id = @id`).run(params)
  }

  touch(id: string, now: string): void {
    this.sqlite.prepare('UPDATE tracking_lists SET updated_at = ? WHERE id = ?').run(now, id)
  }

  deleteList(id: string): void {
    this.sqlite.prepare('DELETE FROM tracking_lists WHERE id = ?').run(id)
  }

  /**
   * Adds items not yet in the list (same key; for mention the same keyword in any case with the
   * same match type); returns how many were new.
   */
  addItems(listId: string, items: NewItem[], now: string): number {
    const position = (this.sqlite.prepare('SELECT coalesce(max(position), 0) AS p FROM tracking_items WHERE list_id = ?').get(listId) as { p: number }).p
    const exists = this.sqlite.prepare(
      `SELECT 1 FROM tracking_items i JOIN tracking_lists l ON l.id = i.list_id
       WHERE i.list_id = @listId AND coalesce(i.type, '') = coalesce(@type, '')
         AND (i.key = @key OR (l.kind = 'mention' AND lower(i.key) = lower(@key)))`,
    )
    const insert = this.sqlite.prepare(
      'INSERT INTO tracking_items (id, list_id, key, name, type, position, added_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    let added = 0
    for (const item of items) {
      if (exists.get({ listId, key: item.key, type: item.type })) continue
      added++
      insert.run(item.id, listId, item.key, item.name, item.type, position + added, now)
    }
    return added
  }

  /** Removes items by their API key (item keys; mention items by their id); returns how many went. */
  removeItems(listId: string, kind: string, keys: string[]): number {
    const column = kind === 'mention' ? 'id' : 'key'
    return this.sqlite
      .prepare(`DELETE FROM tracking_items WHERE list_id = ? AND ${column} IN (SELECT value FROM json_each(?))`)
      .run(listId, JSON.stringify(keys)).changes
  }

  entityById(id: string): { id: string; name: string; type: string | null } | undefined {
    return this.sqlite.prepare('SELECT id, name, type FROM entities WHERE id = ?').get(id) as { id: string; name: string; type: string | null } | undefined
  }

  /** Entities of that exact name (any case), the most written about first. */
  entitiesByName(name: string): Array<{ id: string; name: string; type: string | null }> {
    return this.sqlite
      .prepare(
        `SELECT e.id, e.name, e.type FROM entities e WHERE e.name = ? COLLATE NOCASE
         ORDER BY (SELECT count(*) FROM article_entities ae WHERE ae.entity_id = e.id) DESC, e.id`,
      )
      .all(name) as Array<{ id: string; name: string; type: string | null }>
  }

  publisherName(domain: string): string | null {
    const row = this.sqlite.prepare('SELECT name FROM publishers WHERE domain = ?').get(domain) as { name: string | null } | undefined
    return row?.name ?? null
  }

  trendLabel(id: string): string | null {
    const row = this.sqlite.prepare('SELECT label FROM trends WHERE id = ?').get(id) as { label: string } | undefined
    return row?.label ?? null
  }

  /**
   * Values worth tracking, most present first, optionally starting with (or, for trends,
   * containing) `q`: what the list editor suggests and the demo project's lists are made of.
   */
  suggestions(kind: string, q: string | null, limit: number): Array<{ value: string; label: string; count: number }> {
    const like = q ? `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
    const sql: Record<string, string> = {
      entity: `SELECT e.id AS value, e.name AS label, (SELECT count(*) FROM article_entities ae WHERE ae.entity_id = e.id) AS count
               FROM entities e WHERE @like IS NULL OR e.name LIKE @like ESCAPE '\\' ORDER BY count DESC, e.name LIMIT @limit`,
      category: `SELECT category AS value, category AS label, count(*) AS count FROM article_facets
                 WHERE category IS NOT NULL AND (@like IS NULL OR category LIKE @like ESCAPE '\\' OR category LIKE '%/' || @like ESCAPE '\\')
                 GROUP BY category ORDER BY sum(impressions) DESC LIMIT @limit`,
      publisher: `SELECT f.domain AS value, coalesce(p.name, f.domain) AS label, count(*) AS count FROM article_facets f
                  LEFT JOIN publishers p ON p.domain = f.domain
                  WHERE @like IS NULL OR f.domain LIKE @like ESCAPE '\\' OR p.name LIKE @like ESCAPE '\\'
                  GROUP BY f.domain ORDER BY sum(f.impressions) DESC LIMIT @limit`,
      trend: `SELECT id AS value, label, article_count AS count FROM trends
              WHERE (@like IS NULL OR label LIKE '%' || @like ESCAPE '\\') AND state IN ('hot', 'emerging', 'persistent')
              ORDER BY CASE state WHEN 'hot' THEN 0 WHEN 'emerging' THEN 1 ELSE 2 END, article_count DESC LIMIT @limit`,
    }
    const query = sql[kind]
    if (!query) return []
    return this.sqlite.prepare(query).all({ like, limit }) as Array<{ value: string; label: string; count: number }>
  }

  /** Whether an entity list holds an item still waiting for its entity (resolveEntityItems). */
  entityItemsWaiting(): boolean {
    return (
      this.sqlite
        .prepare(`SELECT 1 FROM tracking_items i WHERE ${WAITING_ENTITY_ITEM} LIMIT 1`)
        .pluck()
        .get() !== undefined
    )
  }

  /** Entity items added by a name or an id the store did not know yet, resolved now that the entity is there. */
  resolveEntityItems(): number {
    return this.sqlite
      .prepare(
        `UPDATE tracking_items AS i SET key = e.id, name = e.name, type = coalesce(e.type, 'Thing')
         FROM entities e
         WHERE ${WAITING_ENTITY_ITEM}
           AND (e.id = i.key OR e.name = i.key COLLATE NOCASE)
           AND NOT EXISTS (SELECT 1 FROM tracking_items o WHERE o.list_id = i.list_id AND o.key = e.id)`,
      )
      .run().changes
  }
}

/** An item `i` of an entity list added by a name or an id the store did not know then (its type unset). */
const WAITING_ENTITY_ITEM = `i.type IS NULL AND i.list_id IN (SELECT id FROM tracking_lists WHERE kind = 'entity')`

export interface MatchRow {
  articleId: string
  itemId: string
  keyword: string
  matchType: string | null
  field: string
  matchedText: string
  snippet: string
  url: string
  title: string
  domain: string
  publisher: string | null
  country: string
  lang: string
  /** never null: an article not seen yet shows its published or stored time (seenIsoSql) */
  firstSeenAt: string
  summary: string | null
}

export interface MatchFilter {
  countries: string[]
  lang: string | null
  /** epoch seconds of the publication's first display */
  from: number | null
  to: number | null
  q: string | null
  /** keyword items to keep (null: all of the list's) */
  itemIds: string[] | null
  matchTypes: string[] | null
  fields: string[]
}

/** What a hit and its publication must meet: the list, fields, items and match types; markets, language, dates and title words. */
const matchConditions = {
  hit: `m.list_id = @listId AND m.field IN (SELECT value FROM json_each(@fields))
      AND (@itemIds IS NULL OR m.item_id IN (SELECT value FROM json_each(@itemIds)))
      AND (@matchTypes IS NULL OR coalesce(i.type, 'broad') IN (SELECT value FROM json_each(@matchTypes)))`,
  publication: `s.region IN (SELECT value FROM json_each(@countries)) AND (@lang IS NULL OR s.lang = @lang)
      AND (@from IS NULL OR s.first_seen >= @from) AND (@to IS NULL OR s.first_seen <= @to)
      AND (@q IS NULL OR instr(lower(a.title), lower(@q)) > 0)`,
}

export class MatchesRepository {
  constructor(private readonly sqlite: Database.Database) {}

  private params(listId: string, f: MatchFilter, limit: number, offset = 0) {
    return {
      offset,
      listId,
      countries: JSON.stringify(f.countries),
      lang: f.lang,
      from: f.from,
      to: f.to,
      q: f.q,
      itemIds: f.itemIds ? JSON.stringify(f.itemIds) : null,
      matchTypes: f.matchTypes ? JSON.stringify(f.matchTypes) : null,
      fields: JSON.stringify(f.fields),
      limit,
    }
  }

  /**
   * The newest publications with a hit, at most `limit`. Two ways to the same answer: from the
   * list's hits when they are few, or down the publications by first display until enough have
   * a hit, when hits are many (the first page is then found after a short walk). `offset` skips
   * the newest ones (a later page).
   */
  page(listId: string, f: MatchFilter, limit: number, walkPublications: boolean, offset = 0): string[] {
    const { hit, publication } = matchConditions
    const sql = walkPublications
      ? `SELECT a.id FROM article_facets s CROSS JOIN articles a ON a.seq = s.article_seq
         WHERE s.first_seen IS NOT NULL AND ${publication}
           AND EXISTS (SELECT 1 FROM mention_matches m JOIN tracking_items i ON i.id = m.item_id WHERE m.article_id = a.id AND ${hit})
         ORDER BY s.first_seen DESC, s.article_seq DESC LIMIT @limit OFFSET @offset`
      : `SELECT a.id FROM (SELECT DISTINCT m.article_id FROM mention_matches m JOIN tracking_items i ON i.id = m.item_id WHERE ${hit}) h
         CROSS JOIN articles a ON a.id = h.article_id CROSS JOIN article_facets s ON s.article_seq = a.seq
         WHERE ${publication}
         ORDER BY s.first_seen DESC, s.article_seq DESC LIMIT @limit OFFSET @offset`
    return this.sqlite.prepare(sql).pluck().all(this.params(listId, f, limit, offset)) as string[]
  }

  /** How many publications have a hit under the filter, and how many hits they hold: every page's. */
  totals(listId: string, f: MatchFilter): { publications: number; matches: number } {
    const { hit, publication } = matchConditions
    return this.sqlite
      .prepare(
        `SELECT count(DISTINCT m.article_id) AS publications, count(*) AS matches
         FROM mention_matches m JOIN tracking_items i ON i.id = m.item_id CROSS JOIN articles a ON a.id = m.article_id
         CROSS JOIN article_facets s ON s.article_seq = a.seq
         WHERE ${hit} AND ${publication}`,
      )
      .get(this.params(listId, f, 0)) as { publications: number; matches: number }
  }

  /** The hits of the given publications, with what the matches method shows of each. */
  hits(listId: string, articleIds: string[], f: MatchFilter) {
    return this.sqlite
      .prepare(
        `SELECT m.article_id AS articleId, m.item_id AS itemId, i.key AS keyword, i.type AS matchType, m.field,
                m.matched_text AS matchedText, m.snippet, a.url, a.title, a.domain, p.name AS publisher, a.region AS country,
                a.lang, ${seenIsoSql('first')} AS firstSeenAt, a.summary
         FROM mention_matches m JOIN tracking_items i ON i.id = m.item_id JOIN articles a ON a.id = m.article_id
         LEFT JOIN article_facets s ON s.article_seq = a.seq
         LEFT JOIN publishers p ON p.id = a.publisher_id
         WHERE m.list_id = @listId AND m.article_id IN (SELECT value FROM json_each(@ids))
           AND m.field IN (SELECT value FROM json_each(@fields))
           AND (@itemIds IS NULL OR m.item_id IN (SELECT value FROM json_each(@itemIds)))
           AND (@matchTypes IS NULL OR coalesce(i.type, 'broad') IN (SELECT value FROM json_each(@matchTypes)))
         ORDER BY i.position, CASE m.field WHEN 'title' THEN 0 WHEN 'summary' THEN 1 ELSE 2 END`,
      )
      .all({ ...this.params(listId, f, 0), ids: JSON.stringify(articleIds) }) as MatchRow[]
  }

  /** The keyword items each publication matched, for a list, by the publication's seq. */
  itemsBySeq(listId: string): Map<number, string[]> {
    const out = new Map<number, string[]>()
    const rows = this.sqlite
      .prepare('SELECT DISTINCT a.seq, m.item_id FROM mention_matches m JOIN articles a ON a.id = m.article_id WHERE m.list_id = ?')
      .raw()
      .all(listId) as Array<[number, string]>
    for (const [seq, itemId] of rows) {
      const items = out.get(seq)
      if (items) items.push(itemId)
      else out.set(seq, [itemId])
    }
    return out
  }

  /** Publications with a hit of the list (how many to expect before choosing a way to the first page). */
  publicationsWithHits(listId: string): number {
    return (this.sqlite.prepare('SELECT count(DISTINCT article_id) AS n FROM mention_matches WHERE list_id = ?').get(listId) as { n: number }).n
  }

  articleCount(): number {
    return (this.sqlite.prepare('SELECT coalesce(sum(n), 0) AS n FROM article_counts').get() as { n: number }).n
  }
}
