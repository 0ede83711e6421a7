import { BAND_HEIGHT, DETAIL_LINE, detailParts, wrapParts, type ChartReport } from './report-words'

export type { ChartReport } from './report-words'

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
