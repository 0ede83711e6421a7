import type { RouteResponse } from '../../../../shared/contract/routes'
import { normalizeDomain } from '../../domains/normalize-domain'
import type { PublisherRow } from '../../store/repositories/publishers'
import type { RequestContext } from '../context'
import { ValidationApiError } from '../../errors'
import type { HandlerMap } from '../handler-types'

type ProfileRoutes = 'checkProfile' | 'checkProfilesBulk' | 'searchProfiles'
type ProfileResult = RouteResponse<'checkProfile'>

export const RECENT_PUBLICATIONS = 10
export const SEARCH_RESULTS = 20

const NOT_A_DOMAIN = 'Input should be a domain or a URL, e.g. example.com'
const notADomain = (...locs: Array<Array<string | number>>) => new ValidationApiError(locs.map((loc) => ({ loc, msg: NOT_A_DOMAIN, type: 'value_error' })))

function profileResult(ctx: RequestContext, domain: string, publisher: PublisherRow | undefined): ProfileResult {
  return {
    ok: true,
    domain,
    exists: publisher?.profileExists ?? false,
    title: publisher?.name ?? null,
    knowledgeGraphId: publisher?.knowledgeGraphId ?? null,
    // a string, as the contract types it: the count, or "0" without a profile or a known count
    totalFollowers: String(publisher?.totalFollowers ?? 0),
    recentPublications: ctx.store.publishers.recentArticles(domain, RECENT_PUBLICATIONS).map((a) => ({
      id: a.id,
      url: a.url,
      title: a.title,
      first_seen_at: a.firstSeenAt,
      cabinet_url: `${ctx.appUrl}/article/${a.id}`,
    })),
  }
}

export const profileHandlers: HandlerMap<ProfileRoutes> = {
  checkProfile(ctx, { query }) {
    const domain = normalizeDomain(query.domain)
    if (!domain) throw notADomain(['query', 'domain'])
    return profileResult(ctx, domain, ctx.store.publishers.byDomain(domain))
  },

  checkProfilesBulk(ctx, { body }) {
    const normalized = body.domains.map((d) => normalizeDomain(d))
    // every refused item is named at once, as for any other 422
    const refused = normalized.flatMap((domain, i) => (domain ? [] : [['body', 'domains', i]]))
    if (refused.length > 0) throw notADomain(...refused)
    const domains = normalized as string[]
    const results = [...new Set(domains)].map((d) => profileResult(ctx, d, ctx.store.publishers.byDomain(d)))
    return { results, total: results.length, found: results.filter((r) => r.exists).length }
  },

  searchProfiles(ctx, { query }) {
    const results = ctx.store.publishers
      .search(query.q, SEARCH_RESULTS)
      .map((p) => profileResult(ctx, p.domain, p))
    return { q: query.q, results, total: results.length }
  },
}
