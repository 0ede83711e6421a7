/**
 * Credit between two threads: the parse worker takes one before sending a chunk and waits while
 * it has none; the importer gives one back for each chunk it takes. So the worker runs at most
 * the initial credit ahead of the writing.
 */
export class Credit {
  private waiting: (() => void) | null = null

  constructor(private available: number) {}

  /** Resolves once a unit is available, and takes it. */
  async take(): Promise<void> {
    while (this.available === 0) await new Promise<void>((resolve) => (this.waiting = resolve))
    this.waiting = null
    this.available--
  }

  give(): void {
    this.available++
    this.waiting?.()
  }

  get units(): number {
    return this.available
  }
}
