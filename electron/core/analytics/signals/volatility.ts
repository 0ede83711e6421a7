import { dayBucket, slotBucket } from '../../time/buckets'
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

/**
 * A point's state, in the hosted service's words: `calm` (under 1.5), `active` (a usual reading),
 * `blip` (a spike alone) or `sustained` (one of two or more spiking points in a row).
 */
export type PointState = 'calm' | 'active' | 'blip' | 'sustained'
/** How far a point can be trusted: a full baseline and a whole period, or less (docs/signals.md). */
export type Confidence = 'high' | 'medium' | 'low'

/** A baseline of fewer points than this gives no point at all (a shorter one than MIN_BASELINE_POINTS gives a point marked so). */
export const MIN_SHOWN_BASELINE_POINTS = 3
/** A baseline this full (three quarters of its points) is a full one. */
const FULL_BASELINE_SHARE = 0.75
/** A running period holding less than this share of a usual period's pairs reads with low confidence. */
const HALF_COVERED = 0.5

/** The period a series counts in: days or 3-hour slots, aligned to UTC midnight; `key` names the period of an instant. */
export interface SeriesUnit {
  seconds: number
  key(at: number): string
}

export const DAY_UNIT: SeriesUnit = { seconds: 86_400, key: dayBucket }
export const SLOT_UNIT: SeriesUnit = { seconds: 10_800, key: slotBucket }

/** One snapshot pair of a point: seconds after the period's start, its distance, and whose feed (a country's index, for the whole feed's mean of means). */
export interface PairSample {
  offset: number
  distance: number
  part: number
}

/** A point of a distance series: its period, the mean distance of its pairs (of its feeds' means), and the pairs. */
export interface DistancePoint {
  bucket: string
  distance: number
  samples: PairSample[]
}
export type DistanceSeries = DistancePoint[]

export interface IndexedPoint {
  bucket: string
  distance: number
  index: number
  z: number
  isSpike: boolean
  state: PointState
  confidence: Confidence
  /** fewer baseline points than MIN_BASELINE_POINTS: shown, never a headline figure nor a spike */
  insufficientBaseline: boolean
  /** a period that has only begun (its pairs reach less far than the baseline's): compared on the same hours */
  partial: boolean
  /** how many points its baseline held */
  baselinePoints: number
}

/** The mean distance of samples up to an offset (the mean of each feed's mean); NaN when none reach it. */
function meanUpTo(samples: readonly PairSample[], maxOffset: number): number {
  const parts = new Map<number, { total: number; n: number }>()
  for (const x of samples) {
    if (x.offset > maxOffset) continue
    const e = parts.get(x.part) ?? { total: 0, n: 0 }
    e.total += x.distance
    e.n++
    parts.set(x.part, e)
  }
  if (parts.size === 0) return Number.NaN
  let sum = 0
  for (const e of parts.values()) sum += e.total / e.n
  return sum / parts.size
}

const lastOffset = (p: DistancePoint): number => p.samples.reduce((m, x) => Math.max(m, x.offset), Number.NEGATIVE_INFINITY)
const perPart = (p: DistancePoint): number => p.samples.length / Math.max(1, new Set(p.samples.map((x) => x.part)).size)

/**
 * Indexes a series of distances (oldest first). `baselinePoints` is how many previous points
 * form the baseline: 28 days. With `seasonOf` (the 3-hour slots' time of day), a point's baseline
 * is the previous points of its own season alone, so that a slot is measured against the same
 * slot of the 28 days before: feeds churn more at some hours than at others. Points with fewer
 * than MIN_SHOWN_BASELINE_POINTS before them are left out; with fewer than MIN_BASELINE_POINTS
 * they are marked `insufficientBaseline` (low confidence, never a spike).
 *
 * The last point may be a period that has only begun (a day with one 3-hour snapshot): its pairs
 * reach less far into the period than the baseline's do. It is then measured against the same
 * hours of the baseline's periods (each of their means taken over the pairs up to the offset its
 * own pairs reach), so that a morning is compared with mornings, never with whole days: the
 * running day is no false alarm, and a real shake-up in its first hours still reads as one.
 */
export function indexSeries(points: readonly DistancePoint[], baselinePoints: number, seasonOf?: (bucket: string) => string): IndexedPoint[] {
  const out: IndexedPoint[] = []
  const seasons = new Map<string, DistancePoint[]>()
  points.forEach((p, i) => {
    let earlier: DistancePoint[]
    if (seasonOf) {
      const key = seasonOf(p.bucket)
      const season = seasons.get(key) ?? []
      earlier = season.slice(-baselinePoints)
      season.push(p)
      seasons.set(key, season)
    } else earlier = points.slice(Math.max(0, i - baselinePoints), i)
    let baseline = earlier.map((b) => b.distance)
    let partial = false
    let coverage = 1
    if (i === points.length - 1 && earlier.length > 0 && p.samples.length > 0) {
      const reach = lastOffset(p)
      if (earlier.some((b) => lastOffset(b) > reach)) {
        partial = true
        baseline = earlier.map((b) => meanUpTo(b.samples, reach)).filter((d) => !Number.isNaN(d))
        coverage = perPart(p) / median(earlier.map(perPart))
      }
    }
    if (baseline.length < MIN_SHOWN_BASELINE_POINTS) return
    const insufficientBaseline = baseline.length < MIN_BASELINE_POINTS
    const z = robustZ(p.distance, baseline)
    const index = Math.round(indexFromZ(z) * 10) / 10
    const isSpike = index >= SPIKE_INDEX && !insufficientBaseline
    const confidence: Confidence =
      insufficientBaseline || (partial && coverage < HALF_COVERED) ? 'low' : partial || baseline.length < baselinePoints * FULL_BASELINE_SHARE ? 'medium' : 'high'
    out.push({
      bucket: p.bucket,
      distance: p.distance,
      index,
      z,
      isSpike,
      state: index < CALM_INDEX ? 'calm' : 'active',
      confidence,
      insufficientBaseline,
      partial,
      baselinePoints: baseline.length,
    })
  })
  // a spike is a blip alone, sustained beside another
  out.forEach((p, i) => {
    if (p.isSpike) p.state = out[i - 1]?.isSpike || out[i + 1]?.isSpike ? 'sustained' : 'blip'
  })
  return out
}

/** Distances per point from consecutive snapshots in time order: a pair counts in the period of its later snapshot. */
export function pointDistances(snapshots: ReadonlyArray<{ at: number; ranked: readonly number[] }>, unit: SeriesUnit): DistanceSeries {
  return bucketMeans(
    snapshots.length - 1,
    (i) => snapshots[i + 1]!.at,
    (i) => snapshotDistance(snapshots[i]!.ranked, snapshots[i + 1]!.ranked),
    unit,
  )
}

/** The mean distance of each period over `pairs` pairs in time order (the i-th pair's instant and distance), with the pairs. */
function bucketMeans(pairs: number, atOf: (i: number) => number, distanceOf: (i: number) => number, unit: SeriesUnit): DistanceSeries {
  const points = new Map<string, DistancePoint & { total: number }>()
  for (let i = 0; i < pairs; i++) {
    const at = atOf(i)
    const bucket = unit.key(at)
    const distance = distanceOf(i)
    let point = points.get(bucket)
    if (!point) points.set(bucket, (point = { bucket, distance: 0, samples: [], total: 0 }))
    point.total += distance
    point.samples.push({ offset: at - Math.floor(at / unit.seconds) * unit.seconds, distance, part: 0 })
  }
  return [...points.values()].map(({ bucket, total, samples }) => ({ bucket, distance: total / samples.length, samples }))
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
export function pointDistancesOfPairs(pairs: SnapshotPairs, from: number, to: number, unit: SeriesUnit): DistanceSeries {
  let first = 0
  while (first < pairs.at.length && pairs.at[first]! < from) first++
  let end = first
  while (end < pairs.at.length && pairs.at[end]! <= to) end++
  return bucketMeans(Math.max(0, end - first - 1), (i) => pairs.at[first + i + 1]!, (i) => pairs.distance[first + i + 1]!, unit)
}

/** Snapshots with only the articles kept (a format group's, a topic's), in their order. */
export function restrictSnapshots<S extends { at: number; ranked: number[]; formats: Map<number, string | null> }>(
  snapshots: readonly S[],
  keep: (seq: number, format: string | null) => boolean,
): Array<{ at: number; ranked: number[] }> {
  return snapshots.map((s) => ({ at: s.at, ranked: s.ranked.filter((seq) => keep(seq, s.formats.get(seq) ?? null)) }))
}

/**
 * Per-period mean of several countries' distances: the whole feed's series. Each country's pairs
 * are kept beside it (as parts), so that a running period is compared on the same hours here too.
 */
export function combineSeries(series: readonly DistanceSeries[]): DistanceSeries {
  const sums = new Map<string, { total: number; n: number; samples: PairSample[] }>()
  series.forEach((s, part) => {
    for (const p of s) {
      const e = sums.get(p.bucket) ?? { total: 0, n: 0, samples: [] }
      e.total += p.distance
      e.n++
      for (const x of p.samples) e.samples.push({ ...x, part })
      sums.set(p.bucket, e)
    }
  })
  return [...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([bucket, e]) => ({ bucket, distance: e.total / e.n, samples: e.samples }))
}

/**
 * Each subject's distance series from one feed's snapshots streamed in time order, in one pass:
 * each snapshot's ranking split by subject (`subjectOf`; undefined: none), each subject's pairs
 * measured as restrictSnapshots and pointDistances would (a subject absent from both snapshots of a
 * pair is a pair of empty lists, distance 0). A long period's snapshots are never held at once.
 */
export function subjectDistances(
  snapshots: Iterable<{ at: number; ranked: readonly number[] }>,
  subjects: readonly string[],
  subjectOf: (seq: number) => string | undefined,
  unit: SeriesUnit,
): Map<string, DistanceSeries> {
  const pairs = subjectPairs(snapshots, subjects, subjectOf)
  return new Map([...pairs].map(([subject, p]) => [subject, wholeSeries(p, unit)]))
}

/** All of a subject's pairs as one series of `unit`'s periods (pointDistances of its restricted snapshots). */
export const wholeSeries = (pairs: SnapshotPairs, unit: SeriesUnit): DistanceSeries => pointDistancesOfPairs(pairs, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, unit)

/**
 * Each subject's snapshot pairs (time and distance), from one pass over the snapshots in time
 * order: every ranking split once by subject (`subjectOf`, which may read the snapshot: its
 * formats), where restricting the snapshots to each subject in turn walked every ranking once a
 * subject (a large world's daily signals: 8 s of 22 over its topics and formats).
 */
export function subjectPairs<S extends { at: number; ranked: readonly number[] }>(
  snapshots: Iterable<S>,
  subjects: readonly string[],
  subjectOf: (seq: number, snapshot: S) => string | null | undefined,
): Map<string, SnapshotPairs> {
  const pairs = new Map(subjects.map((s) => [s, { at: [] as number[], distance: [] as number[] }]))
  let previous: Map<string, number[]> | null = null
  for (const snapshot of snapshots) {
    const split = new Map<string, number[]>()
    for (const seq of snapshot.ranked) {
      const subject = subjectOf(seq, snapshot)
      if (subject === undefined || subject === null || !pairs.has(subject)) continue
      const list = split.get(subject)
      if (list) list.push(seq)
      else split.set(subject, [seq])
    }
    for (const [subject, p] of pairs) {
      p.at.push(snapshot.at)
      p.distance.push(previous === null ? Number.NaN : snapshotDistance(previous.get(subject) ?? [], split.get(subject) ?? []))
    }
    previous = split
  }
  return pairs
}
