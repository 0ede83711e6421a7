/**
 * Where the matched fragments occur in a text, as sorted, non-overlapping [start, end) ranges.
 * A broad match reports its words joined by " … "; each word is looked for on its own.
 */
export function highlightRanges(text: string, matchedTexts: string[]): Array<[number, number]> {
  const fragments = [...new Set(matchedTexts.flatMap((m) => m.split(' … ')).map((f) => f.trim()).filter((f) => f.length > 0))]
  const lower = text.toLowerCase()
  const ranges: Array<[number, number]> = []
  for (const fragment of fragments) {
    const needle = fragment.toLowerCase()
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
      const before = at === 0 ? '' : lower[at - 1]!
      const after = lower[at + needle.length] ?? ''
      // whole words only: "Fed" is not highlighted inside "Federal"
      if (/[\p{L}\p{N}]/u.test(before) || /[\p{L}\p{N}]/u.test(after)) continue
      ranges.push([at, at + needle.length])
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const merged: Array<[number, number]> = []
  for (const r of ranges) {
    const last = merged[merged.length - 1]
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1])
    else merged.push([r[0], r[1]])
  }
  return merged
}
