import type { RouteResponse } from '../../../../shared/contract/routes'
import { normalizeDomain } from '../../domains/normalize-domain'
import type { PublisherRow } from '../../store/repositories/publishers'
import type { RequestContext } from '../context'
import { ValidationApiError } from '../errors'
import type { HandlerMap } from '../handler-types'

type ProfileRoutes = 'checkProfile' | 'checkProfilesBulk' | 'searchProfiles'
type ProfileResult = RouteResponse<'checkProfile'>

export const RECENT_PUBLICATIONS = 10
export const SEARCH_RESULTS = 20

const notADomain = (loc: Array<string | number>) =>
  new ValidationApiError([{ loc, msg: 'Input should be a domain or a URL, e.g. example.com', type: 'value_error' }])

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
    const domains = body.domains.map((d, i) => {
      const domain = normalizeDomain(d)
      if (!domain) throw notADomain(['body', 'domains', i])
      return domain
    })
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
