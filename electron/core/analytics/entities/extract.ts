import { tagger } from './tagger'
import { fold, foldCached, readableBody, WORD } from '../mentions/matching'
import { CAMEL_CASE, cleanName, FUNCTION_WORDS, initials, isSurnameAfter, NAME_PARTICLES, nameKey, SMALL_WORDS } from './names'

/**
 * Entities for articles that came without any (docs/entities.md): names of known entities found
 * in the title, summary and body (a gazetteer of the store's entities), plus, for English, the
 * people, organisations and places the compromise tagger finds in the headline.
 */

export interface KnownEntity {
  id: string
  name: string
  type: string | null
}

export interface ExtractedEntity {
  id: string
  score: number
}

/** Scores by where the name was found first: a name in the headline is what the article is about. */
export const SCORE_IN_TITLE = 0.8
export const SCORE_IN_SUMMARY = 0.6
export const SCORE_IN_BODY = 0.4
/** At most this many entities per article, the best scored (then the earliest found) first. */
export const MAX_EXTRACTED = 8

const words = (text: string) =>
  [...text.matchAll(WORD)].map((m) => {
    const lower = m[0].toLowerCase()
    return { text: m[0], folded: foldCached(lower), capitalised: m[0][0] !== lower[0] || CAMEL_CASE.test(m[0]), index: m.index }
  })

/**
 * Punctuation no name runs across: colons, semicolons, ampersands, slashes, brackets, quotes
 * (an apostrophe only beside a space: "O'Brien" is one name) and dashes between spaces
 * ("'Lindsay' Recap: Lindsay Lohan", "American Airlines & JetBlue"). Not a full stop ("Mt. Gox",
 * "U.S.") or a hyphen in a word. Not a comma, except in a list of places (capitalisedSpans); the
 * tagger's "Asian data, Ukraine" breaks at its word in lower case (breaksInName). Breaking every
 * kind of name at commas as well changes no entity of the UCI file (docs/entities.md).
 */
const NAME_BREAK = /[;:&/|()[\]{}!?"“”«»]|\s['‘’]|['‘’]\s|\s[-–—]|[-–—]\s|[–—]/u

/**
 * The store's entities indexed by the first word of their name. A name matches as a phrase,
 * accents and case folded, except that a word the name capitalises must be capitalised in the
 * text too (Apple the company, not apple the fruit; "Edward Snowden" in "Edward Snowden
 * speaks", not a tagger's "Edward Snowden Speaks"). A person is also found by the last word of the
 * name alone (news writes "Snowden" after "Edward Snowden"), after any entity of that name.
 */
export class Gazetteer {
  private readonly byFirstWord = new Map<string, Array<{ entity: KnownEntity; words: Array<{ folded: string; capitalised: boolean }>; alias: boolean }>>()
  private readonly names = new Set<string>()
  private readonly byInitials = new Map<string, Set<KnownEntity>>()
  /** Every entity the gazetteer can answer with, by id (named or through an alias). */
  private readonly byId = new Map<string, KnownEntity>()
  private entities = 0

  constructor(entities: Iterable<KnownEntity> = []) {
    for (const e of entities) this.add(e)
  }

  /** Entities indexed. */
  get size(): number {
    return this.entities
  }

  /** The entity of an id the gazetteer finds (by its name or another), if any. */
  entityOf(id: string): KnownEntity | undefined {
    return this.byId.get(id)
  }

  /** Whether an entity of this name is indexed. */
  knows(name: string): boolean {
    return this.names.has(nameKey(name))
  }

  /** The one entity of two or more words whose initials these are ("gm": General Motors), if exactly one. */
  expand(letters: string): KnownEntity | null {
    const named = this.byInitials.get(letters)
    return named && named.size === 1 ? [...named][0]! : null
  }

  /** Finds an entity also by another name (an abbreviation of it): case as written, two letters or more. */
  addAlias(alias: string, entity: KnownEntity): void {
    const aliasWords = words(alias).map(({ folded, capitalised }) => ({ folded, capitalised }))
    const key = aliasWords.map((w) => w.folded).join(' ')
    if (aliasWords.length === 0 || key.length < 2 || this.names.has(key)) return
    this.names.add(key)
    this.index(entity, aliasWords, true)
  }

  /** Adds an entity; the first entity of a name keeps it (one id per name). False when the name was taken or unusable. */
  add(entity: KnownEntity): boolean {
    const nameWords = words(entity.name).map(({ folded, capitalised }) => ({ folded, capitalised }))
    const key = nameWords.map((w) => w.folded).join(' ')
    // Names of one or two letters (codes, initials) would match too much.
    if (nameWords.length === 0 || key.length < 3 || this.names.has(key)) return false
    this.names.add(key)
    this.entities++
    this.index(entity, nameWords, false)
    const letters = initials(entity.name)
    if (letters) (this.byInitials.get(letters) ?? this.byInitials.set(letters, new Set()).get(letters)!).add(entity)
    const surname = nameWords.at(-1)!
    if (entity.type === 'Person' && nameWords.length > 1 && surname.folded.length >= 4 && !this.names.has(`~${surname.folded}`)) {
      this.names.add(`~${surname.folded}`)
      this.index(entity, [surname], true)
    }
    return true
  }

  private index(entity: KnownEntity, nameWords: Array<{ folded: string; capitalised: boolean }>, alias: boolean): void {
    if (!this.byId.has(entity.id)) this.byId.set(entity.id, entity)
    const first = nameWords[0]!.folded
    const list = this.byFirstWord.get(first) ?? this.byFirstWord.set(first, []).get(first)!
    list.push({ entity, words: nameWords, alias })
    // longest names first, so "Bank of England" wins over "Bank"; a name before a surname
    list.sort((a, b) => b.words.length - a.words.length || Number(a.alias) - Number(b.alias))
  }

  /**
   * The entities named in a text, in order of first mention. Linear in the text: each word is
   * looked up once and compared with the names that begin with it (`meter.steps` counts both).
   */
  find(text: string, meter?: { steps: number }): KnownEntity[] {
    const tokens = words(text)
    const found = new Map<string, KnownEntity>()
    if (meter) meter.steps += tokens.length
    for (let i = 0; i < tokens.length; i++) {
      for (const candidate of this.byFirstWord.get(tokens[i]!.folded) ?? []) {
        const n = candidate.words.length
        if (meter) meter.steps += n
        if (candidate.words.every((w, k) => tokens[i + k]?.folded === w.folded && (!w.capitalised || tokens[i + k]!.capitalised))) {
          if (!found.has(candidate.entity.id)) found.set(candidate.entity.id, candidate.entity)
          i += n - 1
          break
        }
      }
    }
    return [...found.values()]
  }
}

const TYPE_BY_TAG = { people: 'Person', organizations: 'Organization', places: 'Place' } as const

/** The text between the k-th word and the next: a name runs on only across a plain gap. */
const gapAfter = (text: string, source: ReturnType<typeof words>, k: number) => text.slice(source[k]!.index + source[k]!.text.length, source[k + 1]!.index)

/** Whether a name ends after the k-th word: punctuation follows it, or a comma where `atCommas`. */
const breaksAfter = (text: string, source: ReturnType<typeof words>, k: number, atCommas: boolean) => {
  const gap = gapAfter(text, source, k)
  return NAME_BREAK.test(gap) || (atCommas && gap.includes(','))
}

/**
 * Whether a word in lower case cuts a name the tagger read: one that is neither a function word
 * ("Game of Thrones") nor a name's particle ("Charles de Gaulle") is the headline's own ("US stocks
 * dip on weak Asian data, Ukraine" names Ukraine, not "Asian data, Ukraine").
 */
const breaksInName = (word: ReturnType<typeof words>[number]) => !word.capitalised && !FUNCTION_WORDS.has(word.folded) && !NAME_PARTICLES.has(word.folded)

/**
 * The name as the text writes it, in pieces where punctuation or a word in lower case breaks it
 * ("American Airlines & JetBlue" is American Airlines and JetBlue; a list of places at its commas
 * too: "China, Japan"), each without the words at either end that the text does not capitalise
 * (the tagger's "Edward Snowden Speaks" for "Edward Snowden speaks"); none when the name is not in
 * the text or no capitalised word is left.
 */
function capitalisedSpans(text: string, source: ReturnType<typeof words>, name: string, atCommas: boolean): string[] {
  const target = words(name).map((w) => w.folded)
  if (target.length === 0) return []
  for (let i = 0; i + target.length <= source.length; i++) {
    if (!target.every((w, k) => source[i + k]!.folded === w)) continue
    const spans: string[] = []
    let start = i
    const end = i + target.length - 1
    for (let k = i; k <= end; k++) {
      const last = k === end || breaksAfter(text, source, k, atCommas) || breaksInName(source[k + 1]!)
      if (!last) continue
      let from = start
      let to = k
      while (from <= to && !source[from]!.capitalised) from++
      while (to >= from && !source[to]!.capitalised) to--
      if (from <= to) spans.push(source.slice(from, to + 1).map((w) => w.text).join(' '))
      start = k + 1
    }
    return spans
  }
  return []
}

/**
 * People, organisations and places named in an English text, by the compromise tagger; names
 * cleaned of possessives and titles. Then, in a headline written in sentence case, the runs of
 * capitalised words after its first word that the tagger did not name ("Bitcoin exchange Mt. Gox
 * files for US bankruptcy": Mt. Gox), of no known kind (type null): the importer keeps them only
 * when a word of theirs is never written in lower case (docs/entities.md). Other languages: none
 * (the gazetteer still applies).
 */
export function namedEntities(headline: string, lang: string): Array<{ name: string; type: string | null }> {
  if (lang !== 'en' || headline.trim() === '') return []
  // the tagger's work grows faster than its text: it reads a headline's length at most
  const text = taggedText(headline)
  const doc = tagger()(text)
  const source = words(text)
  const out: Array<{ name: string; type: string | null }> = []
  const seen = new Set<string>()
  const add = (span: string, type: string | null) => {
    const cleaned = cleanName(span, type === null)
    if (!cleaned) return
    const asWritten = type === 'Person' ? withSurname(text, source, cleaned) : cleaned
    const key = fold(asWritten)
    if (asWritten.length < 3 || seen.has(key)) return
    seen.add(key)
    out.push({ name: asWritten, type })
  }
  for (const [tag, type] of Object.entries(TYPE_BY_TAG) as Array<[keyof typeof TYPE_BY_TAG, string]>) {
    for (const raw of doc[tag]().out('array') as string[]) {
      // without possessives; titles and function words at its ends go with cleanName
      const name = raw
        .replace(/['’]s\b/gi, '')
        .replace(/[\s.,:;!?'"’]+$/u, '')
        .trim()
      for (const span of capitalisedSpans(text, source, name, type === 'Place')) add(span, type)
    }
  }
  for (const span of sentenceCaseNames(text, source)) add(span, null)
  return out
}

/** What the tagger reads of a headline: at most MAX_TAGGED characters, cut at a word's end. */
export function taggedText(headline: string): string {
  if (headline.length <= MAX_TAGGED) return headline
  const cut = headline.lastIndexOf(' ', MAX_TAGGED)
  return headline.slice(0, cut > 0 ? cut : MAX_TAGGED)
}

/** The longest headline the tagger reads (the door's limit of a title: docs/import-format.md). */
export const MAX_TAGGED = 1_000

/** A given name alone with the surname the tagger left out after it ("Mindy" in "Mindy Kaling talks"). */
function withSurname(text: string, source: ReturnType<typeof words>, span: string): string {
  const k = source.findIndex((w) => w.text === span)
  const next = source[k + 1]
  if (k < 0 || !next || breaksAfter(text, source, k, true)) return span
  return isSurnameAfter(span, next.text) ? `${span} ${next.text}` : span
}

/**
 * Whether a headline is written in sentence case: of its words after the first (three letters or
 * more, function words aside), two or more and at least half are in lower case. Only there does a
 * capital say "a name"; a Title Case headline capitalises every word.
 */
function inSentenceCase(source: ReturnType<typeof words>): boolean {
  const rest = source.slice(1).filter((w) => w.text.length >= 3 && /^\p{L}+$/u.test(w.text) && !FUNCTION_WORDS.has(w.folded))
  const lower = rest.filter((w) => !w.capitalised).length
  return lower >= 2 && lower >= rest.length / 2
}

/** In a sentence-case headline, each run of capitalised words that does not begin it, cut at punctuation (commas too: "China, Japan"). */
function sentenceCaseNames(text: string, source: ReturnType<typeof words>): string[] {
  if (!inSentenceCase(source)) return []
  const runs: string[] = []
  for (let k = 0; k < source.length; k++) {
    if (!source[k]!.capitalised) continue
    let end = k
    while (end + 1 < source.length && source[end + 1]!.capitalised && !breaksAfter(text, source, end, true)) end++
    if (k > 0) runs.push(text.slice(source[k]!.index, source[end]!.index + source[end]!.text.length))
    k = end
  }
  return runs
}

/** Capitals in brackets (two to eight, digits after the first): an abbreviation that the words before it define. */
const BRACKETED_ABBREVIATION = /\(\s*(\p{Lu}[\p{Lu}\p{N}]{1,7})\s*\)/gu

/**
 * The abbreviations a text defines, each with the name it follows: "South by Southwest Interactive
 * Festival (SXSW)" gives SXSW and that run of capitalised words (small words inside it allowed),
 * when the run begins with the abbreviation's first letter (Schwartz and Hearst's long form, by
 * capitals rather than letters: "SXSW" takes its X from no word). Pure.
 */
export function definedAbbreviations(text: string): Array<{ long: string; short: string }> {
  const source = words(text)
  const out: Array<{ long: string; short: string }> = []
  for (const m of text.matchAll(BRACKETED_ABBREVIATION)) {
    let end = -1
    for (let k = 0; k < source.length && source[k]!.index + source[k]!.text.length <= m.index; k++) end = k
    // only a plain gap between the name and its bracket
    if (end < 0 || text.slice(source[end]!.index + source[end]!.text.length, m.index).trim() !== '' || !source[end]!.capitalised) continue
    let start = end
    while (start > 0 && !breaksAfter(text, source, start - 1, true) && (source[start - 1]!.capitalised || (SMALL_WORDS.has(source[start - 1]!.folded) && start - 2 >= 0 && source[start - 2]!.capitalised))) start--
    while (start < end && !source[start]!.capitalised) start++
    const long = text.slice(source[start]!.index, source[end]!.index + source[end]!.text.length)
    if (long[0] === m[1]![0] && nameKey(long) !== nameKey(m[1]!)) out.push({ long, short: m[1]! })
  }
  return out
}

/**
 * How the texts write their words (folded), read in one pass:
 * - `lowerCase`: the words written in lower case somewhere (a word that is also a common word is
 *   no name of its own);
 * - `common`: those that sentence-case headlines write in lower case more often than capitalised
 *   after their first word: common words ("copper"), whatever the tagger reads a capitalised one
 *   as ("Copper Slips With Asian Stocks": a place).
 */
export function caseOfWords(texts: Iterable<string>): { lowerCase: Set<string>; common: Set<string> } {
  const lowerCase = new Set<string>()
  const balance = new Map<string, number>()
  for (const text of texts) {
    const source = words(text)
    for (const w of source) if (!w.capitalised && /\p{Ll}/u.test(w.text[0]!)) lowerCase.add(w.folded)
    if (!inSentenceCase(source)) continue
    for (const w of source.slice(1)) if (/^\p{L}/u.test(w.text)) balance.set(w.folded, (balance.get(w.folded) ?? 0) + (w.capitalised ? -1 : 1))
  }
  return { lowerCase, common: new Set([...balance].filter(([, b]) => b > 0).map(([w]) => w)) }
}

/** Whether a name of unknown kind is worth keeping: a word of it is never written in lower case ("Mt. Gox", not "Festival"). */
export function capitalisedOnly(name: string, lowerCase: ReadonlySet<string>): boolean {
  return words(name).some((w) => !lowerCase.has(w.folded) && /\p{L}/u.test(w.text))
}

/** The entities of one article: gazetteer names by the field they occur in first, at most MAX_EXTRACTED. */
export function extractEntities(article: { title: string; summary?: string | null; markdown?: string | null }, gazetteer: Gazetteer, meter?: { steps: number }): ExtractedEntity[] {
  const scored = new Map<string, number>()
  const fields: Array<[string, number]> = [
    [article.title, SCORE_IN_TITLE],
    [article.summary ?? '', SCORE_IN_SUMMARY],
    [article.markdown ? readableBody(article.markdown) : '', SCORE_IN_BODY],
  ]
  for (const [text, score] of fields) {
    if (!text) continue
    for (const e of gazetteer.find(text, meter)) if (!scored.has(e.id)) scored.set(e.id, score)
  }
  return [...scored]
    .map(([id, score], order) => ({ id, score, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_EXTRACTED)
    .map(({ id, score }) => ({ id, score }))
}
