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

const detailParts = (r: ChartReport) => [`Period: ${r.period}`, `Market: ${r.market}`, `Compared with: ${r.comparison || 'nothing'}`]

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
const DETAIL_LINE = 17

/** A chart's PNG (a data URL) with the report's band drawn above it, at the chart's pixel ratio. */
export async function withReportBand(chartPng: string, report: ChartReport, colors: { background: string; text: string; muted: string }, pixelRatio: number): Promise<string> {
  const image = new Image()
  image.src = chartPng
  await image.decode()
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d')
  if (!context) return chartPng
  const left = Math.round(12 * pixelRatio)
  const room = image.width - 2 * left
  const detailFont = `${Math.round(12 * pixelRatio)}px system-ui, sans-serif`
  context.font = detailFont
  const details = wrapParts(detailParts(report), room, (text) => context.measureText(text).width)
  const band = Math.round((BAND_HEIGHT + DETAIL_LINE * (details.length - 1)) * pixelRatio)
  // a canvas's size set clears it and its state: sized first, drawn after
  canvas.width = image.width
  canvas.height = image.height + band
  context.fillStyle = colors.background
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.textBaseline = 'top'
  context.fillStyle = colors.text
  context.font = `600 ${Math.round(15 * pixelRatio)}px system-ui, sans-serif`
  context.fillText(report.title, left, Math.round(10 * pixelRatio), room)
  context.fillStyle = colors.muted
  context.font = detailFont
  details.forEach((line, i) => context.fillText(line, left, Math.round((32 + DETAIL_LINE * i) * pixelRatio), room))
  context.drawImage(image, 0, band)
  return canvas.toDataURL('image/png')
}
