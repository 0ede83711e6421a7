/**
 * The feed's activity in memory, for tracking lists: every article's daily cells (per country)
 * over the whole history, in typed arrays grouped by article, with what metrics and roll-ups need
 * to know of each article, and the articles of each entity, category, publisher and trend. A
 * request for any list and window then reads only the articles of its items, each a few days of
 * cells, instead of every cell of the window (docs/performance.md). Pure: the store hands in
 * plain rows; nothing here reads SQLite.
 */

/** One article's facts as the store keeps them (its article_facets row). */
export interface ArticleFacts {
  seq: number
  lang: string
  domain: string
  category: string | null
  contentType: string | null
  /** first and last sighting over its whole life, epoch seconds (null: never seen) */
  lifeFirst: number | null
  lifeLast: number | null
}

/** A daily cell: [day, country, article seq, impressions, observations, position sum, first seen, last seen, best position]. */
export type DayRow = [number, string, number, number, number, number, number, number, number]

/** Strings kept once, numbered in the order first met. */
export class Strings {
  readonly list: string[] = []
  private readonly index = new Map<string, number>()
  constructor(initial: readonly string[] = []) {
    for (const s of initial) this.of(s)
  }
  of(s: string): number {
    let i = this.index.get(s)
    if (i === undefined) {
      i = this.list.length
      this.list.push(s)
      this.index.set(s, i)
    }
    return i
  }
  find(s: string): number | undefined {
    return this.index.get(s)
  }
  copy(): Strings {
    return new Strings(this.list)
  }
}

/** Groups of numbers, compressed: the members of group g are items[start[g]..start[g+1]). */
export interface Groups<Items extends Codes = Int32Array> {
  start: Int32Array
  items: Items
}

export function membersOf<Items extends Codes>(g: Groups<Items>, group: number): Items {
  return (group >= 0 && group + 1 < g.start.length ? g.items.subarray(g.start[group]!, g.start[group + 1]!) : g.items.subarray(0, 0)) as Items
}

/**
 * String numbers and days (-1: none): held in one, two or four bytes, the narrowest that holds
 * every value of the column. A store has a few languages, categories and formats and some
 * hundreds of domains; its entities, trends and days (since 1970) fit in two bytes for decades:
 * four bytes each held 13 bytes an article and 2 an entity link for nothing (docs/performance.md).
 */
export type Codes = Int8Array | Int16Array | Int32Array

/** The values in the narrowest Codes array that holds each of them. */
export function narrowestCodes(values: Int32Array): Codes {
  let low = 0
  let high = 0
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!
    if (v < low) low = v
    else if (v > high) high = v
  }
  if (low >= -128 && high <= 127) return new Int8Array(values)
  if (low >= -32768 && high <= 32767) return new Int16Array(values)
  return values
}

/** Unsigned small numbers (a cell's country number, observations, best position), narrowest as Codes are. */
export type Small = Uint8Array | Uint16Array | Uint32Array

/** The values in the narrowest Small array that holds each of them. */
export function narrowestSmall(values: Uint32Array | Uint16Array): Small {
  let high = 0
  for (let k = 0; k < values.length; k++) if (values[k]! > high) high = values[k]!
  if (high <= 0xff) return new Uint8Array(values)
  if (high <= 0xffff) return values instanceof Uint16Array ? values : new Uint16Array(values)
  return values
}

/**
 * Each article's first and last sighting over its life (epoch seconds), as the store's facts say:
 * whole seconds in four bytes each where every one is a whole second of 1970-2106 (a feed's are);
 * any other value keeps both in eight-byte numbers. Never seen: NaN in eight bytes; in four, the
 * widest range (NO_LIFE_FIRST to NO_LIFE_LAST), which a window's comparisons read as they read NaN
 * (neither before the window nor after it). `lifeFirstOf` and `lifeLastOf` give NaN for either.
 */
export type Times = Uint32Array | Float64Array
export const NO_LIFE_FIRST = 0
export const NO_LIFE_LAST = 2 ** 32 - 1

/** The sightings in four bytes each when every one known is a whole second strictly between the two marks (and both or neither are known), else as they are. */
export function narrowestLives(first: Float64Array, last: Float64Array): { first: Times; last: Times } {
  const fits = (v: number) => Number.isInteger(v) && v > NO_LIFE_FIRST && v < NO_LIFE_LAST
  for (let k = 0; k < first.length; k++) {
    const f = first[k]!
    const l = last[k]!
    if (Number.isNaN(f) && Number.isNaN(l)) continue
    if (!fits(f) || !fits(l)) return { first, last }
  }
  const narrowFirst = new Uint32Array(first.length)
  const narrowLast = new Uint32Array(last.length)
  for (let k = 0; k < first.length; k++) {
    narrowFirst[k] = Number.isNaN(first[k]!) ? NO_LIFE_FIRST : first[k]!
    narrowLast[k] = Number.isNaN(last[k]!) ? NO_LIFE_LAST : last[k]!
  }
  return { first: narrowFirst, last: narrowLast }
}

/** An eight-byte copy of sightings, `n` long (NaN for never seen and for new places). */
function widenedLives(times: Times, n: number, none: number): Float64Array {
  const wide = new Float64Array(n).fill(Number.NaN)
  const kept = Math.min(times.length, n)
  if (times instanceof Float64Array) wide.set(times.subarray(0, kept))
  else for (let k = 0; k < kept; k++) wide[k] = times[k] === none ? Number.NaN : times[k]!
  return wide
}

/** An article's first sighting over its life, epoch seconds (NaN: never seen). */
export function lifeFirstOf(data: ActivityData, a: number): number {
  const v = data.lifeFirst[a]!
  return v === NO_LIFE_FIRST && data.lifeFirst instanceof Uint32Array ? Number.NaN : v
}

/** An article's last sighting over its life, epoch seconds (NaN: never seen). */
export function lifeLastOf(data: ActivityData, a: number): number {
  const v = data.lifeLast[a]!
  return v === NO_LIFE_LAST && data.lifeLast instanceof Uint32Array ? Number.NaN : v
}


/**
 * Counts (impressions, observations, position sums): whole numbers of 0 to 2^32 - 1 in one, two or
 * four bytes each, the narrowest that holds every value of the column (a cell's position sum is a
 * few hundred, an article's observations a few dozen); any other value in the column makes it
 * eight-byte numbers.
 */
export type Counts = Small | Float64Array

/** The values in the narrowest Counts array that holds each of them exactly (whole ones: as Small numbers are). */
export function narrowest(values: Float64Array | Uint32Array): Counts {
  if (values instanceof Float64Array) for (let k = 0; k < values.length; k++) if (values[k]! !== values[k]! >>> 0) return values
  return narrowestSmall(values instanceof Uint32Array ? values : Uint32Array.from(values))
}

/** Articles' daily cells, grouped by article: the cells of article i are start[i]..start[i+1]. */
export interface DayCells {
  start: Int32Array
  day: Codes
  country: Small
  impressions: Counts
  observations: Small
  positionSum: Counts
  /** epoch seconds */
  firstSeen: Uint32Array
  lastSeen: Uint32Array
  /** the best (lowest) position of the cell */
  bestPosition: Small
}

/**
 * Each article's sums over all its daily cells (every day, every country): a window whose whole
 * days hold all of an article's days, in markets that hold all its countries, reads these five
 * numbers instead of the cells (most articles live a few days: most of a long window's).
 */
export interface WholeLife {
  impressions: Counts
  observations: Counts
  positionSum: Counts
  /**
   * The first and last sighting (epoch seconds) and the best position of any cell, in the cells'
   * own widths (a whole life's extremes are values of its cells). Read only for an article with
   * cells (firstDay <= lastDay): without cells it holds NO_FIRST_SEEN, 0 and NO_BEST_POSITION, or,
   * where every article's cells span its life as the store's facts say, the sightings are the
   * lives' own arrays (lifeFirst and lifeLast, held once: wholeSeenIsLife).
   */
  firstSeen: Uint32Array
  lastSeen: Uint32Array
  bestPosition: Uint16Array
  /** the first and last day with cells; no cells: the widest the array holds, reversed (first > last) */
  firstDay: Codes
  lastDay: Codes
  /** the countries of its cells: bit c for country number c below 31; bit 31 for any country numbered 31 or more */
  countryBits: Uint32Array
}

/**
 * Each article's impressions per day over all countries (its days in order): entries
 * start[i]..start[i+1]. When every article's cells are one per day in day order, these are the
 * daily cells' own arrays (perDayIsDays).
 */
export interface PerDay {
  start: Int32Array
  day: Codes
  impressions: Counts
}

/** What an article without cells holds as its whole life's first sighting and best position (the largest each array holds). */
export const NO_FIRST_SEEN = 2 ** 32 - 1
export const NO_BEST_POSITION = 2 ** 16 - 1

/** The bit of a country number in WholeLife.countryBits. */
export const countryBit = (c: number): number => (c < 31 ? 1 << c : 1 << 31) >>> 0

/** What a set of country numbers covers: an article's cells are all in it when (its bits & ~these) === 0. */
export function countryBitsOf(data: ActivityData, countries: Iterable<number>): number {
  let bits = 0
  const wanted = new Set(countries)
  for (const c of wanted) if (c < 31) bits |= 1 << c
  // bit 31 stands for every country numbered 31 or more: covered only when all of them are in
  let allHigh = true
  for (let c = 31; c < data.countries.list.length; c++) if (!wanted.has(c)) allHigh = false
  if (allHigh) bits |= 1 << 31
  return bits >>> 0
}

/** Whether the per-day sums are the daily cells' own arrays (nothing to hold twice). */
export const perDayIsDays = (data: ActivityData): boolean => data.perDay.day === data.days.day && data.perDay.impressions === data.days.impressions && data.perDay.start === data.days.start

/** Whether each article's whole-life sightings are its life's own arrays (nothing to hold twice). */
export const wholeSeenIsLife = (data: ActivityData): boolean => data.whole.firstSeen === data.lifeFirst && data.whole.lastSeen === data.lifeLast

/**
 * Each article's first and last day with cells, two bytes each when every day with cells lies
 * strictly between the two-byte extremes (1880-2059), which then mark an article without cells
 * as the four-byte extremes do (first > last, before and after every window).
 */
export function narrowestDays(first: Int32Array, last: Int32Array): { first: Codes; last: Codes } {
  for (let a = 0; a < first.length; a++) {
    if (first[a]! > last[a]!) continue
    if (first[a]! <= -32768 || last[a]! >= 32767) return { first, last }
  }
  const narrowFirst = new Int16Array(first.length)
  const narrowLast = new Int16Array(last.length)
  for (let a = 0; a < first.length; a++) {
    const none = first[a]! > last[a]!
    narrowFirst[a] = none ? 32767 : first[a]!
    narrowLast[a] = none ? -32768 : last[a]!
  }
  return { first: narrowFirst, last: narrowLast }
}

/**
 * The whole-life sightings, or the lives' arrays when they hold the same for every article with
 * cells (a feed's: an article's life is its first and last sighting in any cell).
 */
function wholeSeen(data: ActivityData, whole: { firstSeen: Uint32Array; lastSeen: Uint32Array; firstDay: Int32Array; lastDay: Int32Array }): { firstSeen: Uint32Array; lastSeen: Uint32Array } {
  const { lifeFirst, lifeLast } = data
  const { firstSeen, lastSeen, firstDay, lastDay } = whole
  if (!(lifeFirst instanceof Uint32Array) || !(lifeLast instanceof Uint32Array)) return { firstSeen, lastSeen }
  for (let a = 0; a < firstSeen.length; a++) {
    if (firstDay[a]! > lastDay[a]!) continue
    if (firstSeen[a] !== lifeFirst[a] || lastSeen[a] !== lifeLast[a]) return { firstSeen, lastSeen }
  }
  return { firstSeen: lifeFirst, lastSeen: lifeLast }
}

/** Fills `whole` and `perDay` from the daily cells. */
export function summarise(data: ActivityData): ActivityData {
  const n = data.seq.length
  const d = data.days
  const whole = {
    impressions: new Float64Array(n),
    observations: new Float64Array(n),
    positionSum: new Float64Array(n),
    firstSeen: new Uint32Array(n).fill(NO_FIRST_SEEN),
    lastSeen: new Uint32Array(n),
    bestPosition: new Uint16Array(n).fill(NO_BEST_POSITION),
    firstDay: new Int32Array(n).fill(2 ** 31 - 1),
    lastDay: new Int32Array(n).fill(-(2 ** 31)),
    countryBits: new Uint32Array(n),
  }
  const start = new Int32Array(n + 1)
  // at most one entry per cell; trimmed at the end
  const days = new Int32Array(d.day.length)
  const imps = new Float64Array(d.day.length)
  let size = 0
  const add = (a: number, k: number) => {
    if (size > start[a]! && days[size - 1] === d.day[k]) imps[size - 1]! += d.impressions[k]!
    else {
      days[size] = d.day[k]!
      imps[size++] = d.impressions[k]!
    }
  }
  let everyInDayOrder = true
  for (let a = 0; a < n; a++) {
    let inDayOrder = true
    for (let k = d.start[a]!; k < d.start[a + 1]!; k++) {
      if (k > d.start[a]! && d.day[k]! < d.day[k - 1]!) inDayOrder = false
      whole.impressions[a] = whole.impressions[a]! + d.impressions[k]!
      whole.observations[a] = whole.observations[a]! + d.observations[k]!
      whole.positionSum[a] = whole.positionSum[a]! + d.positionSum[k]!
      if (d.firstSeen[k]! < whole.firstSeen[a]!) whole.firstSeen[a] = d.firstSeen[k]!
      if (d.lastSeen[k]! > whole.lastSeen[a]!) whole.lastSeen[a] = d.lastSeen[k]!
      if (d.bestPosition[k]! < whole.bestPosition[a]!) whole.bestPosition[a] = d.bestPosition[k]!
      if (d.day[k]! < whole.firstDay[a]!) whole.firstDay[a] = d.day[k]!
      if (d.day[k]! > whole.lastDay[a]!) whole.lastDay[a] = d.day[k]!
      whole.countryBits[a] = (whole.countryBits[a]! | countryBit(d.country[k]!)) >>> 0
    }
    // cells are mostly in day order already (a build reads by day); an update may append
    if (inDayOrder) for (let k = d.start[a]!; k < d.start[a + 1]!; k++) add(a, k)
    else {
      everyInDayOrder = false
      const order = Array.from({ length: d.start[a + 1]! - d.start[a]! }, (_, i) => d.start[a]! + i).sort((x, y) => d.day[x]! - d.day[y]!)
      for (const k of order) add(a, k)
    }
    start[a + 1] = size
  }
  const dayRange = narrowestDays(whole.firstDay, whole.lastDay)
  data.whole = {
    ...whole,
    ...wholeSeen(data, whole),
    impressions: narrowest(whole.impressions),
    observations: narrowest(whole.observations),
    positionSum: narrowest(whole.positionSum),
    firstDay: dayRange.first,
    lastDay: dayRange.last,
  }
  // Each article's cells one per day, in day order (an article in one country, as most are):
  // the per-day sums are the cells themselves, held once (a seventh of the index at large).
  data.perDay =
    everyInDayOrder && size === d.day.length
      ? { start: d.start, day: d.day, impressions: d.impressions }
      : { start, day: narrowestCodes(days.slice(0, size)), impressions: narrowest(imps.slice(0, size)) }
  return data
}

export interface ActivityData {
  /** article index -> seq */
  seq: Int32Array
  /** seq -> article index (-1: not held) */
  indexOfSeq: Int32Array
  lang: Codes
  domain: Codes
  /** -1: none */
  category: Codes
  contentType: Codes
  trend: Codes
  /** never seen: see Times (read through lifeFirstOf and lifeLastOf for NaN) */
  lifeFirst: Times
  lifeLast: Times
  /** each article's entities (entity string numbers) */
  entities: Groups<Codes>
  days: DayCells
  langs: Strings
  domains: Strings
  categories: Strings
  contentTypes: Strings
  trends: Strings
  entityIds: Strings
  countries: Strings
  entityNames: Map<string, string>
  /** derived from the daily cells: each article's sums over its whole life, and per day over all countries */
  whole: WholeLife
  perDay: PerDay
  /** the articles of each entity, category, domain and trend (by string number) */
  byEntity: Groups
  byCategory: Groups
  byDomain: Groups
  byTrend: Groups
}

type NumberArray = Int32Array | Uint16Array | Uint32Array | Float64Array

/** A typed array that grows as values are pushed. */
class Column<T extends NumberArray> {
  values: T
  size = 0
  constructor(private readonly make: (n: number) => T) {
    this.values = make(1024)
  }
  push(v: number): void {
    if (this.size === this.values.length) {
      const bigger = this.make(this.values.length * 2)
      bigger.set(this.values)
      this.values = bigger
    }
    this.values[this.size++] = v
  }
  done(): T {
    return this.values.subarray(0, this.size) as T
  }
}

const int32 = (n: number) => new Int32Array(n)

/** Daily cells as columns, in any order (grouped by article on finishing). */
class DayColumns {
  readonly day = new Column(int32)
  readonly country = new Column((n) => new Uint16Array(n))
  readonly seq = new Column(int32)
  readonly impressions = new Column((n) => new Float64Array(n))
  readonly observations = new Column((n) => new Uint32Array(n))
  readonly positionSum = new Column((n) => new Float64Array(n))
  readonly firstSeen = new Column((n) => new Uint32Array(n))
  readonly lastSeen = new Column((n) => new Uint32Array(n))
  readonly bestPosition = new Column((n) => new Uint16Array(n))

  push(r: DayRow, countries: Strings): void {
    this.day.push(r[0])
    this.country.push(countries.of(r[1]))
    this.seq.push(r[2])
    this.impressions.push(r[3])
    this.observations.push(r[4])
    this.positionSum.push(r[5])
    this.firstSeen.push(r[6])
    this.lastSeen.push(r[7])
    this.bestPosition.push(r[8])
  }

  get size(): number {
    return this.day.size
  }
}

/** Counting sort of (group, member) pairs into Groups of `groups` groups; pairs whose group is negative are left out. */
function groupsOf(groups: number, groupOf: (k: number) => number, memberOf: (k: number) => number, pairs: number): Groups {
  const start = new Int32Array(groups + 1)
  for (let k = 0; k < pairs; k++) {
    const g = groupOf(k)
    if (g >= 0) start[g + 1]!++
  }
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!
  const items = new Int32Array(start[groups]!)
  const next = start.slice(0, groups)
  for (let k = 0; k < pairs; k++) {
    const g = groupOf(k)
    if (g >= 0) items[next[g]!++] = memberOf(k)
  }
  return { start, items }
}

/** The cells of `cols` (and of `keep` from an older index) grouped by the articles of `data`. */
function dayCellsOf(data: ActivityData, cols: DayColumns, old?: { data: ActivityData; keep: (k: number) => boolean }): DayCells {
  const n = data.seq.length
  const articleOfSeq = (seq: number) => (seq >= 0 && seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1)
  const counts = new Int32Array(n + 1)
  const oldDays = old?.data.days
  // old cells keep their article's place (an older index's articles keep their numbers)
  if (old && oldDays) {
    for (let i = 0; i < old.data.seq.length; i++) {
      for (let k = oldDays.start[i]!; k < oldDays.start[i + 1]!; k++) if (old.keep(k)) counts[i + 1]!++
    }
  }
  const seqs = cols.seq.values
  for (let k = 0; k < cols.size; k++) {
    const a = articleOfSeq(seqs[k]!)
    if (a >= 0) counts[a + 1]!++
  }
  for (let i = 0; i < n; i++) counts[i + 1]! += counts[i]!
  const size = counts[n]!
  // the counts gathered as any number, then held in four bytes where they fit (they do in a feed)
  const impressions = new Float64Array(size)
  const positionSum = new Float64Array(size)
  const cells = {
    start: counts.slice(),
    day: new Int32Array(size),
    country: new Uint16Array(size),
    impressions,
    observations: new Uint32Array(size),
    positionSum,
    firstSeen: new Uint32Array(size),
    lastSeen: new Uint32Array(size),
    bestPosition: new Uint16Array(size),
  }
  const next = counts
  if (old && oldDays) {
    for (let i = 0; i < old.data.seq.length; i++) {
      for (let k = oldDays.start[i]!; k < oldDays.start[i + 1]!; k++) {
        if (!old.keep(k)) continue
        const j = next[i]!++
        cells.day[j] = oldDays.day[k]!
        cells.country[j] = oldDays.country[k]!
        cells.impressions[j] = oldDays.impressions[k]!
        cells.observations[j] = oldDays.observations[k]!
        cells.positionSum[j] = oldDays.positionSum[k]!
        cells.firstSeen[j] = oldDays.firstSeen[k]!
        cells.lastSeen[j] = oldDays.lastSeen[k]!
        cells.bestPosition[j] = oldDays.bestPosition[k]!
      }
    }
  }
  for (let k = 0; k < cols.size; k++) {
    const a = articleOfSeq(seqs[k]!)
    if (a < 0) continue
    const j = next[a]!++
    cells.day[j] = cols.day.values[k]!
    cells.country[j] = cols.country.values[k]!
    cells.impressions[j] = cols.impressions.values[k]!
    cells.observations[j] = cols.observations.values[k]!
    cells.positionSum[j] = cols.positionSum.values[k]!
    cells.firstSeen[j] = cols.firstSeen.values[k]!
    cells.lastSeen[j] = cols.lastSeen.values[k]!
    cells.bestPosition[j] = cols.bestPosition.values[k]!
  }
  return {
    ...cells,
    day: narrowestCodes(cells.day),
    country: narrowestSmall(cells.country),
    impressions: narrowest(impressions),
    observations: narrowestSmall(cells.observations),
    positionSum: narrowest(positionSum),
    bestPosition: narrowestSmall(cells.bestPosition),
  }
}

/** The articles of each entity, category, domain and trend. */
function indexItems(data: ActivityData): void {
  const n = data.seq.length
  const byValue = (values: Codes, groups: number) => groupsOf(groups, (i) => values[i]!, (i) => i, n)
  data.byCategory = byValue(data.category, data.categories.list.length)
  data.byDomain = byValue(data.domain, data.domains.list.length)
  data.byTrend = byValue(data.trend, data.trends.list.length)
  // entity pair k belongs to the article whose range holds k
  const articleOfPair = new Int32Array(data.entities.items.length)
  for (let i = 0; i < n; i++) articleOfPair.fill(i, data.entities.start[i]!, data.entities.start[i + 1]!)
  data.byEntity = groupsOf(data.entityIds.list.length, (k) => data.entities.items[k]!, (k) => articleOfPair[k]!, data.entities.items.length)
}

const NO_GROUPS: Groups = { start: new Int32Array(1), items: new Int32Array(0) }

function emptyData(n: number, maxSeq: number): ActivityData {
  return {
    seq: new Int32Array(n),
    indexOfSeq: new Int32Array(maxSeq + 1).fill(-1),
    lang: new Int32Array(n),
    domain: new Int32Array(n),
    category: new Int32Array(n).fill(-1),
    contentType: new Int32Array(n).fill(-1),
    trend: new Int32Array(n).fill(-1),
    lifeFirst: new Float64Array(n).fill(Number.NaN),
    lifeLast: new Float64Array(n).fill(Number.NaN),
    entities: NO_GROUPS,
    days: { start: new Int32Array(n + 1), day: new Int32Array(0), country: new Uint16Array(0), impressions: new Float64Array(0), observations: new Uint32Array(0), positionSum: new Float64Array(0), firstSeen: new Uint32Array(0), lastSeen: new Uint32Array(0), bestPosition: new Uint16Array(0) },
    langs: new Strings(),
    domains: new Strings(),
    categories: new Strings(),
    contentTypes: new Strings(),
    trends: new Strings(),
    entityIds: new Strings(),
    countries: new Strings(),
    entityNames: new Map(),
    whole: { impressions: new Float64Array(n), observations: new Float64Array(n), positionSum: new Float64Array(n), firstSeen: new Uint32Array(n), lastSeen: new Uint32Array(n), bestPosition: new Uint16Array(n), firstDay: new Int32Array(n), lastDay: new Int32Array(n), countryBits: new Uint32Array(n) },
    perDay: { start: new Int32Array(n + 1), day: new Int32Array(0), impressions: new Float64Array(0) },
    byEntity: NO_GROUPS,
    byCategory: NO_GROUPS,
    byDomain: NO_GROUPS,
    byTrend: NO_GROUPS,
  }
}

/** The articles' facts in four-byte columns while an index is made or updated (narrowed when done). */
interface FactColumns {
  lang: Int32Array
  domain: Int32Array
  category: Int32Array
  contentType: Int32Array
  lifeFirst: Float64Array
  lifeLast: Float64Array
}

/** Four-byte copies of the fact columns, `n` long (new places hold `none`'s values). */
function factColumnsOf(data: ActivityData, n: number): FactColumns {
  return {
    lang: widened(data.lang, n, 0),
    domain: widened(data.domain, n, 0),
    category: widened(data.category, n, -1),
    contentType: widened(data.contentType, n, -1),
    lifeFirst: widenedLives(data.lifeFirst, n, NO_LIFE_FIRST),
    lifeLast: widenedLives(data.lifeLast, n, NO_LIFE_LAST),
  }
}

/** The fact columns narrowed into the index. */
function withFacts(data: ActivityData, facts: FactColumns): void {
  data.lang = narrowestCodes(facts.lang)
  data.domain = narrowestCodes(facts.domain)
  data.category = narrowestCodes(facts.category)
  data.contentType = narrowestCodes(facts.contentType)
  const lives = narrowestLives(facts.lifeFirst, facts.lifeLast)
  data.lifeFirst = lives.first
  data.lifeLast = lives.last
}

function setFacts(data: ActivityData, facts: FactColumns, i: number, a: ArticleFacts): void {
  facts.lang[i] = data.langs.of(a.lang)
  facts.domain[i] = data.domains.of(a.domain)
  facts.category[i] = a.category === null ? -1 : data.categories.of(a.category)
  facts.contentType[i] = a.contentType === null ? -1 : data.contentTypes.of(a.contentType)
  facts.lifeFirst[i] = a.lifeFirst ?? Number.NaN
  facts.lifeLast[i] = a.lifeLast ?? Number.NaN
}

/** Each article's trend number (-1: none) from (seq, trend id) pairs, into data.trends. */
function trendsOf(data: ActivityData, trends: Iterable<readonly [number, string]>): Codes {
  const trend = new Int32Array(data.seq.length).fill(-1)
  for (const [seq, trendId] of trends) {
    const i = seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1
    if (i >= 0) trend[i] = data.trends.of(trendId)
  }
  return narrowestCodes(trend)
}

/** Entity pairs (article index, entity string number) as Groups by article. */
function entityGroups(n: number, articles: Column<Int32Array>, entities: Column<Int32Array>): Groups<Codes> {
  const groups = groupsOf(n, (k) => articles.values[k]!, (k) => entities.values[k]!, articles.size)
  return { start: groups.start, items: narrowestCodes(groups.items) }
}

/**
 * Collects the store's rows (in any order, as many reads as it takes) and makes them an index.
 * Rows of articles not added are left out.
 */
export class ActivityBuilder {
  private readonly facts: ArticleFacts[] = []
  private readonly trendPairs: Array<[number, string]> = []
  private readonly entitySeqs = new Column(int32)
  private readonly entityNumbers = new Column(int32)
  private readonly entityIds = new Strings()
  private readonly names = new Map<string, string>()
  private readonly countries = new Strings()
  private readonly days = new DayColumns()

  addArticle(facts: ArticleFacts): void {
    this.facts.push(facts)
  }
  addTrend(seq: number, trendId: string): void {
    this.trendPairs.push([seq, trendId])
  }
  addEntity(seq: number, entityId: string): void {
    this.entitySeqs.push(seq)
    this.entityNumbers.push(this.entityIds.of(entityId))
  }
  addEntityName(entityId: string, name: string): void {
    this.names.set(entityId, name)
  }
  addDay(row: DayRow): void {
    this.days.push(row, this.countries)
  }

  finish(): ActivityData {
    const facts = this.facts.sort((a, b) => a.seq - b.seq)
    const n = facts.length
    const data = emptyData(n, n > 0 ? facts[n - 1]!.seq : 0)
    data.entityIds = this.entityIds
    data.countries = this.countries
    data.entityNames = this.names
    const columns = factColumnsOf(data, n)
    facts.forEach((a, i) => {
      data.seq[i] = a.seq
      data.indexOfSeq[a.seq] = i
      setFacts(data, columns, i, a)
    })
    withFacts(data, columns)
    data.trend = trendsOf(data, this.trendPairs)
    const articleOf = new Column(int32)
    for (let k = 0; k < this.entitySeqs.size; k++) {
      const seq = this.entitySeqs.values[k]!
      articleOf.push(seq < data.indexOfSeq.length ? data.indexOfSeq[seq]! : -1)
    }
    data.entities = entityGroups(n, articleOf, this.entityNumbers)
    data.days = dayCellsOf(data, this.days)
    indexItems(data)
    return summarise(data)
  }
}

/** What changed in the store since an index was made (ingest writes whole batches). */
export interface ActivityChanges {
  /** facts of the articles new or changed since (their seen times move with every sighting) */
  articles: ArticleFacts[]
  /** every entity of the articles written since, by seq (their entities are written anew) */
  entitiesOf: Map<number, string[]>
  entityNames: Array<[string, string]>
  /** the (day, country) groups whose daily cells changed, and all their rows as stored now */
  touched: Array<[number, string]>
  days: DayRow[]
}

/** A four-byte copy of `a`, `n` long (places beyond `a` hold `fill`): for writing numbers any width may hold. */
function widened(a: Codes, n: number, fill: number): Int32Array {
  const b = new Int32Array(n)
  if (n > a.length) b.fill(fill, a.length)
  b.set(a.subarray(0, Math.min(a.length, n)))
  return b
}

/**
 * The index after new data: new articles added, changed articles' facts and entities taken anew,
 * and the daily cells of the touched (day, country) groups replaced by their rows as stored now.
 * Returns a new index; the old one is left as it was and keeps answering meanwhile.
 */
export function updateActivity(data: ActivityData, changes: ActivityChanges): ActivityData {
  const n0 = data.seq.length
  const isNew = (seq: number) => seq >= data.indexOfSeq.length || data.indexOfSeq[seq]! < 0
  const added = [...new Set(changes.articles.filter((a) => isNew(a.seq)).map((a) => a.seq))].sort((a, b) => a - b)
  const n = n0 + added.length
  const maxSeq = Math.max(data.indexOfSeq.length - 1, added.length > 0 ? added[added.length - 1]! : 0)
  const next: ActivityData = {
    ...data,
    seq: widened(data.seq, n, 0),
    indexOfSeq: widened(data.indexOfSeq, maxSeq + 1, -1),
    trend: narrowestCodes(widened(data.trend, n, -1)),
    langs: data.langs.copy(),
    domains: data.domains.copy(),
    categories: data.categories.copy(),
    contentTypes: data.contentTypes.copy(),
    entityIds: data.entityIds.copy(),
    countries: data.countries.copy(),
    entityNames: new Map([...data.entityNames, ...changes.entityNames]),
  }
  added.forEach((seq, k) => {
    next.seq[n0 + k] = seq
    next.indexOfSeq[seq] = n0 + k
  })
  const columns = factColumnsOf(data, n)
  for (const a of changes.articles) setFacts(next, columns, next.indexOfSeq[a.seq]!, a)
  withFacts(next, columns)
  // entities: each article's own, or its new set
  const articles = new Column(int32)
  const entities = new Column(int32)
  for (let i = 0; i < n; i++) {
    const renewed = changes.entitiesOf.get(next.seq[i]!)
    if (renewed) {
      for (const e of renewed) {
        articles.push(i)
        entities.push(next.entityIds.of(e))
      }
    } else if (i < n0) {
      for (let k = data.entities.start[i]!; k < data.entities.start[i + 1]!; k++) {
        articles.push(i)
        entities.push(data.entities.items[k]!)
      }
    }
  }
  next.entities = entityGroups(n, articles, entities)
  next.days = replaceDays(data, next, changes)
  indexItems(next)
  return summarise(next)
}

/** The daily cells of `data` less those of the touched groups, plus the rows given for them. */
function replaceDays(data: ActivityData, next: ActivityData, changes: ActivityChanges): DayCells {
  const touched = new Set<number>()
  const countryCount = 1 << 16
  for (const [day, country] of changes.touched) {
    const c = data.countries.find(country)
    if (c !== undefined) touched.add(day * countryCount + c)
  }
  const old = data.days
  const cols = new DayColumns()
  for (const r of changes.days) cols.push(r, next.countries)
  return dayCellsOf(next, cols, { data, keep: (k) => touched.size === 0 || !touched.has(old.day[k]! * countryCount + old.country[k]!) })
}

/** The index with the trends as the store holds them now (after a refresh of the trends). */
export function withTrends(data: ActivityData, trends: Iterable<readonly [number, string]>): ActivityData {
  const next: ActivityData = { ...data, trends: new Strings() }
  next.trend = trendsOf(next, trends)
  next.byTrend = groupsOf(next.trends.list.length, (i) => next.trend[i]!, (i) => i, next.seq.length)
  return next
}

/** An article's facts as the index holds them. */
export function factsOf(data: ActivityData, i: number): ArticleFacts {
  return {
    seq: data.seq[i]!,
    lang: data.langs.list[data.lang[i]!]!,
    domain: data.domains.list[data.domain[i]!]!,
    category: data.category[i]! < 0 ? null : data.categories.list[data.category[i]!]!,
    contentType: data.contentType[i]! < 0 ? null : data.contentTypes.list[data.contentType[i]!]!,
    lifeFirst: Number.isNaN(lifeFirstOf(data, i)) ? null : lifeFirstOf(data, i),
    lifeLast: Number.isNaN(lifeLastOf(data, i)) ? null : lifeLastOf(data, i),
  }
}

/** The entity ids of an article. */
export function entitiesOfArticle(data: ActivityData, i: number): string[] {
  return Array.from(membersOf(data.entities, i), (e) => data.entityIds.list[e]!)
}

export function emptyActivity(): ActivityData {
  return new ActivityBuilder().finish()
}
