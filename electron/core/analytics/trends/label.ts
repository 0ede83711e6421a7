import { FUNCTION_WORDS, nameKey } from '../entities/names'
import { foldCached, WORD } from '../mentions/matching'

/**
 * A trend's label (docs/trends.md, "Labels"): the name or headline phrase that is both common in
 * the trend's titles and specific to it against the whole store, so a story is named by what sets
 * it apart ("Mt. Gox"), not by what many stories share ("China", "Monday").
 */

/** Title terms kept per trend at most: past it the rarer half is dropped (a label covers many titles, so it is never among them). */
const MAX_TERMS = 400
/** Terms of one to this many words. */
const MAX_TERM_WORDS = 3
/** A label should appear in at least this share of the trend's titles; the best-scored term that does wins. */
export const LABEL_COVERAGE = 0.5

/** Words that neither start nor end a label phrase ("of the", "Says"). */
const EDGE_WORDS = new Set([
  ...FUNCTION_WORDS,
  ...('new via per you them i me get gets got make makes more most ' +
    'der die das und für mit von den dem des ein eine le la les des une pour dans sur par avec el los las una para con por del').split(' '),
])

/** Per term (folded words joined by spaces): in how many of the trend's titles it occurs, and how they write it (capitalised, if any does). */
export type TermCounts = Map<string, { n: number; text: string }>

/** A bare number: no label starts or ends with one. */
const DIGITS = /^\d+$/

/** What may stand between two words of one phrase: spaces, a name's dot or apostrophe ("Mt. Gox", "McDonald's"), a hyphen or an ampersand. */
const JOINING = /^[\s.'’&-]*$/u

/**
 * The terms of a title: runs of one to three words that neither start nor end with a function
 * word or a bare number, each once, with the title's own writing of it ("Mt. Gox").
 */
export function titleTerms(title: string): Array<{ key: string; text: string }> {
  const tokens = [...title.matchAll(WORD)].map((m) => ({ folded: foldCached(m[0].toLowerCase()), start: m.index!, end: m.index! + m[0].length }))
  // each token's and each gap's test once (a title is read for every trend update)
  const edge = tokens.map((t) => EDGE_WORDS.has(t.folded) || DIGITS.test(t.folded))
  // a phrase does not run over punctuation that ends a clause or quotes ("body; daughter", 'category" thing')
  const joins = tokens.map((t, j) => j + 1 < tokens.length && JOINING.test(title.slice(t.end, tokens[j + 1]!.start)))
  const seen = new Set<string>()
  const out: Array<{ key: string; text: string }> = []
  for (let i = 0; i < tokens.length; i++) {
    // nor with a lone letter: the tail of a contraction ("it's a volatile") or an initial
    if (edge[i] || tokens[i]!.folded.length === 1) continue
    let key = ''
    for (let n = 1; n <= MAX_TERM_WORDS && i + n <= tokens.length; n++) {
      const j = i + n - 1
      if (n > 1 && !joins[j - 1]) break
      key = n === 1 ? tokens[j]!.folded : `${key} ${tokens[j]!.folded}`
      if (edge[j] || seen.has(key)) continue
      seen.add(key)
      out.push({ key, text: title.slice(tokens[i]!.start, tokens[j]!.end) })
    }
  }
  return out
}

const BRAND_WRITING = /^\p{Ll}[\p{L}\p{N}]*\p{Lu}/u

/**
 * A brand's own writing: a small first letter and a capital after it ("iPhone", "eBay"). Asked for
 * every title term counted: an ASCII first letter is told without the pattern.
 */
function brandWriting(text: string): boolean {
  const first = text.charCodeAt(0)
  if (first < 128 && !(first >= 97 && first <= 122)) return false
  return BRAND_WRITING.test(text)
}

/** Counts a title's terms into a trend's; keeps the counts bounded (see MAX_TERMS). */
export function countTitle(counts: TermCounts, title: string): void {
  for (const { key, text } of titleTerms(title)) {
    const c = counts.get(key)
    if (!c) counts.set(key, { n: 1, text })
    else {
      c.n++
      // a brand's own writing ("iOS", "eBay") whenever a title has it; else a name as headlines
      // capitalise it ("Bankruptcy court", not "filed for bankruptcy"), but not over a brand's
      // writing ("IOS" from a headline in capitals, "EBay" from one in title case)
      if (brandWriting(text)) c.text = text
      else if (!brandWriting(c.text) && c.text[0] !== c.text[0]!.toUpperCase() && text[0] === text[0]!.toUpperCase()) c.text = text
    }
  }
  if (counts.size > MAX_TERMS) keepCommonest(counts, MAX_TERMS / 2)
}

/**
 * Adds term counts (another trend's, as EarlySums keep them) into a trend's, a term's writing as
 * first counted; bounded as countTitle keeps them.
 */
export function addTermCounts(counts: TermCounts, terms: ReadonlyArray<readonly [key: string, n: number, text: string]>): void {
  for (const [key, n, text] of terms) {
    const c = counts.get(key)
    if (c) c.n += n
    else counts.set(key, { n, text })
  }
  if (counts.size > MAX_TERMS) keepCommonest(counts, MAX_TERMS / 2)
}

/**
 * Keeps the `keep` commonest terms, commonest first, terms as common in the order they came (as
 * a stable sort of all of them would). A big trend trims every few titles: only the terms kept
 * are sorted, after their least count is found among plain numbers.
 */
function keepCommonest(counts: TermCounts, keep: number): void {
  const ns = new Int32Array(counts.size)
  let i = 0
  for (const c of counts.values()) ns[i++] = c.n
  ns.sort()
  const least = ns[ns.length - keep]!
  let atLeast = keep
  for (const n of ns) if (n > least) atLeast--
  const kept: Array<[string, { n: number; text: string }]> = []
  for (const entry of counts) {
    const n = entry[1].n
    if (n > least || (n === least && atLeast-- > 0)) kept.push(entry)
  }
  kept.sort((a, b) => b[1].n - a[1].n)
  counts.clear()
  for (const [k, v] of kept) counts.set(k, v)
}

export interface LabelEntity {
  id?: string
  name: string
  type: string | null
  /** summed scores of the trend's articles that carry it */
  w: number
  /** how many of the trend's articles carry it (unknown: as many as need be) */
  articles?: number
}

export interface LabelInput {
  size: number
  terms: TermCounts
  /** the trend's entities, heaviest first */
  entities: readonly LabelEntity[]
  /** how specific a text's words are to few trends of the store (the highest weight among them, StorylineClusterer.specificity); 0 for none */
  specificity: (text: string) => number
  /**
   * How specific an entity is, when the store knows it better than by its name's words: the
   * trends that carry it. Headlines write "US" and "Mt Gox" where the entity is named "United
   * States", so the words of the name are rare while the entity is everywhere. Defaults to the
   * specificity of its name.
   */
  entitySpecificity?: (entity: LabelEntity) => number
  /** The words most of its titles name the market they report on by, when half of them report on one (markets.ts, marketPhrase). */
  market?: string | null
}

/** In a trend of this many articles or more, a key entity is one that at least KEY_ENTITY_ARTICLES of them carry. */
const KEY_ENTITY_TREND_SIZE = 5
const KEY_ENTITY_ARTICLES = 2

/** A name is preferred to a headline phrase that scores the same. */
const ENTITY_PREFERENCE = 1.15
/** A longer phrase is preferred to a shorter one inside it that it nearly equals in coverage. */
const LONGER_PHRASE_PREFERENCE = 0.2

/**
 * The trend's label and its key entities, most distinctive first (in a trend of five articles or
 * more, those two or more of them carry). An event the trend's articles name (a given entity of
 * type Event) is the story's own name and labels it. Otherwise every entity name and title phrase
 * is scored by coverage (share of titles that carry it; for a name written nowhere in the titles,
 * its weight per article) times its specificity; the best one that half the titles carry wins,
 * else the best one. Null when there is nothing to name it by.
 */
export function trendLabel(input: LabelInput): { label: string | null; keyEntities: string[] } {
  const { size, terms, specificity } = input
  const entitySpecificity = input.entitySpecificity ?? ((e: LabelEntity) => specificity(e.name))
  const titleCoverage = (text: string) => (terms.get(nameKey(text))?.n ?? 0) / size
  const entities = input.entities.slice(0, 20).map((e) => {
    const coverage = Math.max(titleCoverage(e.name), Math.min(1, e.w / size))
    return { ...e, coverage, score: coverage * entitySpecificity(e) }
  })
  // one market wrap's "Chiquita" is no key entity of eBay's story, however rare the name
  const key = size < KEY_ENTITY_TREND_SIZE ? entities : entities.filter((e) => (e.articles ?? KEY_ENTITY_ARTICLES) >= KEY_ENTITY_ARTICLES)
  const keyEntities = [...key].sort((a, b) => b.score - a.score || b.w - a.w).slice(0, 5).map((e) => e.name)
  const event = input.entities.find((e) => e.type === 'Event')
  if (event) return { label: event.name, keyEntities }
  // the entities' names by name key: a title phrase that is one is a name, written as the entity is
  const named = new Map(entities.map((e) => [nameKey(e.name), e.name]))
  const candidates = [
    ...entities.map((e) => ({ text: e.name, coverage: e.coverage, titles: 0, score: e.score * ENTITY_PREFERENCE, name: true })),
    ...[...terms.values()].map(({ n, text }) => {
      const words = text.match(WORD)?.length ?? 1
      return { text, coverage: n / size, titles: n, score: (n / size) * specificity(text) * (1 + LONGER_PHRASE_PREFERENCE * (words - 1)), name: named.has(nameKey(text)) }
    }),
  ].filter((c) => c.score > 0)
  const better = (a: (typeof candidates)[number], b: (typeof candidates)[number]) => b.score - a.score || a.text.localeCompare(b.text)
  const covering = candidates.filter((c) => c.coverage >= LABEL_COVERAGE).sort(better)
  const best = withItsPhrase(covering[0], covering) ?? candidates.sort(better)[0]
  const label = best ? asTitlesWrite(inFull(named.get(nameKey(best.text)) ?? best.text, entities, titleCoverage), terms) : null
  return { label: ofItsMarket(label, input.market), keyEntities }
}

/**
 * Market reports are named by their market: the oil reports of the day China's exports fell are
 * "Oil", not "China", which every one of them names as the cause. A label that already says the
 * market stays ("Dow Jones" for reports on the "Dow"); one that the market's words hold grows
 * into them ("Stocks" is "US stocks").
 */
function ofItsMarket(label: string | null, market: string | null | undefined): string | null {
  if (!market) return label
  if (label !== null && ` ${nameKey(label)} `.includes(` ${nameKey(market)} `)) return label
  return market
}

/** A phrase label gives way to a longer phrase around it that this share of its titles carry. */
const PHRASE_AROUND_SHARE = 0.75

/**
 * A headline phrase as the phrase around it that most of its titles write ("Gas" is "Gas prices"
 * when three quarters of the titles that say "gas" say "gas prices"), if that phrase also covers
 * half the titles; the one most titles carry. A name (an entity's, even as the titles write it)
 * stays as it is. Compared by counts of titles, so that three quarters of 40 is 30 exactly.
 */
function withItsPhrase<C extends { text: string; titles: number; name: boolean }>(label: C | undefined, covering: readonly C[]): C | undefined {
  if (!label || label.name) return label
  const inner = ` ${nameKey(label.text)} `
  const around = covering.filter((c) => !c.name && c !== label && ` ${nameKey(c.text)} `.includes(inner) && c.titles >= PHRASE_AROUND_SHARE * label.titles)
  return around.sort((a, b) => b.titles - a.titles || b.text.length - a.text.length)[0] ?? label
}

/** A name as the titles write it when they write a brand's own spelling of it ("eBay" for an entity named "EBay"). */
function asTitlesWrite(label: string, terms: TermCounts): string {
  const written = terms.get(nameKey(label))?.text
  return written !== undefined && brandWriting(written) ? written : label
}

/**
 * A name is named in full: a one-word label that is a word of a longer name the trend carries
 * ("Lindsay", "Zac", "Wall") becomes the name ("Lindsay Lohan", "Zac Efron", "Wall Street") when
 * half the titles write it in full; the word alone wins on coverage, since every title that
 * writes the name writes the word.
 */
function inFull(label: string, entities: ReadonlyArray<LabelEntity>, titleCoverage: (text: string) => number): string {
  const word = nameKey(label)
  if (word === '' || word.includes(' ')) return label
  const name = entities.find((e) => {
    const words = nameKey(e.name).split(' ')
    return words.length > 1 && words.includes(word) && titleCoverage(e.name) >= LABEL_COVERAGE
  })
  return name?.name ?? label
}
