import { describe, expect, it } from 'vitest'
import { cleanName, initials, isAbbreviation } from '../../electron/core/analytics/entities/names'
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

  it('keeps names that begin with a demonym or an adjective, and names whose last word is a noun', () => {
    expect(cleanName('American Airlines')).toBe('American Airlines')
    expect(cleanName('General Motors')).toBe('General Motors')
    expect(cleanName('New York')).toBe('New York')
    expect(cleanName('Steve Jobs')).toBe('Steve Jobs')
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
