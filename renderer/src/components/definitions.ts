/**
 * What a figure's name means, in words, one hover away on every table that shows it (a column may
 * say more of its own). One place, so that a figure shown twice is defined once.
 */
export const DEFINITIONS: Readonly<Record<string, string>> = {
  Index: 'the volatility index: 3 is a usual day for this feed, 7 and more a noticeable change, 10 the most it shows',
  Share: 'its part of the whole: of the feed\'s impressions (or of the movement, for What moved), in the period',
  'Share of voice': 'its impressions over all of the feed\'s impressions, in the period and the markets',
  Before: 'its position in the first snapshot of the point (new: it was not in the feed)',
  After: 'its position in the last snapshot of the point (out: it left the feed)',
  'Live h': 'hours of the window with impressions',
  'Hours in feed': 'from its first to its last sighting in the period, in hours',
  'Best position': 'its highest place in the feed in the period (1 is the top)',
  'Peak position': 'the highest place one of its articles reached in the period (1 is the top)',
  'Avg position': 'its mean place over its sightings in the period',
  Impressions: 'estimated impressions in the feed, in the period and the markets',
  Δ: 'the change against the period compared',
  Pubs: 'its publications (articles) in the period',
  State: 'its lifecycle or its signal\'s state now (calm, blip, active, sustained for volatility)',
  Trend: 'where it is heading: rising, stable or falling (a trend\'s name, in an article\'s row)',
  CTR: 'Search Console clicks over impressions',
}

/** A column's hover text: its own, else the figure's definition. */
export const definitionOf = (header: unknown, own?: string): string | undefined => own ?? (typeof header === 'string' ? DEFINITIONS[header] : undefined)
