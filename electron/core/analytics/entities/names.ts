import { tagger } from './tagger'
import { fold, WORD } from '../mentions/matching'

/**
 * What makes a name found in a headline worth keeping as an entity (docs/entities.md, "Names
 * worth the name"): not a weekday, a month, a title or a section word, not a headline fragment
 * around a name ("Juan Pablo Makes" is Juan Pablo, "Chase Stocks" is Chase), and an abbreviation
 * folded into the name it stands for ("GM" into "General Motors"). Pure.
 */

/** Words that are never a name on their own, and are trimmed from either end of one. */
const NOT_NAME_WORDS = new Set(
  (
    // weekdays and months
    'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun ' +
    'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec ' +
    // honorifics and titles, alone
    'mr mrs ms dr sir lady lord president vice prime minister chancellor secretary chairman chairwoman chair ceo cfo coo founder chief executive ' +
    'director manager senator governor mayor judge justice king queen prince princess pope bishop officer official officials spokesman ' +
    'spokeswoman congressman congresswoman representative rep sen gov minister ambassador commissioner president-elect ' +
    // section, format and headline words
    'business news breaking update updated updates report reports review reviews release press video videos photo photos pictures picture gallery ' +
    'live blog exclusive analysis opinion editorial recap spoilers spoiler premiere finale episode season trailer interview interviews preview ' +
    'major top most popular latest first world politics markets market stocks stock shares economy tech technology science health sports ' +
    'entertainment lifestyle travel weather today tonight morning afternoon evening weekly daily week weekend year quarter data launch ' +
    'watch read listen look more things reasons ways facts questions answers highlights roundup brief briefing digest wrap outlook ' +
    'reality show shows series movie film fan fans engagement special coverage story stories rumors rumours'
  ).split(' '),
)

/** Demonyms name no one entity alone, but begin many names ("American Airlines"). */
const DEMONYMS = new Set(
  ('american americans chinese japanese russian russians european europeans asian british german germans french indian african ' +
    'canadian australian mexican korean italian spanish irish israeli iranian ukrainian arab western eastern').split(' '),
)

/**
 * Words a Title Case headline capitalises that the tagger then takes into a name ("Edward
 * Snowden Is", "Will Apple"): never at either end of a name.
 */
export const FUNCTION_WORDS = new Set(
  ('a an and are as at be been but by can could did do does for from had has have how if in into is it its may might must not of on or over ' +
    'says said should so than that the their then there these this those to up upon was were what when where which while who why will with would ' +
    'after before about against amid vs his her our your my we they he she').split(' '),
)

/** Lower-case words inside a person's or a place's name: "Charles de Gaulle", "Leonardo da Vinci", "Ludwig van Beethoven". */
export const NAME_PARTICLES = new Set('al bin da das de del della den der di do dos du el la le van von y'.split(' '))

const tagCache = new Map<string, string[]>()
/** The tagger's reading of a word alone, lower-cased (cached: headlines repeat their words). */
function tagsOf(word: string): string[] {
  const lower = word.toLowerCase()
  let tags = tagCache.get(lower)
  if (!tags) {
    tags = (tagger()(lower).json() as Array<{ terms: Array<{ tags: string[] }> }>)[0]?.terms[0]?.tags ?? []
    if (tagCache.size > 50_000) tagCache.clear()
    tagCache.set(lower, tags)
  }
  return tags
}

/** A word that starts no name: a listed word, a function word or a bare number. */
function listedWord(word: string): boolean {
  const lower = fold(word)
  return NOT_NAME_WORDS.has(lower) || FUNCTION_WORDS.has(lower) || /^\d+$/.test(lower)
}

/** A company's legal form ends no name: "General Motors Company" is General Motors, "Google Inc" Google. */
const LEGAL_FORMS = new Set('inc incorporated corp corporation co company ltd limited llc plc ag sa nv'.split(' '))

/**
 * A word that ends no name: a listed word, a legal form, or a verb or adjective the tagger knows
 * (and not as a name): "Juan Pablo Makes". Where capitals say "a name" (a run of capitalised words
 * in a sentence-case headline), a verb or an adjective after a first word is the name's own ("High
 * School Musical", "Game of Thrones", "iPhone Air"): a Title Case headline's "Makes" is
 * capitalised for the headline's sake, a sentence-case headline's for the name's.
 */
function notANameEnd(word: string, capitalsSayName = false): boolean {
  if (listedWord(word) || DEMONYMS.has(fold(word)) || LEGAL_FORMS.has(fold(word))) return true
  if (capitalsSayName) return false
  const tags = tagsOf(word)
  return !tags.includes('ProperNoun') && (tags.includes('Verb') || tags.includes('Adjective'))
}

/**
 * The name without the words at either end that are no name ("Chase Stocks" -> "Chase", "Most
 * Popular Beauty World News" -> "Beauty"); a single word left must not end a name either
 * ("Monday", "Release", "Chinese"). `capitalsSayName`: the name is a run of capitals of a
 * sentence-case headline (notANameEnd). Null when nothing worth a name is left.
 */
export function cleanName(name: string, capitalsSayName = false): string | null {
  const words = [...name.matchAll(WORD)]
  let from = 0
  let to = words.length - 1
  while (from <= to && listedWord(words[from]![0])) from++
  while (to >= from && notANameEnd(words[to]![0], capitalsSayName && to > from)) to--
  if (from > to) return null
  const cleaned = name.slice(words[from]!.index!, words[to]!.index! + words[to]![0].length)
  return cleaned.length >= 3 ? cleaned : null
}

/**
 * A given name alone ("Jimmy", "Catherine", "Mark"): it names no one person of its own (a
 * headline's "Jimmy" is Jimmy Fallon, a Title Case "Stocks Mark..." no one), whichever person
 * the tagger read. A word the tagger also knows as a surname ("Paul", "Snowden") is kept.
 */
export function isLoneGivenName(name: string): boolean {
  const parts = name.match(WORD) ?? []
  if (parts.length !== 1) return false
  const tags = tagsOf(parts[0]!)
  return tags.includes('FirstName') && !tags.includes('LastName')
}

let lexicon: Record<string, unknown> | null = null
/** Whether the tagger's lexicon knows a word (else its reading of it is a guess: "Kaling" a gerund). */
function inLexicon(word: string): boolean {
  lexicon ??= (tagger() as unknown as { model(): { one: { lexicon: Record<string, unknown> } } }).model().one.lexicon
  return Object.hasOwn(lexicon, word.toLowerCase())
}

/**
 * Whether a capitalised word after a given name is its surname, which the tagger left out: a
 * word it does not know ("Mindy Kaling", "Mark Karpeles") or knows as a surname.
 */
export function isSurnameAfter(given: string, next: string): boolean {
  if (!isLoneGivenName(given) || listedWord(next) || !/^\p{Lu}\p{Ll}/u.test(next)) return false
  return !inLexicon(next) || tagsOf(next).includes('LastName')
}

/** A brand's word that begins in lower case and goes on with a capital ("iPhone", "eBay", "deGrasse"): a capitalised word. */
export const CAMEL_CASE = /^\p{Ll}{1,3}\p{Lu}/u

/** A name's folded words joined by spaces: the key names are compared by. */
export const nameKey = (name: string) => (fold(name).match(WORD) ?? []).join(' ')

/** Initials of a name of two or more words, function words left out ("Bank of England" -> "be"). */
export function initials(name: string): string | null {
  const words = (name.match(WORD) ?? []).filter((w) => !FUNCTION_WORDS.has(w.toLowerCase()))
  return words.length >= 2 ? words.map((w) => fold(w[0]!)).join('') : null
}

/** Names by their initials. */
export function groupByInitials(names: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const n of names) {
    const i = initials(n)
    if (i) (out.get(i) ?? out.set(i, []).get(i)!).push(n)
  }
  return out
}

/** A short all-capitals name ("GM", "U.S."): two to five letters. */
export function isAbbreviation(name: string): boolean {
  const letters = (name.match(WORD) ?? []).join('')
  return letters.length >= 2 && letters.length <= 5 && letters === letters.toUpperCase() && /\p{Lu}/u.test(letters)
}

/** What the tagger reads a word alone as, when it begins no name: "Without", "Defends". */
const NO_NAME_TAGS = new Set(['Verb', 'Preposition', 'Conjunction', 'Adverb', 'Determiner', 'Pronoun'])

export interface FoundName {
  name: string
  /** null: a name of unknown kind (a capitalised run of a sentence-case headline) */
  type: string | null
}

/**
 * Names that are only part of another name at hand, or another name written otherwise, which
 * the gazetteer then finds as that other name:
 * - a person's name that begins or ends a longer person's name ("Neil" and "Tyson" beside "Neil
 *   DeGrasse Tyson", "Juan Pablo" beside "Juan Pablo Galavis");
 * - a person or organisation behind a word that is no name ("Defends NSA", "Without Netflix",
 *   "Star Juan Pablo Galavis" beside "NSA", "Netflix", "Juan Pablo Galavis"); a person's name
 *   keeps two words at least ("Rand Paul" is no "Paul" behind a word);
 * - a name with an "s" where the possessive lost its apostrophe ("Lindsay Lohans");
 * - a name of unknown kind that begins or ends a person's name at hand, or ends a longer name
 *   ("Lohan" beside "Lindsay Lohan", "Jaguars" beside "Jacksonville Jaguars", "Pichai" beside
 *   "Sundar Pichai", itself of unknown kind; endOfLongerName says which).
 * Organisations and places keep their words ("Google" beside "Google Glass", "New York",
 * "East London"). `known`: whether the store or the batch already has an entity of that name
 * (by nameKey). Pure.
 */
export function partialNames(names: readonly FoundName[], known: (key: string) => boolean): Set<FoundName> {
  const keyOf = new Map(names.map((n) => [n, nameKey(n.name)]))
  const keys = new Set(names.filter((n) => n.type !== null).map((n) => keyOf.get(n)!))
  const isName = (key: string) => keys.has(key) || known(key)
  const partial = new Set<FoundName>()
  for (const n of names) {
    if (n.type === 'Place') continue
    const key = keyOf.get(n)!
    const parts = key.split(' ')
    const behindAWord = parts.length >= (n.type === 'Person' ? 3 : 2) && !tagsOf(parts[0]!).includes('ProperNoun') && isName(parts.slice(1).join(' '))
    const apostropheLost = key.length > 4 && key.endsWith('s') && isName(key.slice(0, -1))
    if (behindAWord || apostropheLost) partial.add(n)
  }
  // every proper beginning and end of the longer people's names (those that are names themselves);
  // and the ends of the other longer names, unless one begins with a word that is no name ("Netflix"
  // is no part of "Without Netflix")
  const ofPeople = new Set<string>()
  const ofOthers = new Set<string>()
  for (const n of names) {
    if (partial.has(n)) continue
    const parts = keyOf.get(n)!.split(' ')
    const person = n.type === 'Person'
    if (!person && (listedWord(parts[0]!) || tagsOf(parts[0]!).some((t) => NO_NAME_TAGS.has(t)))) continue
    for (let k = 1; k < parts.length; k++) {
      if (person) ofPeople.add(parts.slice(0, k).join(' '))
      ;(person ? ofPeople : ofOthers).add(parts.slice(k).join(' '))
    }
  }
  for (const n of names) {
    const key = keyOf.get(n)!
    // a person's part of any kind but a place ("Snowden" read as an organisation beside "Edward
    // Snowden"); a name of unknown kind also the end of another name ("Jaguars")
    if ((n.type !== 'Place' && ofPeople.has(key)) || (n.type === null && ofOthers.has(key))) partial.add(n)
  }
  return partial
}

/**
 * The names that headlines define abbreviations by (definedAbbreviations), by the abbreviation's
 * name key: the longest of the names at hand inside the words before the bracket that begins with
 * the abbreviation's first letter ("South by Southwest" in "Snowden Speaks At South By Southwest
 * Interactive Festival (SXSW)"). An abbreviation defined by two different names is left out. Pure.
 */
export function namesDefined<T extends FoundName>(definitions: ReadonlyArray<{ long: string; short: string }>, names: readonly T[]): Map<string, T> {
  // by first word, so each definition looks only at the names that could begin inside it
  const byFirstWord = new Map<string, Array<{ n: T; key: string }>>()
  for (const n of names) {
    const key = nameKey(n.name)
    const first = key.split(' ')[0]!
    if (key !== '') (byFirstWord.get(first) ?? byFirstWord.set(first, []).get(first)!).push({ n, key })
  }
  const out = new Map<string, T>()
  const conflicting = new Set<string>()
  for (const { long, short } of definitions) {
    const longKey = nameKey(long)
    const within = ` ${longKey} `
    const candidates = [...new Set(longKey.split(' '))].flatMap((word) => byFirstWord.get(word) ?? []).filter(({ n, key }) => n.name[0] === short[0] && within.includes(` ${key} `))
    const best = candidates.sort((a, b) => b.key.length - a.key.length)[0]
    if (!best) continue
    const key = nameKey(short)
    if (out.has(key) && out.get(key) !== best.n) conflicting.add(key)
    out.set(key, best.n)
  }
  for (const key of conflicting) out.delete(key)
  return out
}

/**
 * The one longer name (not a place) that a name of unknown kind ends, if exactly one does: the
 * gazetteer finds it by that end too ("Jaguars will install..." names the Jacksonville Jaguars,
 * "Google's Pichai..." Sundar Pichai). A person is found by surname already (Gazetteer). Pure.
 */
export function endOfLongerName<T extends FoundName>(name: T, names: readonly T[]): T | null {
  if (name.type !== null) return null
  const end = ` ${nameKey(name.name)}`
  const longer = names.filter((n) => n !== name && n.type !== 'Place' && nameKey(n.name).endsWith(end))
  return longer.length === 1 ? longer[0]! : null
}

/**
 * How a name is usually written, of the writings headlines gave it (each with how many wrote it):
 * a brand's own writing with a small first letter and a capital after it ("eBay", "deGrasse")
 * whenever one has it, else the writing most headlines use, leaving out a headline in capitals
 * ("CARL ICAHN: eBay Shareholders Lost...") unless every writing is in capitals ("NSA"); the first
 * given wins a tie. Pure.
 */
export function usualWriting(writings: ReadonlyMap<string, number>): string {
  const list = [...writings]
  const brand = list.filter(([w]) => (w.match(WORD) ?? []).some((word) => CAMEL_CASE.test(word)))
  const inCapitals = (w: string) => !/\p{Ll}/u.test(w)
  const candidates = brand.length > 0 ? brand : list.some(([w]) => !inCapitals(w)) ? list.filter(([w]) => !inCapitals(w)) : list
  return candidates.reduce((best, next) => (next[1] > best[1] ? next : best))[0]
}

/** Articles, short prepositions and conjunctions that a title's own style writes in lower case inside it. */
export const SMALL_WORDS = new Set('a an and as at by for from in into of on or the to vs with'.split(' '))

/**
 * A name with its small words in lower case inside it, as a title is written ("Game of Thrones",
 * "South by Southwest" for a Title Case headline's "Game Of Thrones"); never its first or last
 * word, and nothing in a name written in capitals. The gazetteer then finds the name in
 * sentence-case headlines too: a capital in a name must be capitalised in the text. Pure.
 */
export function smallWordsInLowerCase(name: string): string {
  if (!/\p{Ll}/u.test(name)) return name
  const words = [...name.matchAll(WORD)]
  let out = name
  for (const [k, word] of words.entries()) {
    if (k === 0 || k === words.length - 1 || !SMALL_WORDS.has(word[0].toLowerCase())) continue
    out = out.slice(0, word.index!) + word[0].toLowerCase() + out.slice(word.index! + word[0].length)
  }
  return out
}

/** A one-word name written with "'s" this many times or more, and never without, is a brand's name with it. */
const POSSESSIVE_BRAND_HEADLINES = 3

/**
 * A brand whose name carries an "'s" ("McDonald's"): a one-word name that every headline writing
 * it writes with "'s", at least POSSESSIVE_BRAND_HEADLINES of them (a person's name goes bare in
 * some headline: "Putin's" beside "Putin"). The name with its "'s", or null. Pure.
 */
export function withPossessive(name: string, possessive: number, written: number): string | null {
  if (possessive < POSSESSIVE_BRAND_HEADLINES || possessive < written || (name.match(WORD) ?? []).length !== 1) return null
  return `${name}'s`
}

/**
 * Names that are one name written otherwise: the same letters with or without spaces and dots
 * ("MtGox" and "Mt. Gox"), or with an "s" added ("Chromecasts"; a person's possessive without
 * its apostrophe, "Lindsay Lohans", partialNames has already set aside), or with a word shortened
 * ("Wall St"). Each such spelling maps to the one written in the most headlines (`headlines`), the
 * singular for a plural, the name in full for a shortened one, which the gazetteer then finds by
 * both. Pure.
 */
export function otherSpellings<T extends FoundName>(names: readonly T[], headlines: (name: T) => number): Map<T, T> {
  const compact = (n: T) => nameKey(n.name).replace(/ /g, '')
  const byCompact = new Map<string, T[]>()
  for (const n of names) {
    const key = compact(n)
    ;(byCompact.get(key) ?? byCompact.set(key, []).get(key)!).push(n)
  }
  const out = new Map<T, T>()
  const mostWritten = (list: T[]) => list.reduce((best, n) => (headlines(n) > headlines(best) ? n : best))
  for (const list of byCompact.values()) {
    const main = mostWritten(list)
    for (const n of list) if (n !== main) out.set(n, main)
  }
  // a plural is its singular's other spelling
  for (const [key, list] of byCompact) {
    const singular = key.endsWith('s') && key.length > 4 ? byCompact.get(key.slice(0, -1)) : undefined
    if (!singular) continue
    const main = out.get(singular[0]!) ?? singular[0]!
    for (const n of list) out.set(n, main)
  }
  // a name with one word shortened is the name in full ("Wall St" and "Wall Street"); only names
  // of two words or more, since a word alone shortens into too many others ("NSA", "NASA")
  // indexed by the other words and the first letter of the one that differs: linear in the names
  const slot = (words: string[], k: number) => `${k} ${words[k]![0]} ${words.filter((_, j) => j !== k).join(' ')}`
  const bySlot = new Map<string, Array<{ name: T; word: string }>>()
  const longer = names.map((name) => ({ name, words: nameKey(name.name).split(' ') })).filter(({ name, words }) => words.length >= 2 && !out.has(name))
  for (const { name, words } of longer) {
    for (let k = 0; k < words.length; k++) {
      const at = slot(words, k)
      ;(bySlot.get(at) ?? bySlot.set(at, []).get(at)!).push({ name, word: words[k]! })
    }
  }
  for (const { name, words } of longer) {
    for (let k = 0; k < words.length; k++) {
      const full = (bySlot.get(slot(words, k)) ?? []).filter((other) => isShortened(words[k]!, other.word))
      if (full.length === 1) out.set(name, out.get(full[0]!.name) ?? full[0]!.name)
    }
  }
  return out
}

/**
 * A word shortened from another as headlines shorten words: two to four of its letters in order,
 * the first one first ("St" for "Street", "Mt" for "Mount", "Intl" for "International").
 */
export function isShortened(short: string, word: string): boolean {
  if (short.length < 2 || short.length > 4 || word.length <= short.length || short[0] !== word[0]) return false
  let k = 0
  for (const letter of word) if (letter === short[k]) k++
  return k === short.length
}
