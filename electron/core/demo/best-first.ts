/**
 * The first `k` of `items` in the order `before` gives, as `[...items].sort(...).slice(0, k)`
 * would give them, without sorting the rest: a feed snapshot keeps its 300 best of the 1,700 to
 * 3,400 articles still fresh, 60,000 times in the large world. `before(x, y)` must be a strict
 * total order (true when x comes first), so that the first k are one list whatever the method.
 */
export function bestFirst<T>(items: readonly T[], k: number, before: (x: T, y: T) => boolean): T[] {
  const order = (x: T, y: T) => (before(x, y) ? -1 : before(y, x) ? 1 : 0)
  if (items.length <= k) return [...items].sort(order)
  // a heap of the k best so far, the worst of them at its root
  const heap: T[] = []
  const worse = (i: number, j: number) => before(heap[j]!, heap[i]!)
  const swap = (i: number, j: number) => {
    const t = heap[i]!
    heap[i] = heap[j]!
    heap[j] = t
  }
  const sink = (from: number) => {
    for (let i = from; ; ) {
      const left = 2 * i + 1
      const right = left + 1
      let worst = i
      if (left < heap.length && worse(left, worst)) worst = left
      if (right < heap.length && worse(right, worst)) worst = right
      if (worst === i) return
      swap(i, worst)
      i = worst
    }
  }
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item)
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1
        if (!worse(i, parent)) break
        swap(i, parent)
        i = parent
      }
    } else if (k > 0 && before(item, heap[0]!)) {
      heap[0] = item
      sink(0)
    }
  }
  return heap.sort(order)
}
