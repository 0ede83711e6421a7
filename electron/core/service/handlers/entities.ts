import type { HandlerMap } from '../handler-types'
import type { RequestContext } from '../context'
import { ApiError, notFound } from '../../errors'
import { assertMarketAllowed, marketFilter } from '../markets'
import { dayRangeOf } from '../../analytics/explore/group-figures'
import { articlesInScope, entityDaily, entityFigures, entityTotals, type EntityFigures, type EntityScope } from '../../analytics/explore/entity-figures'
import type { ActivityData } from '../../analytics/activity/activity-data'
import { epochSeconds, isoFromSeconds } from '../../time/buckets'

/** Up to this many candidate entities are each figured from their own articles; more, from every article's figures read once. */
const FEW_CANDIDATES = 200

interface ScopeQuery {
  region?: string
  lang?: string
  date_from?: Date
  date_to?: Date
}

/** The days, markets and language a query asks for, the caller's markets applied (403 for a closed region). */
function scopeOf(ctx: RequestContext, data: ActivityData, query: ScopeQuery): EntityScope {
  if (query.region) assertMarketAllowed(ctx, query.region)
  const from = query.date_from && epochSeconds(query.date_from)
  const to = query.date_to && epochSeconds(query.date_to)
  if (from !== undefined && to !== undefined && from >= to) throw new ApiError(400, 'date_from must be earlier than date_to.')
  const markets = query.region ? [query.region] : marketFilter(ctx)
  return {
    range: dayRangeOf(from, to),
    countries: markets === null ? null : new Set(markets.flatMap((c) => data.countries.find(c) ?? [])),
    lang: query.lang === undefined ? null : (data.langs.find(query.lang) ?? -1),
  }
}

/** The entity lists of the caller's project hold these ids (a key without a project: none). */
function trackedIds(ctx: RequestContext): Set<string> {
  const p = ctx.principal
  const projectId = p.kind === 'project-key' || p.kind === 'app' ? p.projectId : null
  return projectId ? ctx.store.entities.trackedBy(projectId) : new Set()
}

/** The labels of the trends the entities' figures name, in one query for a page. */
const trendLabels = (ctx: RequestContext, data: ActivityData, figures: readonly EntityFigures[]) =>
  ctx.store.trends.labels(figures.flatMap((f) => f.trends.map((t) => data.trends.list[t.trend]!)))

function listItem(data: ActivityData, entity: { id: string; name: string; type: string | null }, f: EntityFigures, tracked: Set<string>, labels: Map<string, string>) {
  return {
    id: entity.id,
    name: entity.name,
    type: entity.type,
    publications: f.publications,
    impressions: f.impressions,
    trends: f.trends.flatMap((t) => {
      const id = data.trends.list[t.trend]!
      const label = labels.get(id)
      return label === undefined ? [] : [{ id, label, publications: t.publications }]
    }),
    tracked: tracked.has(entity.id),
  }
}

export const entityHandlers: HandlerMap<'listEntities' | 'getEntity'> = {
  async listEntities(ctx, { query }) {
    const { data } = await ctx.store.activity.current()
    const scope = scopeOf(ctx, data, query)
    const candidates =
      query.q === undefined && query.type === undefined
        ? data.entityIds.list
        : ctx.store.entities.matching(query.q, query.type).map((e) => e.id)
    // many candidates: every article's figures once, then each entity's sums; a few: each entity's own articles
    const everyArticle = candidates.length > FEW_CANDIDATES ? articlesInScope(data, scope) : null
    const found: Array<{ id: string; n: number; name: string; figures: { publications: number; impressions: number } }> = []
    for (const id of candidates) {
      const n = data.entityIds.find(id)
      if (n === undefined) continue
      const figures = everyArticle ? entityTotals(data, n, everyArticle) : entityFigures(data, n, scope)
      if (figures.publications > 0) found.push({ id, n, name: data.entityNames.get(id) ?? id, figures })
    }
    const direction = query.sort_order === 'asc' ? 1 : -1
    const key = query.sort_by
    found.sort(
      (a, b) =>
        direction * (key === 'name' ? a.name.localeCompare(b.name) : a.figures[key] - b.figures[key]) ||
        a.name.localeCompare(b.name) ||
        a.id.localeCompare(b.id),
    )
    const page = found.slice(query.offset, query.offset + query.limit)
    const rows = ctx.store.entities.byIds(page.map((e) => e.id))
    const tracked = trackedIds(ctx)
    const figures = page.map((e) => entityFigures(data, e.n, scope))
    const labels = trendLabels(ctx, data, figures)
    return {
      entities: page.map((e, i) => listItem(data, rows.get(e.id) ?? { id: e.id, name: e.name, type: null }, figures[i]!, tracked, labels)),
      total: found.length,
      limit: query.limit,
      offset: query.offset,
    }
  },

  async getEntity(ctx, { params, query }) {
    const entity = ctx.store.entities.byIds([params.entity_id]).get(params.entity_id)
    if (!entity) throw notFound(`Entity ${params.entity_id}`)
    const { data } = await ctx.store.activity.current()
    const scope = scopeOf(ctx, data, query)
    const n = data.entityIds.find(entity.id)
    // an entity none of whose articles the caller's markets show, at any time, is not theirs to see
    const markets = marketFilter(ctx)
    if (markets !== null) {
      const everywhere = { range: { fromDay: null, toDay: null }, countries: new Set(markets.flatMap((c) => data.countries.find(c) ?? [])), lang: null }
      if (n === undefined || entityFigures(data, n, everywhere).publications === 0) throw notFound(`Entity ${params.entity_id}`)
    }
    const figures = n === undefined ? null : entityFigures(data, n, scope)
    const none: EntityFigures = { publications: 0, impressions: 0, trends: [], firstSeen: null, lastSeen: null }
    const f = figures ?? none
    return {
      ...listItem(data, entity, f, trackedIds(ctx), trendLabels(ctx, data, [f])),
      first_seen_at: f.firstSeen === null ? null : isoFromSeconds(f.firstSeen),
      last_seen_at: f.lastSeen === null ? null : isoFromSeconds(f.lastSeen),
      daily: n === undefined ? [] : entityDaily(data, n, scope).map((d) => ({ date: isoFromSeconds(d.day * 86_400).slice(0, 10), publications: d.publications, impressions: d.impressions })),
    }
  },
}
