import { describe, expect, it } from 'vitest'
import {
  FIELDS_BY_SCOPE,
  findMatch,
  fold,
  ftsPrefilter,
  matchArticle,
  snippetAround,
} from '../../electron/core/analytics/mentions/matching'

const m = (text: string, keyword: string, type: 'broad' | 'phrase' | 'exact', lang: string) => findMatch(text, keyword, type, lang)?.matchedText ?? null

describe('keyword matching (docs/mentions.md)', () => {
  it('broad: every word, any order, any inflection (English)', () => {
    expect(m('The central banks raised rates again', 'central bank', 'broad', 'en')).toBe('central banks')
    expect(m('Banks in the central region', 'central bank', 'broad', 'en')).toBe('Banks in the central')
    expect(m('Banks said rates would rise while the central committee of the party met', 'central bank', 'broad', 'en')).toBe('Banks … central')
    expect(m('A central figure', 'central bank', 'broad', 'en')).toBeNull()
  })

  it('phrase: contiguous and in order, inflected; exact: word forms fixed', () => {
    expect(m('Banks in the central region', 'central bank', 'phrase', 'en')).toBeNull()
    expect(m('The central banks raised rates', 'central bank', 'phrase', 'en')).toBe('central banks')
    expect(m('The central banks raised rates', 'central bank', 'exact', 'en')).toBeNull()
    expect(m('The CENTRAL Bank raised rates', 'central bank', 'exact', 'en')).toBe('CENTRAL Bank')
  })

  it('folds case and accents, and stems French, German, Spanish and Russian', () => {
    expect(m('Élections présidentielles en France', 'election presidentielle', 'phrase', 'fr')).toBe('Élections présidentielles')
    expect(m('Élections présidentielles en France', 'élection', 'exact', 'fr')).toBeNull()
    expect(m('Élections présidentielles en France', 'elections', 'exact', 'fr')).toBe('Élections')
    expect(m('Die Bundesregierung plant neue Wahlen', 'Wahl', 'broad', 'de')).toBe('Wahlen')
    expect(m('Die Bundesregierung plant neue Wahlen', 'Wahl', 'exact', 'de')).toBeNull()
    expect(m('Las elecciones en España', 'elección', 'broad', 'es')).toBe('elecciones')
    expect(m('Выборы в Государственную думу', 'выборам', 'broad', 'ru')).toBe('Выборы')
    expect(m('Выборы в Государственную думу', 'государственная дума', 'phrase', 'ru')).toBe('Государственную думу')
    expect(m('Выборы в Государственную думу', 'государственная дума', 'exact', 'ru')).toBeNull()
    expect(m('Выборы в Государственную думу', 'государственную думу', 'exact', 'ru')).toBe('Государственную думу')
  })

  it('matches whole words only, and leaves languages without a stemmer unstemmed', () => {
    expect(m('Fedora 40 released', 'fed', 'broad', 'en')).toBeNull()
    expect(m('Federal Reserve', 'fed', 'broad', 'en')).toBeNull()
    expect(m('Kiongozi wa benki', 'benki', 'broad', 'sw')).toBe('benki')
    expect(m('Kiongozi wa benki', 'benk', 'broad', 'sw')).toBeNull()
  })

  it('folds like the FTS index: Latin accents go, Cyrillic letters stay', () => {
    expect(fold('ÉCOLE Straße')).toBe('ecole straße')
    expect(fold('Йошкар-Ола Ёлка')).toBe('йошкар-ола ёлка')
  })

  it('looks only in the fields of the scope, one hit per keyword and field', () => {
    const article = {
      lang: 'en',
      title: 'Fed holds rates',
      summary: 'The Federal Reserve kept rates unchanged.',
      markdown: 'See [the Fed statement](https://fed.example/rates-statement) on **rates**.',
    }
    const keywords = [
      { id: 'k1', keyword: 'rate', type: 'broad' as const },
      { id: 'k2', keyword: 'fed statement', type: 'phrase' as const },
    ]
    const hits = (scope: keyof typeof FIELDS_BY_SCOPE) => matchArticle(article, keywords, FIELDS_BY_SCOPE[scope]).map((h) => `${h.itemId}:${h.field}:${h.matchedText}`)
    expect(hits('title')).toEqual(['k1:title:rates'])
    // link targets are not text: "rates-statement" in the URL does not count
    expect(hits('body')).toEqual(['k1:body:rates', 'k2:body:Fed statement'])
    expect(hits('both')).toEqual(['k1:title:rates', 'k1:body:rates', 'k2:body:Fed statement'])
    expect(hits('all')).toEqual(['k1:title:rates', 'k1:summary:rates', 'k1:body:rates', 'k2:body:Fed statement'])
  })

  it('cuts snippets at word boundaries around the match', () => {
    const text = `${'word '.repeat(40)}the central bank said ${'more '.repeat(40)}`
    const start = text.indexOf('central')
    const snippet = snippetAround(text, start, start + 'central bank'.length, 20)
    expect(snippet).toBe('…word word word the central bank said more more more…')
  })

  it('prefilters with prefixes that cover every inflection of each word', () => {
    expect(ftsPrefilter('happy elections', 'broad', ['title'])).toBe('{title} : ("happ"* AND "elect"*)')
    expect(ftsPrefilter('Élection', 'exact', ['title', 'markdown'])).toBe('{title markdown} : ("election")')
    expect(ftsPrefilter('Выборы', 'phrase', ['title'])).toBe('{title} : ("выбор"*)')
    expect(ftsPrefilter('!!!', 'broad', ['title'])).toBeNull()
  })
})
