import { referenceCountryNames, referencePlaceNames } from '../../geo/reference-countries'
import { entityIdForName } from './entity-ids'
import { capitalisedOnly, caseOfWords, definedAbbreviations, extractEntities, Gazetteer, namedEntities, type KnownEntity } from './extract'
import { endOfLongerName, groupByInitials, isAbbreviation, isLoneGivenName, nameKey, namesDefined, otherSpellings, partialNames, smallWordsInLowerCase, usualWriting, withPossessive } from './names'

/** An article of an import's batch, as the naming reads it; `entities` is filled in where it found some. */
export interface BatchArticle {
  title: string
  summary?: string | null
  markdown?: string | null
  lang: string
  domain: string
  entities?: Array<{ id: string; score: number; extracted?: boolean }>
}

/** The articles of a batch and the entities it writes (the names found are added to these). */
export interface EntityBatch {
  articles: BatchArticle[]
  entities: Array<{ id: string; name: string; type?: string | null }>
}

/**
 * Articles of the batch that came without entities get them from their text. The gazetteer (the
 * store's entities and those the batch gives) is matched first; the English tagger then reads the
 * headlines in which no known entity was found. A name it finds is kept when headlines of two
 * publishers or more write it, in the batch or in the store (one site's boilerplate is no entity),
 * or when it is a country or a big town the reference packages know; a name of unknown kind (the
 * capitals of a sentence-case headline) also needs a word the batch never writes in lower case; a
 * given name alone is none; a word the batch mostly writes in lower case is of no known kind, and
 * so is a person or a place the tagger mostly read as no name ("Apple"); one name written two ways ("MtGox",
 * "Mt. Gox") is one entity found by both, as is a name of unknown kind and the one longer name it
 * ends ("Pichai"); an abbreviation a headline defines in brackets after a name ("South by
 * Southwest Interactive Festival (SXSW)") and that name are one entity, named as more headlines
 * write it; another abbreviation of a name at hand (an entity, or a country) becomes another name
 * of it (docs/entities.md). The names kept, as most headlines write them (small words in lower case
 * inside them: "Game of Thrones"), join the gazetteer and those articles are matched again, so a
 * name found in one headline is found in the others; those an article then carries are stored.
 * Returns how many articles got entities. Every entity an article is given is either among
 * `stored` (the store's, and those earlier batches of the import wrote) or added to the batch's
 * entities (and to `stored`). Pure but for `headlinePublishers`, the store's answer of which
 * publishers' headlines write a phrase (a full-text query).
 */
export function nameBatchEntities(
  batch: EntityBatch,
  gazetteerOf: () => { gazetteer: Gazetteer; stored: Set<string> },
  headlinePublishers: (phrase: string, limit: number) => string[],
): number {
  const bare = batch.articles.filter((a) => !a.entities || a.entities.length === 0)
  if (bare.length === 0) return 0
  const { gazetteer, stored } = gazetteerOf()
  for (const e of batch.entities) gazetteer.add({ id: e.id, name: e.name, type: e.type ?? null })
  const addEntity = (entity: KnownEntity) => void gazetteer.add(entity)
  const found = new Map<string, { name: string; type: string | null; publishers: Set<string>; readings: Map<string | null, number>; writings: Map<string, number>; headlines: number; possessive: number }>()
  const wordCase = caseOfWords(bare.map((b) => b.title))
  for (const a of bare) {
    if (gazetteer.find(a.title).length > 0) continue
    for (const name of namedEntities(a.title, a.lang)) {
      // a name of unknown kind (a capitalised run of a sentence-case headline) whose every word is a common word is none
      if (name.type === null && !capitalisedOnly(name.name, wordCase.lowerCase)) continue
      const key = nameKey(name.name)
      const entry = found.get(key) ?? found.set(key, { name: name.name, type: null, publishers: new Set(), readings: new Map(), writings: new Map(), headlines: 0, possessive: 0 }).get(key)!
      entry.readings.set(name.type, (entry.readings.get(name.type) ?? 0) + 1)
      entry.writings.set(name.name, (entry.writings.get(name.name) ?? 0) + 1)
      entry.headlines++
      if (a.title.includes(`${name.name}'s`) || a.title.includes(`${name.name}’s`)) entry.possessive++
      entry.publishers.add(a.domain)
    }
  }
  knownPlaces ??= new Set(referencePlaceNames().map(nameKey))
  for (const [key, f] of found) {
    // as headlines usually write it ("Carl Icahn", not a headline in capitals' "CARL ICAHN"), small words as in a title ("Game of Thrones")
    f.name = smallWordsInLowerCase(usualWriting(f.writings))
    // its kind: the one the tagger read it as most often; unknown when the tagger never named it, or
    // named it a person or a place in fewer headlines than it saw no name there (a capitalised
    // "Apple" is no one, the game Titanfall no place; its organisations are rarely wrong: Fyffes,
    // JetBlue, SXSW keep theirs)
    const [kind, times] = [...f.readings].filter(([type]) => type !== null).sort((x, y) => y[1] - x[1])[0] ?? [null, 0]
    f.type = (kind === 'Person' || kind === 'Place') && times < (f.readings.get(null) ?? 0) ? null : kind
    // a place the reference packages know is a place, whatever the tagger read ("Ukraine" after "Asian data,"), and kept
    if (knownPlaces.has(key)) f.type = 'Place'
    // a word headlines mostly write in lower case is a common word of no known kind ("Copper" is no
    // town, whatever the tagger or the reference packages read)
    if (wordCase.common.has(key)) f.type = null
    // a brand that carries its "'s" ("McDonald's", never "McDonald") is an organisation, whatever the tagger read
    const brand = withPossessive(f.name, f.possessive, f.headlines)
    if (brand) {
      f.name = brand
      f.type = 'Organization'
    }
    // a given name alone names no one ("Jimmy", a Title Case "Stocks Mark ...")
    if (f.type === 'Person' && isLoneGivenName(f.name)) found.delete(key)
  }
  // a name one publisher of the batch writes recurs when another one's stored headlines carry it
  let storeChecks = MAX_STORE_CHECKS
  const inStoredHeadlines = (f: { name: string; publishers: Set<string> }) =>
    storeChecks-- > 0 && headlinePublishers(f.name, f.publishers.size + 1).some((domain) => !f.publishers.has(domain))
  const recurring = [...found].filter(([key, f]) => f.publishers.size >= 2 || knownPlaces!.has(key) || inStoredHeadlines(f)).map(([, f]) => f)
  const partial = partialNames(recurring, (key) => gazetteer.knows(key))
  const whole = recurring.filter((f) => !partial.has(f) && !isAbbreviation(f.name))
  // one name written two ways ("MtGox", "Mt. Gox") is one entity, found by both
  const spelling = otherSpellings(whole, (f) => f.headlines)
  const mainOf = (f: (typeof whole)[number]) => spelling.get(f) ?? f
  const entityOf = (f: (typeof whole)[number]): KnownEntity => ({ id: entityIdForName(f.name), name: f.name, type: f.type })
  // abbreviations ("GM", "U.S.") in any of the headlines, and those a headline defines by a name
  // before them ("South by Southwest Interactive Festival (SXSW)")
  const abbreviations = new Map<string, { name: string; type: string | null; publishers: Set<string>; headlines: number }>()
  for (const f of recurring) if (isAbbreviation(f.name)) abbreviations.set(nameKey(f.name), { ...f, headlines: 0 })
  const definitions: Array<{ long: string; short: string }> = []
  for (const a of bare) {
    const written = new Set([...a.title.matchAll(ABBREVIATION)].map((m) => m[0]))
    for (const name of written) {
      const entry = abbreviations.get(nameKey(name)) ?? abbreviations.set(nameKey(name), { name, type: null, publishers: new Set(), headlines: 0 }).get(nameKey(name))!
      entry.publishers.add(a.domain)
      entry.headlines++
    }
    if (a.title.includes('(')) definitions.push(...definedAbbreviations(a.title))
  }
  // a defined abbreviation and its name are one entity, named as more headlines write it (SXSW)
  const definedName = new Map<string, (typeof whole)[number]>()
  for (const [key, f] of namesDefined(definitions, whole)) if (abbreviations.has(key)) definedName.set(key, mainOf(f))
  // (an abbreviation of two letters names nothing in the gazetteer: "GM" stays another name of General Motors)
  const namedByAbbreviation = new Set([...definedName].filter(([key, f]) => key.length >= 3 && abbreviations.get(key)!.headlines > f.headlines).map(([, f]) => f))
  for (const f of whole) if (!spelling.has(f) && !namedByAbbreviation.has(f)) addEntity(entityOf(f))
  for (const [f, main] of spelling) if (!namedByAbbreviation.has(main)) gazetteer.addAlias(f.name, entityOf(main))
  // a name of unknown kind that ends one longer name names it ("Jaguars", "Pichai")
  const ends = new Map<string, (typeof whole)[number]>()
  for (const f of recurring) {
    const longer = partial.has(f) ? endOfLongerName(f, whole) : null
    if (longer) ends.set(f.name, mainOf(longer))
  }
  for (const [name, longer] of ends) if (!namedByAbbreviation.has(longer)) gazetteer.addAlias(name, entityOf(longer))
  // each abbreviation as another name of what it stands for: the name a headline defined it by,
  // else the entity or country of its initials, else (of a known kind) an entity of its own
  for (const [key, f] of abbreviations) {
    const defined = definedName.get(key)
    if (defined && !namedByAbbreviation.has(defined)) {
      gazetteer.addAlias(f.name, entityOf(defined))
      continue
    }
    if (f.publishers.size < 2 && !defined) continue
    // an abbreviation the gazetteer already has names that entity (a name it knows but does not find in itself names none)
    const isKnown = gazetteer.knows(f.name)
    const known = isKnown ? gazetteer.find(f.name)[0] : undefined
    if (isKnown && !known) continue
    const standsFor = known ?? expandAbbreviation(f.name, gazetteer) ?? (f.type || defined ? { id: entityIdForName(f.name), name: f.name, type: f.type ?? defined!.type } : null)
    if (!standsFor) continue
    if (!known) {
      addEntity(standsFor)
      if (standsFor.name !== f.name) gazetteer.addAlias(f.name, standsFor)
    }
    if (!defined) continue
    // the defined name, its other spellings and the ends that named it are other names of the abbreviation's entity
    gazetteer.addAlias(defined.name, standsFor)
    for (const [other, main] of spelling) if (main === defined) gazetteer.addAlias(other.name, standsFor)
    for (const [name, longer] of ends) if (longer === defined) gazetteer.addAlias(name, standsFor)
  }
  let articles = 0
  const carried = new Set<string>()
  for (const a of bare) {
    const found = extractEntities(a, gazetteer)
    if (found.length === 0) continue
    a.entities = found.map((e) => ({ ...e, extracted: true }))
    for (const e of found) carried.add(e.id)
    articles++
  }
  // only the names an article carries are stored (a name the tagger read inside a longer one that
  // the gazetteer then matched, "Las" of "Las Vegas", names nothing), and each of them is: one
  // the gazetteer learnt in an earlier batch and no article carried then, or an abbreviation's
  // entity that shares its name with another, is written with the first article that carries it
  for (const e of batch.entities) stored.add(e.id)
  for (const id of carried) {
    if (stored.has(id)) continue
    const entity = gazetteer.entityOf(id)
    if (!entity) throw new Error(`an article was given the entity ${id}, which the gazetteer does not know`)
    batch.entities.push(entity)
    stored.add(id)
  }
  return articles
}

/** Names of one publisher in a batch looked up in the stored headlines at most (each a full-text query). */
const MAX_STORE_CHECKS = 2_000

/** An abbreviation as headlines write it: two to five capitals, with or without dots ("GM", "U.S."). */
const ABBREVIATION = /(?<![\p{L}\p{N}])\p{Lu}(?:\.?\p{Lu}){1,4}\.?(?![\p{L}\p{N}])/gu

let countriesByInitials: Map<string, string[]> | null = null
/** Countries and big towns by name key: a place the tagger finds there is known, whoever writes it. */
let knownPlaces: Set<string> | null = null

/** The entity an abbreviation stands for: the one gazetteer entity with those initials, else the one country ("U.S.": United States). */
function expandAbbreviation(abbreviation: string, gazetteer: Gazetteer): KnownEntity | null {
  const letters = nameKey(abbreviation).replace(/ /g, '')
  const entity = gazetteer.expand(letters)
  if (entity) return entity
  countriesByInitials ??= groupByInitials(referenceCountryNames())
  const countries = countriesByInitials.get(letters) ?? []
  return countries.length === 1 ? { id: entityIdForName(countries[0]!), name: countries[0]!, type: 'Place' } : null
}
