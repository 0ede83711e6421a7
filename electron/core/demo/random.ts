/**
 * A seeded random source (sfc32 seeded through cyrb128), so a seed always yields the same
 * world on every machine. Math.random is never used by the generator.
 */
export class Random {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: string | number) {
    ;[this.a, this.b, this.c, this.d] = cyrb128(String(seed))
    for (let i = 0; i < 12; i++) this.next()
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0
    this.b >>>= 0
    this.c >>>= 0
    this.d >>>= 0
    let t = (this.a + this.b) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.d = (this.d + 1) | 0
    t = (t + this.d) | 0
    this.c = (this.c + t) | 0
    return (t >>> 0) / 4294967296
  }

  /** An independent stream derived from this one and a label. */
  fork(label: string): Random {
    return new Random(`${label}:${Math.floor(this.next() * 2 ** 32)}`)
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((s, w) => s + w, 0)
    let r = this.next() * total
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!
      if (r < 0) return items[i]!
    }
    return items[items.length - 1]!
  }

  /** k distinct items. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items]
    for (let i = 0; i < Math.min(k, copy.length); i++) {
      const j = i + Math.floor(this.next() * (copy.length - i))
      ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
    }
    return copy.slice(0, k)
  }

  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next()
    const v = this.next()
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }

  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma))
  }

  poisson(lambda: number): number {
    if (lambda <= 0) return 0
    if (lambda > 30) return Math.max(0, Math.round(this.normal(lambda, Math.sqrt(lambda))))
    const limit = Math.exp(-lambda)
    let k = 0
    let p = 1
    do {
      k++
      p *= this.next()
    } while (p > limit)
    return k - 1
  }

  /** A lower-case base-36 string of n characters (knowledge-graph style ids). */
  base36(n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(this.next() * 36)]
    return s
  }
}

function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0]
}
