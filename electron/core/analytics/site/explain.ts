/**
 * "Is it us or the market?": one sentence, with its evidence, for a range in which a site's
 * Search Console clicks moved, from what the feed showed of the site and of everyone (docs/
 * search-console.md, "What the sentence claims"). Pure: the figures come in, the words go out.
 */

export type Verdict = 'market' | 'site' | 'clicks' | 'no_change' | 'unknown'

/** Figures of a range and of the range it is compared with. */
export interface SiteComparison {
  site: string
  /** the countries the figures are of, by name ('' for the whole feed) */
  where: string
  range: { from: string; to: string }
  before: { from: string; to: string }
  /** Search Console clicks and impressions a day, on average (null: no data for those days) */
  clicks: { before: number | null; after: number | null }
  gscImpressions: { before: number | null; after: number | null }
  /** the site's share of the feed's impressions, and its peers' together (null: nothing in the feed) */
  share: { before: number | null; after: number | null }
  peersShare: { before: number | null; after: number | null }
  peers: number
  /** the feed's daily volatility index in the range: its highest, and whether a day was a spike (null: not computed for those days) */
  volatility: { max: number | null; spike: boolean; day: string | null }
  /** the site's stories the feed showed before and no longer */
  storiesLeft: Array<{ title: string }>
}

export interface Explanation {
  verdict: Verdict
  sentence: string
}

/** A change of a figure, as a fraction (null: nothing to compare with). */
export const change = (before: number | null, after: number | null): number | null => (before === null || after === null || before === 0 ? null : (after - before) / before)

/** a change's size in whole per cent, halves away from zero (−37.5% is −38%, as +37.5% is +38%) */
const percentOf = (x: number) => Math.round(Math.abs(x) * 100)
const pct = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${percentOf(x)}%`
const sharePct = (x: number) => `${(x * 100).toFixed(x < 0.01 ? 2 : 1)}%`
/** How much clicks must move to be explained (a day's noise is smaller) */
export const MOVED = 0.1
/** A share that moved by less than this held */
const HELD = 0.15
/** The index of a noticeable change of the feed (Signals: 7 and more) */
const SPIKE = 7

function storiesClause(c: SiteComparison): string {
  if (c.storiesLeft.length === 0) return ''
  const named = c.storiesLeft.slice(0, 2).map((s) => `“${s.title}”`)
  return `; ${c.storiesLeft.length === 1 ? 'one of its stories left the feed' : `${c.storiesLeft.length} of its stories left the feed`} (${named.join(', ')}${c.storiesLeft.length > 2 ? ', …' : ''})`
}

/** The verdict and its sentence. */
export function explain(c: SiteComparison): Explanation {
  const period = c.range.from === c.range.to ? `On ${c.range.from}` : `From ${c.range.from} to ${c.range.to}`
  const against = c.before.from === c.before.to ? c.before.from : `${c.before.from} to ${c.before.to}`
  const clicks = change(c.clicks.before, c.clicks.after)
  if (clicks === null) {
    return {
      verdict: 'unknown',
      sentence: `Feedlens cannot tell: Search Console has no clicks of ${c.site} for ${c.clicks.after === null ? 'these days' : `the days before (${against})`} in the store. Import an export that covers them.`,
    }
  }
  if (Math.abs(clicks) < MOVED) {
    return { verdict: 'no_change', sentence: `${period}, ${c.site}'s Discover clicks held (${pct(clicks)} a day against ${against}): there is no move to explain.` }
  }
  const direction = clicks < 0 ? 'fell' : 'rose'
  const head = `${period}, ${c.site}'s Discover clicks ${direction} ${percentOf(clicks)}% a day against ${against}`
  const share = change(c.share.before, c.share.after)
  if (share === null) {
    return {
      verdict: 'unknown',
      sentence: `${head}. Feedlens cannot tell whether the feed moved too: it saw no article of ${c.site} in ${c.where || 'the feed'} ${c.share.before === null || c.share.before === 0 ? 'before' : 'then'}.`,
    }
  }
  const peers = change(c.peersShare.before, c.peersShare.after)
  const shareWords = `its share of the feed's impressions went from ${sharePct(c.share.before!)} to ${sharePct(c.share.after!)}`
  const feedMoved = c.volatility.spike || (c.volatility.max ?? 0) >= SPIKE
  const feedWords =
    c.volatility.max === null
      ? `the feed's volatility is not computed for those days`
      : feedMoved
        ? `the feed in ${c.where || 'all countries'} churned (volatility ${c.volatility.max.toFixed(1)}${c.volatility.day ? ` on ${c.volatility.day}` : ''}, a spike)`
        : `the feed in ${c.where || 'all countries'} was calm (volatility at most ${c.volatility.max.toFixed(1)})`
  const peersWords =
    peers === null
      ? 'it shares no trend with another publisher'
      : `${c.peers === 1 ? 'the one publisher that shares its trends' : `the ${c.peers} publishers that share its trends`} ${
          Math.abs(peers) < 0.05 ? (c.peers === 1 ? 'held its share' : 'held their share') : `went ${pct(peers)} in share`
        }`
  // clicks are impressions times the click-through rate: which of the two moved them
  const impressions = change(c.gscImpressions.before, c.gscImpressions.after)
  const ctrBefore = c.clicks.before !== null && c.gscImpressions.before ? c.clicks.before / c.gscImpressions.before : null
  const ctrAfter = c.clicks.after !== null && c.gscImpressions.after ? c.clicks.after / c.gscImpressions.after : null
  const ctr = change(ctrBefore, ctrAfter)
  if (ctr !== null && Math.abs(ctr) >= MOVED && (impressions === null || Math.abs(ctr) > Math.abs(impressions))) {
    return {
      verdict: 'clicks',
      sentence: `${head}: it is ${c.site}, not the market. Readers clicked ${ctr < 0 ? 'less' : 'more'} often (click-through rate ${sharePct(ctrBefore!)} to ${sharePct(ctrAfter!)})${impressions === null ? '' : ` while Discover showed it ${Math.abs(impressions) < MOVED ? 'about as often' : `${pct(impressions)} as often`}`}; ${shareWords} (${pct(share)}), and ${feedWords}.`,
    }
  }
  if (Math.abs(share) < HELD && !feedMoved) {
    return {
      verdict: 'clicks',
      sentence: `${head}, while ${shareWords} (${pct(share)}): the feed showed it as before, and ${feedWords}. The move is outside the feed Feedlens sees (another country, or Discover beyond its samples).`,
    }
  }
  if (feedMoved) {
    return {
      verdict: 'market',
      sentence: `${head}: it is the market. ${capitalise(feedWords)}; ${shareWords} (${pct(share)}) and ${peersWords}${storiesClause(c)}.`,
    }
  }
  if (peers !== null && Math.sign(peers) === Math.sign(share) && Math.abs(peers) >= HELD) {
    return {
      verdict: 'market',
      sentence: `${head}: it is the market. ${capitalise(feedWords)}, but ${peersWords} as ${shareWords} (${pct(share)}): the stories it shares with them ${share < 0 ? 'faded' : 'grew'}${storiesClause(c)}.`,
    }
  }
  return {
    verdict: 'site',
    sentence: `${head}: it is ${c.site}, not the market. ${capitalise(feedWords)} and ${peersWords}, but ${shareWords} (${pct(share)})${storiesClause(c)}.`,
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
