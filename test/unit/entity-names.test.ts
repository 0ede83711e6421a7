import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cleanName, endOfLongerName, initials, isAbbreviation, isLoneGivenName, isShortened, isSurnameAfter, namesDefined, otherSpellings, smallWordsInLowerCase, usualWriting, withPossessive, partialNames, type FoundName } from '../../electron/core/analytics/entities/names'
import { Gazetteer } from '../../electron/core/analytics/entities/extract'

/** Names worth the name (docs/entities.md): pure rules, checked on headline fragments. */

describe('a name found in a headline', () => {
  it('loses the words at either end that are no name: titles, section words, capitalised verbs', () => {
    expect(cleanName('Chase Stocks')).toBe('Chase')
    expect(cleanName('Juan Pablo Makes')).toBe('Juan Pablo')
    expect(cleanName('Edward Snowden Speaks')).toBe('Edward Snowden')
    expect(cleanName('President Obama')).toBe('Obama')
    expect(cleanName('Lindsay Lohan Reality')).toBe('Lindsay Lohan')
  })

  it('is nothing when only such words are left: weekdays, months, titles, section words, demonyms, verbs', () => {
    for (const junk of ['Monday', 'March', 'President', 'Business', 'Release', 'Major', 'Monday Afternoon Business Brief', 'Chinese', 'Launch', 'Update 2']) {
      expect(cleanName(junk), junk).toBeNull()
    }
  })

  it('keeps a verb or an adjective after a first word where capitals say "a name" (a run of capitals in a sentence-case headline)', () => {
    // the tagger's spans of a Title Case headline lose them; a sentence-case headline capitalises them for the name's sake
    expect(cleanName('High School Musical')).toBe('High School')
    expect(cleanName('High School Musical', true)).toBe('High School Musical')
    expect(cleanName('iPhone Air', true)).toBe('iPhone Air')
    // listed words, legal forms and demonyms still go, and a word alone must still end a name
    expect(cleanName('Chase Stocks', true)).toBe('Chase')
    expect(cleanName('General Motors Company', true)).toBe('General Motors')
    for (const junk of ['Release', 'Chinese', 'Launch']) expect(cleanName(junk, true), junk).toBeNull()
  })

  it("loses a company's legal form at its end", () => {
    expect(cleanName('General Motors Company')).toBe('General Motors')
    expect(cleanName('Google Inc')).toBe('Google')
    expect(cleanName('Sony Corp')).toBe('Sony')
    expect(cleanName('Inc')).toBeNull()
  })

  it('keeps names that begin with a demonym or an adjective, and names whose last word is a noun', () => {
    expect(cleanName('American Airlines')).toBe('American Airlines')
    expect(cleanName('General Motors')).toBe('General Motors')
    expect(cleanName('New York')).toBe('New York')
    expect(cleanName('Steve Jobs')).toBe('Steve Jobs')
  })
})

describe('names that are part of another name at hand', () => {
  const person = (name: string): FoundName => ({ name, type: 'Person' })
  const org = (name: string): FoundName => ({ name, type: 'Organization' })
  const place = (name: string): FoundName => ({ name, type: 'Place' })
  const partOf = (names: FoundName[], known: string[] = []) => [...partialNames(names, (key) => known.includes(key))].map((n) => n.name).sort()

  it("are a person's first name or surname beside the full name, and a shorter run of it", () => {
    expect(partOf([person('Neil'), person('Tyson'), person('Neil DeGrasse Tyson'), person('Juan Pablo'), person('Juan Pablo Galavis')])).toEqual(['Juan Pablo', 'Neil', 'Tyson'])
    // alone, a first name stays a name
    expect(partOf([person('Neil'), person('Oprah')])).toEqual([])
  })

  it('are a person or organisation behind a word that is no name', () => {
    expect(partOf([org('Defends NSA'), org('Without Netflix'), org('NSA'), person('Star Juan Pablo Galavis'), person('Juan Pablo Galavis')], ['netflix'])).toEqual([
      'Defends NSA',
      'Star Juan Pablo Galavis',
      'Without Netflix',
    ])
    // a person keeps two words at least; without the name behind it, the word stays
    expect(partOf([person('Rand Paul'), person('Paul')])).toEqual(['Paul'])
    expect(partOf([org('Defends NSA')])).toEqual([])
  })

  it('are a name whose possessive lost its apostrophe', () => {
    expect(partOf([person('Lindsay Lohans'), person('Lindsay Lohan')])).toEqual(['Lindsay Lohans'])
    expect(partOf([org('Samsung'), org('Samsungs')])).toEqual(['Samsungs'])
  })

  it("are a name of unknown kind that begins or ends a person's name or ends a longer one, and an organisation read in a person's surname", () => {
    const unknown = (name: string): FoundName => ({ name, type: null })
    expect(partOf([unknown('Lohan'), unknown('Lindsay'), person('Lindsay Lohan'), unknown('Jaguars'), org('Jacksonville Jaguars'), org('Snowden'), person('Edward Snowden')])).toEqual(['Jaguars', 'Lindsay', 'Lohan', 'Snowden'])
    // it keeps its name where it begins an organisation's ("Sbarro" beside "Sbarro Pizza")
    expect(partOf([unknown('Sbarro'), org('Sbarro Pizza'), unknown('Jaguars'), org('Jacksonville Jaguars'), unknown('Glass'), place('Hong Kong'), unknown('Kong')])).toEqual(['Jaguars', 'Kong'])
    expect(partOf([org('Without Netflix'), unknown('Netflix')])).toEqual([])
    // the longer name may be of unknown kind too (the tagger did not read "Sundar Pichai"); a name of known kind keeps its name
    expect(partOf([unknown('Pichai'), unknown('Sundar Pichai'), org('Glass'), unknown('Google Glass')])).toEqual(['Pichai'])
  })

  it('name the one longer name a name of unknown kind ends, for the gazetteer to find by that end', () => {
    const unknown = (name: string): FoundName => ({ name, type: null })
    const names = [unknown('Pichai'), unknown('Sundar Pichai'), unknown('Jaguars'), org('Jacksonville Jaguars'), unknown('Harlem'), place('East Harlem'), unknown('Gox'), unknown('Mt. Gox'), unknown('Ex Gox'), person('Tyson'), person('Neil DeGrasse Tyson')]
    expect(endOfLongerName(names[0]!, names)?.name).toBe('Sundar Pichai')
    expect(endOfLongerName(names[2]!, names)?.name).toBe('Jacksonville Jaguars')
    // not a place's end ("Harlem" is not East Harlem), not when two names end so, not a name of known kind (a person is found by surname)
    expect(endOfLongerName(names[4]!, names)).toBeNull()
    expect(endOfLongerName(names[6]!, names)).toBeNull()
    expect(endOfLongerName(names[9]!, names)).toBeNull()
    // a word that only ends another word is no end of its name
    expect(endOfLongerName(unknown('Pizza'), [unknown('Pizza'), org('Sbarropizza')])).toBeNull()
  })

  it("are never a place or an organisation that begins a longer name, or a name beside another's", () => {
    expect(partOf([place('New York'), place('York'), org('Google'), org('Google Glass'), org('Apple'), org('Apple TV'), place('East London'), place('London')])).toEqual([])
    expect(partOf([person('Carl Sagan'), person('Carl Icahn'), person('Seth Rogen'), person('Zac Efron')])).toEqual([])
  })
})

describe('abbreviations', () => {
  it('are two to five capitals, dotted or not, and fold into the one name with those initials', () => {
    expect(['GM', 'U.S.', 'ECB', 'NASDAQ'].map(isAbbreviation)).toEqual([true, true, true, false])
    expect(['Gm', 'A', 'Apple'].map(isAbbreviation)).toEqual([false, false, false])
    expect(initials('Bank of England')).toBe('be')
    expect(initials('Apple')).toBeNull()
    const gazetteer = new Gazetteer([{ id: '/m/gm', name: 'General Motors', type: 'Organization' }, { id: '/m/gs', name: 'Goldman Sachs', type: 'Organization' }])
    const gm = gazetteer.expand('gm')!
    expect(gm.name).toBe('General Motors')
    gazetteer.addAlias('GM', gm)
    expect(gazetteer.find('GM recalls 1.6 million cars').map((e) => e.name)).toEqual(['General Motors'])
    // written in capitals, as the abbreviation is: "gm" in lower case is not it
    expect(gazetteer.find('a gm crop')).toEqual([])
    // two names with the same initials: the abbreviation stands for neither
    gazetteer.add({ id: '/m/gs2', name: 'Great Society', type: null })
    expect(gazetteer.expand('gs')).toBeNull()
  })
})

describe('names of one person or one thing written otherwise', () => {
  it('are no given name alone: it names no one', () => {
    expect(['Jimmy', 'Catherine', 'Mark', 'Mindy'].filter(isLoneGivenName)).toEqual(['Jimmy', 'Catherine', 'Mark', 'Mindy'])
    // a surname, a full name, a word no given name
    expect(['Putin', 'Snowden', 'Jimmy Fallon', 'Google'].filter(isLoneGivenName)).toEqual([])
  })

  it("take a given name's surname when the tagger does not know the word or knows it as a surname", () => {
    expect(isSurnameAfter('Mindy', 'Kaling')).toBe(true)
    expect(isSurnameAfter('Mark', 'Karpeles')).toBe(true)
    expect(isSurnameAfter('Jon', 'Snow')).toBe(false)
    expect(isSurnameAfter('Mark', 'Says')).toBe(false)
    expect(isSurnameAfter('Mindy', 'kaling')).toBe(false)
    // only after a given name alone
    expect(isSurnameAfter('Putin', 'Kaling')).toBe(false)
  })

  it('fold into the spelling most headlines write: without spaces or dots, or with an "s" added', () => {
    const counts = new Map<string, number>([['Mt. Gox', 5], ['MtGox', 2], ['Chromecast', 1], ['Chromecasts', 3], ['Google', 9], ['Gox', 1], ['Glass', 2]])
    const names: FoundName[] = [...counts.keys()].map((name) => ({ name, type: null }))
    const spellings = otherSpellings(names, (n) => counts.get(n.name)!)
    expect(new Map([...spellings].map(([n, main]) => [n.name, main.name]))).toEqual(
      new Map([
        ['MtGox', 'Mt. Gox'],
        // the singular, though fewer headlines write it
        ['Chromecasts', 'Chromecast'],
      ]),
    )
    // "Glass" and "Gas": no plural of a word of four letters or fewer
    expect(otherSpellings([{ name: 'Gas', type: null }, { name: 'Gass', type: null }], () => 1).size).toBe(0)
  })

  it('are named as headlines usually write them: a brand as it writes itself, else the most usual writing not in capitals', () => {
    const writings = (...list: Array<[string, number]>) => usualWriting(new Map(list))
    expect(writings(['CARL ICAHN', 3], ['Carl Icahn', 2])).toBe('Carl Icahn')
    expect(writings(['Carplay', 1], ['CarPlay', 2])).toBe('CarPlay')
    expect(writings(['EBay', 5], ['eBay', 1])).toBe('eBay')
    expect(writings(['Neil DeGrasse Tyson', 4], ['Neil deGrasse Tyson', 1])).toBe('Neil deGrasse Tyson')
    // capitals when every headline writes it so; the first of equals
    expect(writings(['NSA', 9])).toBe('NSA')
    expect(writings(['Mt. Gox', 2], ['Mt Gox', 2])).toBe('Mt. Gox')
  })

  it("keep a brand's \"'s\" when every headline of three or more writes it: a person's name goes bare somewhere", () => {
    expect(withPossessive('McDonald', 32, 32)).toBe("McDonald's")
    // once bare, or fewer than three headlines, or a name of two words: the possessive of a name
    expect(withPossessive('Putin', 5, 6)).toBeNull()
    expect(withPossessive('Sbarro', 2, 2)).toBeNull()
    expect(withPossessive('Lindsay Lohan', 4, 4)).toBeNull()
  })

  it('fold a name with a word shortened into the name in full, only for names of two words or more', () => {
    const named = (...list: string[]): FoundName[] => list.map((name) => ({ name, type: 'Place' }))
    const folded = (names: FoundName[], counts: Record<string, number> = {}) =>
      Object.fromEntries([...otherSpellings(names, (n) => counts[n.name] ?? 1)].map(([n, main]) => [n.name, main.name]))
    // the name in full, even where more headlines write it short
    expect(folded(named('Wall St', 'Wall Street', 'Wall'), { 'Wall St': 9 })).toEqual({ 'Wall St': 'Wall Street' })
    expect(folded(named('Mt Everest', 'Mount Everest', 'St. Louis', 'Saint Louis'))).toEqual({ 'Mt Everest': 'Mount Everest', 'St. Louis': 'Saint Louis' })
    // a word alone shortens into too many others; two words differing is another name; two candidates, no choice
    expect(folded(named('NSA', 'NASA', 'Asia', 'Australia', 'West', 'Westeros'))).toEqual({})
    expect(folded(named('St Louis Rams', 'Saint Lucia Rams'))).toEqual({})
    expect(folded(named('Wall St', 'Wall Street', 'Wall Stadt'))).toEqual({})
  })

  it('fold every shortening of a word of a longer name into it, and only into a name that differs by that word (property)', () => {
    const letters = fc.stringMatching(/^[a-z]{5,12}$/)
    fc.assert(
      fc.property(letters, letters, fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (first, word, keep) => {
        // the first letter and one to three more, in order
        const picked = [...word.slice(1)].filter((_, k) => keep[k]).slice(0, 3)
        const short = word[0]! + (picked.length > 0 ? picked.join('') : word[1]!)
        // (a word that is its shortening with an "s" added is its plural: the plural rule's)
        fc.pre(short !== word && first !== word && word !== `${short}s`)
        expect(isShortened(short, word)).toBe(true)
        const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1)
        const names: FoundName[] = [`${cap(first)} ${cap(short)}`, `${cap(first)} ${cap(word)}`, `${cap(word)} ${cap(short)}`].map((name) => ({ name, type: null }))
        const folded = otherSpellings(names, () => 1)
        expect(folded.get(names[0]!)?.name).toBe(names[1]!.name)
        // the name in full folds into nothing; a name whose other word differs is another name
        expect(folded.has(names[1]!)).toBe(false)
      }),
      { seed: 28, numRuns: 200 },
    )
  })

  it('write a name as one of its writings, in capitals only when every writing is (property)', () => {
    const writing = fc.stringMatching(/^[A-Za-z]{2,8}( [A-Za-z]{2,8})?$/)
    fc.assert(
      fc.property(fc.array(fc.tuple(writing, fc.integer({ min: 1, max: 9 })), { minLength: 1, maxLength: 6 }), (list) => {
        const writings = new Map(list)
        const usual = usualWriting(writings)
        expect(writings.has(usual)).toBe(true)
        const inCapitals = (w: string) => w === w.toUpperCase()
        if ([...writings.keys()].some((w) => !inCapitals(w))) expect(inCapitals(usual)).toBe(false)
      }),
      { seed: 28, numRuns: 300 },
    )
  })

  it('read a shortened word as headlines shorten: two to four letters of the word in order, the first one first', () => {
    expect(['st', 'mt', 'intl', 'corp', 'ft'].map((w, k) => isShortened(w, ['street', 'mount', 'international', 'corporation', 'fort'][k]!))).toEqual([true, true, true, true, true])
    // one letter, five letters, not the first letter, letters out of order, not shorter
    expect([['s', 'street'], ['intrn', 'international'], ['tr', 'street'], ['ts', 'street'], ['st', 'st']].map(([a, b]) => isShortened(a!, b!))).toEqual([false, false, false, false, false])
  })
})

describe('names written as titles are', () => {
  it('with their small words in lower case inside them, never at either end nor in a name in capitals', () => {
    expect(smallWordsInLowerCase('Game Of Thrones')).toBe('Game of Thrones')
    expect(smallWordsInLowerCase('South By Southwest')).toBe('South by Southwest')
    expect(smallWordsInLowerCase('Pirates Of The Caribbean')).toBe('Pirates of the Caribbean')
    expect(smallWordsInLowerCase('The Walking Dead')).toBe('The Walking Dead')
    expect(smallWordsInLowerCase('Doctor Who')).toBe('Doctor Who')
    expect(smallWordsInLowerCase('Something To Talk About')).toBe('Something to Talk About')
    expect(smallWordsInLowerCase('What It Is Made Of')).toBe('What It Is Made Of')
    expect(smallWordsInLowerCase('BANK OF AMERICA')).toBe('BANK OF AMERICA')
  })

  it('changed in the case of small words inside them only, and the same when written so again', () => {
    const word = fc.constantFrom('Game', 'Of', 'of', 'The', 'By', 'South', 'And', 'Mt.', 'Will', 'TO', 'eBay', 'Über', 'in')
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 7 }), (parts) => {
        const name = parts.join(' ')
        const titled = smallWordsInLowerCase(name)
        expect(titled.toLowerCase()).toBe(name.toLowerCase())
        expect(smallWordsInLowerCase(titled)).toBe(titled)
        const before = name.split(' ')
        const after = titled.split(' ')
        // the first and last words as written; any other word changed only to its lower case, and only a small word
        expect(after[0]).toBe(before[0])
        expect(after.at(-1)).toBe(before.at(-1))
        after.forEach((w, k) => {
          if (w !== before[k]) expect(['of', 'the', 'by', 'and', 'to', 'in']).toContain(w)
        })
      }),
      { seed: 29, numRuns: 300 },
    )
  })
})

describe('abbreviations a headline defines', () => {
  const unknown = (name: string): FoundName => ({ name, type: null })
  it('name the one name at hand inside the words before the bracket that begins with their first letter', () => {
    const names = [unknown('South by Southwest'), org('Edward Snowden'), org('Chiquita'), org('European Central Bank'), org('Central Bank')]
    const defined = namesDefined(
      [
        { long: 'Snowden Speaks At South By Southwest Interactive Festival', short: 'SXSW' },
        { long: 'Chiquita', short: 'CQB' },
        { long: 'European Central Bank', short: 'ECB' },
        { long: 'Apple', short: 'AAPL' },
      ],
      names,
    )
    expect(new Map([...defined].map(([key, n]) => [key, n.name]))).toEqual(new Map([['sxsw', 'South by Southwest'], ['cqb', 'Chiquita'], ['ecb', 'European Central Bank']]))
  })

  it('name nothing when two names define them', () => {
    expect(namesDefined([{ long: 'Chiquita', short: 'CQB' }, { long: 'Chase Quality Bank', short: 'CQB' }], [org('Chiquita'), org('Chase Quality Bank')]).size).toBe(0)
  })

  function org(name: string): FoundName {
    return { name, type: 'Organization' }
  }
})
