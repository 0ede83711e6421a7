/** What a feed showed in a period: the impressions of every sighting, the articles and their publishers. */
export interface PeriodMetrics {
  total_impressions: number
  total_articles: number
  unique_domains: number
}

/** The metrics of a period's articles, each given once with its impressions in the period. */
export function periodMetrics(articles: Iterable<{ impressions: number; domain: string }>): PeriodMetrics {
  let impressions = 0
  let count = 0
  const domains = new Set<string>()
  for (const a of articles) {
    impressions += a.impressions
    count++
    domains.add(a.domain)
  }
  return { total_impressions: impressions, total_articles: count, unique_domains: domains.size }
}
