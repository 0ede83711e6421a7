/**
 * One string per distinct value over a long read: rows read from SQLite repeat the same values
 * (words, ids, roles) millions of times, and each read of one is a string of its own. Shared, the
 * full trends pass held about 30% less at large (docs/performance.md), and maps hash each once.
 */
export class SharedStrings {
  private readonly byValue = new Map<string, string>()
  of(s: string): string {
    const kept = this.byValue.get(s)
    if (kept !== undefined) return kept
    this.byValue.set(s, s)
    return s
  }
}
