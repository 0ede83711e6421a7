/**
 * The horizon of a full pass (docs/trends.md, "The horizon"): articles dated before it keep the
 * trends they are stored in. They are left out of the clustering (Anchors), and once the rest is
 * clustered they follow their stored trend's later articles (followAnchored).
 */
import { ACTIVE_DAYS, type Assignment } from './cluster'
import { TREND_DAYS } from './market-view'

/**
 * Days before the trends' last day (that one included) whose articles a full pass clusters again:
 * the 180 days of the daily counts and the clustering's active window before them, where a
 * storyline of the counts may have begun.
 */
const HORIZON_DAYS = TREND_DAYS + ACTIVE_DAYS

/** The first second (epoch) of the horizon's days for trends whose last day is `lastDay` (a day number). */
export const horizonStart = (lastDay: number) => (lastDay - HORIZON_DAYS + 1) * 86_400

/**
 * Days after the horizon whose articles a store's first pass places with the early ones
 * (docs/trends.md, "The first pass"): a trend takes no article more than the active window after
 * its last one, and its pieces merge only within that window of each other, so the articles after
 * twice that window move few early places. Placing them too, the year of every article, was most
 * of the longest step of the large demo world's build. The word weights are still those of every
 * article's trends.
 */
export const ANCHORING_DAYS_AFTER = 2 * ACTIVE_DAYS

/** The time (epoch seconds) before which a store's first pass places the articles with those before `horizon`, to anchor those. */
export const anchoringEnd = (horizon: number) => horizon + ANCHORING_DAYS_AFTER * 86_400

/** The stored members by article seq: each one's trend as a number (0: none stored) and score. */
export interface StoredPlaces {
  trendAt(seq: number): number
  scoreAt(seq: number): number
}

export interface Member {
  seq: number
  score: number
}

/**
 * The articles of a full pass that keep their stored trends: each one dated before the horizon
 * and stored in a trend, by that trend (`stored`'s number of it), with its stored score. They are
 * neither read into words nor clustered.
 */
export class Anchors {
  readonly byTrend = new Map<number, Member[]>()

  constructor(
    private readonly stored: StoredPlaces,
    readonly horizon: number,
  ) {}

  /** Whether the article at `seq`, dated `time` (epoch seconds), keeps its stored trend; if so, it is filed. */
  take(seq: number, time: number): boolean {
    if (time >= this.horizon) return false
    const trend = this.stored.trendAt(seq)
    if (trend === 0) return false
    const members = this.byTrend.get(trend) ?? this.byTrend.set(trend, []).get(trend)!
    members.push({ seq, score: this.stored.scoreAt(seq) })
    return true
  }
}

/**
 * Adds the anchored articles of each stored trend to `members` (by cluster): to the cluster that
 * holds most of the trend's articles clustered again (the lowest cluster id of a tie), else as a
 * trend of their own. An article `present` no longer (removed meanwhile) is left out, as the
 * clustered ones are (the pass starts again before it writes).
 */
export function followAnchored(
  members: Map<number, Member[]>,
  anchored: ReadonlyMap<number, readonly Member[]>,
  assignments: readonly Assignment[],
  stored: StoredPlaces,
  present: (seq: number) => boolean,
): void {
  const clustersOf = new Map<number, Map<number, number>>()
  for (const a of assignments) {
    const trend = stored.trendAt(a.key)
    if (!anchored.has(trend)) continue
    const counts = clustersOf.get(trend) ?? clustersOf.set(trend, new Map()).get(trend)!
    counts.set(a.cluster, (counts.get(a.cluster) ?? 0) + 1)
  }
  for (const [trend, list] of anchored) {
    const here = list.filter((m) => present(m.seq))
    if (here.length === 0) continue
    let cluster = Infinity
    let most = 0
    for (const [c, n] of clustersOf.get(trend) ?? []) {
      if (n > most || (n === most && c < cluster)) [cluster, most] = [c, n]
    }
    // a trend of their own goes by its first article's seq: never a cluster's (an anchored article is none's)
    if (most === 0) for (const m of here) cluster = Math.min(cluster, m.seq)
    // (a loop, not push(...here): a long storyline's anchored articles overflow the stack as arguments)
    const into = members.get(cluster) ?? members.set(cluster, []).get(cluster)!
    for (const m of here) into.push(m)
  }
}

/** The places of a clustering's assignments, by article seq: each one's cluster (as a number above 0) and score. */
class AssignedPlaces implements StoredPlaces {
  private readonly trends: Float64Array
  private readonly scores: Float64Array

  constructor(assignments: readonly Assignment[], maxSeq: number) {
    this.trends = new Float64Array(maxSeq + 1)
    this.scores = new Float64Array(maxSeq + 1)
    // (a cluster's id is its first article's key, which may be 0: 0 says none here)
    for (const a of assignments) {
      this.trends[a.key] = a.cluster + 1
      this.scores[a.key] = a.score
    }
  }

  trendAt(seq: number): number {
    return this.trends[seq] ?? 0
  }

  scoreAt(seq: number): number {
    return this.scores[seq] ?? 0
  }
}

/**
 * The articles a clustering placed that a pass keeps where it placed them (docs/trends.md, "The
 * first pass"): those dated before the horizon, each filed by its cluster with its score, in seq
 * order as a later pass reads them; `places` also has the clustering's later articles, which the
 * anchored ones follow. `times`: each article's time by seq (NaN: not placed).
 */
export function anchorsOfClustering(assignments: readonly Assignment[], times: Float64Array, horizon: number): { anchors: Anchors; places: StoredPlaces } {
  const places = new AssignedPlaces(assignments, times.length - 1)
  const anchors = new Anchors(places, horizon)
  for (let seq = 0; seq < times.length; seq++) {
    const time = times[seq]!
    if (time < horizon) anchors.take(seq, time)
  }
  return { anchors, places }
}
