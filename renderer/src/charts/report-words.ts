/**
 * A saved chart as a report shows it: a band above the chart with its title, and the period, the
 * market and the comparison it was drawn for (a PNG pasted in a deck says what it is by itself).
 */

export interface ChartReport {
  title: string
  /** the period in words: "last 30 days", "2026-11-01 to 2026-11-07" */
  period: string
  /** the market in words: "all markets", "DE" */
  market: string
  /** what the period is compared with, in words; null or absent: nothing */
  comparison?: string | null
}

/** The band's two lines: the title, then period, market and comparison. */
export function reportLines(r: ChartReport): [string, string] {
  return [r.title, detailParts(r).join(' · ')]
}

export const detailParts = (r: ChartReport) => [`Period: ${r.period}`, `Market: ${r.market}`, `Compared with: ${r.comparison || 'nothing'}`]

/**
 * The details' lines in a width: as many parts on a line as fit (`width` measures a text), a part
 * longer than the width on its own line.
 */
export function wrapParts(parts: readonly string[], room: number, width: (text: string) => number): string[] {
  const lines: string[] = []
  for (const part of parts) {
    const last = lines.at(-1)
    if (last !== undefined && width(`${last} · ${part}`) <= room) lines[lines.length - 1] = `${last} · ${part}`
    else lines.push(part)
  }
  return lines
}

/** The band's height in CSS pixels with one line of details; each more line adds DETAIL_LINE. */
export const BAND_HEIGHT = 58
export const DETAIL_LINE = 17

