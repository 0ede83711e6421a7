import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { capitalisedOnly, caseOfWords, definedAbbreviations, extractEntities, Gazetteer, MAX_EXTRACTED, namedEntities } from '../../electron/core/analytics/entities/extract'

const known = [
  { id: '/m/apple', name: 'Apple', type: 'Organization' },
  { id: '/m/boe', name: 'Bank of England', type: 'Organization' },
  { id: '/m/bank', name: 'Bank', type: null },
  { id: '/m/sjl', name: 'São João Lisboa', type: 'Place' },
  { id: '/m/merkel', name: 'Angela Merkel', type: 'Person' },
  { id: '/m/eu', name: 'EU', type: 'Organization' },
]

describe('the gazetteer of known entities', () => {
  const gazetteer = new Gazetteer(known)

  it('finds one-word names only where they are capitalised', () => {
    expect(gazetteer.find('Apple sells an apple pie').map((e) => e.id)).toEqual(['/m/apple'])
    expect(gazetteer.find('an apple a day')).toEqual([])
  })

  it('prefers the longest name, folds accents, and wants capitals where the name has them', () => {
    expect(gazetteer.find('The Bank of England raised rates').map((e) => e.id)).toEqual(['/m/boe'])
    expect(gazetteer.find('the bank of england raised rates')).toEqual([])
    expect(gazetteer.find('Visit SAO JOAO LISBOA today').map((e) => e.id)).toEqual(['/m/sjl'])
  })

  it('finds a person by surname too, and skips names of fewer than three letters', () => {
    expect(gazetteer.find('Merkel meets the press; EU silent').map((e) => e.id)).toEqual(['/m/merkel'])
    expect(gazetteer.size).toBe(5)
  })

  it('keeps the first entity of a name', () => {
    const g = new Gazetteer(known)
    expect(g.add({ id: '/m/apple-2', name: 'APPLE', type: null })).toBe(false)
    expect(g.find('Apple').map((e) => e.id)).toEqual(['/m/apple'])
  })
})

describe('entity extraction for an article without entities', () => {
  const gazetteer = new Gazetteer(known)

  it('scores a name by the field it occurs in first: title 0.8, summary 0.6, body 0.4', () => {
    const found = extractEntities(
      { title: 'Apple opens in Lisbon', summary: 'Angela Merkel visited.', markdown: 'The [Bank of England](https://boe.example) said **Apple** grew.' },
      gazetteer,
    )
    expect(found).toEqual([
      { id: '/m/apple', score: 0.8 },
      { id: '/m/merkel', score: 0.6 },
      { id: '/m/boe', score: 0.4 },
    ])
  })

  it('keeps at most MAX_EXTRACTED, the best scored first', () => {
    const many = new Gazetteer(Array.from({ length: 12 }, (_, i) => ({ id: `/m/${i}`, name: `Name${i}`, type: null })))
    const body = Array.from({ length: 12 }, (_, i) => `Name${i}`).join(' ')
    const found = extractEntities({ title: 'Name11 leads', markdown: body }, many)
    expect(found).toHaveLength(MAX_EXTRACTED)
    expect(found[0]).toEqual({ id: '/m/11', score: 0.8 })
  })
})

describe('names from the English tagger', () => {
  it('finds people, organisations and places, without titles, possessives or headline words', () => {
    const names = namedEntities("Edward Snowden Is a Stain Upon the Constitution, Says Google's Lawyer in London", 'en')
    expect(names).toContainEqual({ name: 'Edward Snowden', type: 'Person' })
    expect(names.map((n) => n.name)).toContain('London')
    expect(names.every((n) => !/\b(Is|Says)\b|'s/.test(n.name))).toBe(true)
  })

  it('breaks a name at punctuation between its words, not at a full stop or an apostrophe in a word', () => {
    const names = (text: string) => namedEntities(text, 'en').map((n) => n.name)
    expect(names('American Airlines & JetBlue End Agreement')).toEqual(['American Airlines', 'JetBlue'])
    expect(names("'Lindsay' Recap: Lindsay Lohan Is Unrepentant About Going To Jail")).toEqual(['Lindsay', 'Lindsay Lohan'])
    expect(names('Conan O’Brien Visits Dublin')).toContain('Conan O Brien')
    expect(names('Martin Luther King Jr. Day parade in St. Louis')).toContain('St Louis')
    expect(names('J.K. Rowling writes again')).toEqual(['J K Rowling'])
  })

  it('breaks a name at a word the headline writes in lower case, unless it is a function word or a name\'s particle', () => {
    const names = (text: string) => namedEntities(text, 'en').map((n) => n.name)
    // the tagger reads "Asian data, Ukraine" as one organisation
    expect(names('US stocks dip on weak Asian data, Ukraine')).toEqual(['Ukraine'])
    expect(names('Charles de Gaulle airport closed by strike')).toContain('Charles de Gaulle')
    expect(names('Ludwig van Beethoven symphony found')).toContain('Ludwig van Beethoven')
  })

  it('finds the abbreviations a headline defines in brackets after a run of capitalised words beginning with their first letter', () => {
    expect(definedAbbreviations('Edward Snowden speaks at South by Southwest Interactive Festival (SXSW)')).toEqual([{ long: 'South by Southwest Interactive Festival', short: 'SXSW' }])
    expect(definedAbbreviations('Talks at the European Central Bank (ECB) stall')).toEqual([{ long: 'European Central Bank', short: 'ECB' }])
    // a word in brackets, a bracket after a word in lower case or after punctuation, a run of another first letter: none
    expect(definedAbbreviations('Snowden speaks at SXSW (VIDEO)')).toEqual([])
    expect(definedAbbreviations('Edward Snowden speaks at South by Southwest (Video)')).toEqual([])
    expect(definedAbbreviations('A talk (SXSW) here')).toEqual([])
    expect(definedAbbreviations('Carl Icahn Rift Hurts eBay (EBAY)')).toEqual([])
    expect(definedAbbreviations('GM (GM) Selects Former Lehman Investigator')).toEqual([])
  })

  it('finds defined abbreviations only as capitals in brackets, each with words of the text before it', () => {
    const part = fc.constantFrom('South', 'by', 'Southwest', 'Festival', 'speaks', 'at', '(SXSW)', '(VIDEO)', '(Video)', ':', 'ECB', '(E2)', 'Bank')
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 10 }), (parts) => {
        const text = parts.join(' ')
        for (const { long, short } of definedAbbreviations(text)) {
          expect(short).toMatch(/^\p{Lu}[\p{Lu}\p{N}]{1,7}$/u)
          expect(text).toContain(`${long} (${short})`)
          expect(long[0]).toBe(short[0])
        }
      }),
      { seed: 29, numRuns: 300 },
    )
  })

  it('gives names that the headline writes as one run of words, never across punctuation, none empty', () => {
    const word = fc.constantFrom('Apple', 'Google', 'Edward', 'Snowden', 'China', 'Japan', 'Data', 'Falls', 'new', 'talks', 'of', 'Bank', 'England', 'Mt.', 'O’Brien', 'US', '2014')
    const gap = fc.constantFrom(' ', ' ', ' ', ', ', ': ', ' & ', ' - ', "' ", ' (', ') ', '; ')
    fc.assert(
      fc.property(fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 12 }), (parts) => {
        const text = parts.map(([w, g]) => w + g).join('').trim()
        const runs = text.split(/[;:&/|()[\]{}!?"“”«»]|\s['‘’]|['‘’]\s|\s[-–—]|[-–—]\s/u).map((run) => ` ${(run.match(/[\p{L}\p{N}]+/gu) ?? []).join(' ').toLowerCase()} `)
        for (const { name, type } of namedEntities(text, 'en')) {
          expect(name.length).toBeGreaterThanOrEqual(3)
          expect(['Person', 'Organization', 'Place', null]).toContain(type)
          // its words, in order, inside one run between two breaks
          expect(runs.some((run) => run.includes(` ${name.toLowerCase()} `))).toBe(true)
          // and none of the headline's own words in lower case ("of" may join a name)
          expect(name.split(' ').filter((w) => w === 'new' || w === 'talks')).toEqual([])
        }
      }),
      { seed: 24, numRuns: 150 },
    )
  })

  it('takes the capitalised runs of a sentence-case headline after its first word as names of unknown kind, not those of a Title Case one', () => {
    expect(namedEntities('Bitcoin exchange Mt. Gox files for US bankruptcy protection', 'en')).toContainEqual({ name: 'Mt. Gox', type: null })
    expect(namedEntities('Mt. Gox Files For US Chapter 15 Bankruptcy Protection', 'en').filter((n) => n.type === null)).toEqual([])
    // its first word is capitalised anyway; a comma breaks the run
    expect(namedEntities('Titanfall review roundup: critics like it', 'en').map((n) => n.name)).not.toContain('Titanfall')
    expect(namedEntities('Weak data from Fyffes, Herbalife weigh on shares', 'en').filter((n) => n.type === null).map((n) => n.name)).toEqual(['Fyffes', 'Herbalife'])
  })

  it('reads a brand written in camel case as capitalised: a name in a sentence-case headline, and no common word', () => {
    expect(namedEntities('Apple releases new iPhone with better battery life', 'en')).toEqual([{ name: 'iPhone', type: null }])
    expect(caseOfWords(['Shoppers leave eBay for rivals']).lowerCase).not.toContain('ebay')
    // the gazetteer wants the capital as written
    const brands = new Gazetteer([{ id: '/m/iphone', name: 'iPhone', type: null }])
    expect(brands.find('The new iPhone ships').map((e) => e.id)).toEqual(['/m/iphone'])
    expect(brands.find('an iphone case')).toEqual([])
  })

  it("gives a given name the surname the tagger left out, when the tagger does not know that word or knows it as a surname", () => {
    expect(namedEntities('Mindy Kaling talks diversity at SXSW', 'en')).toContainEqual({ name: 'Mindy Kaling', type: 'Person' })
    expect(namedEntities('Mark Karpeles apologises to customers of the exchange', 'en')).toEqual([{ name: 'Mark Karpeles', type: 'Person' }])
    // a word the tagger knows otherwise is no surname ("Snow"), and a comma ends the name
    expect(namedEntities('Jon Snow returns in new trailer for the show', 'en')).toEqual([{ name: 'Jon', type: 'Person' }])
    expect(namedEntities('Fans of Mindy, Kaling says, want more', 'en').map((n) => n.name)).not.toContain('Mindy Kaling')
  })

  it('splits places listed with a comma into places', () => {
    expect(namedEntities('Asian shares slip after weak China, Japan data', 'en')).toEqual([
      { name: 'China', type: 'Place' },
      { name: 'Japan', type: 'Place' },
    ])
    expect(namedEntities('Hong Kong, China shares sink on weak data', 'en').map((n) => n.name)).toEqual(['Hong Kong', 'China'])
  })

  it('counts a word as common when sentence-case headlines write it in lower case more often than capitalised after their first word', () => {
    const common = caseOfWords(['World stocks, copper, oil dip', 'Shanghai copper slides on China concerns', 'Copper Slips With Asian Stocks', 'Copper falls to an eight-month low', 'Investors in China fret']).common
    expect(common).toContain('copper')
    // capitalised after the first word, and Title Case headlines, count for a name
    expect(common).not.toContain('china')
    expect(common).not.toContain('asian')
    expect(caseOfWords(['Gas prices fall in Reading', 'Reading is fun again', 'Traffic in Reading eases']).common).not.toContain('reading')
  })

  it('keeps a name of unknown kind only when a word of it is never written in lower case', () => {
    const lower = caseOfWords(['Tickets for the festival sell out', 'Mt. Gox files for bankruptcy', 'Xbox One gets one more game']).lowerCase
    expect([...lower].sort()).toEqual(['bankruptcy', 'files', 'for', 'festival', 'game', 'gets', 'more', 'one', 'out', 'sell', 'the'].sort())
    expect(capitalisedOnly('Festival', lower)).toBe(false)
    expect(capitalisedOnly('Mt. Gox', lower)).toBe(true)
    expect(capitalisedOnly('Xbox One', lower)).toBe(true)
    expect(capitalisedOnly('One', lower)).toBe(false)
  })

  it('leaves other languages to the gazetteer', () => {
    expect(namedEntities('Angela Merkel besucht Paris', 'de')).toEqual([])
  })
})
