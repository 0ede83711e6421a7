/**
 * "A spike with a story": the sentence that opens What moved, computed from the feed's snapshots
 * at a point: how many of the feed's slots turned over against a usual day, whether it was the
 * whole market or a few countries, and which format groups, trends and publishers took and lost
 * the most slots. Pure: the snapshots and the articles' facts come in, figures and words go out.
 */

/** One country's feed at a point: its snapshots' articles (by position), the last one before the point first. */
export interface PointFeed {
  country: string
  /** the country's name, as the sentence says it */
  name: string
  snapshots: ReadonlyArray<readonly number[]>
  /** the same measure (turnover) at the same hours of the usual days before: none when the store has none */
  usual: readonly number[]
}

/** What an article is, as far as the story needs. */
export interface SlotFacts {
  domain: string
  format: string | null
  trend: { id: string; label: string } | null
}

export interface Gain {
  key: string
  label: string
  /** slots held at the end less at the start */
  slots: number
}

export interface SpikeStory {
  /** the share of the slots that turned over from one snapshot to the next, on average over the point (0 to 1) */
  turnover: number
  /** its median on the usual days (null: no earlier day to compare with) */
  usualTurnover: number | null
  slots: number
  /** the countries that turned over at least 1.5 times their usual (and 10 points more) */
  moved: string[]
  scope: 'one' | 'some' | 'market-wide' | 'none'
  formats: { gained: Gain | null; lost: Gain | null }
  trends: { gained: Gain | null; lost: Gain | null }
  publishers: { gained: Gain | null; lost: Gain | null }
  /** the names of Google's announced updates the point falls within */
  updates: string[]
  sentence: string
}

export const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The share of the slots at the end whose article was not in the feed at the start. */
export function turnover(before: readonly number[], after: readonly number[]): number {
  if (after.length === 0) return 0
  const was = new Set(before)
  let fresh = 0
  for (const seq of after) if (!was.has(seq)) fresh++
  return fresh / after.length
}

/** Slots that turned over from each snapshot to the next, and slots in all (the turnover of snapshots is fresh / slots). */
export function churn(snapshots: ReadonlyArray<readonly number[]>): { fresh: number; slots: number } {
  let fresh = 0
  let slots = 0
  for (let i = 1; i < snapshots.length; i++) {
    fresh += turnover(snapshots[i - 1]!, snapshots[i]!) * snapshots[i]!.length
    slots += snapshots[i]!.length
  }
  return { fresh, slots }
}

const rate = (c: { fresh: number; slots: number }) => (c.slots > 0 ? c.fresh / c.slots : 0)

/** A country moved when it turned over 1.5 times its usual share and at least 10 points more. */
const movedAgainst = (t: number, usual: number | null) => usual !== null && t >= usual * 1.5 && t - usual >= 0.1

/** Slots held by each key at the start and the end, and the largest gain and loss. */
function gains(feeds: readonly PointFeed[], facts: ReadonlyMap<number, SlotFacts>, keyOf: (f: SlotFacts) => { key: string; label: string } | null): { gained: Gain | null; lost: Gain | null } {
  const change = new Map<string, Gain>()
  const count = (seqs: readonly number[], sign: number) => {
    for (const seq of seqs) {
      const f = facts.get(seq)
      const k = f ? keyOf(f) : null
      if (!k) continue
      const g = change.get(k.key) ?? change.set(k.key, { ...k, slots: 0 }).get(k.key)!
      g.slots += sign
    }
  }
  for (const feed of feeds) {
    count(feed.snapshots[0] ?? [], -1)
    count(feed.snapshots.at(-1) ?? [], 1)
  }
  const all = [...change.values()].sort((a, b) => b.slots - a.slots || a.label.localeCompare(b.label))
  const gained = all[0] && all[0].slots > 0 ? all[0] : null
  const lost = all.at(-1) && all.at(-1)!.slots < 0 ? all.at(-1)! : null
  return { gained, lost }
}

const pct = (x: number) => `${Math.round(x * 100)}%`
const slotsWord = (n: number) => `${n} slot${n === 1 ? '' : 's'}`

function moveWords(what: { gained: Gain | null; lost: Gain | null }, quote: boolean): string | null {
  const name = (g: Gain) => (quote ? `“${g.label}”` : g.label)
  const parts = [what.gained && `${name(what.gained)} gained ${slotsWord(what.gained.slots)}`, what.lost && `${name(what.lost)} lost ${slotsWord(-what.lost.slots)}`].filter(Boolean)
  return parts.length > 0 ? parts.join(' and ') : null
}

/**
 * The story of a point. `where` names the point's scope ("Germany", or "all markets"); `others`,
 * for one country, names the other markets whose volatility spiked at the same point (Signals'
 * own spikes) and how many were asked.
 */
export function spikeStory(
  point: string,
  where: string,
  feeds: readonly PointFeed[],
  facts: ReadonlyMap<number, SlotFacts>,
  others: { spiked: string[]; of: number } | null = null,
  /** Google's announced updates that overlap the point */
  updates: ReadonlyArray<{ name: string; dayFrom: string; dayTo: string | null }> = [],
): SpikeStory {
  // the slots are those at the point's end; the turnover is from snapshot to snapshot inside it
  const slots = feeds.reduce((n, f) => n + (f.snapshots.length > 1 ? f.snapshots.at(-1)!.length : 0), 0)
  const churns = feeds.map((f) => churn(f.snapshots))
  const t = rate({ fresh: churns.reduce((n, c) => n + c.fresh, 0), slots: churns.reduce((n, c) => n + c.slots, 0) })
  // the usual share of the whole: each country's usual, weighted by its slots
  const weighted = feeds.map((f, i) => ({ usual: median(f.usual), weight: churns[i]!.slots })).filter((w) => w.usual !== null && w.weight > 0)
  const weight = weighted.reduce((n, w) => n + w.weight, 0)
  const usual = weight > 0 ? weighted.reduce((s, w) => s + w.usual! * w.weight, 0) / weight : null
  const moved = feeds.filter((f, i) => movedAgainst(rate(churns[i]!), median(f.usual))).map((f) => f.name)
  let scope: SpikeStory['scope'] = moved.length === 0 ? 'none' : feeds.length === 1 ? 'one' : moved.length >= Math.ceil(feeds.length * 0.6) ? 'market-wide' : moved.length === 1 ? 'one' : 'some'
  // one country asked: the other markets' spikes tell whether it was its own
  if (feeds.length === 1 && others && others.of > 0 && moved.length > 0 && others.spiked.length > 0) {
    scope = others.spiked.length + 1 >= Math.ceil((others.of + 1) * 0.6) ? 'market-wide' : 'some'
  }
  const formats = gains(feeds, facts, (f) => (f.format ? { key: f.format, label: f.format } : null))
  const trends = gains(feeds, facts, (f) => (f.trend ? { key: f.trend.id, label: f.trend.label } : null))
  const publishers = gains(feeds, facts, (f) => ({ key: f.domain, label: f.domain }))
  if (slots === 0) {
    return { turnover: 0, usualTurnover: usual, slots, moved, scope, formats, trends, publishers, updates: updates.map((u) => u.name), sentence: `The feed Feedlens sees has no snapshot of ${where} at ${point}: nothing to tell.` }
  }
  const against = usual === null ? ' (no earlier day to compare with)' : ` against ${pct(usual)} on a usual day`
  const othersWords =
    !others || others.of === 0
      ? ''
      : others.spiked.length === 0
        ? `; none of the other ${others.of} markets spiked`
        : `; ${listWords(others.spiked)} spiked too (${others.spiked.length} of the other ${others.of} markets)`
  const whereWords =
    feeds.length === 1
      ? othersWords
      : scope === 'market-wide'
        ? `; it was market-wide (${moved.length} of ${feeds.length} markets moved)`
        : scope === 'none'
          ? '; no market moved more than usual'
          : `; only ${moved.join(', ')} moved`
  const first = `At ${point} in ${where}, ${pct(t)} of the feed's ${slotsWord(slots)} turned over from one snapshot to the next${against}${whereWords}.`
  const moves = [moveWords(formats, false), moveWords(trends, true), moveWords(publishers, false)].filter(Boolean)
  const second = moves.length > 0 ? ` ${capitalise(moves.join('; '))}.` : ''
  const third =
    updates.length > 0
      ? ` It falls within Google's ${updates.map((u) => `${u.name} (${u.dayFrom} to ${u.dayTo ?? 'ongoing'})`).join(' and ')}.`
      : ''
  return { turnover: t, usualTurnover: usual, slots, moved, scope, formats, trends, publishers, updates: updates.map((u) => u.name), sentence: first + second + third }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const listWords = (names: readonly string[]) => (names.length <= 3 ? names.join(', ').replace(/, ([^,]*)$/, ' and $1') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`)
