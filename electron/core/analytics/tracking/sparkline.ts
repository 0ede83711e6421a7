export const MAX_SPARK_POINTS = 24

/**
 * Fills a series over consecutive bucket keys (zeros where nothing happened), then folds it
 * into at most 24 points by summing neighbouring buckets into equal-width groups.
 */
export function sparkline(bucketKeys: number[], values: Map<number, number>, maxPoints = MAX_SPARK_POINTS): number[] {
  return foldSeries(bucketKeys.map((k) => values.get(k) ?? 0), maxPoints)
}

/** A series of consecutive buckets folded into at most `maxPoints` points (neighbours summed into equal-width groups). */
export function foldSeries(full: ArrayLike<number>, maxPoints = MAX_SPARK_POINTS): number[] {
  if (full.length <= maxPoints) return Array.from(full)
  const out = new Array<number>(maxPoints).fill(0)
  for (let i = 0; i < full.length; i++) out[Math.floor((i * maxPoints) / full.length)]! += full[i]!
  return out
}

/** Percentage change, one decimal; null when there is nothing to compare with. */
export function deltaPct(current: number, previous: number): number | null {
  if (previous === 0) return null
  return Math.round(((current - previous) / previous) * 1000) / 10
}

/**
 * The change the tracking methods report, always a number (the contract types it so): the
 * percentage change, one decimal; 0 when there was nothing in either window, 100 when there was
 * nothing before (a newcomer counts as +100%).
 */
export function changePct(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100
  return Math.round(((current - previous) / previous) * 1000) / 10
}

/** 1-based ranks by value, highest first; ties share the better rank. */
export function ranks(values: Map<string, number>): Map<string, number> {
  const sorted = [...values.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  const out = new Map<string, number>()
  sorted.forEach(([key, value], i) => {
    const prev = sorted[i - 1]
    out.set(key, prev && prev[1] === value ? out.get(prev[0])! : i + 1)
  })
  return out
}
