/**
 * The feed volatility index: how much a feed changed, on a 0 to 10 scale where about 3 is a
 * usual day and 7 or more a noticeable change. docs/signals.md explains it with a worked example.
 *
 * 1. Distance between two consecutive snapshots (ranked lists of articles):
 *    d = 1 - RBO_ext(previous, current, p), rank-biased overlap (Webber, Moffat and Zobel 2010)
 *    extrapolated to the lists' depth. Identical lists give 0, lists with nothing in common 1,
 *    and a change at the top weighs more than one at the bottom.
 * 2. The distance of a point is the mean of the snapshot distances inside it (a day holds eight
 *    3-hour pairs; a 3-hour slot holds one).
 * 3. Index = clamp(3 + (4/3) * z, 0, 10), with z the robust z-score of the point against the
 *    trailing baseline of the same series (median and 1.4826 * MAD of the previous 28 days):
 *    a point at the baseline's median reads 3, three robust deviations above it read 7.
 */

/** Persistence of rank-biased overlap: with 0.9 the top 10 positions carry about 86% of the weight. */
export const RBO_P = 0.9
export const BASELINE_DAYS = 28
/** A baseline needs at least this many points; with fewer, the index is not computed. */
export const MIN_BASELINE_POINTS = 7
export const USUAL_INDEX = 3
export const SPIKE_INDEX = 7
/** Index points per robust standard deviation: (SPIKE_INDEX - USUAL_INDEX) / 3. */
export const POINTS_PER_SD = (SPIKE_INDEX - USUAL_INDEX) / 3
export const CALM_INDEX = 1.5
const MAD_TO_SD = 1.4826
/** A floor for the baseline's spread, so a perfectly steady baseline does not divide by zero. */
const MIN_SPREAD = 0.005

/** Extrapolated rank-biased overlap of two ranked lists of ids (most prominent first). */
export function rankBiasedOverlap(a: readonly (string | number)[], b: readonly (string | number)[], p = RBO_P): number {
  if (a.length === 0 && b.length === 0) return 1
  if (smallIds(a) && smallIds(b)) return overlapOfSmallIds(a as readonly number[], b as readonly number[], p)
  // other ids (text, or numbers past the marks' reach) are numbered first
  const numbers = new Map<string | number, number>()
  const number = (id: string | number) => {
    let n = numbers.get(id)
    if (n === undefined) numbers.set(id, (n = numbers.size))
    return n
  }
  return overlapOfSmallIds(a.map(number), b.map(number), p)
}

/** Ids up to this are marked in place (article seqs: a million articles take 4 MB a list). */
const MARKED_IDS = 1 << 24
const smallIds = (ids: readonly (string | number)[]): boolean => ids.every((id) => typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < MARKED_IDS)

/**
 * Which ids each list's prefix holds so far, by call: an id is in the prefix when its mark is the
 * call's number. Sets built per call took most of a volatility series' time (two per snapshot pair).
 */
const marks = { inA: new Int32Array(0), inB: new Int32Array(0), call: 0 }

function overlapOfSmallIds(a: readonly number[], b: readonly number[], p: number): number {
  let largest = -1
  for (const id of a) if (id > largest) largest = id
  for (const id of b) if (id > largest) largest = id
  if (largest >= marks.inA.length) {
    const size = Math.min(MARKED_IDS, Math.max(largest + 1, marks.inA.length * 2, 1024))
    marks.inA = new Int32Array(size)
    marks.inB = new Int32Array(size)
    marks.call = 0
  }
  if (marks.call === 2 ** 31 - 1) {
    marks.inA.fill(0)
    marks.inB.fill(0)
    marks.call = 0
  }
  const call = ++marks.call
  const { inA, inB } = marks
  const depth = Math.max(a.length, b.length)
  let overlap = 0
  let sum = 0
  let weight = 1
  for (let d = 1; d <= depth; d++) {
    const x = a[d - 1]
    const y = b[d - 1]
    if (x !== undefined) {
      if (inB[x] === call) overlap++
      inA[x] = call
    }
    if (y !== undefined) {
      if (inA[y] === call && y !== x) overlap++
      inB[y] = call
    }
    if (x !== undefined && x === y) overlap++
    weight *= p
    sum += (overlap / d) * weight
  }
  return Math.min(1, (overlap / depth) * weight + ((1 - p) / p) * sum)
}

/** 1 - RBO, rounded to 12 decimals so identical lists give exactly 0 despite floating-point sums. */
export const snapshotDistance = (previous: readonly (string | number)[], current: readonly (string | number)[]): number =>
  Math.round((1 - rankBiasedOverlap(previous, current)) * 1e12) / 1e12

export function median(values: readonly number[]): number {
  const s = [...values].sort((x, y) => x - y)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export function robustZ(value: number, baseline: readonly number[]): number {
  const m = median(baseline)
  const mad = median(baseline.map((v) => Math.abs(v - m)))
  return (value - m) / Math.max(MAD_TO_SD * mad, MIN_SPREAD)
}

export const indexFromZ = (z: number): number => Math.min(10, Math.max(0, USUAL_INDEX + POINTS_PER_SD * z))

export type PointState = 'active' | 'calm' | 'spike' | 'no_data'

export interface IndexedPoint {
  bucket: string
  distance: number
  index: number
  z: number
  isSpike: boolean
  state: PointState
}

/**
 * Indexes a series of distances (oldest first). `baselinePoints` is how many previous points
 * form the baseline (28 days of daily points, or 28 days of 3-hour points). Points without
 * enough history are left out.
 */
export function indexSeries(points: ReadonlyArray<{ bucket: string; distance: number }>, baselinePoints: number): IndexedPoint[] {
  const out: IndexedPoint[] = []
  points.forEach((p, i) => {
    const baseline = points.slice(Math.max(0, i - baselinePoints), i).map((b) => b.distance)
    if (baseline.length < MIN_BASELINE_POINTS) return
    const z = robustZ(p.distance, baseline)
    const index = Math.round(indexFromZ(z) * 10) / 10
    const isSpike = index >= SPIKE_INDEX
    out.push({ bucket: p.bucket, distance: p.distance, index, z, isSpike, state: isSpike ? 'spike' : index < CALM_INDEX ? 'calm' : 'active' })
  })
  return out
}

/**
 * Distances per point from consecutive snapshots. `snapshots` are in time order, each with the
 * bucket (day or slot) it belongs to; a snapshot's distance counts in its own bucket.
 */
export function pointDistances(snapshots: ReadonlyArray<{ bucket: string; ranked: readonly number[] }>): Array<{ bucket: string; distance: number }> {
  return bucketMeans(snapshots.length - 1, (i) => snapshots[i + 1]!.bucket, (i) => snapshotDistance(snapshots[i]!.ranked, snapshots[i + 1]!.ranked))
}

/** The mean distance of each bucket over `pairs` pairs in time order (the i-th pair's bucket and distance). */
function bucketMeans(pairs: number, bucketOf: (i: number) => string, distanceOf: (i: number) => number): Array<{ bucket: string; distance: number }> {
  const sums = new Map<string, { total: number; n: number }>()
  for (let i = 0; i < pairs; i++) {
    const bucket = bucketOf(i)
    const entry = sums.get(bucket) ?? { total: 0, n: 0 }
    entry.total += distanceOf(i)
    entry.n++
    sums.set(bucket, entry)
  }
  return [...sums.entries()].map(([bucket, { total, n }]) => ({ bucket, distance: total / n }))
}

/** A feed's snapshot times in order, and the distance of each from the one before it (`distance[0]` is NaN). */
export interface SnapshotPairs {
  at: number[]
  distance: number[]
}

/**
 * Every consecutive pair's distance of a country's snapshots (in time order), computed once for
 * any range of them; only the previous snapshot is held while the rest stream by.
 */
export function snapshotPairs(snapshots: Iterable<{ at: number; ranked: readonly number[] }>): SnapshotPairs {
  const at: number[] = []
  const distance: number[] = []
  let previous: readonly number[] | null = null
  for (const s of snapshots) {
    at.push(s.at)
    distance.push(previous === null ? Number.NaN : snapshotDistance(previous, s.ranked))
    previous = s.ranked
  }
  return { at, distance }
}

/**
 * The points of the snapshots from `from` to `to` (instants, both included) off their kept pairs:
 * what pointDistances gives for those snapshots alone (a pair counts when both its snapshots lie
 * in the range), without reading or comparing them again.
 */
export function pointDistancesOfPairs(pairs: SnapshotPairs, from: number, to: number, bucketOf: (at: number) => string): Array<{ bucket: string; distance: number }> {
  let first = 0
  while (first < pairs.at.length && pairs.at[first]! < from) first++
  let end = first
  while (end < pairs.at.length && pairs.at[end]! <= to) end++
  return bucketMeans(Math.max(0, end - first - 1), (i) => bucketOf(pairs.at[first + i + 1]!), (i) => pairs.distance[first + i + 1]!)
}

export interface Mover {
  articleSeq: number
  before: number | null
  after: number | null
  /** Share of the snapshot distance this article accounts for (rank-weighted movement). */
  weight: number
}

/**
 * What moved between two snapshots, most first: articles that entered, left, rose or fell,
 * each weighted by p^(best rank - 1) times its rank change, so moves near the top count most.
 */
export function movers(previous: readonly number[], current: readonly number[], p = RBO_P): Mover[] {
  const before = new Map(previous.map((id, i) => [id, i + 1]))
  const after = new Map(current.map((id, i) => [id, i + 1]))
  const depth = Math.max(previous.length, current.length) + 1
  const all = new Set([...previous, ...current])
  const raw = [...all].map((id) => {
    const b = before.get(id) ?? null
    const a = after.get(id) ?? null
    const best = Math.min(b ?? depth, a ?? depth)
    const shift = Math.abs((b ?? depth) - (a ?? depth))
    return { articleSeq: id, before: b, after: a, raw: p ** (best - 1) * Math.min(shift, 10) }
  })
  const total = raw.reduce((s, m) => s + m.raw, 0) || 1
  return raw
    .filter((m) => m.raw > 0)
    .map((m) => ({ articleSeq: m.articleSeq, before: m.before, after: m.after, weight: m.raw / total }))
    .sort((x, y) => y.weight - x.weight || x.articleSeq - y.articleSeq)
}

/** 3-hour slots in a day. */
export const SLOTS_PER_DAY = 8

/** Snapshots with only the articles kept (a format group's, a topic's), in their order. */
export function restrictSnapshots<S extends { at: number; ranked: number[]; formats: Map<number, string | null> }>(
  snapshots: readonly S[],
  keep: (seq: number, format: string | null) => boolean,
): Array<{ at: number; ranked: number[] }> {
  return snapshots.map((s) => ({ at: s.at, ranked: s.ranked.filter((seq) => keep(seq, s.formats.get(seq) ?? null)) }))
}

/** A series of snapshot distances by bucket (a day, or a 3-hour slot's first hour). */
export type DistanceSeries = Array<{ bucket: string; distance: number }>

/** The bucket of an instant (epoch seconds): its day, or its hour (3-hour slots are keyed by their first hour). */
export const dayBucket = (at: number) => new Date(at * 1000).toISOString().slice(0, 10)
export const slotBucket = (at: number) => new Date(at * 1000).toISOString().slice(0, 13)

/** Per-bucket mean of several countries' distances: the whole feed's series. */
export function combineSeries(series: DistanceSeries[]): DistanceSeries {
  const sums = new Map<string, { total: number; n: number }>()
  for (const s of series) {
    for (const p of s) {
      const e = sums.get(p.bucket) ?? { total: 0, n: 0 }
      e.total += p.distance
      e.n++
      sums.set(p.bucket, e)
    }
  }
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([bucket, e]) => ({ bucket, distance: e.total / e.n }))
}
