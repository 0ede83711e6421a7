/**
 * Working arrays lent from one computation to the next. A metrics call at medium scale needs
 * about 12 MB of temporaries (a place per article, the window's running sums, the page's
 * blocks); allocated anew on every call, their memory outside V8's heap made it collect during
 * most calls and start a full collection every few calls, which was most of the slow tail.
 *
 * A borrower fills what it reads (`borrow` fills with a value when asked) and gives the array
 * back when it is done with it; an array that escapes into a result is borrowed only where its
 * caller gives it back (a window's sums and claims: ListActivity.release), else never. The
 * computations stay pure: what they return does not depend on what was lent before. Everything
 * here is synchronous, so no two requests hold the same array.
 */

type Scratchable = Int32Array | Float64Array | Uint8Array

interface ScratchType<T extends Scratchable> {
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T
  readonly BYTES_PER_ELEMENT: number
}

/** Buffers kept per element type, and the largest kept (a larger one is left to the collector). */
const KEPT_PER_TYPE = 16
const LARGEST_KEPT_BYTES = 64 * 1024 * 1024

class ScratchPool {
  private readonly free = new Map<ScratchType<Scratchable>, ArrayBuffer[]>()

  /**
   * An array of `length` elements over a kept buffer (or a new one), filled with `fill` when given.
   * An empty one is its own, never a kept buffer (and giving it back keeps nothing).
   */
  borrow<T extends Scratchable>(type: ScratchType<T>, length: number, fill?: number): T {
    if (length === 0) return new type(new ArrayBuffer(0), 0, 0)
    const bytes = length * type.BYTES_PER_ELEMENT
    const kept = this.free.get(type as ScratchType<Scratchable>)
    let buffer: ArrayBuffer | undefined
    if (kept) {
      // the smallest kept buffer that is large enough
      let best = -1
      for (let i = 0; i < kept.length; i++) if (kept[i]!.byteLength >= bytes && (best < 0 || kept[i]!.byteLength < kept[best]!.byteLength)) best = i
      if (best >= 0) buffer = kept.splice(best, 1)[0]
    }
    // a new buffer a little larger than asked, so that the next, slightly larger window fits it
    buffer ??= new ArrayBuffer(Math.max(bytes, Math.ceil((bytes * 1.25) / 8) * 8))
    const array = new type(buffer, 0, length)
    if (fill !== undefined) array.fill(fill)
    return array
  }

  /** Lets go of every kept buffer (a process at rest gives their memory back; the next borrow makes new ones). */
  release(): void {
    this.free.clear()
  }

  /** The bytes of the kept buffers. */
  keptBytes(): number {
    let bytes = 0
    for (const kept of this.free.values()) for (const buffer of kept) bytes += buffer.byteLength
    return bytes
  }

  /** Takes arrays back (each once, and only what `borrow` lent; an empty one is not kept). */
  giveBack(...arrays: Scratchable[]): void {
    for (const array of arrays) {
      const buffer = array.buffer as ArrayBuffer
      if (array.length === 0 || buffer.byteLength > LARGEST_KEPT_BYTES) continue
      const type = array.constructor as ScratchType<Scratchable>
      let kept = this.free.get(type)
      if (!kept) this.free.set(type, (kept = []))
      if (kept.includes(buffer)) continue
      if (kept.length >= KEPT_PER_TYPE) {
        // keep the larger buffers: they serve every smaller request
        let smallest = 0
        for (let i = 1; i < kept.length; i++) if (kept[i]!.byteLength < kept[smallest]!.byteLength) smallest = i
        if (kept[smallest]!.byteLength >= buffer.byteLength) continue
        kept.splice(smallest, 1)
      }
      kept.push(buffer)
    }
  }
}

/** The tracking computations' pool (one thread answers them; a worker has its own). */
export const scratch = new ScratchPool()
