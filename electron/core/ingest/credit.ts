/**
 * Credit between two threads: a worker (the parse worker, the feed reader) takes one before
 * sending a chunk and waits while it has none; its reader gives one back for each chunk it takes
 * (workerMessages). So the worker runs at most the initial credit ahead of the writing.
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
