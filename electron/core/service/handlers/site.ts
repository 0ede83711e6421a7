import { explain, type SiteComparison } from '../../analytics/site/explain'
import { domainsShare, siteFeedDays, sitePeers, storiesThatLeft, type DaySpan } from '../../analytics/site/site-feed'
import { wholeDays } from '../../analytics/explore/group-figures'
import type { ActivityData } from '../../analytics/activity/activity-data'
import { ApiError, ValidationApiError } from '../../errors'
import { ExportProblem, importSearchConsole, normalizeProperty, propertyDomain, type GscSearchType } from '../../ingest/search-console/gsc-import'
import { dayIndex, dayKeyOfIndex } from '../../time/buckets'
import type { RequestContext } from '../context'
import { connectionView, disconnect, startConsent, startPullJob } from '../site-connection'
import type { HandlerMap } from '../handler-types'

/**
 * "My site": the analyst's own site as Search Console counts it, beside what the feed showed of
 * it (docs/search-console.md). The site's figures are whole days: a period's days are those from
 * the day of `date_from` to the day before `date_to` (exclusive, as every period of the window).
 */

type SiteRoutes =
  | 'appSiteProperties'
  | 'appSiteOverview'
  | 'appSitePages'
  | 'appSiteExplain'
  | 'appSiteDomains'
  | 'appImportSearchConsole'
  | 'appSiteConnection'
  | 'appConnectSearchConsole'
  | 'appDisconnectSearchConsole'
  | 'appPullSearchConsole'

/** Days the site's views show when no period is asked: its last 28 days of data. */
const DEFAULT_DAYS = 28

interface Site {
  property: string
  searchType: GscSearchType
  domain: string
  dayFrom: string
  dayTo: string
  /** its countries with clicks, most first */
  countries: string[]
}

/** The property asked for, as stored; 404 when the store has no data of it. */
function siteOf(ctx: RequestContext, rawProperty: string, searchType: GscSearchType): Site {
  const property = normalizeProperty(rawProperty)
  const found = property && ctx.store.searchConsole.properties().find((p) => p.property === property && p.searchType === searchType)
  if (!found) throw new ApiError(404, `No Search Console data of ${rawProperty} (${searchType}) in this store: import an export first (feedlens gsc import)`)
  return {
    property: found.property,
    searchType,
    domain: propertyDomain(found.property),
    dayFrom: found.dayFrom,
    dayTo: found.dayTo,
    countries: ctx.store.searchConsole.countries(found.property, searchType).map((c) => c.country),
  }
}

/** The days of a period (from the day of `from` to the day before `to`), else the site's last days of data. */
function daysOf(site: Site, from: Date | undefined, to: Date | undefined): DaySpan {
  const last = to ? dayIndex(new Date(to.getTime() - 1)) : dayIndex(new Date(`${site.dayTo}T00:00:00Z`))
  const first = from ? dayIndex(from) : Math.max(dayIndex(new Date(`${site.dayFrom}T00:00:00Z`)), last - DEFAULT_DAYS + 1)
  if (first > last) throw new ValidationApiError([{ loc: ['query', 'date_to'], msg: 'The period ends before it starts', type: 'value_error' }])
  if (last - first > 3 * 366) throw new ValidationApiError([{ loc: ['query', 'date_from'], msg: 'A period of the site is at most three years', type: 'value_error' }])
  return { from: first, to: last }
}

/** The feed's countries the site's figures are of: the one asked, else the site's countries the feed has (none: every country). */
function feedCountries(data: ActivityData, site: Site, country: string | undefined): string[] | null {
  if (country) return [country]
  const held = site.countries.filter((c) => data.countries.find(c) !== undefined)
  return held.length > 0 ? held : null
}

const ratio = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null)

/** The feed's daily volatility in the countries: the highest of them each day (the whole feed's without countries). */
function volatilityByDay(ctx: RequestContext, countries: string[] | null, span: DaySpan): Map<string, { value: number; state: string; spike: boolean }> {
  const out = new Map<string, { value: number; state: string; spike: boolean }>()
  for (const country of countries ?? ['ALL']) {
    for (const p of ctx.store.signals.series('volatility', country, 'day', dayKeyOfIndex(span.from), '')) {
      if (p.bucket > dayKeyOfIndex(span.to)) continue
      const seen = out.get(p.bucket)
      if (!seen || p.value > seen.value) out.set(p.bucket, { value: p.value, state: p.state, spike: p.isSpike === 1 })
    }
  }
  return out
}

/** The site's totals over a span: Search Console's, and the feed's. */
function totalsOf(ctx: RequestContext, data: ActivityData, site: Site, span: DaySpan, countries: string[] | null, country: string | undefined) {
  const gsc = ctx.store.searchConsole.daily(site.property, site.searchType, dayKeyOfIndex(span.from), dayKeyOfIndex(span.to), country ?? '')
  const clicks = gsc.reduce((s, d) => s + d.clicks, 0)
  const impressions = gsc.reduce((s, d) => s + d.impressions, 0)
  const feed = siteFeedDays(data, site.domain, span, countries)
  const siteImps = feed.reduce((s, d) => s + d.site, 0)
  const feedImps = feed.reduce((s, d) => s + d.feed, 0)
  return { clicks, impressions, ctr: ratio(clicks, impressions), feed_impressions: Math.round(siteImps), feed_share: ratio(siteImps, feedImps), gscDays: gsc.length }
}

/** Days a span is compared with at least, when none is asked: a week (one day against the one before is noise). */
const BASELINE_DAYS = 7

/** The span compared with: the one asked, else the days just before it, as many as it has and a week at least (figures a day on average). */
function comparedSpan(span: DaySpan, from: Date | undefined, to: Date | undefined, site: Site): DaySpan {
  if (from || to) return daysOf(site, from, to)
  const length = Math.max(BASELINE_DAYS, span.to - span.from + 1)
  return { from: span.from - length, to: span.from - 1 }
}

export const siteHandlers: HandlerMap<SiteRoutes> = {
  appSiteConnection(ctx) {
    return connectionView(ctx)
  },

  appConnectSearchConsole(ctx, { body }) {
    return startConsent(ctx, body.client_file)
  },

  appDisconnectSearchConsole(ctx) {
    return disconnect(ctx)
  },

  appPullSearchConsole(ctx, { body }) {
    return { job: startPullJob(ctx, body) }
  },

  appSiteProperties(ctx) {
    return {
      properties: ctx.store.searchConsole.properties().map((p) => ({
        property: p.property,
        search_type: p.searchType as GscSearchType,
        domain: propertyDomain(p.property),
        day_from: p.dayFrom,
        day_to: p.dayTo,
        imports: p.imports,
        countries: ctx.store.searchConsole.countries(p.property, p.searchType).map((c) => c.country),
      })),
    }
  },

  async appSiteOverview(ctx, { query }) {
    const site = siteOf(ctx, query.property, query.search_type)
    const span = daysOf(site, query.date_from, query.date_to)
    const { data } = await ctx.store.activity.current()
    const countries = feedCountries(data, site, query.country)
    const gsc = new Map(ctx.store.searchConsole.daily(site.property, site.searchType, dayKeyOfIndex(span.from), dayKeyOfIndex(span.to), query.country ?? '').map((d) => [d.day, d]))
    const volatility = volatilityByDay(ctx, countries, span)
    const days = siteFeedDays(data, site.domain, span, countries).map((f) => {
      const day = dayKeyOfIndex(f.day)
      const g = gsc.get(day)
      const v = volatility.get(day)
      return {
        day,
        clicks: g?.clicks ?? null,
        impressions: g?.impressions ?? null,
        ctr: g ? ratio(g.clicks, g.impressions) : null,
        from_pages: g?.fromPages ?? false,
        feed_impressions: Math.round(f.site),
        feed_share: ratio(f.site, f.feed),
        volatility: v?.value ?? null,
        volatility_state: v?.state ?? null,
        is_spike: v?.spike ?? false,
      }
    })
    const { gscDays: _days, ...totals } = totalsOf(ctx, data, site, span, countries, query.country)
    let compared = null
    if (query.compare_from || query.compare_to) {
      const before = comparedSpan(span, query.compare_from, query.compare_to, site)
      const { gscDays: _before, ...t } = totalsOf(ctx, data, site, before, countries, query.country)
      compared = { ...t, day_from: dayKeyOfIndex(before.from), day_to: dayKeyOfIndex(before.to) }
    }
    return {
      property: site.property,
      domain: site.domain,
      search_type: site.searchType,
      countries: countries ?? [],
      day_from: dayKeyOfIndex(span.from),
      day_to: dayKeyOfIndex(span.to),
      days,
      totals,
      compared,
    }
  },

  async appSitePages(ctx, { query }) {
    const site = siteOf(ctx, query.property, query.search_type)
    const span = daysOf(site, query.date_from, query.date_to)
    const { data } = await ctx.store.activity.current()
    const countries = feedCountries(data, site, query.country)
    const pages = ctx.store.searchConsole.pages(site.property, site.searchType, dayKeyOfIndex(span.from), dayKeyOfIndex(span.to), query.country ?? '')
    const articles = new Map(pages.flatMap((p) => (p.articleId ? [[p.articleId, ctx.store.articles.get(p.articleId)] as const] : [])).filter((e): e is [string, NonNullable<(typeof e)[1]>] => e[1] !== undefined))
    const period = { ...wholeDays({ fromDay: span.from, toDay: span.to + 1 }), countries: countries ? new Set(countries) : null }
    const figures = ctx.store.articles.figures([...articles.values()].map((a) => a.seq), period)
    const rows = pages.map((p) => {
      const a = p.articleId ? articles.get(p.articleId) : undefined
      const f = a ? figures.get(a.seq) : undefined
      return {
        page: p.page,
        article_id: a?.id ?? null,
        title: a?.title ?? null,
        trend: f?.trend ?? null,
        clicks: p.clicks,
        impressions: p.impressions,
        ctr: ratio(p.clicks, p.impressions),
        feed_impressions: Math.round(f?.impressions ?? 0),
        best_position: f?.bestPosition ?? null,
        hours_in_feed: f?.firstSeen != null && f.lastSeen != null ? Math.round((f.lastSeen - f.firstSeen) / 3600) : 0,
        countries: f?.countries ?? [],
        first_seen_at: a?.firstSeenAt ?? null,
        last_seen_at: a?.lastSeenAt ?? null,
      }
    })
    const key = query.sort_by
    const direction = query.sort_order === 'asc' ? 1 : -1
    const value = (r: (typeof rows)[number]): number | string | null => r[key]
    rows.sort((x, y) => {
      const a = value(x)
      const b = value(y)
      // missing values last, whatever the direction
      if (a === null || b === null) return a === b ? x.page.localeCompare(y.page) : a === null ? 1 : -1
      return (a < b ? -1 : a > b ? 1 : 0) * direction || x.page.localeCompare(y.page)
    })
    return { pages: rows.slice(query.offset, query.offset + query.limit), total: rows.length, limit: query.limit, offset: query.offset }
  },

  async appSiteExplain(ctx, { query }) {
    const site = siteOf(ctx, query.property, query.search_type)
    const span = daysOf(site, query.date_from, query.date_to)
    const before = comparedSpan(span, query.compare_from, query.compare_to, site)
    const { data } = await ctx.store.activity.current()
    const countries = feedCountries(data, site, query.country)
    const after = totalsOf(ctx, data, site, span, countries, query.country)
    const prior = totalsOf(ctx, data, site, before, countries, query.country)
    const perDay = (t: { clicks: number; gscDays: number }) => (t.gscDays > 0 ? t.clicks / t.gscDays : null)
    const perDayImpressions = (t: { impressions: number; gscDays: number }) => (t.gscDays > 0 ? t.impressions / t.gscDays : null)
    const peers = sitePeers(data, site.domain, before, countries)
    const peersBefore = domainsShare(data, peers, before, countries)
    const peersAfter = domainsShare(data, peers, span, countries)
    const volatility = volatilityByDay(ctx, countries, span)
    let highest: { day: string; value: number; spike: boolean } | null = null
    for (const [day, v] of volatility) if (!highest || v.value > highest.value) highest = { day, value: v.value, spike: v.spike }
    const left = storiesThatLeft(data, site.domain, before, span, countries)
    const described = ctx.store.movers.describe(left.map((l) => l.seq))
    const stories = left.flatMap((l) => {
      const d = described.get(l.seq)
      return d ? [{ id: d.id, title: d.title, impressions_before: Math.round(l.impressions) }] : []
    })
    const names = (countries ?? []).map((c) => ctx.store.geo.region(c)?.name ?? c)
    const comparison: SiteComparison = {
      site: site.domain,
      where: names.length === 0 ? '' : names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`,
      range: { from: dayKeyOfIndex(span.from), to: dayKeyOfIndex(span.to) },
      before: { from: dayKeyOfIndex(before.from), to: dayKeyOfIndex(before.to) },
      clicks: { before: perDay(prior), after: perDay(after) },
      gscImpressions: { before: perDayImpressions(prior), after: perDayImpressions(after) },
      share: { before: prior.feed_impressions > 0 || prior.feed_share !== null ? prior.feed_share : null, after: after.feed_share },
      peersShare: { before: peers.length > 0 ? ratio(peersBefore.impressions, peersBefore.feed) : null, after: peers.length > 0 ? ratio(peersAfter.impressions, peersAfter.feed) : null },
      peers: peers.length,
      volatility: { max: highest?.value ?? null, spike: highest?.spike ?? false, day: highest?.day ?? null },
      storiesLeft: stories,
    }
    const { verdict, sentence } = explain(comparison)
    return {
      property: site.property,
      day_from: comparison.range.from,
      day_to: comparison.range.to,
      compared_from: comparison.before.from,
      compared_to: comparison.before.to,
      verdict,
      sentence,
      evidence: {
        countries: countries ?? [],
        clicks_per_day: { before: round1(comparison.clicks.before), after: round1(comparison.clicks.after) },
        share: comparison.share,
        peers_share: comparison.peersShare,
        peers,
        volatility: comparison.volatility,
        stories_left: stories,
      },
    }
  },

  appSiteDomains(ctx, { query }) {
    const from = query.date_from ? dayKeyOfIndex(dayIndex(query.date_from)) : '0000-01-01'
    const to = query.date_to ? dayKeyOfIndex(dayIndex(new Date(query.date_to.getTime() - 1))) : '9999-12-31'
    const byDomain = new Map(ctx.store.searchConsole.properties().filter((p) => p.searchType === query.search_type).map((p) => [propertyDomain(p.property), p.property]))
    return {
      domains: query.domains.flatMap((domain) => {
        const property = byDomain.get(domain)
        if (!property) return []
        const days = ctx.store.searchConsole.daily(property, query.search_type, from, to, '')
        const clicks = days.reduce((s, d) => s + d.clicks, 0)
        const impressions = days.reduce((s, d) => s + d.impressions, 0)
        return [{ domain, property, clicks, impressions, ctr: ratio(clicks, impressions) }]
      }),
    }
  },

  appImportSearchConsole(ctx, { body }) {
    const bytes = Buffer.from(body.content_base64, 'base64')
    try {
      const r = importSearchConsole(ctx.store, [{ name: body.file_name, bytes }], { property: body.property, searchType: body.search_type })
      return {
        files: r.files,
        property: r.property,
        search_type: r.searchType,
        source: r.source,
        day_from: r.dayFrom,
        day_to: r.dayTo,
        filters: r.filters,
        tables: r.tables,
        rows: r.rows,
        pages: r.pages,
        pages_in_store: r.pagesInStore,
        already_imported: r.alreadyImported,
      }
    } catch (error) {
      // the contract's 422 shape: the sentence names the file and the line
      if (error instanceof ExportProblem) throw new ValidationApiError([{ loc: ['body', 'content_base64'], msg: error.message, type: 'value_error' }])
      throw error
    }
  },
}

const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10)

