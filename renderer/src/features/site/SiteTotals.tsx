import type { RouteResponse } from '../../../../shared/contract/routes'
import { formatNumber } from '../../components/common'
import { FigureStrip } from '../../components/FigureStrip'
import { changePct } from '../../components/period'

type Overview = RouteResponse<'appSiteOverview'>

const share = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(v < 0.01 ? 2 : 1)}%`)
const change = (now: number | null, before: number | null | undefined) => (now === null || before == null ? null : changePct(now, before))

/** The period's totals: Search Console's clicks, impressions and CTR, the feed's impressions of the site and its share, each with its change against the compared period. */
export function SiteTotals({ overview }: { overview: Overview }) {
  const t = overview.totals
  const c = overview.compared
  return (
    <FigureStrip
      label="Totals"
      compared={c !== null}
      figures={[
        { name: 'Clicks', value: formatNumber(t.clicks), change: change(t.clicks, c?.clicks), title: 'Search Console clicks from Discover in the period' },
        { name: 'Impressions', value: formatNumber(t.impressions), change: change(t.impressions, c?.impressions), title: 'Search Console impressions in Discover in the period' },
        { name: 'CTR', value: share(t.ctr), change: change(t.ctr, c?.ctr), title: 'clicks over impressions' },
        { name: 'Feed impressions', value: formatNumber(t.feed_impressions), change: change(t.feed_impressions, c?.feed_impressions), title: 'what the feed Feedlens sees showed of the site\'s articles, in its countries' },
        { name: 'Share of the feed', value: share(t.feed_share), change: change(t.feed_share, c?.feed_share), title: 'the site\'s impressions over all of the feed\'s, in its countries' },
      ]}
    />
  )
}
