/** Seqs not wanted between two wanted ones that a read scans rather than start another statement. */
export const RUN_GAP = 64

/**
 * The runs of seqs in (after, end] that hold what a read wants, each from a wanted seq to a wanted
 * seq, split where RUN_GAP or more seqs in a row are not wanted. The early articles the stored sums
 * count are most of the old seqs (99.9% of the first 384,000 at large), with a few later ones among
 * them: a slice of those is a few short statements, not a scan of 20,000 rows.
 */
export function* runsOf(after: number, end: number, wanted: (seq: number) => boolean): Generator<{ first: number; last: number }> {
  let first = 0
  let last = 0
  for (let seq = after + 1; seq <= end; seq++) {
    if (!wanted(seq)) continue
    if (first > 0 && seq - last > RUN_GAP) {
      yield { first, last }
      first = 0
    }
    if (first === 0) first = seq
    last = seq
  }
  if (first > 0) yield { first, last }
}
