/**
 * Working arrays lent from one computation to the next. A metrics page of hundreds of busy items
 * walks about 15 MB of temporary typed arrays; allocated anew for each request they made the
 * garbage collector run several times a request (external memory pressure), which made most of
 * the slowest answers. A lent array holds whatever was left in it (the borrower fills it) and is
 * the borrower's only until the next loan of the same slot: each is used within one synchronous
 * computation, never across an await.
 */
type Kinds = { f64: Float64Array; i32: Int32Array; u8: Uint8Array }
const makers: { [K in keyof Kinds]: new (n: number) => Kinds[K] } = { f64: Float64Array, i32: Int32Array, u8: Uint8Array }

const kept = new Map<string, Float64Array | Int32Array | Uint8Array>()

/** An array of at least `n` elements for `slot` (its first n returned), grown by half again when too small. */
export function lend<K extends keyof Kinds>(kind: K, slot: string, n: number): Kinds[K] {
  const key = `${kind}:${slot}`
  let array = kept.get(key) as Kinds[K] | undefined
  if (!array || array.length < n) {
    array = new makers[kind](Math.max(n, Math.ceil((array?.length ?? 0) * 1.5), 1024))
    kept.set(key, array)
  }
  return array.subarray(0, n) as Kinds[K]
}
