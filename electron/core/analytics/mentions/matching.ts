import { newStemmer } from 'snowball-stemmers'

/**
 * Keyword matching for mention lists (docs/mentions.md). Text and keywords are cut into words,
 * folded (lower case; accents removed from Latin letters, as the FTS index does) and, for broad
 * and phrase, stemmed with the Snowball stemmer of the article's language:
 * - broad: every word of the keyword in the field, in any order;
 * - phrase: the words contiguous and in order, stemmed;
 * - exact: the words contiguous and in order, word forms fixed (no stemming).
 */

export type MatchType = 'broad' | 'phrase' | 'exact'
export type MatchField = 'title' | 'summary' | 'body'

/** Snowball algorithms by ISO 639-1 code; other languages are matched unstemmed. */
const SNOWBALL_BY_LANG: Record<string, string> = {
  en: 'english', de: 'german', fr: 'french', es: 'spanish', ru: 'russian', it: 'italian', pt: 'portuguese',
  nl: 'dutch', sv: 'swedish', da: 'danish', no: 'norwegian', nb: 'norwegian', fi: 'finnish', tr: 'turkish',
  hu: 'hungarian', ro: 'romanian', ca: 'catalan', cs: 'czech', ar: 'arabic', eu: 'basque', ga: 'irish',
  hy: 'armenian', sl: 'slovene', ta: 'tamil',
}

export const stemmedLanguages = Object.keys(SNOWBALL_BY_LANG)

const stemmers = new Map<string, { stem(word: string): string } | null>()

function stemmerFor(lang: string): { stem(word: string): string } | null {
  const code = lang.toLowerCase()
  if (!stemmers.has(code)) {
    const algorithm = SNOWBALL_BY_LANG[code]
    stemmers.set(code, algorithm ? newStemmer(algorithm) : null)
  }
  return stemmers.get(code)!
}

/** Lower case, and Latin letters without their accents (é → e, ß stays; Cyrillic й, ё stay, like the FTS index). */
export function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
}

const stemCache = new Map<string, string>()
const foldCache = new Map<string, string>()
const STEM_CACHE_SIZE = 200_000

/** fold() of an already lower-cased word, remembered (feeds repeat the same words). */
export function foldCached(lower: string): string {
  let folded = foldCache.get(lower)
  if (folded === undefined) {
    folded = fold(lower)
    if (foldCache.size >= STEM_CACHE_SIZE) foldCache.clear()
    foldCache.set(lower, folded)
  }
  return folded
}

/**
 * The stem of an already lower-cased word, folded; the folded word where the language has no
 * stemmer. Remembered: a feed's vocabulary is small next to the number of words scanned.
 */
export function stem(lowerWord: string, lang: string): string {
  const cacheKey = `${lang}\u0000${lowerWord}`
  let stemmed = stemCache.get(cacheKey)
  if (stemmed === undefined) {
    const stemmer = stemmerFor(lang)
    stemmed = fold(stemmer ? stemmer.stem(lowerWord) : lowerWord)
    if (stemCache.size >= STEM_CACHE_SIZE) stemCache.clear()
    stemCache.set(cacheKey, stemmed)
  }
  return stemmed
}

export interface Token {
  /** the word as written */
  text: string
  start: number
  end: number
  folded: string
  stem: string
}

/** A word: letters and digits, with the marks that belong to its letters. */
export const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu

export function tokenize(text: string, lang: string): Token[] {
  const tokens: Token[] = []
  for (const m of text.matchAll(WORD)) {
    const lower = m[0].toLowerCase()
    tokens.push({ text: m[0], start: m.index, end: m.index + m[0].length, folded: foldCached(lower), stem: stem(lower, lang) })
  }
  return tokens
}

/**
 * The body as a reader sees it: Markdown link and image targets, HTML tags, heading and quote
 * marks, emphasis and code ticks go; link labels and the words stay.
 */
export function readableBody(markdown: string): string {
  // each pattern looks a bounded way ahead, on one line: a body of "[[[[" or "<<<<" costs its length, not its square
  return markdown
    .replace(/!?\[([^\]\n]{0,500})\]\([^)\n]{0,2000}\)/g, '$1')
    .replace(/<[^>\n]{1,500}>/g, ' ')
    .replace(/^[ \t]*(#{1,6}|>|[-*+]|\d+\.)[ \t]+/gm, '')
    .replace(/(\*\*|__|`)/g, '')
}

export interface KeywordTerms {
  folded: string[]
  stems: string[]
}

const termsCache = new Map<string, KeywordTerms>()

export function keywordTerms(keyword: string, lang: string): KeywordTerms {
  const cacheKey = `${lang}|${keyword}`
  let terms = termsCache.get(cacheKey)
  if (!terms) {
    const tokens = tokenize(keyword, lang)
    terms = { folded: tokens.map((t) => t.folded), stems: tokens.map((t) => t.stem) }
    if (termsCache.size > 10_000) termsCache.clear()
    termsCache.set(cacheKey, terms)
  }
  return terms
}

export interface Match {
  /** what the text says where the keyword was found */
  matchedText: string
  start: number
  end: number
}

const MAX_BROAD_WINDOW_EXTRA = 3

/** The first place where the keyword matches in a text, or null. */
export function findMatch(text: string, keyword: string, type: MatchType, lang: string): Match | null {
  return findMatchInTokens(text, tokenize(text, lang), keywordTerms(keyword, lang), type)
}

export function findMatchInTokens(text: string, tokens: Token[], terms: KeywordTerms, type: MatchType): Match | null {
  const wanted = type === 'exact' ? terms.folded : terms.stems
  if (wanted.length === 0) return null
  const of = (t: Token) => (type === 'exact' ? t.folded : t.stem)
  if (type === 'broad') return broadMatch(text, tokens, wanted, of)
  for (let i = 0; i + wanted.length <= tokens.length; i++) {
    let ok = true
    for (let j = 0; j < wanted.length && ok; j++) ok = of(tokens[i + j]!) === wanted[j]
    if (ok) return span(text, tokens[i]!, tokens[i + wanted.length - 1]!)
  }
  return null
}

function span(text: string, first: Token, last: Token): Match {
  return { matchedText: text.slice(first.start, last.end), start: first.start, end: last.end }
}

/**
 * Every word anywhere in the field. The reported text is the shortest stretch holding them all
 * when it is short (at most three other words inside); otherwise the words found, joined by " … ".
 */
function broadMatch(text: string, tokens: Token[], wanted: string[], of: (t: Token) => string): Match | null {
  const need = new Set(wanted)
  const firstAt = new Map<string, number>()
  tokens.forEach((t, i) => {
    const k = of(t)
    if (need.has(k) && !firstAt.has(k)) firstAt.set(k, i)
  })
  if (firstAt.size < need.size) return null
  // shortest window containing every wanted term (two pointers)
  const counts = new Map<string, number>()
  let have = 0
  let best: [number, number] | null = null
  for (let right = 0, left = 0; right < tokens.length; right++) {
    const k = of(tokens[right]!)
    if (!need.has(k)) continue
    counts.set(k, (counts.get(k) ?? 0) + 1)
    if (counts.get(k) === 1) have++
    while (have === need.size) {
      const lk = of(tokens[left]!)
      if (need.has(lk)) {
        if (!best || right - left < best[1] - best[0]) best = [left, right]
        counts.set(lk, counts.get(lk)! - 1)
        if (counts.get(lk) === 0) have--
      }
      left++
    }
  }
  const [l, r] = best!
  if (r - l + 1 <= need.size + MAX_BROAD_WINDOW_EXTRA) return span(text, tokens[l]!, tokens[r]!)
  const picked = [...firstAt.values()].sort((a, b) => a - b).map((i) => tokens[i]!)
  return { matchedText: picked.map((t) => t.text).join(' … '), start: picked[0]!.start, end: picked[picked.length - 1]!.end }
}

/** Fields searched for each search scope of a list or `scope` of the matches method. */
export const FIELDS_BY_SCOPE: Record<'title' | 'body' | 'both' | 'all', MatchField[]> = {
  title: ['title'],
  body: ['body'],
  both: ['title', 'body'],
  all: ['title', 'summary', 'body'],
}

const SNIPPET_RADIUS = 90

/** A short excerpt around a match, cut at word boundaries, with ellipses where text was left out. */
export function snippetAround(text: string, start: number, end: number, radius = SNIPPET_RADIUS): string {
  let from = Math.max(0, start - radius)
  let to = Math.min(text.length, end + radius)
  if (from > 0) {
    const space = text.indexOf(' ', from)
    if (space !== -1 && space < start) from = space + 1
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to)
    if (space > end) to = space
  }
  const body = text.slice(from, to).replace(/\s+/g, ' ').trim()
  return `${from > 0 ? '…' : ''}${body}${to < text.length ? '…' : ''}`
}

export interface ArticleText {
  lang: string
  title: string
  summary: string | null
  markdown: string | null
}

export interface KeywordSpec {
  id: string
  keyword: string
  type: MatchType
}

export interface FieldHit {
  itemId: string
  field: MatchField
  matchedText: string
  snippet: string
}

/** Every (keyword, field) hit in one article, fields limited to those of the scope. */
export function matchArticle(article: ArticleText, keywords: KeywordSpec[], fields: MatchField[]): FieldHit[] {
  const texts: Record<MatchField, string> = {
    title: article.title,
    summary: article.summary ?? '',
    body: article.markdown ? readableBody(article.markdown) : '',
  }
  const hits: FieldHit[] = []
  for (const field of fields) {
    const text = texts[field]
    if (!text) continue
    const tokens = tokenize(text, article.lang)
    for (const k of keywords) {
      const m = findMatchInTokens(text, tokens, keywordTerms(k.keyword, article.lang), k.type)
      if (m) hits.push({ itemId: k.id, field, matchedText: m.matchedText, snippet: snippetAround(text, m.start, m.end) })
    }
  }
  return hits
}

/**
 * An FTS5 query that finds every article the keyword could match (a superset, checked word by
 * word afterwards): each word as a prefix short enough to cover its inflected forms.
 */
export function ftsPrefilter(keyword: string, type: MatchType, columns: string[]): string | null {
  const words = [...keyword.matchAll(WORD)].map((m) => m[0].toLowerCase())
  if (words.length === 0) return null
  const terms = words.map((w) => {
    const folded = fold(w)
    if (type === 'exact') return `"${folded}"`
    // Stems cut endings and sometimes change the last letters (happy → happi): the longest prefix
    // shared by the word and its stem in any supported language covers every form with that stem.
    let prefix = folded
    for (const lang of ['en', 'de', 'fr', 'es', 'ru', 'it', 'pt', 'nl']) {
      const s = stem(w, lang)
      let n = 0
      while (n < prefix.length && n < s.length && prefix[n] === s[n]) n++
      prefix = prefix.slice(0, Math.max(n, Math.min(3, prefix.length)))
    }
    return `"${prefix}"*`
  })
  return `{${columns.join(' ')}} : (${terms.join(' AND ')})`
}
