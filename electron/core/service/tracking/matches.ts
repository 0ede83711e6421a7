import type { RouteInput, RouteResponse } from '../../../../shared/contract/routes'
import { FIELDS_BY_SCOPE } from '../../analytics/mentions/matching'
import type { MatchFilter, MatchRow, TrackingList } from '../../store/repositories/tracking'
import { epochSeconds } from '../../time/buckets'
import type { RequestContext } from '../context'
import { resolveMarkets } from '../markets'
import { historyDaysOf, resolveWindow } from './access'
import { guardComputing, listMarkets, parseArray } from './views'

type Matches = RouteResponse<'getTrackingMatches'>
type Query = RouteInput<'getTrackingMatches'>['query']

/** The snippet comes from the summary, else the body, else the title (which is shown anyway). */
const SNIPPET_PREFERENCE: Record<string, number> = { summary: 0, body: 1, title: 2 }

/** The store's filter for a matches query; null when the language asked is not one of the list's (nothing can match). */
function matchFilterOf(ctx: RequestContext, list: TrackingList, query: Query): MatchFilter | null {
  const markets = listMarkets(list, resolveMarkets(ctx, query.country, { tracking: true }))
  guardComputing(list)
  const listLangs = parseArray(list.langs).map((l) => l.toLowerCase())
  const lang = query.lang === 'all' ? null : query.lang
  if (lang && listLangs.length > 0 && !listLangs.includes(lang)) return null
  const w = resolveWindow(ctx, 'custom', query.date_from ?? new Date(0), query.date_to ?? ctx.now, historyDaysOf(ctx))
  const wanted = new Set(query.mention.map((m) => m.toLowerCase()))
  const items = ctx.store.tracking.itemsWithoutCounts(list.id)
  return {
    countries: markets,
    lang,
    from: epochSeconds(w.from),
    to: epochSeconds(w.to),
    q: query.q?.trim() || null,
    itemIds: wanted.size > 0 ? items.filter((i) => wanted.has(i.name.toLowerCase())).map((i) => i.id) : null,
    matchTypes: query.match_types ?? null,
    fields: FIELDS_BY_SCOPE[query.scope],
  }
}

/** The publications of a mention list in which its keywords were found, newest first, with their hits. */
export function listMatches(ctx: RequestContext, list: TrackingList, query: Query): Matches {
  return matchesPage(ctx, list, query, matchFilterOf(ctx, list, query), 0)
}

/**
 * A later page of the matches (`offset` skips the newest), with how many publications and hits
 * every page holds: the window's paging, on the same filter.
 */
export function listMatchesPaged(ctx: RequestContext, list: TrackingList, query: Query, offset: number): Matches & { total: { publications: number; matches: number } } {
  const filter = matchFilterOf(ctx, list, query)
  return { ...matchesPage(ctx, list, query, filter, offset), total: filter ? ctx.store.matches.totals(list.id, filter) : { publications: 0, matches: 0 } }
}

function matchesPage(ctx: RequestContext, list: TrackingList, query: Query, filter: MatchFilter | null, offset: number): Matches {
  if (!filter) return { list_id: list.id, publications: [], hits: {}, summary: { matches: 0, publications: 0, mentions: {} } }
  const matches = ctx.store.matches
  // Walk the publications when hits are dense enough to fill the page quickly.
  const withHits = matches.publicationsWithHits(list.id)
  const walk = withHits > 0 && (query.limit * matches.articleCount()) / withHits < withHits
  const pageIds = matches.page(list.id, filter, query.limit, walk, offset)
  const rank = new Map(pageIds.map((id, i) => [id, i]))
  const rows = matches.hits(list.id, pageIds, filter).sort((x, y) => rank.get(x.articleId)! - rank.get(y.articleId)!)
  return matchesAnswer(list.id, rows, ctx.appUrl)
}

/** The hits of a page's publications (in page order) as the method shows them. */
function matchesAnswer(listId: string, rows: MatchRow[], appUrl: string): Matches {
  const order: string[] = []
  const hits: Matches['hits'] = {}
  const firstRow = new Map<string, MatchRow>()
  for (const r of rows) {
    if (!hits[r.articleId]) {
      order.push(r.articleId)
      hits[r.articleId] = { count: 0, mentions: [] }
    }
    const h = hits[r.articleId]!
    h.count += 1
    h.mentions.push({ term_id: r.itemId, raw_text: r.keyword, match_type: r.matchType ?? 'broad', field: r.field, matched_text: r.matchedText })
    const best = firstRow.get(r.articleId)
    if (!best || (SNIPPET_PREFERENCE[r.field] ?? 3) < (SNIPPET_PREFERENCE[best.field] ?? 3)) firstRow.set(r.articleId, r)
  }
  const mentions: Record<string, number> = {}
  for (const id of order) for (const m of hits[id]!.mentions) mentions[m.raw_text] = (mentions[m.raw_text] ?? 0) + 1
  return {
    list_id: listId,
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
        cabinet_url: `${appUrl}/article/${id}`,
      }
    }),
    hits,
    summary: { matches: order.reduce((s, id) => s + hits[id]!.count, 0), publications: order.length, mentions },
  }
}
