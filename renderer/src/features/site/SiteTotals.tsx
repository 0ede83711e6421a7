import type { RouteResponse } from '../../../../shared/contract/routes'
import { Change } from '../../components/Change'
import { formatNumber } from '../../components/common'

type Overview = RouteResponse<'appSiteOverview'>

const share = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(v < 0.01 ? 2 : 1)}%`)
const change = (now: number | null, before: number | null | undefined) => (now === null || before == null || before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10)

/** The period's totals: Search Console's clicks, impressions and CTR, the feed's impressions of the site and its share, each with its change against the compared period. */
export function SiteTotals({ overview }: { overview: Overview }) {
  const t = overview.totals
  const c = overview.compared
  const figures: Array<[string, string, number | null, string]> = [
    ['Clicks', formatNumber(t.clicks), change(t.clicks, c?.clicks), 'Search Console clicks from Discover in the period'],
    ['Impressions', formatNumber(t.impressions), change(t.impressions, c?.impressions), 'Search Console impressions in Discover in the period'],
    ['CTR', share(t.ctr), change(t.ctr, c?.ctr), 'clicks over impressions'],
    ['Feed impressions', formatNumber(t.feed_impressions), change(t.feed_impressions, c?.feed_impressions), 'what the feed Feedlens sees showed of the site\'s articles, in its countries'],
    ['Share of the feed', share(t.feed_share), change(t.feed_share, c?.feed_share), 'the site\'s impressions over all of the feed\'s, in its countries'],
  ]
  return (
    <dl className="totals" aria-label="Totals">
      {figures.map(([name, value, delta, title]) => (
        <div key={name} title={title}>
          <dt>{name}</dt>
          <dd>
            {value} {c && <Change pct={delta} />}
          </dd>
        </div>
      ))}
    </dl>
  )
}
