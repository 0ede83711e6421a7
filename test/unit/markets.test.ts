import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clusterIntoSteps, inverseDocumentFrequency, MARKET_TREND_SIZE, StorylineClusterer, words, type ClusterInput } from '../../electron/core/analytics/trends/cluster'
import { trendLabel } from '../../electron/core/analytics/trends/label'
import { countMarket, marketPhrase, marketReport, marketReported, type MarketCounts } from '../../electron/core/analytics/trends/markets'
import { runSteps } from '../../electron/core/steps'

/** Market reports (docs/trends.md, "Market reports"): pure, checked on the UCI file's headlines. */

describe('the market a headline reports on', () => {
  it('is the traded market its subject names, with the words that name it', () => {
    expect(marketReport('Oil falls to around $101 after China data', 'US')).toEqual({ market: 'energy', phrase: 'Oil' })
    expect(marketReport('UPDATE 7-Oil sinks on weak China data and as heating season ends', 'US')).toEqual({ market: 'energy', phrase: 'Oil' })
    expect(marketReport('Crude-Oil Futures Fall as China Signals Demand Concerns', 'US')).toEqual({ market: 'energy', phrase: 'Crude' })
    expect(marketReport("Copper's 'fall out of bed' underscores China woes", 'US')).toEqual({ market: 'metals', phrase: 'Copper' })
    expect(marketReport('$A lower amid Ukraine crisis pessimism', 'AU')).toEqual({ market: 'currencies', phrase: '$A' })
  })

  it('is found from the lead\'s first move however far into the headline it comes, and nothing after that move counts (but a prefix\'s colon)', () => {
    // the subject is the lead's first words; its move may come much later, after long words
    expect(marketReport('Oil prices across the Mediterranean after Wednesday\'s extraordinarily inconclusive negotiations fall', 'US')).toEqual({ market: 'energy', phrase: 'Oil' })
    expect(marketReport('Oil prices across the Mediterranean after Wednesday\'s extraordinarily inconclusive negotiations', 'US')).toBeNull()
    const lead = fc.array(fc.constantFrom('Oil', 'US', 'stocks', 'S&P', '500', 'Hang', 'Seng', 'China', 'gold', 'the', 'after', 'talks', 'extraordinarily', 'U.S.'), { maxLength: 9 })
    // a colon or a dash after capitals could make the start a prefix ("US STOCKS-"): not in the tail
    const after = fc.array(fc.oneof(fc.constantFrom('falls', 'rises', 'oil', 'shares', 'Hong', 'Kong'), fc.string({ maxLength: 12 }).filter((w) => !/[:-]/.test(w))), { maxLength: 8 })
    fc.assert(
      fc.property(lead, fc.constantFrom('falls', 'rose', 'strengthens.', 'record'), after, after, fc.constantFrom('US', 'GB'), (words, move, tail, otherTail, region) => {
        const head = [...words, move].join(' ')
        expect(marketReport(`${head} ${tail.join(' ')}`, region)).toEqual(marketReport(`${head} ${otherTail.join(' ')}`, region))
      }),
      { seed: 4101, numRuns: 2000 },
    )
  })

  it('is, for shares, the place named with them, else the place of an index, else the feed region', () => {
    expect(marketReport('US stocks dip on weak Asian data, Ukraine', 'GB')).toEqual({ market: 'shares:us', phrase: 'US stocks' })
    expect(marketReport('U.S. Stocks Retreat With Emerging Equities, Metals', 'GB')).toEqual({ market: 'shares:us', phrase: 'U.S. Stocks' })
    expect(marketReport('Hong Kong, China shares sink on weak data', 'US')).toEqual({ market: 'shares:cn', phrase: 'Hong Kong, China shares' })
    expect(marketReport("China's CSI 300 Sinks to 5-Year Low as Export Slump Weakens Yuan", 'US')).toEqual({ market: 'shares:cn', phrase: "China's CSI 300" })
    expect(marketReport('Hang Seng, Shanghai plunge at close', 'US')).toEqual({ market: 'shares:cn', phrase: 'Hang Seng' })
    expect(marketReport('GLOBAL MARKETS-World stocks, copper and oil fall after weak China exports', 'US')).toEqual({ market: 'shares:world', phrase: 'World stocks' })
    // the prefix names the place
    expect(marketReport('US STOCKS-Futures edge lower after record high, China data', 'GB')).toEqual({ market: 'shares:us', phrase: 'Futures' })
    expect(marketReport('Stock market live blog: S&P 500 retreats from record after downbeat China data', 'GB')).toEqual({ market: 'shares:us', phrase: 'S&P 500' })
    // no place at all: the feed's
    expect(marketReport('Stocks fall slightly at the open', 'US')).toEqual({ market: 'shares:us', phrase: 'Stocks' })
    expect(marketReport('Stocks fall slightly at the open', 'DE')).toEqual({ market: 'shares:de', phrase: 'Stocks' })
  })

  it('is none when the headline reports no price move of a market it names as its subject', () => {
    for (const title of [
      'Weak China exports weigh on stocks, hit commodities', // the subject is China's exports
      'Wall Street to digest weak China, Japan data', // no price move
      'Goldman Sees 24% China Stocks Rally on Decade-Low Valuations', // shares are not its subject
      'Developers Slump as Yuan Drop Closing Fund Window: China Credit', // developers slump, then the yuan
      'EBay rejects Icahn board nominees, asks investors to do same',
      'Oil and Natural Gas as Weapon of War',
      '',
    ])
      expect(marketReported(title, 'US')).toBeNull()
  })

  it('never throws, and a report names its market in the headline as written', () => {
    const vocabulary = ['Oil', 'stocks', 'US', 'China', 'falls', 'on', 'data', 'UPDATE 2-', 'MARKET SNAPSHOT:', 'S&P', '500', 'Hang', 'Seng', 'copper', '$A', 'U.S.', 'weak', '-', "'s", 'rise', 'constructor', '__proto__', 'toString']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocabulary), { maxLength: 12 }), fc.constantFrom('US', 'GB', 'AU'), (parts, region) => {
        const title = parts.join(' ')
        const report = marketReport(title, region)
        if (report === null) return
        expect(title).toContain(report.phrase)
        expect(report.market).toMatch(/^(energy|metals|currencies|bonds|farm goods|shares:[a-z]+)$/)
        // the same headline, the same report
        expect(marketReport(title, region)).toEqual(report)
      }),
      { seed: 30, numRuns: 400 },
    )
  })
})

describe("a trend's market", () => {
  const countsOf = (titles: string[]): MarketCounts => {
    const counts: MarketCounts = new Map()
    for (const t of titles) countMarket(counts, t, 'US')
    return counts
  }

  it('is named by the words most of its reports use, written as a sentence writes them, when half its titles report on it', () => {
    const titles = ['China Stocks Hit New Low', 'China stocks sink on weak data', 'Chinese shares sink on growth data fears', 'China exports fall']
    expect(marketPhrase(countsOf(titles), titles.length)).toBe('China stocks')
    expect(marketPhrase(countsOf(['US oil plastered by weak data', 'Oil falls', 'Oil sinks']), 3)).toBe('Oil')
    // two of five titles: under half
    expect(marketPhrase(countsOf([...titles.slice(0, 2), 'a', 'b', 'c']), 5)).toBeNull()
  })

  it('labels the trend unless the label already says it', () => {
    const specificity = (text: string) => (/china/i.test(text) ? 5 : 1)
    const input = (titles: string[], market: string | null) => {
      const terms = new Map<string, { n: number; text: string }>()
      for (const t of titles) for (const w of new Set(t.toLowerCase().split(' '))) terms.set(w, { n: (terms.get(w)?.n ?? 0) + 1, text: w[0]!.toUpperCase() + w.slice(1) })
      return trendLabel({ size: titles.length, terms, entities: [], specificity, market }).label
    }
    const oil = ['oil falls on china data', 'oil sinks on china data', 'crude drops on china data']
    expect(input(oil, null)).toBe('China')
    expect(input(oil, 'Oil')).toBe('Oil')
    // "Dow" is said by "Dow Jones"; "Stocks" grows into "US stocks"
    const dow = ['dow jones lower', 'dow jones higher']
    expect(input(dow.map((t) => t.replace('dow jones', 'dowjones')), null)).toBe('Dowjones')
    expect(trendLabel({ size: 2, terms: new Map([['dow jones', { n: 2, text: 'Dow Jones' }]]), entities: [], specificity: () => 1, market: 'Dow' }).label).toBe('Dow Jones')
    expect(trendLabel({ size: 2, terms: new Map([['stocks', { n: 2, text: 'Stocks' }]]), entities: [], specificity: () => 1, market: 'US stocks' }).label).toBe('US stocks')
  })
})

describe("a big trend's market reports", () => {
  const input = (key: number, title: string): ClusterInput => ({ key, time: 1_394_400_000 + key * 60, entities: [], words: words(title), market: marketReported(title, 'US') })
  // a day of China's weak exports: the cause, and the reports of two markets it moved
  const cause = Array.from({ length: 24 }, (_, i) => input(i + 1, 'China exports fall in weak trade data'))
  const oil = Array.from({ length: MARKET_TREND_SIZE }, (_, i) => input(100 + i, 'Oil falls on weak China exports data'))
  const copper = Array.from({ length: MARKET_TREND_SIZE }, (_, i) => input(200 + i, 'Copper falls on weak China exports data'))
  // three thousand one-off headlines make the day's words rare enough to find trends by
  const filler = Array.from({ length: 3000 }, (_, i) => input(10_000 + i, `filler${i} words${i}`))
  const clusteredBy = (inputs: ClusterInput[]) => {
    const all = [...filler, ...inputs]
    const clusterer = new StorylineClusterer(inverseDocumentFrequency(all.map((i) => i.words)))
    const assigned = runSteps(clusterIntoSteps(clusterer, all))
    return { clusterer, trendOf: new Map(assigned.map((a) => [a.key, a.cluster])) }
  }
  const clustered = (inputs: ClusterInput[]) => clusteredBy(inputs).trendOf

  it('are a trend for each market when two markets or more have ten reports', () => {
    const trendOf = clustered([...cause, ...oil, ...copper])
    const causeTrend = trendOf.get(1)!
    expect(cause.every((a) => trendOf.get(a.key) === causeTrend)).toBe(true)
    const oilTrend = trendOf.get(100)!
    const copperTrend = trendOf.get(200)!
    expect(new Set([causeTrend, oilTrend, copperTrend]).size).toBe(3)
    expect(oil.every((a) => trendOf.get(a.key) === oilTrend)).toBe(true)
    expect(copper.every((a) => trendOf.get(a.key) === copperTrend)).toBe(true)
  })

  it('stay in the trend when one market alone has ten (that market is the story), or when a market has fewer than ten', () => {
    const oneMarket = clustered([...cause, ...oil, ...copper.slice(0, MARKET_TREND_SIZE - 1)])
    expect(new Set([...cause, ...oil, ...copper.slice(0, MARKET_TREND_SIZE - 1)].map((a) => oneMarket.get(a.key))).size).toBe(1)
  })

  it("take a later report on one of those markets to that market's trend (an incremental update, as the full pass would)", () => {
    const { clusterer, trendOf } = clusteredBy([...cause, ...oil, ...copper])
    // an energy report closer to the China trend's words than to the oil reports'
    const later = input(300, 'Crude slips as China exports fall in weak trade data')
    expect(clusterer.assign(later).cluster).toBe(trendOf.get(100))
    // the cause's own next headline stays with it
    expect(clusterer.assign(input(301, 'China exports fall in weak trade data')).cluster).toBe(trendOf.get(1))
  })
})
