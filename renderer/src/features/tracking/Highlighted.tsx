import { highlightRanges } from '../../../../shared/text/highlight'

/** The text with every matched fragment marked. */
export function Highlighted({ text, matches }: { text: string; matches: string[] }) {
  const parts: React.ReactNode[] = []
  let at = 0
  for (const [start, end] of highlightRanges(text, matches)) {
    if (start > at) parts.push(text.slice(at, start))
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>)
    at = end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}
