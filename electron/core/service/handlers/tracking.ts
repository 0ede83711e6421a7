import type { RouteResponse } from '../../../../shared/contract/routes'
import { type ListKind } from '../../../../shared/contract/values'
import { FIELDS_BY_SCOPE, type MatchType } from '../../analytics/mentions/matching'
import { bucketKeys, changePct, ranks, sparkline } from '../../analytics/tracking/sparkline'
import type { WindowFilter } from '../../store/repositories/item-activity'
import type { MatchFilter, TrackingItemRow, TrackingListRow } from '../../store/repositories/tracking'
import { itemFigures, relatedEntities } from '../../analytics/tracking/item-figures'
import { coveredArticles, listActivity } from '../tracking/activity'
import { DAY_MS, epochSeconds, HOUR_MS, isoFromSeconds } from '../../time/buckets'
import { TrackingApiError } from '../errors'
import type { HandlerMap } from '../handler-types'
import { resolveMarkets } from '../markets'
import { projectUsage } from '../tracking/editing'
import { assertKind, historyDaysOf, ownList, resolveWindow, trackingProject, type Window } from '../tracking/access'
import type { RequestContext } from '../context'
import type { Store } from '../../store/store'

type TrackingRoutes = 'listTrackingLists' | 'getTrackingList' | 'getTrackingMetrics' | 'getTrackingRollup' | 'getTrackingMatches'
type ListSummary = RouteResponse<'listTrackingLists'>['lists'][number]

export const ROLLUP_MAX_ITEMS = 500
const SLICE_SIZE = 20

const parseArray = (s: string | null): string[] => (s ? (JSON.parse(s) as string[]) : [])
const round1 = (x: number) => Math.round(x * 10) / 10
/** Entities shown per metrics row (related, or top_entities for publishers). */
const RELATED_PER_ROW = 5

/** "/Business/Economy" → "/Business": the roll-up's groups are top-level sections. */
const topSection = (category: string | null) => (category ? `/${category.split('/').filter(Boolean)[0] ?? ''}` : null)

/**
 * The hourly buckets of [from, to): those that start in it. A window ending at 12:30 holds the
 * 12:00 bucket; the comparison window ends where the window starts, so none is counted twice.
 */
const hourAt = (d: Date) => Math.ceil(d.getTime() / HOUR_MS)
const windowHours = (w: Window) => [hourAt(w.from), hourAt(w.to), hourAt(w.prevFrom), hourAt(w.prevTo)]

const answers = new WeakMap<Store, Map<string, { version: number; answer: unknown }>>()
const REMEMBERED_ANSWERS = 500

/**
 * Metrics and roll-ups read every hour of the window; their answers are kept until the data,
 * a list or what is computed from them changes (the store's version), or the window moves to
 * another hour. Only `scope` (exact timestamps) is made anew.
 */
function remembered<T extends { scope: unknown }>(ctx: RequestContext, parts: unknown[], scope: T['scope'], compute: () => T): T {
  let cache = answers.get(ctx.store)
  if (!cache) answers.set(ctx.store, (cache = new Map()))
  const key = JSON.stringify(parts)
  const hit = cache.get(key)
  if (hit && hit.version === ctx.store.version) return { ...(hit.answer as T), scope }
  const version = ctx.store.version
  const answer = compute()
  // figures from an index of older data (its successor being built) are not kept
  if (ctx.store.recentActivity.behind) return answer
  if (cache.size >= REMEMBERED_ANSWERS) cache.clear()
  cache.set(key, { version, answer })
  return answer
}

const NO_FORECAST = { pct_next24h: null, pct_next7d: null, pct_next30d: null, predicted_total_reach: null, predicted_end_at: null, confidence: null }

function forecastOf(json: string | null | undefined) {
  return json ? { ...NO_FORECAST, ...(JSON.parse(json) as Partial<typeof NO_FORECAST>) } : NO_FORECAST
}

function summary(list: TrackingListRow): ListSummary {
  const base: ListSummary = {
    id: list.id,
    kind: list.kind as ListKind,
    name: list.name,
    color_index: list.colorIndex,
    item_count: list.itemCount,
    created_at: list.createdAt,
    updated_at: list.updatedAt,
  }
  if (list.kind !== 'mention') return base
  return {
    ...base,
    countries: parseArray(list.countries),
    langs: parseArray(list.langs).map((l) => l.toUpperCase()),
    search_scope: list.searchScope ?? 'all',
    active: list.active !== 0,
    matches_count: list.matchesCount,
    new_publications_24h: list.newPublications24h,
    last_scanned_at: list.lastScannedAt,
    scan_status: list.scanStatus ?? 'pending',
  }
}

function scopeOf(country: string, markets: string[], lang: string, w: Window) {
  return { country, markets, lang, from: w.from.toISOString(), to: w.to.toISOString() }
}

/** Keys the activity queries use: item keys, except mention items, which are matched by item id. */
const activityKey = (list: TrackingListRow, item: TrackingItemRow) => (list.kind === 'mention' ? item.id : item.key)

/** Mention lists apply their own countries on top of the key's markets. */
function listMarkets(list: TrackingListRow, markets: string[]): string[] {
  const own = parseArray(list.countries)
  return list.kind === 'mention' && own.length > 0 ? markets.filter((m) => own.includes(m)) : markets
}

function guardComputing(list: TrackingListRow): void {
  if (list.kind === 'mention' && (list.scanStatus === 'scanning' || list.scanStatus === 'pending') && !list.lastScannedAt) {
    throw new TrackingApiError(503, 'computing', 'Matches of this list are still being computed; retry shortly.', {
      'Retry-After': '5',
    })
  }
}

export const trackingHandlers: HandlerMap<TrackingRoutes> = {
  listTrackingLists(ctx, { query }) {
    const projectId = trackingProject(ctx, query.project_id)
    const { rows, total } = ctx.store.tracking.lists(
      projectId,
      query.kind,
      epochSeconds(ctx.now) - 24 * 3600,
      query.limit,
      query.offset,
    )
    return { lists: rows.map(summary), usage: projectUsage(ctx.store, projectId), total, limit: query.limit, offset: query.offset }
  },

  getTrackingList(ctx, { params }) {
    const list = ownList(ctx, params.list_id)
    const items = ctx.store.tracking.items(list.id)
    const base = summary(list)
    if (list.kind !== 'mention') {
      return { ...base, items: items.map((i) => ({ key: i.key, name: i.name, type: i.type, added_at: i.addedAt })) }
    }
    return {
      ...base,
      mentions: [...new Set(items.map((i) => i.name))],
      match_types: [...new Set(items.map((i) => i.type ?? 'broad'))],
      items: items.map((i) => ({
        key: i.id,
        name: i.name,
        type: i.type ?? 'broad',
        added_at: i.addedAt,
        position: i.position,
        matches_count: i.matchesCount,
      })),
      extraction_started_at: list.extractionStartedAt,
      next_scan_at: list.nextScanAt,
      scan_error: list.scanError ? (JSON.parse(list.scanError) as { message: string; at: string }) : null,
    }
  },

  getTrackingMetrics(ctx, { params, query }) {
    const list = ownList(ctx, params.list_id)
    const markets = listMarkets(list, resolveMarkets(ctx, query.country, { tracking: true }))
    guardComputing(list)
    const w = resolveWindow(ctx, query.period, query.date_from, query.date_to, historyDaysOf(ctx), query.grain)
    const scope = {
      ...scopeOf(query.country, markets, query.lang, w),
      grain: query.grain,
      prev_from: w.prevFrom.toISOString(),
      prev_to: w.prevTo.toISOString(),
    }
    const cacheKey = ['metrics', list.id, list.updatedAt, list.itemCount, markets, query.lang, query.grain, query.limit, query.offset, windowHours(w)]
    return remembered(ctx, cacheKey, scope, () => {
      const lang = query.lang === 'all' ? null : query.lang
      const kind = list.kind as ListKind
      const items = ctx.store.tracking.items(list.id)
      const keys = items.map((i) => activityKey(list, i))
      const filter = (from: Date, to: Date): WindowFilter => ({ countries: markets, lang, fromHour: hourAt(from), toHour: hourAt(to) })
      const page = items.slice(query.offset, query.offset + query.limit)
      const pageKeys = page.map((i) => activityKey(list, i))
      const windows = { kind, listId: list.id, keys, current: filter(w.from, w.to), previous: filter(w.prevFrom, w.prevTo) }
      const activity = listActivity(ctx, windows, query.grain, pageKeys)
      const current = itemFigures(activity.pairs)
      const previous = activity.previous
      const rankNow = ranks(new Map(keys.map((k) => [k, current.get(k)?.impressions ?? 0])))
      const rankPrev = ranks(new Map(keys.map((k) => [k, previous.get(k) ?? 0])))

      const onPage = new Set(pageKeys)
      const pagePairs = activity.pairs.filter((p) => onPage.has(p.key))
      const buckets = bucketKeys(w.from, w.to, query.grain)
      const sparkOf = (key: string, field: 'impressions' | 'publications') => sparkline(buckets, activity.buckets.get(key)?.[field] ?? new Map())
      const related =
        kind === 'mention' || kind === 'trend'
          ? new Map<string, ReturnType<typeof relatedEntities> extends Map<string, infer V> ? V : never>()
          : relatedEntities(pagePairs, activity.entitiesOf(pagePairs), RELATED_PER_ROW)
      const forecasts = kind === 'trend' ? ctx.store.trends.forecasts(pageKeys) : new Map<string, string | null>()

      const rows = page.map((item) => {
        const key = activityKey(list, item)
        const cur = current.get(key)
        const impressions = cur?.impressions ?? 0
        const common = {
          key,
          name: item.name,
          impressions,
          publications_count: cur?.publications ?? 0,
          delta_pct: kind === 'trend' ? null : changePct(impressions, previous.get(key) ?? 0),
          rank_delta: (rankPrev.get(key) ?? 0) - (rankNow.get(key) ?? 0),
          impressions_spark: sparkOf(key, 'impressions'),
          publications_spark: sparkOf(key, 'publications'),
          last_seen: cur?.lastSeen == null ? null : isoFromSeconds(cur.lastSeen),
        }
        if (kind === 'mention') return { ...common, match_type: (item.type ?? 'broad') as MatchType }
        const top = (related.get(key) ?? []).slice(0, RELATED_PER_ROW)
        return {
          ...common,
          resolved_id: kind === 'entity' && item.type === null ? '' : item.key,
          resolved_type: kind === 'entity' ? (item.type ?? '') : kind,
          publishers_count: cur?.publishers ?? 0,
          trends_count: cur?.trends ?? 0,
          avg_position: cur && cur.observations > 0 ? round1(cur.positionSum / cur.observations) : 0,
          avg_lifespan_hours: cur?.lifespanHours == null ? 0 : round1(cur.lifespanHours),
          lived_hours: cur?.livedHours ?? 0,
          ...(kind === 'publisher'
            ? { top_entities: top.map((r) => ({ entity_id: r.entityId, name: r.name, pubs: r.pubs })) }
            : { related: top.map((r) => r.name) }),
          ...(kind === 'trend' ? { forecast: forecastOf(forecasts.get(key)) } : {}),
        }
      })
      const pageImpressions = rows.reduce((s, r) => s + r.impressions, 0)
      const pagePrevImpressions = pageKeys.reduce((s, k) => s + (previous.get(k) ?? 0), 0)
      const spark = rows.reduce<number[]>((acc, r) => r.impressions_spark.map((v, i) => v + (acc[i] ?? 0)), [])
      // Publications with a match seen in each step (each once, whichever keywords it matched).
      const timeseries =
        kind === 'mention'
          ? buckets.map((b) => {
              const total = activity.bucketTotals.get(b)
              const ts = new Date(b * (query.grain === 'hour' ? HOUR_MS : DAY_MS)).toISOString()
              return { ts, urls: total?.publications ?? 0, impressions: total?.impressions ?? 0 }
            })
          : undefined
      return {
        list_id: list.id,
        kind,
        scope,
        items: rows,
        summary: {
          scope: 'page' as const,
          impressions: pageImpressions,
          publications_count: rows.reduce((s, r) => s + r.publications_count, 0),
          delta_pct: kind === 'trend' ? null : changePct(pageImpressions, pagePrevImpressions),
          impressions_spark: spark,
          ...(timeseries ? { timeseries } : {}),
        },
        total: items.length,
        limit: query.limit,
        offset: query.offset,
      }
    })
  },

  getTrackingRollup(ctx, { params, query }) {
    const list = ownList(ctx, params.list_id)
    const items = ctx.store.tracking.items(list.id)
    if (items.length > ROLLUP_MAX_ITEMS) {
      throw new TrackingApiError(
        422,
        'list_too_large',
        `Roll-ups cover lists of at most ${ROLLUP_MAX_ITEMS} items; this list has ${items.length}.`,
      )
    }
    const markets = listMarkets(list, resolveMarkets(ctx, query.country, { tracking: true }))
    guardComputing(list)
    const w = resolveWindow(ctx, query.period, query.date_from, query.date_to, historyDaysOf(ctx))
    const scope = scopeOf(query.country, markets, query.lang, w)
    const cacheKey = ['rollup', list.id, list.updatedAt, list.itemCount, markets, query.lang, windowHours(w)]
    return remembered(ctx, cacheKey, scope, () => {
      const lang = query.lang === 'all' ? null : query.lang
      const keys = items.map((i) => activityKey(list, i))
      const window = (from: Date, to: Date): WindowFilter => ({ countries: markets, lang, fromHour: hourAt(from), toHour: hourAt(to) })
      const windows = { kind: list.kind, listId: list.id, keys, current: window(w.from, w.to), previous: window(w.prevFrom, w.prevTo) }
      const covered = coveredArticles(ctx, windows, 'current')
      const prevCovered = coveredArticles(ctx, windows, 'previous')

      const group = <T extends { pubs: number; imps: number }>(
        rows: typeof covered,
        keyOf: (r: (typeof covered)[number]) => string | null,
        make: (key: string, first: (typeof covered)[number]) => Omit<T, 'pubs' | 'imps'>,
      ): T[] => {
        const map = new Map<string, T>()
        for (const r of rows) {
          const k = keyOf(r)
          if (k === null) continue
          const entry = map.get(k) ?? ({ ...make(k, r), pubs: 0, imps: 0 } as T)
          entry.pubs += 1
          entry.imps += r.impressions
          map.set(k, entry)
        }
        return [...map.values()].sort((a, b) => b.imps - a.imps || b.pubs - a.pubs).slice(0, SLICE_SIZE)
      }
      const prevByPublisher = new Map<string, number>()
      for (const r of prevCovered) prevByPublisher.set(r.domain, (prevByPublisher.get(r.domain) ?? 0) + r.impressions)
      const prevByTrend = new Map<string, number>()
      for (const r of prevCovered) if (r.trendId) prevByTrend.set(r.trendId, (prevByTrend.get(r.trendId) ?? 0) + r.impressions)

      const entityMap = new Map<string, { name: string; entity_id: string; pubs: number; imps: number }>()
      for (const r of covered) {
        for (const e of r.entities) {
          const entry = entityMap.get(e.entityId) ?? { name: e.name, entity_id: e.entityId, pubs: 0, imps: 0 }
          entry.pubs += 1
          entry.imps += r.impressions
          entityMap.set(e.entityId, entry)
        }
      }
      const itemKeys = new Set(items.map((i) => i.key))
      const related = [...entityMap.values()]
        .filter((e) => !(list.kind === 'entity' && itemKeys.has(e.entity_id)))
        .sort((a, b) => b.imps - a.imps || b.pubs - a.pubs)
        .slice(0, SLICE_SIZE)

      const publishers = group<{ name: string; pubs: number; imps: number; delta_pct: number }>(
        covered,
        (r) => r.domain,
        (domain) => ({ name: domain, delta_pct: 0 }),
      ).map((p) => ({ ...p, delta_pct: changePct(p.imps, prevByPublisher.get(p.name) ?? 0) }))
      const categories = group<{ name: string; pubs: number; imps: number }>(covered, (r) => r.category, (c) => ({ name: c }))

      if (list.kind === 'trend') {
        return {
          list_id: list.id,
          kind: 'trend' as const,
          scope,
          top_articles: [...covered]
            .filter((r) => r.trendId !== null)
            .sort((a, b) => b.impressions - a.impressions || a.id.localeCompare(b.id))
            .slice(0, SLICE_SIZE)
            .map((r) => ({
              id: r.id,
              url: r.url,
              title: r.title,
              domain: r.domain,
              trend_id: r.trendId!,
              imps: r.impressions,
              cabinet_url: `${ctx.appUrl}/article/${r.id}`,
            })),
        }
      }
      if (list.kind === 'mention') {
        return { list_id: list.id, kind: 'mention' as const, scope, publishers, entities: related, categories }
      }
      const types = group<{ name: string; pubs: number; imps: number }>(covered, (r) => r.contentType, (t) => ({ name: t }))
      return {
        list_id: list.id,
        kind: list.kind as ListKind,
        scope,
        publishers: list.kind === 'publisher' ? [] : publishers,
        trends: group<{ id: string; name: string; pubs: number; imps: number; delta_pct: number }>(
          covered,
          (r) => r.trendId,
          (id, first) => ({ id, name: first.trendLabel ?? '', delta_pct: 0 }),
        ).map((t) => ({ ...t, delta_pct: changePct(t.imps, prevByTrend.get(t.id) ?? 0) })),
        related,
        groups: group<{ name: string; pubs: number; imps: number }>(covered, (r) => topSection(r.category), (name) => ({ name })),
        types: types.map((t) => ({ name: t.name, pubs: t.pubs })),
      }
    })
  },

  getTrackingMatches(ctx, { params, query }) {
    const list = ownList(ctx, params.list_id)
    assertKind(list, ['mention'], 'Matches')
    const markets = listMarkets(list, resolveMarkets(ctx, query.country, { tracking: true }))
    guardComputing(list)
    const listLangs = parseArray(list.langs).map((l) => l.toLowerCase())
    const lang = query.lang === 'all' ? null : query.lang
    const empty = { list_id: list.id, publications: [], hits: {}, summary: { matches: 0, publications: 0, mentions: {} } }
    if (lang && listLangs.length > 0 && !listLangs.includes(lang)) return empty
    const w = resolveWindow(ctx, 'custom', query.date_from ?? new Date(0), query.date_to ?? ctx.now, historyDaysOf(ctx))
    const wanted = new Set(query.mention.map((m) => m.toLowerCase()))
    const items = ctx.store.tracking.items(list.id)
    const filter: MatchFilter = {
      countries: markets,
      lang,
      from: epochSeconds(w.from),
      to: epochSeconds(w.to),
      q: query.q?.trim() || null,
      itemIds: wanted.size > 0 ? items.filter((i) => wanted.has(i.name.toLowerCase())).map((i) => i.id) : null,
      matchTypes: query.match_types ?? null,
      fields: FIELDS_BY_SCOPE[query.scope],
    }
    const matches = ctx.store.matches
    // Walk the publications when hits are dense enough to fill the page quickly.
    const withHits = matches.publicationsWithHits(list.id)
    const walk = withHits > 0 && (query.limit * matches.articleCount()) / withHits < withHits
    const pageIds = matches.page(list.id, filter, query.limit, walk)
    const rank = new Map(pageIds.map((id, i) => [id, i]))
    const rows = matches.hits(list.id, pageIds, filter).sort((x, y) => rank.get(x.articleId)! - rank.get(y.articleId)!)

    const order: string[] = []
    const hits: Record<string, { count: number; mentions: Array<{ term_id: string; raw_text: string; match_type: string; field: string; matched_text: string }> }> = {}
    for (const r of rows) {
      if (!hits[r.articleId]) {
        order.push(r.articleId)
        hits[r.articleId] = { count: 0, mentions: [] }
      }
      const h = hits[r.articleId]!
      h.count += 1
      h.mentions.push({ term_id: r.itemId, raw_text: r.keyword, match_type: r.matchType ?? 'broad', field: r.field, matched_text: r.matchedText })
    }
    // The snippet comes from the summary, else the body, else the title (which is shown anyway).
    const SNIPPET_PREFERENCE: Record<string, number> = { summary: 0, body: 1, title: 2 }
    const firstRow = new Map<string, (typeof rows)[number]>()
    for (const r of rows) {
      const best = firstRow.get(r.articleId)
      if (!best || (SNIPPET_PREFERENCE[r.field] ?? 3) < (SNIPPET_PREFERENCE[best.field] ?? 3)) firstRow.set(r.articleId, r)
    }
    const mentions: Record<string, number> = {}
    for (const id of order) for (const m of hits[id]!.mentions) mentions[m.raw_text] = (mentions[m.raw_text] ?? 0) + 1
    return {
      list_id: list.id,
      publications: order.map((id) => {
        const r = firstRow.get(id)!
        return {
          id,
          url: r.url,
          title: r.title,
          publisher: r.publisher ?? r.domain,
          domain: r.domain,
          country: r.country.toUpperCase(),
          lang: r.lang.toUpperCase(),
          first_seen_at: r.firstSeenAt,
          article_first_seen_at: r.firstSeenAt,
          snippet: r.snippet || (r.summary ?? r.title).slice(0, 240),
          cabinet_url: `${ctx.appUrl}/article/${id}`,
        }
      }),
      hits,
      summary: { matches: order.reduce((s, id) => s + hits[id]!.count, 0), publications: order.length, mentions },
    }
  },
}
