import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countTitle, titleTerms, trendLabel, type TermCounts } from '../../electron/core/analytics/trends/label'
import { labelFits, storylineQuality } from '../../electron/core/analytics/trends/quality'

/** Trend labels (docs/trends.md, "Labels"): pure, checked on hand-made trends. */

const countsOf = (titles: string[]): TermCounts => {
  const counts: TermCounts = new Map()
  for (const t of titles) countTitle(counts, t)
  return counts
}

describe('the terms of a headline', () => {
  it('are runs of one to three words, as the title writes them, never starting or ending with a function word or a bare number', () => {
    const terms = titleTerms('Mt. Gox Files For US Bankruptcy in 2014')
    expect(terms).toContainEqual({ key: 'mt gox', text: 'Mt. Gox' })
    expect(terms).toContainEqual({ key: 'us bankruptcy', text: 'US Bankruptcy' })
    expect(terms).toContainEqual({ key: 'files for us', text: 'Files For US' })
    expect(terms.map((t) => t.key)).not.toContain('for us')
    expect(terms.map((t) => t.key)).not.toContain('bankruptcy in')
    expect(terms.map((t) => t.key)).not.toContain('2014')
    expect(terms.every((t) => t.key.split(' ').length <= 3)).toBe(true)
  })

  it('do not run over a clause\'s or a quote\'s punctuation, nor start with the tail of a contraction', () => {
    const keys = (title: string) => titleTerms(title).map((t) => t.key)
    expect(keys('Until bitcoin has oversight, it\'s a volatile uncertainty')).not.toContain('s a volatile')
    expect(keys('Until bitcoin has oversight, it\'s a volatile uncertainty')).toContain('volatile uncertainty')
    expect(keys('Mother finds body; daughter lured')).not.toContain('body daughter')
    expect(keys('Why that "new category" thing may be wrong')).not.toContain('category thing')
    expect(keys('Oversight, now')).not.toContain('oversight now')
    // a name's own dot, apostrophe and hyphen join its words
    expect(titleTerms("McDonald's struggles at Metro-North")).toEqual(
      expect.arrayContaining([
        { key: 'mcdonald s', text: "McDonald's" },
        { key: 'metro north', text: 'Metro-North' },
      ]),
    )
    expect(keys('Procter & Gamble results')).toContain('procter gamble')
  })

  it('keep a brand\'s own writing ("iOS", "eBay") over one in capitals or title case', () => {
    const counts = countsOf(['Apple releases iOS 7.1', 'APPLE RELEASES IOS 7.1', 'Apple Releases IOS Update', 'eBay and Icahn', 'EBay Should Spin Off PayPal'])
    expect(counts.get('ios')).toEqual({ n: 3, text: 'iOS' })
    expect(counts.get('ebay')).toEqual({ n: 2, text: 'eBay' })
    // a brand's writing met after the capitalised one takes its place
    expect(countsOf(['IPhone 6 Concept', 'the iPhone 6 we want']).get('iphone')).toEqual({ n: 2, text: 'iPhone' })
    // a first letter beyond ASCII is told by the pattern
    expect(countsOf(['ÉBAY results', 'éBay results']).get('ebay')).toEqual({ n: 2, text: 'éBay' })
    // a common word still takes the headline's capitals
    expect(countsOf(['filed for bankruptcy', 'Bankruptcy court hears']).get('bankruptcy')!.text).toBe('Bankruptcy')
  })

  it('are counted once a title, and the counts stay bounded without losing a frequent term', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa'), { minLength: 1, maxLength: 8 }), { maxLength: 200 }), (titles) => {
        const counts = countsOf(['Bitcoin Bitcoin rally', ...titles.map((w) => `Bitcoin ${w.join(' ')}`)])
        expect(counts.size).toBeLessThanOrEqual(400)
        expect(counts.get('bitcoin')).toEqual({ n: titles.length + 1, text: 'Bitcoin' })
      }),
      { seed: 19, numRuns: 50 },
    )
  })

  it('past 400 terms keep the commonest 200, commonest first, equally common ones in the order they came', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 401, maxLength: 600 }), (ns) => {
        const counts: TermCounts = new Map(ns.map((n, i) => [`term ${i}`, { n, text: `Term ${i}` }]))
        // what a stable sort of every term, commonest first, keeps
        const expected = [...counts].sort((a, b) => b[1].n - a[1].n).slice(0, 200)
        countTitle(counts, '')
        expect([...counts]).toEqual(expected)
      }),
      { seed: 23, numRuns: 100 },
    )
  })
})

describe('a trend label', () => {
  const specific: Record<string, number> = { china: 1, gox: 5, bankruptcy: 3, sbarro: 10, exchange: 2 }
  const specificity = (text: string) => Math.max(0, ...text.toLowerCase().split(/\W+/).map((w) => specific[w] ?? 0))

  it('is the name specific to the trend, not the one every story shares', () => {
    const titles = ['Mt. Gox seeks bankruptcy', 'China exchange and Mt. Gox', 'Mt. Gox hacked', 'China markets fall']
    const entities = [{ name: 'China', type: 'Place', w: 4 }, { name: 'Mt. Gox', type: 'Organization', w: 1.6 }]
    // China: coverage 1 (every article carries it) x 1 x 1.15 = 1.15; "Mt. Gox": titles 3/4 x 5 = 3.75 as a name (x 1.15)
    const { label, keyEntities } = trendLabel({ size: 4, terms: countsOf(titles), entities, specificity })
    expect(label).toBe('Mt. Gox')
    expect(keyEntities).toEqual(['Mt. Gox', 'China'])
  })

  it('has key entities that two of its articles carry once it has five, however rare a name one article gives', () => {
    const titles = ['eBay rejects Icahn', 'Icahn slams eBay', 'eBay and Icahn trade punches', 'Market wrap: Chiquita biggest banana brand; eBay rejects Icahn', 'eBay board fight']
    const rare = (text: string) => ({ ebay: 3, icahn: 4, chiquita: 9 })[text.toLowerCase()] ?? 1
    const entities = [
      { name: 'eBay', type: 'Organization', w: 4, articles: 5 },
      { name: 'Carl Icahn', type: 'Person', w: 3.2, articles: 4 },
      { name: 'Chiquita', type: 'Organization', w: 0.8, articles: 1 },
    ]
    // Chiquita would rank second on rarity (1/5 of the titles x 9 = 1.8, above Icahn's 3.2/5 x 1 = 0.64); one article of five carries it
    expect(trendLabel({ size: 5, terms: countsOf(titles), entities, specificity: rare }).keyEntities).toEqual(['eBay', 'Carl Icahn'])
    // a trend of four keeps every entity; an entity whose article count is unknown counts
    expect(trendLabel({ size: 4, terms: countsOf(titles.slice(1)), entities, specificity: rare }).keyEntities).toContain('Chiquita')
    expect(trendLabel({ size: 5, terms: countsOf(titles), entities: entities.map(({ articles: _, ...e }) => e), specificity: rare }).keyEntities).toContain('Chiquita')
  })

  it('is written as the name is when the titles\' phrase is an entity\'s name ("Game of Thrones", not a Title Case "Game Of Thrones")', () => {
    const titles = ['Game Of Thrones Season 4 Trailer', 'New Game Of Thrones Trailer', 'Game of Thrones returns', 'Game Of Thrones: Dragons']
    const rare = (text: string) => (/thrones/i.test(text) ? 6 : 1)
    const { label } = trendLabel({ size: 4, terms: countsOf(titles), entities: [{ name: 'Game of Thrones', type: null, w: 3.2 }], specificity: rare })
    expect(label).toBe('Game of Thrones')
  })

  it('is carried by half the titles when any candidate is: a rare word in one title does not name the story', () => {
    const titles = ['Sbarro bankruptcy filed', 'Bankruptcy court hears exchange', 'Exchange bankruptcy', 'Markets wobble']
    // Sbarro: 1/4 x 10 = 2.5, above bankruptcy's 3/4 x 3 = 2.25, but only a quarter of the titles carry it
    expect(trendLabel({ size: 4, terms: countsOf(titles), entities: [], specificity }).label).toBe('Bankruptcy')
  })

  it('prefers the longer phrase when it covers nearly as many titles', () => {
    const titles = ['Gox exchange halts', 'Gox exchange files', 'Gox users hacked', 'Gox users wait']
    // "Gox": 4/4 x 5 = 5; "Gox exchange": 2/4 x 5 x 1.2 = 3: the shorter covers more and wins
    expect(trendLabel({ size: 4, terms: countsOf(titles), entities: [], specificity }).label).toBe('Gox')
    const all = ['Gox exchange halts', 'Gox exchange files', 'Gox exchange hacked', 'Gox exchange waits']
    expect(trendLabel({ size: 4, terms: countsOf(all), entities: [], specificity }).label).toBe('Gox exchange')
  })

  it('is the phrase around a headline word that three quarters of its titles write ("Gas prices", not "Gas"), but a name stays a name', () => {
    const rare = (text: string) => (/\bgas\b/i.test(text) ? 4 : /\bgox\b/i.test(text) ? 5 : 1)
    const titles = ['Gas prices climb', 'Gas prices steady in Ohio', 'AAA: gas prices up', 'Gas up 2 cents', 'Gas prices jump', 'Peoria Gas Prices Rise', 'Gas prices keep climbing', 'Refinery outage lifts gas']
    // "Gas": 8/8 x 4 = 4; "Gas prices": 6/8 x 4 x 1.2 = 3.6; six of the eight titles that say "gas" say "gas prices"
    expect(trendLabel({ size: 8, terms: countsOf(titles), entities: [], specificity: rare }).label).toBe('Gas prices')
    // three of the four titles that say it, in a trend of five (0.6 against three quarters of 0.8, which floating point makes a hair more)
    const five = ['Gas prices climb', 'Gas prices steady', 'Gas prices jump', 'Gas up 2 cents', 'Refinery outage']
    expect(trendLabel({ size: 5, terms: countsOf(five), entities: [], specificity: rare }).label).toBe('Gas prices')
    // three of four titles: the longer phrase too
    expect(trendLabel({ size: 4, terms: countsOf(['Gox exchange halts', 'Gox exchange files', 'Gox exchange hacked', 'Gox users wait']), entities: [], specificity }).label).toBe('Gox exchange')
    // a name is not lengthened ("Mt. Gox", not "Mt. Gox exchange")
    const named = ['Mt. Gox exchange halts', 'Mt. Gox exchange files', 'Mt. Gox exchange hacked', 'Mt. Gox users wait']
    expect(trendLabel({ size: 4, terms: countsOf(named), entities: [{ name: 'Mt. Gox', type: 'Organization', w: 3.2 }], specificity }).label).toBe('Mt. Gox')
  })

  it('weighs a name by the articles that carry it, not by its words, where the store knows: titles write "US", not "United States"', () => {
    const titles = ['Mt. Gox files US bankruptcy', 'Gox files in US', 'Mt. Gox US filing', 'Gox US case']
    const entities = [
      { id: '/m/us', name: 'United States', type: 'Place', w: 4 },
      { id: '/m/gox', name: 'Mt. Gox', type: 'Organization', w: 4 },
    ]
    // by the words of its name "United States" looks rare (no title writes "united"), so it would win
    const wordy = (text: string) => (/united/i.test(text) ? 8 : specificity(text))
    expect(trendLabel({ size: 4, terms: countsOf(titles), entities, specificity: wordy }).label).toBe('United States')
    // the store's articles carry the United States everywhere (1) and Mt. Gox in few (5)
    const carried: Record<string, number> = { '/m/us': 1, '/m/gox': 5 }
    const { label, keyEntities } = trendLabel({ size: 4, terms: countsOf(titles), entities, specificity: wordy, entitySpecificity: (e) => carried[e.id!]! })
    expect(label).toBe('Mt. Gox')
    expect(keyEntities).toEqual(['Mt. Gox', 'United States'])
  })

  it('names a person or a place in full when half the titles do, and writes a name as the titles spell it', () => {
    const titles = ['Lindsay Lohan wants integrity', 'Lindsay Lohan docu-series', 'Lindsay on OWN', 'Lindsay Lohan talks']
    const person = [{ name: 'Lindsay Lohan', type: 'Person', w: 3 }]
    // "Lindsay": 4/4 x 4 = 4 beats the name's 3/4 x 4 x 1.15 = 3.45, but three titles of four write the name
    const lindsay = (text: string) => (/lindsay|lohan/i.test(text) ? 4 : 0)
    expect(trendLabel({ size: 4, terms: countsOf(titles), entities: person, specificity: lindsay }).label).toBe('Lindsay Lohan')
    // so is a place: "Wall" (4/4 x 4 = 4) beats "Wall Street" (3/4 x 4 x 1.2 = 3.6 as a phrase, x 1.15 = 3.45 as a name)
    const wall = ['Wall Street edges lower', 'Wall St opens lower', 'Wall Street opens lower', 'Uncertain mood on Wall Street']
    const wallWords = (text: string) => (/wall|street/i.test(text) ? 4 : 0)
    expect(trendLabel({ size: 4, terms: countsOf(wall), entities: [{ name: 'Wall Street', type: 'Place', w: 2 }], specificity: wallWords }).label).toBe('Wall Street')
    // a one-word name stays, and so does a person whom fewer than half the titles name in full
    expect(trendLabel({ size: 4, terms: countsOf(titles), entities: [{ name: 'Lindsay', type: 'Place', w: 3 }], specificity: lindsay }).label).toBe('Lindsay')
    const surnames = ['Snowden warns', 'Snowden at SXSW', 'Edward Snowden speaks', 'Snowden regrets nothing']
    const snowden = (text: string) => (/snowden|edward/i.test(text) ? 4 : 0)
    expect(trendLabel({ size: 4, terms: countsOf(surnames), entities: [{ name: 'Edward Snowden', type: 'Person', w: 1 }], specificity: snowden }).label).toBe('Snowden')
    // an entity named "EBay" is written as the titles spell it
    const ebay = ['eBay should spin off PayPal', 'eBay and Icahn', 'Icahn on eBay', 'eBay board']
    expect(trendLabel({ size: 4, terms: countsOf(ebay), entities: [{ name: 'EBay', type: 'Organization', w: 4 }], specificity: (t) => (/ebay/i.test(t) ? 5 : 1) }).label).toBe('eBay')
  })

  it('is the event its articles name, and null when nothing names it', () => {
    const entities = [{ name: 'China', type: 'Place', w: 4 }, { name: 'Rate Summit', type: 'Event', w: 1 }]
    expect(trendLabel({ size: 4, terms: countsOf(['China rates']), entities, specificity }).label).toBe('Rate Summit')
    expect(trendLabel({ size: 1, terms: countsOf(['The 10']), entities: [], specificity })).toEqual({ label: null, keyEntities: [] })
  })
})

describe('trend quality against known storylines', () => {
  it('counts B-cubed, label fit over trends of five articles or more, and the storylines a trend mixes', () => {
    const member = (seq: number, trend: string, storyline: string, title: string, label = trend) => ({ seq, trend, label, storyline, title })
    const members = [
      // trend "General Motors": 5 articles, 3 of them say "GM" or the name; storylines x (4) and y (1)
      member(1, 'General Motors', 'x', 'GM recalls cars'),
      member(2, 'General Motors', 'x', 'General Motors hires lawyers'),
      member(3, 'General Motors', 'x', 'G.M. faces questions'),
      member(4, 'General Motors', 'x', 'Ignition switch probe'),
      member(5, 'General Motors', 'y', 'Markets today'),
      // trend "Bitcoin": 5 articles, one title names it
      ...[6, 7, 8, 9, 10].map((seq) => member(seq, 'Bitcoin', 'z', seq === 6 ? 'Bitcoin slides' : 'Exchange files')),
      member(11, 'Alone', 'y', 'Alone'),
    ]
    const q = storylineQuality(members)
    // precision: x items 4/5 each, y in GM 1/5, z 1 each, y alone 1 -> (4*0.8 + 0.2 + 5 + 1) / 11
    expect(q.precision).toBeCloseTo((4 * 0.8 + 0.2 + 5 + 1) / 11, 10)
    // recall: x 1 each, y items 1/2 each, z 1 each -> (4 + 0.5 + 5 + 0.5) / 11
    expect(q.recall).toBeCloseTo(10 / 11, 10)
    expect(q).toMatchObject({ articles: 11, storylines: 3, trends: 3, labelled: 2, labelFit: 0.5, maxStorylines: 2, catchAlls: 0 })
    expect(labelFits('General Motors', ['GM recalls', 'G.M. says', 'gm crops', 'Other'])).toBe(true)
    expect(labelFits('General Motors', ['gm crops', 'Other', 'More'])).toBe(false)
  })
})
