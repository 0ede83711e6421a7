/**
 * The market a headline reports on, when it is a market report: "Oil falls on China data",
 * "US stocks dip on weak Asian data", "Copper slumps amid fears of slowdown in China".
 *
 * News desks file market reports by market (the wires' own slugs say so: "US STOCKS-",
 * "METALS-", "NYMEX-", "GLOBAL MARKETS-"), and so do the editors who labelled the UCI file:
 * on the day China's exports fell, oil, copper, US stocks and world markets were four stories
 * with one cause. Their headlines share the cause's words ("weak China export data") more than
 * anything else, so no measure of words alike tells them apart (docs/trends.md, "Market
 * reports"); the market each one names as its subject does.
 *
 * A market report names a traded market as its subject (in its first four words, before the
 * price move) and reports a price move. The market is the asset class, and for shares the place
 * whose shares they are: the place named with them ("China stocks", "Hong Kong shares", "S&P
 * 500"), else the region of the feed that shows the article ("Stocks fall at the open" in the
 * US feed is the US market).
 */

/** A map of words (a Map, not an object: a headline's "constructor" is no market). */
const entries = <T>(o: Record<string, T>): ReadonlyMap<string, T> => new Map(Object.entries(o))

/** Words naming a class of traded asset. Shares are set apart: their place counts too. */
const ASSETS: ReadonlyMap<string, string> = entries({
  oil: 'energy', crude: 'energy', brent: 'energy', wti: 'energy', gasoline: 'energy', diesel: 'energy', nymex: 'energy',
  copper: 'metals', gold: 'metals', silver: 'metals', aluminium: 'metals', aluminum: 'metals', platinum: 'metals',
  palladium: 'metals', nickel: 'metals', zinc: 'metals', iron: 'metals', metals: 'metals', lme: 'metals', shfe: 'metals',
  yuan: 'currencies', renminbi: 'currencies', dollar: 'currencies', greenback: 'currencies', yen: 'currencies',
  euro: 'currencies', sterling: 'currencies', pound: 'currencies', rupee: 'currencies', ringgit: 'currencies',
  franc: 'currencies', peso: 'currencies', rouble: 'currencies', ruble: 'currencies', lira: 'currencies',
  forex: 'currencies', loonie: 'currencies', $a: 'currencies',
  bonds: 'bonds', bond: 'bonds', yields: 'bonds', treasuries: 'bonds', gilts: 'bonds', bunds: 'bonds',
  wheat: 'farm goods', corn: 'farm goods', soybeans: 'farm goods', sugar: 'farm goods', coffee: 'farm goods', cocoa: 'farm goods',
})

/** Words naming shares: in general, or an index whose name says its place. */
const SHARES: ReadonlyMap<string, string | null> = entries({
  stocks: null, stock: null, shares: null, share: null, equities: null, equity: null, bourse: null, bourses: null, futures: null,
  's&p': 'us', dow: 'us', nasdaq: 'us', nikkei: 'jp', topix: 'jp', csi: 'cn', csi300: 'cn', hang: 'cn', ftse: 'gb',
  dax: 'de', cac: 'fr', stoxx: 'europe', sensex: 'in', nifty: 'in', kospi: 'kr', asx: 'au', tsx: 'ca',
})

/** The second words of indexes' names. */
const INDEX_SECOND_WORDS = new Set(['seng', 'jones', 'composite', 'industrial'])

/** Words naming the place of a market: countries by their ISO codes (as the feed's regions), else a region. */
const PLACES: ReadonlyMap<string, string> = entries({
  us: 'us', 'u.s.': 'us', 'u.s': 'us', america: 'us', american: 'us', wall: 'us',
  asia: 'asia', asian: 'asia',
  japan: 'jp', japanese: 'jp', tokyo: 'jp',
  china: 'cn', chinese: 'cn', mainland: 'cn', shanghai: 'cn', shenzhen: 'cn', hong: 'cn', hk: 'cn', h: 'cn',
  europe: 'europe', european: 'europe', eurozone: 'europe',
  uk: 'gb', british: 'gb', britain: 'gb', london: 'gb',
  germany: 'de', german: 'de', frankfurt: 'de', france: 'fr', french: 'fr', paris: 'fr',
  india: 'in', indian: 'in', mumbai: 'in', korea: 'kr', korean: 'kr', seoul: 'kr',
  australia: 'au', australian: 'au', aust: 'au', sydney: 'au', canada: 'ca', canadian: 'ca', toronto: 'ca',
  world: 'world', global: 'world', emerging: 'world', international: 'world',
})

/** Words that report a price move (or where a price stands). */
const MOVES = new Set(
  (
    'fall falls fell falling slip slips slipped slipping dip dips dipped drop drops dropped dropping sink sinks sank ' +
    'sinking slide slides slid sliding slump slumps slumped tumble tumbles tumbled tumbling plunge plunges plunged ' +
    'plunging decline declines declined ease eases eased easing edge edges edged retreat retreats retreated rise rises ' +
    'rose rising gain gains gained gaining rally rallies rallied rallying climb climbs climbed climbing jump jumps ' +
    'jumped surge surges surged soar soars soared rebound rebounds rebounded recover recovers recovered extend extends ' +
    'hit hits steady steadies steadied flat mixed higher lower open opens opened close closes closed end ends ended ' +
    'weaken weakens weakened strengthen strengthens firm firms firmed advance advances advanced low lows high highs record'
  ).split(' '),
)

/** How many words of a headline's lead may come before the market it reports on. */
const SUBJECT_WORDS = 4

/** "UPDATE 7-", "REFILE-": a wire's version marker, not part of the headline. */
const VERSION_MARKER = /^(?:UPDATE|REFILE|CORRECTED|RPT)(?: \d+)?-/i
/** A prefix before the report ("MARKET SNAPSHOT: ", "HK: ", "US STOCKS-"): it may name the place. */
const PREFIX = /^(.{1,40}?)(?::\s+|(?<=\p{Lu}{2})-(?=\S))/u
/** A word: letters and digits, with a dollar's sign ("$A"), an ampersand ("S&P") or inner dots ("U.S."). */
const TOKEN = /\$?[\p{L}\p{N}](?:[\p{L}\p{N}&]|\.(?=\p{L}))*\.?/gu

interface Token {
  word: string
  start: number
  end: number
}

const tokens = (text: string): Token[] =>
  [...text.matchAll(TOKEN)].map((m) => ({ word: m[0].toLowerCase().replace(/\.$/, ''), start: m.index!, end: m.index! + m[0].length }))

/** What a market report is about: its market, and the words that name it ("US stocks", "Oil"). */
export interface MarketReport {
  market: string
  phrase: string
}

/**
 * The market a headline reports on ("energy", "metals", "shares:cn", ...) and the words naming
 * it, or null when it is no market report. homeRegion: the region of the feed that shows it (an
 * ISO country code), the place of shares the headline names no place for.
 */
/** A report names its market and move in its first words: only a headline's start is read (its cost bounded, whatever the title). */
const READ_CHARS = 300

export function marketReport(title: string, homeRegion: string): MarketReport | null {
  const headline = title.slice(0, READ_CHARS).trim().replace(VERSION_MARKER, '')
  const prefix = PREFIX.exec(headline)
  const leadText = prefix ? headline.slice(prefix[0].length) : headline
  const lead = tokens(leadText)
  const firstMove = lead.findIndex((t) => MOVES.has(t.word))
  if (firstMove < 0) return null
  const subject = lead.slice(0, Math.min(firstMove, SUBJECT_WORDS))
  for (let k = 0; k < subject.length; k++) {
    const word = subject[k]!.word
    const asset = ASSETS.get(word)
    // an index's name runs through its number or second word ("CSI 300", "S&P 500", "Hang Seng")
    const next = lead[k + 1]
    const last = SHARES.get(word) && next && (/^\d+$/.test(next.word) || INDEX_SECOND_WORDS.has(next.word)) ? next : subject[k]!
    const phraseTo = (from: number) => leadText.slice(subject[from]!.start, last.end).replace(/[’']s$/u, '')
    if (asset) return { market: asset, phrase: phraseTo(k) }
    if (SHARES.has(word)) {
      const placeAt = subject.slice(0, k).findIndex((t) => PLACES.has(t.word))
      const place = SHARES.get(word) ?? (placeAt >= 0 ? PLACES.get(subject[placeAt]!.word) : prefix ? tokens(prefix[1]!).map((t) => PLACES.get(t.word)).find(Boolean) : undefined)
      return { market: `shares:${place ?? homeRegion.toLowerCase()}`, phrase: phraseTo(placeAt >= 0 ? placeAt : k) }
    }
  }
  return null
}

/** marketReport's market alone. */
export const marketReported = (title: string, homeRegion: string): string | null => marketReport(title, homeRegion)?.market ?? null

/** Per market, how many of a trend's titles report on it and the words they name it by (folded: how many, and a writing). */
export type MarketCounts = Map<string, { n: number; phrases: Map<string, { n: number; text: string }> }>

/** "U.S. Stocks" and "US stocks" are one phrase. */
const phraseKey = (phrase: string) => phrase.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ')

/** How a writing weighs against another: capitals after the first letter, then a small first letter. */
const capitals = (text: string) => 2 * text.slice(1).replace(/[^\p{Lu}]/gu, '').length + (/^\p{Ll}/u.test(text) ? 1 : 0)

/** Counts a title's market report (if it is one) into a trend's counts. */
export function countMarket(counts: MarketCounts, title: string, homeRegion: string): void {
  const report = marketReport(title, homeRegion)
  if (!report) return
  const m = counts.get(report.market) ?? counts.set(report.market, { n: 0, phrases: new Map() }).get(report.market)!
  m.n++
  const key = phraseKey(report.phrase)
  const p = m.phrases.get(key)
  if (!p) m.phrases.set(key, { n: 1, text: report.phrase })
  else {
    p.n++
    // the writing with the fewest capitals after its first letter: "China stocks" as a sentence writes it, not a title's "China Stocks", and "Oil", not "oil"
    if (capitals(report.phrase) < capitals(p.text)) p.text = report.phrase
  }
}

/** A trend names its market when at least this share of its titles report on one market. */
export const MARKET_LABEL_SHARE = 0.5

/**
 * The words most of a trend's titles name its market by ("Copper", "World stocks"), when at least
 * half of its titles report on one market; else null.
 */
export function marketPhrase(counts: MarketCounts, titles: number): string | null {
  let top: { n: number; phrases: Map<string, { n: number; text: string }> } | undefined
  for (const m of counts.values()) if (!top || m.n > top.n) top = m
  if (!top || top.n < MARKET_LABEL_SHARE * titles) return null
  let best: { n: number; text: string } | undefined
  for (const p of top.phrases.values()) if (!best || p.n > best.n) best = p
  return best?.text ?? null
}
