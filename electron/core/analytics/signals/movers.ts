import { RBO_P } from './volatility'

/**
 * What moved the feed at a point of a volatility series: the articles whose moves (entering,
 * leaving, rising, falling) account for most of the change between its snapshots, and the
 * publishers behind them.
 */

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

/** An article's part of a point's movement: its share of the rank-weighted movement, averaged over the point's snapshot pairs. */
export interface RankedMover {
  seq: number
  share: number
  /** its rank in the point's first snapshot (null: not in it) and in its last */
  before: number | null
  after: number | null
}

/** The articles of a point's snapshot pairs (each pair: the ranked article keys before and after), most moving first. */
export function rankMovers(pairs: Iterable<readonly [readonly number[], readonly number[]]>): { ranked: RankedMover[]; pairs: number } {
  const weights = new Map<number, { share: number; before: number | null; after: number | null }>()
  let count = 0
  for (const [previous, current] of pairs) {
    count++
    for (const m of movers(previous, current)) {
      const e = weights.get(m.articleSeq) ?? { share: 0, before: m.before, after: m.after }
      e.share += m.weight
      e.after = m.after
      weights.set(m.articleSeq, e)
    }
  }
  const ranked = [...weights.entries()].map(([seq, e]) => ({ seq, ...e, share: e.share / Math.max(1, count) })).sort((a, b) => b.share - a.share)
  return { ranked, pairs: count }
}

/** The publishers behind the movers (of those described), the largest share first, then by domain. */
export function moversByPublisher(ranked: readonly RankedMover[], facts: ReadonlyMap<number, { domain: string; publisher: string }>): Array<{ domain: string; name: string; share: number; articles: number }> {
  const byPublisher = new Map<string, { domain: string; name: string; share: number; articles: number }>()
  for (const r of ranked) {
    const f = facts.get(r.seq)
    if (!f) continue
    const p = byPublisher.get(f.domain) ?? { domain: f.domain, name: f.publisher, share: 0, articles: 0 }
    p.share += r.share
    p.articles++
    byPublisher.set(f.domain, p)
  }
  return [...byPublisher.values()].sort((a, b) => b.share - a.share || a.domain.localeCompare(b.domain))
}
